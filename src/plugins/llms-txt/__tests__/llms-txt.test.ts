import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import type {OperationPageModel, OverviewPageModel, TagPageModel} from '../../../openapi/models/model-types';
import {htmlPageToMarkdown} from '../html-to-markdown';
import llmsTxtPlugin, {collectTwinPages, docsRoutes, withBaseUrl} from '../index';
import {
  formatLink,
  formatLlmsFull,
  formatLlmsTxt,
  llmsSections,
  markdownUrl,
  oneLine,
  twinFile,
  type LlmsSiteInfo,
  llmsFullChunks,
  type TwinPage,
  type TwinPageWithMarkdown,
} from '../llms';
import {DEFAULT_OPTIONS, validateOptions} from '../llms-options';
import {encodePageModel} from '../../../openapi/models/model-file';

const site: LlmsSiteInfo = {url: 'https://docs.meridian.example', baseUrl: '/'};
/** The source URLs of the twins in an llms-full.txt. */
const sourcesOf = (text: string) => [...text.matchAll(/^Source: (\S+)$/gm)].map((match) => match[1]);

const page = (route: string, kind: TwinPage['kind'], title: string, tag?: string): TwinPageWithMarkdown => ({
  route,
  kind,
  title,
  description: `About ${title}.`,
  markdown: `# ${title}\n\nBody of ${title}.\n`,
  tag,
});

const pages: TwinPageWithMarkdown[] = [
  page('/docs', 'doc', 'API Documentation'),
  page('/docs/api/meridian-api', 'overview', 'Meridian API'),
  page('/docs/changelog', 'doc', 'Changelog'),
  page('/docs/api/contacts', 'tag', 'Contacts', 'Contacts'),
  page('/docs/api/tags', 'tag', 'Tags', 'Tags'),
  page('/docs/api/list-contacts', 'operation', 'List contacts', 'Contacts'),
  page('/docs/api/create-contact', 'operation', 'Create a contact', 'Contacts'),
  page('/docs/api/list-tags', 'operation', 'List tags', 'Tags'),
  page('/docs/api/ping', 'operation', 'Ping'),
];

const sectionOptions = {
  docsRoute: '/docs',
  optionalRoutes: ['/docs/changelog'],
  optionalLinks: [{title: 'OpenAPI (YAML)', url: 'https://docs.meridian.example/openapi.yaml', description: 'The API description.'}],
};

describe('validateOptions', () => {
  it('refuses a version whose routes are not routes', () => {
    expect(() => validateOptions({versions: [{name: '2.2.0', routeBasePath: 'docs/api/2.2.0', index: '/versions/2.2.0/llms.txt'}]})).toThrow(
      '[llms] option "versions" must be an array of {name, routeBasePath, index} with routes starting with "/"',
    );
  });

  it('fills in the defaults', () => {
    expect(validateOptions(undefined)).toEqual(DEFAULT_OPTIONS);
    expect(validateOptions({id: 'default', summary: 'Docs.'})).toEqual({...DEFAULT_OPTIONS, id: 'default', summary: 'Docs.'});
  });

  it('names the option and the value it refuses', () => {
    expect(() => validateOptions([])).toThrow('[llms] options must be an object, got []');
    expect(() => validateOptions({docsBasePath: 'docs'})).toThrow(
      '[llms] option "docsBasePath" must be a route starting with "/" and without a trailing slash, got "docs"',
    );
    expect(() => validateOptions({apiDocsBasePath: '/api'})).toThrow(
      '[llms] option "apiDocsBasePath" must be a route at or under docsBasePath (/docs), got "/api"',
    );
    expect(() => validateOptions({codeSamples: 'python'})).toThrow('[llms] option "codeSamples" must be "curl" or "all", got "python"');
    expect(() => validateOptions({optionalLinks: [{title: 'x', url: 'openapi.yaml'}]})).toThrow(
      '[llms] option "optionalLinks" must be an array of {title, url, description?} with absolute or root-relative URLs, got [{"title":"x","url":"openapi.yaml"}]',
    );
    expect(() => validateOptions({summary: ''})).toThrow('[llms] option "summary" must be a non-empty string, got ""');
    expect(() => validateOptions({docsPath: '/docs'})).toThrow(
      '[llms] unknown option "docsPath"; known options: docsBasePath, apiDocsBasePath, pageModelDir, optionalRoutes, optionalLinks, codeSamples, versions, apis, maxFileBytes, summary',
    );
    expect(() => validateOptions({maxFileBytes: '20MB'})).toThrow('[llms] option "maxFileBytes" must be a whole number of bytes, at least 1024, got "20MB"');
    expect(() => validateOptions({apis: [{id: 'petstore', label: 'Petstore'}]})).toThrow(
      '[llms] option "apis" must be an array of {id, label, routeBasePath, pageModelDir, index, optionalLinks, versions} with routes starting with "/", got [{"id":"petstore","label":"Petstore"}]',
    );
  });
});

describe('helpers', () => {
  it('keeps the first sentence on one line', () => {
    expect(oneLine('Creates a contact.\nThen returns it.')).toBe('Creates a contact.');
    expect(oneLine('Version 2.3.0 is current. Next')).toBe('Version 2.3.0 is current.');
    expect(oneLine('No full stop here')).toBe('No full stop here');
    expect(oneLine('x'.repeat(300), 20)).toBe(`${'x'.repeat(19)}…`);
  });

  it('maps routes to twin URLs and files', () => {
    expect(markdownUrl('/docs', site)).toBe('https://docs.meridian.example/docs.md');
    expect(markdownUrl('/docs/api/create-contact', site)).toBe('https://docs.meridian.example/docs/api/create-contact.md');
    expect(twinFile('/docs', '/')).toBe('docs.md');
    expect(twinFile('/docs/api/create-contact', '/')).toBe('docs/api/create-contact.md');
    expect(twinFile('/meridian/docs/api/x', '/meridian/')).toBe('docs/api/x.md');
    expect(withBaseUrl('/meridian/', '/docs')).toBe('/meridian/docs');
  });

  it('takes the docs routes from the build routes', () => {
    expect(docsRoutes(['/', '/docs', '/docs/api/x/', '/docs/api/x', '/docsearch', '/blog', '/docs/api/a'], '/docs')).toEqual([
      '/docs',
      '/docs/api/a',
      '/docs/api/x',
    ]);
  });

  it('formats one llms.txt link per line, escaping the title', () => {
    expect(formatLink({title: 'Get a [draft] *report*', url: 'https://x/a.md', description: 'Line\none.'})).toBe(
      '- [Get a \\[draft\\] \\*report\\*](https://x/a.md): Line one.',
    );
    expect(formatLink({title: 'Plain', url: 'https://x/b.md', description: ''})).toBe('- [Plain](https://x/b.md)');
  });
});

describe('llmsSections', () => {
  it('groups docs, then one section per tag with its operations, then the rest, then Optional', () => {
    const sections = llmsSections(pages, sectionOptions, site);
    expect(sections.map(({title, links}) => [title, links.map((link) => link.title)])).toEqual([
      ['Docs', ['API Documentation', 'Meridian API']],
      ['API reference: Contacts', ['Contacts', 'List contacts', 'Create a contact']],
      ['API reference: Tags', ['Tags', 'List tags']],
      ['API reference: Other', ['Ping']],
      ['Optional', ['Changelog', 'OpenAPI (YAML)']],
    ]);
    expect(sections[1].links[1]).toEqual({
      title: 'List contacts',
      url: 'https://docs.meridian.example/docs/api/list-contacts.md',
      description: 'About List contacts.',
    });
  });

  it('lists every page exactly once', () => {
    const urls = llmsSections(pages, sectionOptions, site).flatMap(({links}) => links.map((link) => link.url));
    expect(new Set(urls).size).toBe(urls.length);
    for (const {route} of pages) expect(urls).toContain(markdownUrl(route, site));
  });

  it('calls the operations "API reference" when there are no tag pages', () => {
    const sections = llmsSections(pages.filter((candidate) => candidate.kind !== 'tag'), {...sectionOptions, optionalLinks: []}, site);
    expect(sections.map(({title}) => title)).toEqual(['Docs', 'API reference', 'Optional']);
  });
});

describe('formatLlmsTxt', () => {
  it('follows llmstxt.org: H1, blockquote, details, H2 link lists', () => {
    const text = formatLlmsTxt({
      title: 'Meridian',
      summary: 'The context\nengine.',
      details: 'Add `.md` to any URL.',
      sections: [
        {title: 'Docs', links: [{title: 'Intro', url: 'https://x/docs.md', description: 'Start here.'}]},
        {title: 'Empty', links: []},
        {title: 'Optional', links: [{title: 'YAML', url: 'https://x/openapi.yaml', description: ''}]},
      ],
    });
    expect(text).toBe(
      [
        '# Meridian',
        '',
        '> The context engine.',
        '',
        'Add `.md` to any URL.',
        '',
        '## Docs',
        '',
        '- [Intro](https://x/docs.md): Start here.',
        '',
        '## Optional',
        '',
        '- [YAML](https://x/openapi.yaml)',
        '',
      ].join('\n'),
    );
  });
});

describe('formatLlmsFull', () => {
  it('puts the overview first, then the sections in order, each with its source', () => {
    const sections = llmsSections(pages, sectionOptions, site);
    const text = formatLlmsFull({title: 'Meridian', summary: 'Summary.', details: ''}, pages, sections, site);
    const titles = [...text.matchAll(/^# (.+)$/gm)].map((match) => match[1]);
    expect(titles).toEqual([
      'Meridian',
      'Meridian API',
      'API Documentation',
      'Contacts',
      'List contacts',
      'Create a contact',
      'Tags',
      'List tags',
      'Ping',
      'Changelog',
    ]);
    expect(text.startsWith('# Meridian\n\n> Summary.\n\n---\n\n# Meridian API\n\nSource: https://docs.meridian.example/docs/api/meridian-api\n\nBody of Meridian API.\n\n---\n\n# API Documentation\n')).toBe(true);
    expect(text.endsWith('Body of Changelog.\n')).toBe(true);
  });

  it('is the same text when written in pieces, each twin read when its turn comes', () => {
    const sections = llmsSections(pages, sectionOptions, site);
    const heading = {title: 'Meridian', summary: 'Summary.', details: 'Details.'};
    const read: string[] = [];
    const chunks = [...llmsFullChunks(heading, pages, sections, site, (twin) => (read.push(twin.route), (twin as TwinPageWithMarkdown).markdown))];
    expect(chunks.join('')).toBe(formatLlmsFull(heading, pages, sections, site));
    expect(chunks).toHaveLength(pages.length + 2);
    expect([...read].sort()).toEqual(pages.map(({route}) => route).sort());
  });
});

const docusaurusHtml = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Changelog | Meridian</title>
<meta name="description" content="What changed in the
Meridian API."></head><body><div id="__docusaurus"><nav class="navbar">Site nav</nav><main><article>
<nav class="theme-doc-breadcrumbs" aria-label="Breadcrumbs"><ul><li>Home</li></ul></nav>
<div class="theme-doc-toc-mobile"><button type="button">On this page</button></div>
<div class="theme-doc-markdown markdown"><header><h1>Changelog</h1></header>
<p>All changes to the <a href="/docs/api/meridian-api">API</a>, newest first.</p>
<h2 class="anchor" id="v2">2.3.0<a href="#v2" class="hash-link" aria-label="Direct link">&#8203;</a></h2>
<ul><li><span class="badge badge--danger">Breaking</span><span>Removed <code>GET /v1/search</code>.</span></li></ul>
<div class="tabs-container"><ul role="tablist"><li role="tab">Added</li><li role="tab">Changed</li></ul>
<div class="margin-top--md"><div role="tabpanel"><ul><li><code>POST /v1/tags</code></li></ul></div><div role="tabpanel" hidden><p>Nothing.</p></div></div></div>
<div class="language-bash codeBlockContainer theme-code-block"><div class="codeBlockContent"><pre class="prism-code language-bash"><code class="codeBlockLines"><div class="token-line"><span class="token plain">curl -X GET</span><br></div><div class="token-line"><span class="token plain">  https://api.meridian.example</span><br></div></code></pre><div class="buttonGroup"><button aria-label="Copy code">Copy</button></div></div></div>
<section class="row"><article class="col"><a class="card" href="/docs/api/contacts"><h2 class="title"><span class="theme-doc-card-icon">📄️</span><span>Contacts</span></h2><p>People you advise.</p></a></article></section>
<table><thead><tr><th>Field</th><th>Change</th></tr></thead><tbody><tr><td><code>a|b</code></td><td>new</td></tr></tbody></table>
</div><footer class="theme-doc-footer">Edit this page</footer></article><nav class="pagination-nav">Next</nav></main></div></body></html>`;

describe('htmlPageToMarkdown', () => {
  it('converts the main content of a built page, without the page chrome', () => {
    const converted = htmlPageToMarkdown(docusaurusHtml, {siteUrl: 'https://docs.meridian.example', siteTitle: 'Meridian'});
    expect(converted.title).toBe('Changelog');
    expect(converted.description).toBe('What changed in the Meridian API.');
    expect(converted.markdown).toBe(
      [
        '# Changelog',
        '',
        'All changes to the [API](https://docs.meridian.example/docs/api/meridian-api), newest first.',
        '',
        '## 2.3.0',
        '',
        '- **Breaking** Removed `GET /v1/search`.',
        '',
        '**Added**',
        '',
        '- `POST /v1/tags`',
        '',
        '**Changed**',
        '',
        'Nothing.',
        '',
        '```bash',
        'curl -X GET',
        '  https://api.meridian.example',
        '```',
        '',
        '[Contacts](https://docs.meridian.example/docs/api/contacts): People you advise.',
        '',
        '| Field | Change |',
        '| --- | --- |',
        '| `a\\|b` | new |',
        '',
      ].join('\n'),
    );
  });

  it('takes the title from <title> when the content has no H1', () => {
    const converted = htmlPageToMarkdown('<html><head><title>About | Meridian</title></head><body><main><p>Hi.</p></main></body></html>', {
      siteUrl: 'https://x',
      siteTitle: 'Meridian',
    });
    expect(converted).toEqual({title: 'About', description: '', markdown: '# About\n\nHi.\n'});
  });
});

describe('collectTwinPages and the plugin', () => {
  let siteDir: string;
  let outDir: string;

  const overview: OverviewPageModel = {
    kind: 'overview',
    id: 'meridian-api',
    title: 'Meridian API',
    version: '2.3.0',
    plainDescription: 'The Meridian API. More.',
    toc: [],
    servers: [],
    securitySchemes: [],
    tags: [
      {name: 'Tags', summary: 'Labels.', permalink: '/docs/api/tags', operationCount: 1},
      {name: 'Contacts', summary: 'People.', permalink: '/docs/api/contacts', operationCount: 2},
    ],
  };
  const tagPage = (name: string, id: string, operations: TagPageModel['operations']): TagPageModel => ({
    kind: 'tag',
    id,
    name,
    plainDescription: `${name} of the workspace.`,
    operations,
  });
  const operation = (id: string, method: string, pathName: string, tag: string): OperationPageModel => ({
    kind: 'operation',
    id,
    method,
    requestMethod: method.toUpperCase(),
    path: pathName,
    summary: id.replace(/-/g, ' '),
    plainDescription: `Does ${id}. Details.`,
    deprecated: false,
    tags: [tag],
    servers: [],
    security: [],
    parameters: [],
    responses: [],
    callbacks: [],
    authSchemes: [],
    codeSamples: [{id: 'curl', label: 'cURL', language: 'bash', code: `curl --request ${method.toUpperCase()}`}],
  });
  const operationRef = (model: OperationPageModel) => ({
    id: model.id,
    permalink: `/docs/api/${model.id}`,
    method: model.method,
    path: model.path,
    summary: model.summary,
    deprecated: false,
  });
  const listContacts = operation('list-contacts', 'get', '/v1/contacts', 'Contacts');
  const createContact = operation('create-contact', 'post', '/v1/contacts', 'Contacts');
  const listTags = operation('list-tags', 'get', '/v1/tags', 'Tags');
  const models = [
    overview,
    tagPage('Contacts', 'contacts', [operationRef(listContacts), operationRef(createContact)]),
    tagPage('Tags', 'tags', [operationRef(listTags)]),
    listContacts,
    createContact,
    listTags,
  ];
  const routesPaths = ['/', '/blog', '/docs', ...models.map((model) => `/docs/api/${model.id}`)];
  const siteConfig = {title: 'Meridian', tagline: 'The context engine.', url: 'https://docs.meridian.example', baseUrl: '/'};

  beforeAll(async () => {
    siteDir = await mkdtemp(path.join(os.tmpdir(), 'llms-txt-'));
    outDir = path.join(siteDir, 'build');
    await mkdir(path.join(siteDir, 'docs/api'), {recursive: true});
    await mkdir(outDir);
    for (const model of models) {
      // In the file form `npm run gen` writes (src/openapi/models/model-file.ts).
      await writeFile(path.join(siteDir, 'docs/api', `${model.id}.page.json`), JSON.stringify(encodePageModel(model)));
    }
    await writeFile(
      path.join(outDir, 'docs.html'),
      '<html><head><title>API Documentation | Meridian</title><meta name="description" content="Start here."></head><body><article><div class="theme-doc-markdown"><h1>API Documentation</h1><p>Welcome.</p></div></article></body></html>',
    );
  });

  afterAll(async () => {
    await rm(siteDir, {recursive: true, force: true});
  });

  it('names a model file it cannot read', async () => {
    const brokenSite = await mkdtemp(path.join(os.tmpdir(), 'llms-txt-broken-'));
    try {
      const file = path.join(brokenSite, 'docs/api/broken.page.json');
      await mkdir(path.dirname(file), {recursive: true});
      await writeFile(file, '{"kind": "operation", "requestBody": {"$s": 1}}');
      await expect(
        collectTwinPages({outDir: path.join(brokenSite, 'build'), routesPaths: ['/docs/api/broken'], siteConfig, siteDir: brokenSite}, DEFAULT_OPTIONS, () => undefined),
      ).rejects.toThrow(`[llms] ${file}: page model: shared subtree 1 is not in the table; run "npm run gen" again.`);
    } finally {
      await rm(brokenSite, {recursive: true, force: true});
    }
  });

  it('reads models for API pages and HTML for the rest, in reading order', async () => {
    const twins = new Map<string, string>();
    const collected = await collectTwinPages({outDir, routesPaths, siteConfig, siteDir}, DEFAULT_OPTIONS, (page, markdown) => void twins.set(page.route, markdown));
    expect([...twins.keys()].sort()).toEqual(collected.map(({route}) => route).sort());
    expect(collected.map(({route, kind}) => `${kind} ${route}`)).toEqual([
      'doc /docs',
      'overview /docs/api/meridian-api',
      'tag /docs/api/tags',
      'tag /docs/api/contacts',
      'operation /docs/api/list-contacts',
      'operation /docs/api/create-contact',
      'operation /docs/api/list-tags',
    ]);
    const create = collected.find(({route}) => route === '/docs/api/create-contact');
    expect(create?.description).toBe('`POST /v1/contacts`. Does create-contact.');
    expect(twins.get('/docs/api/create-contact')?.startsWith('# create contact\n\n`POST /v1/contacts`\n')).toBe(true);
    expect(collected[0]).toMatchObject({title: 'API Documentation', description: 'Start here.'});
    expect(twins.get('/docs')).toBe('# API Documentation\n\nWelcome.\n');
  });

  it('writes a twin per docs route, llms.txt and llms-full.txt', async () => {
    const plugin = llmsTxtPlugin({siteDir} as LoadContext, {
      optionalLinks: [{title: 'OpenAPI (YAML)', url: '/openapi.yaml', description: 'The API description.'}],
    });
    expect(plugin.name).toBe('llms-txt');
    await plugin.postBuild?.({outDir, routesPaths, siteConfig} as Parameters<NonNullable<typeof plugin.postBuild>>[0]);

    for (const route of routesPaths.filter((route) => route.startsWith('/docs'))) {
      await expect(readFile(path.join(outDir, `${route.slice(1)}.md`), 'utf8')).resolves.toMatch(/^# /);
    }
    const llmsTxt = await readFile(path.join(outDir, 'llms.txt'), 'utf8');
    expect(llmsTxt.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# Meridian',
      '## Docs',
      '## API reference: Tags',
      '## API reference: Contacts',
      '## Optional',
    ]);
    expect(llmsTxt).toContain('> The context engine.\n');
    expect(llmsTxt).toContain('- [list tags](https://docs.meridian.example/docs/api/list-tags.md): `GET /v1/tags`. Does list-tags.\n');
    expect(llmsTxt).toContain('- [OpenAPI (YAML)](https://docs.meridian.example/openapi.yaml): The API description.\n');
    const llmsFull = await readFile(path.join(outDir, 'llms-full.txt'), 'utf8');
    for (const model of [listContacts, createContact, listTags]) {
      expect(llmsFull).toContain(`\`${model.method.toUpperCase()} ${model.path}\``);
    }
    expect(llmsFull.indexOf('# Meridian API')).toBeLessThan(llmsFull.indexOf('# API Documentation'));
  });

  it('lists every API: the current version of each in llms.txt, each older version in an index of its own', async () => {
    // A second API with one operation, and an older version of each API.
    const petDir = path.join(siteDir, 'docs/apis/petstore');
    await mkdir(path.join(petDir, '1.0.0'), {recursive: true});
    await mkdir(path.join(siteDir, 'docs/api/2.2.0'), {recursive: true});
    const pets = tagPage('pet', 'pet', []);
    const addPet = operation('add-pet', 'post', '/pet', 'pet');
    pets.operations = [{...operationRef(addPet), permalink: '/docs/apis/petstore/add-pet'}];
    for (const model of [pets, addPet]) {
      await writeFile(path.join(petDir, `${model.id}.page.json`), JSON.stringify(model));
      await writeFile(path.join(petDir, '1.0.0', `${model.id}.page.json`), JSON.stringify(model));
    }
    await writeFile(path.join(siteDir, 'docs/api/2.2.0', 'list-tags.page.json'), JSON.stringify(listTags));
    const apiRoutes = [...routesPaths, '/docs/apis/petstore/pet', '/docs/apis/petstore/add-pet', '/docs/apis/petstore/1.0.0/add-pet', '/docs/api/2.2.0/list-tags'];
    const plugin = llmsTxtPlugin({siteDir} as LoadContext, {
      versions: [{name: '2.2.0', routeBasePath: '/docs/api/2.2.0', index: '/versions/2.2.0/llms.txt'}],
      apis: [
        {
          id: 'petstore',
          label: 'Petstore',
          routeBasePath: '/docs/apis/petstore',
          pageModelDir: 'docs/apis/petstore',
          index: '/apis/petstore/llms.txt',
          optionalLinks: [{title: 'OpenAPI description (YAML)', url: '/apis/petstore/openapi.yaml'}],
          versions: [{name: '1.0.0', routeBasePath: '/docs/apis/petstore/1.0.0', index: '/apis/petstore/versions/1.0.0/llms.txt'}],
        },
      ],
    });
    await plugin.postBuild?.({outDir, routesPaths: apiRoutes, siteConfig} as Parameters<NonNullable<typeof plugin.postBuild>>[0]);

    const llmsTxt = await readFile(path.join(outDir, 'llms.txt'), 'utf8');
    expect(llmsTxt.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# Meridian',
      '## Docs',
      '## API reference: Tags',
      '## API reference: Contacts',
      '## Petstore API reference: pet',
      '## Optional',
    ]);
    expect(llmsTxt).toContain('## Petstore API reference: pet\n\n- [pet](https://docs.meridian.example/docs/apis/petstore/pet.md): pet of the workspace.\n- [add pet](https://docs.meridian.example/docs/apis/petstore/add-pet.md): `POST /pet`. Does add-pet.\n');
    expect(llmsTxt.split('## Optional\n\n')[1]!.trimEnd().split('\n')).toEqual([
      '- [Version 2.2.0](https://docs.meridian.example/versions/2.2.0/llms.txt): The reference of version 2.2.0 (an older version), page by page.',
      '- [Petstore API](https://docs.meridian.example/apis/petstore/llms.txt): The Petstore API alone, page by page, with its downloads and versions.',
      '- [Petstore version 1.0.0](https://docs.meridian.example/apis/petstore/versions/1.0.0/llms.txt): The reference of version 1.0.0 (an older version of the Petstore API), page by page.',
    ]);
    // No older version's page is in llms.txt or llms-full.txt.
    expect(llmsTxt).not.toMatch(/1\.0\.0\/add-pet|2\.2\.0\/list-tags/);
    const llmsFull = await readFile(path.join(outDir, 'llms-full.txt'), 'utf8');
    expect(sourcesOf(llmsFull)).toContain('https://docs.meridian.example/docs/apis/petstore/add-pet');
    expect(llmsFull).not.toMatch(/1\.0\.0\/add-pet|2\.2\.0\/list-tags/);

    const petstoreTxt = await readFile(path.join(outDir, 'apis/petstore/llms.txt'), 'utf8');
    expect(petstoreTxt).toBe(
      [
        '# Meridian: Petstore API',
        '',
        '> The reference of the Petstore API, one of the APIs of Meridian; every API is listed in https://docs.meridian.example/llms.txt.',
        '',
        '## API reference: pet',
        '',
        '- [pet](https://docs.meridian.example/docs/apis/petstore/pet.md): pet of the workspace.',
        '- [add pet](https://docs.meridian.example/docs/apis/petstore/add-pet.md): `POST /pet`. Does add-pet.',
        '',
        '## Optional',
        '',
        '- [OpenAPI description (YAML)](https://docs.meridian.example/apis/petstore/openapi.yaml)',
        '- [Petstore version 1.0.0](https://docs.meridian.example/apis/petstore/versions/1.0.0/llms.txt): The reference of version 1.0.0 (an older version of the Petstore API), page by page.',
        '',
      ].join('\n'),
    );
    const petstoreOld = await readFile(path.join(outDir, 'apis/petstore/versions/1.0.0/llms.txt'), 'utf8');
    expect(petstoreOld.split('\n').slice(0, 3)).toEqual([
      '# Meridian: Petstore API 1.0.0',
      '',
      '> The reference of version 1.0.0, an older version of the Petstore API; the current one is listed in https://docs.meridian.example/llms.txt.',
    ]);
    expect(petstoreOld).toContain('- [add pet](https://docs.meridian.example/docs/apis/petstore/1.0.0/add-pet.md): `POST /pet`. Does add-pet.');
    const meridianOld = await readFile(path.join(outDir, 'versions/2.2.0/llms.txt'), 'utf8');
    expect(meridianOld).toContain('# Meridian API 2.2.0\n');
    expect(meridianOld).toContain('(https://docs.meridian.example/docs/api/2.2.0/list-tags.md)');
  });

  it('refuses a build without docs routes', async () => {
    const plugin = llmsTxtPlugin({siteDir} as LoadContext, {});
    await expect(
      plugin.postBuild?.({outDir, routesPaths: ['/'], siteConfig} as Parameters<NonNullable<typeof plugin.postBuild>>[0]),
    ).rejects.toThrow('[llms] the build has no docs routes under /docs; check the "docsBasePath" option.');
  });
});
