import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';

/**
 * Guard of seam 16 (src/plugins/README.md): the overlay's status folder is
 * served because `docusaurus start` merges the client config's `devServer`
 * (where a plugin's configureWebpack result lands) into its own, arrays
 * (`static`) concatenated by webpack-merge.
 */
describe('upstream: docusaurus start takes devServer from the client config', () => {
  it('merges config.devServer into the development server config', () => {
    const source = readFileSync(require.resolve('@docusaurus/core/lib/commands/start/webpack.js'), 'utf8');
    expect(source).toMatch(/webpack_merge_1\.default\)\(\[defaultDevServerConfig, config\.devServer\]/);
    expect(source).toMatch(/static: siteConfig\.staticDirectories\.map\(/);
  });
});
