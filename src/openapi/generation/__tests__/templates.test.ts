import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {describe, expect, it} from 'vitest';

/** The mustache the plugin renders our templates with. */
const {render} = createRequire(require.resolve('docusaurus-plugin-openapi-docs'))('mustache') as {render: (template: string, view: unknown) => string};

/**
 * The page templates docusaurus-plugin-openapi-docs renders with mustache
 * (docusaurus.config.ts), read back as Docusaurus reads a page's front
 * matter. A page id is kebab case, but YAML reads some kebab-case words as
 * other types: a tag named "Null" made `id: null`, and Docusaurus refused the
 * page ("id" must be a string), stopping the build
 * (@readme/oas-examples 3.1/json/schema-types.json).
 */
const TEMPLATES = ['api', 'info', 'tag', 'schema'].map((name) => [name, readFileSync(path.join(__dirname, `../templates/${name}.mustache`), 'utf8')] as const);

describe('the page templates', () => {
  for (const [name, template] of TEMPLATES) {
    it.each(['null', 'true', 'false', 'yes', 'no', '123', '1e3', '0x10', '0o7', '-1', 'nan', 'inf', 'list-pets'])(
      `${name}: the page id %j stays a string`,
      async (id) => {
        const page = render(template, {id, title: 'A title', frontMatter: {description: 'A description.'}, markdown: '', api: {method: 'get'}});
        const {frontMatter} = await DEFAULT_PARSE_FRONT_MATTER({filePath: `${id}.mdx`, fileContent: page});
        expect(frontMatter.id).toBe(id);
        expect(frontMatter.title).toBe('A title');
      },
    );
  }
});
