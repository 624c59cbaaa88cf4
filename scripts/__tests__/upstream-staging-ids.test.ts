import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

import {STAGING_DIR} from '../gen';

const plugin = path.dirname(require.resolve('docusaurus-plugin-openapi-docs/package.json'));

/**
 * Guard of seam 17 (src/plugins/README.md): gen-api-docs writes into
 * `.gen/api`, and the pages keep the ids `api/<page>` because the plugin
 * takes the part of outputDir after its first folder when it does not start
 * with the docs folder, and does not look for the docs folder's name
 * anywhere else in it.
 */
describe('upstream: the openapi plugin derives doc ids from the part of outputDir after its first folder', () => {
  it('stages into a folder with one segment before the output folder\'s own, and no "docs" in it', () => {
    expect(STAGING_DIR).toBe('.gen/api');
  });

  it('the sidebar takes the path after the first folder', () => {
    const source = readFileSync(path.join(plugin, 'lib/sidebars/index.js'), 'utf8');
    expect(source).toContain('if (doc && output.startsWith(doc + "/")) {');
    expect(source).toContain('const slashIndex = output.indexOf("/", 1);');
    expect(source).toContain(': output.slice(slashIndex).replace(/^\\/+/g, "");');
  });

  it('the info page path looks for the docs folder anywhere in outputDir, else after the first folder', () => {
    const source = readFileSync(path.join(plugin, 'lib/index.js'), 'utf8');
    expect(source).toContain('const outputSegment = docPath && outputDir.includes(docPath)');
    expect(source).toContain('.slice(outputDir.indexOf("/", 1))');
  });
});
