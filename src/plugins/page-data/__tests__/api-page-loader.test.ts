import {createRequire} from 'node:module';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {MDX_LOADER, withApiPageLoader} from '../index';

const require = createRequire(import.meta.url);
const {createMDXLoaderItem} = require('@docusaurus/mdx-loader') as {createMDXLoaderItem: (options: object) => Promise<{options: object}>};
const mdxLoader = (require('@docusaurus/mdx-loader') as {default: (this: object, source: string) => void}).default;
const apiPageLoader = require('../api-page-loader.js') as ((this: object, source: string) => void) & {GENERATED_BODY: RegExp};
const {DEFAULT_PARSE_FRONT_MATTER, aliasedSitePath, docuHash} = require('@docusaurus/utils') as {
  DEFAULT_PARSE_FRONT_MATTER: (params: object) => Promise<object>;
  aliasedSitePath: (file: string, siteDir: string) => string;
  docuHash: (text: string) => string;
};

const siteDir = mkdtempSync(path.join(tmpdir(), 'api-page-loader-'));
afterAll(() => rmSync(siteDir, {recursive: true, force: true}));

/** Options as the docs plugin gives its MDX rule (its own metadata path and assets). */
const optionsPromise = createMDXLoaderItem({
  dependencies: [],
  useCrossCompilerCache: false,
  admonitions: true,
  remarkPlugins: [],
  rehypePlugins: [],
  recmaPlugins: [],
  beforeDefaultRehypePlugins: [],
  beforeDefaultRemarkPlugins: [],
  staticDirs: [],
  siteDir,
  isMDXPartial: (file: string) => path.basename(file).startsWith('_'),
  metadataPath: (file: string) => path.join(siteDir, '.docusaurus/docs', `${docuHash(aliasedSitePath(file, siteDir))}.json`),
  createAssets: ({frontMatter}: {frontMatter: {image?: string}}) => ({image: frontMatter.image}),
  markdownConfig: {
    format: 'detect',
    mermaid: false,
    mdx1Compat: {comments: true, admonitions: true, headingIds: true},
    anchors: {maintainCase: false},
    emoji: true,
    parseFrontMatter: (params: object) => DEFAULT_PARSE_FRONT_MATTER(params),
    hooks: {onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'warn'},
  },
}).then((item) => item.options);

async function run(loader: (this: object, source: string) => void, file: string, source: string, compiler = 'client'): Promise<string> {
  const options = await optionsPromise;
  const resourcePath = path.join(siteDir, 'docs/api', file);
  writeFileSync(path.join(siteDir, path.basename(file)), source);
  return new Promise((resolve, reject) => {
    loader.call(
      {
        _compiler: {name: compiler},
        getOptions: () => options,
        addDependency() {},
        resource: resourcePath,
        resourcePath,
        async: () => (error: Error | null, result?: string) => (error ? reject(error) : resolve(result ?? '')),
      },
      source,
    );
  });
}

const page = (frontMatter: string, component: string, id = 'create-contact') =>
  `---\n${frontMatter}\n---\n\nimport page from './${id}.page.json';\nimport ${component} from '@site/src/components/${component}';\n\n<${component} page={page} />\n`;

const GENERATED = {
  'create-contact.api.mdx': page(
    'id: create-contact\ntitle: "Create a contact"\ndescription: "POST /v1/contacts (createContact): it\'s \\"quoted\\", </script> ${x} `tick` \\u2028 é 👩‍💻"\nsidebar_label: "Create a contact"\nhide_title: true\nhide_table_of_contents: true\nsidebar_class_name: "post api-method menu__list-item--deprecated"\ncustom_edit_url: null',
    'OperationPage',
  ),
  'contacts.tag.mdx': page('id: contacts\ntitle: "Contacts"\ndescription: ""\nhide_title: true\nhide_table_of_contents: true\ncustom_edit_url: null', 'TagPage', 'contacts'),
  'meridian-api.info.mdx': page('id: meridian-api\ntitle: "Meridian API"\ndescription: "The API"\nsidebar_label: "Meridian API"\nsidebar_position: 0\nhide_title: true\ncustom_edit_url: null', 'OverviewPage', 'meridian-api'),
  'schemas/contact.schema.mdx': page('id: contact\ntitle: "Contact"\ndescription: "A person"\nimage: ./card.png\nhide_title: true\ncustom_edit_url: null', 'SchemaPage', 'contact'),
};

describe('api-page-loader', () => {
  it('writes, for every kind of generated page, the module the MDX loader writes, byte for byte, in both compilers', async () => {
    for (const [file, source] of Object.entries(GENERATED)) {
      for (const compiler of ['client', 'server']) {
        expect({file, compiler, module: await run(apiPageLoader, file, source, compiler)}).toEqual({file, compiler, module: await run(mdxLoader, file, source, compiler)});
      }
    }
  });

  it('leaves every other file to the MDX loader: other content, a front matter that changes compilation, a partial, Markdown', async () => {
    const others: Record<string, string> = {
      'intro.mdx': '---\ntitle: Intro\n---\n\n# Welcome\n\nSome *text* and {1 + 1}.\n',
      'extra.api.mdx': `${GENERATED['create-contact.api.mdx']}\nMore text.\n`,
      'format.api.mdx': GENERATED['create-contact.api.mdx'].replace('custom_edit_url: null', 'custom_edit_url: null\nformat: mdx'),
      '_partial.mdx': GENERATED['create-contact.api.mdx'],
      'notes.md': GENERATED['create-contact.api.mdx'],
      'two-props.api.mdx': GENERATED['create-contact.api.mdx'].replace('<OperationPage page={page} />', '<OperationPage page={page} extra />'),
    };
    const outcome = (promise: Promise<string>) => promise.then((module) => ({module}), (error: Error) => ({error: error.message}));
    for (const [file, source] of Object.entries(others)) {
      expect({file, ...(await outcome(run(apiPageLoader, file, source)))}).toEqual({file, ...(await outcome(run(mdxLoader, file, source)))});
    }
    expect(apiPageLoader.GENERATED_BODY.test('\nimport page from \'./x.page.json\';\nimport A from \'@site/src/components/A\';\n\n<A page={page} />\n')).toBe(true);
  });

  it('passes the MDX loader\'s errors on', async () => {
    await expect(run(apiPageLoader, 'broken.mdx', '# Broken {\n')).rejects.toThrow(/MDX compilation failed/);
  });
});

describe('withApiPageLoader', () => {
  it('replaces the MDX loader in every rule that uses it, keeping its options, and counts the rules that use it', () => {
    const options = {siteDir: '/site'};
    const rules: unknown[] = [
      {test: /\.mdx?$/, use: [{loader: MDX_LOADER, options}]},
      {oneOf: [{use: [{loader: 'other-loader'}, {loader: MDX_LOADER, options}]}]},
      {test: /\.css$/, use: ['css-loader']},
    ];
    expect(withApiPageLoader(rules)).toBe(2);
    expect((rules[0] as {use: {loader: string; options: object}[]}).use[0]).toEqual({loader: require.resolve('../api-page-loader.js'), options});
    // The server's config shares the rule objects: already replaced, still counted.
    expect(withApiPageLoader(rules)).toBe(2);
    expect(withApiPageLoader([{use: ['css-loader']}])).toBe(0);
  });
});
