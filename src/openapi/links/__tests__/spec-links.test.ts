import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {stringify} from 'yaml';

import {findLinkProblems} from '../link-problems';
import {linkContextDigest, renderMarkdown} from '../../models/markdown';
import {overviewPageModel} from '../../models/model-overview';
import {createPageGenerators} from '../../generation/page-generators';
import {linkContextFor} from '../spec-link-context';
import {linkBaseFor, resolveLinkBase, rewriteSpecLink, type LinkContext} from '../spec-links';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import type {RichText, RichTextNode, TagPageModel} from '../../models/model-types';
import {elementsOf} from '../../test-helpers/rich-text';
import {parsePageModel} from '../../models/model-file';

const ok = {responses: {'200': {description: 'OK'}}};

function petstoreDocument(extra: JsonObject = {}): JsonObject {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Petstore',
      version: '1',
      description: '# Introduction\n\nWelcome.\n\n# Authentication\n\n## API keys\n\nSend a key.',
    },
    tags: [{name: 'Domain Records'}, {name: 'Pets'}],
    paths: {
      '/pets': {get: {operationId: 'getPets', tags: ['Pets'], ...ok}},
      '/pets/{id}': {get: {summary: 'Get a pet', tags: ['Pets'], ...ok}},
      '/domains': {get: {operationId: 'list_domain_records', tags: ['Domain Records'], ...ok}},
    },
    ...extra,
  };
}

/** Petstore's pages: tags domain-records and pets, operations get-pets,
 * get-a-pet and list-domain-records, overview petstore (headings
 * introduction, authentication, api-keys); no link base. */
const petstore = new SpecDocument(petstoreDocument());
const noBase: LinkContext = linkContextFor(petstore, {apiDocsBasePath: '/docs/api'});
const plaid: LinkContext = linkContextFor(new SpecDocument(petstoreDocument({externalDocs: {url: 'https://plaid.com/docs/'}})), {apiDocsBasePath: '/docs/api'});

function hrefsOf(tree: RichText | undefined): unknown[] {
  return elementsOf(tree ?? null).filter((element) => element.tagName === 'a').map((element) => element.properties.href);
}

function textOf(tree: RichText | undefined): string {
  const visit = (node: RichTextNode): string => (node.type === 'text' ? node.value : node.children.map(visit).join(''));
  return tree ? tree.children.map(visit).join('') : '';
}

describe('the context of a spec', () => {
  it('lists the overview heading ids as the overview page renders them', () => {
    expect([...noBase.overviewHeadingIds]).toEqual(['introduction', 'authentication', 'api-keys']);
    expect(noBase.linkBase).toBeUndefined();
    expect(plaid).toMatchObject({linkBase: 'https://plaid.com', linkBaseFrom: 'externalDocs.url'});
  });
});

describe('rewriteSpecLink', () => {
  it.each([
    'https://example.com/x?y=1',
    'http://example.com',
    'mailto:dev@example.com',
    '//cdn.example.com/x.png',
    '#responses',
    '',
    '/docs/api/get-pets',
    '/docs/api/get-pets#responses',
    '/docs/api/pets',
    '/docs/api/petstore',
  ])('keeps %j as it is', (href) => {
    expect(rewriteSpecLink(href, noBase)).toEqual({href});
  });

  it.each([
    ['#tag/Domain-Records', '/docs/api/domain-records'],
    ['#tag/Domain Records', '/docs/api/domain-records'],
    ['#tag/Domain%20Records', '/docs/api/domain-records'],
    ['#tag/domain-records', '/docs/api/domain-records'],
    ['#tag/DOMAIN_RECORDS', '/docs/api/domain-records'],
    ['#tag/Pets', '/docs/api/pets'],
    ['#operation/getPets', '/docs/api/get-pets'],
    ['#tag/Pets/operation/getPets', '/docs/api/get-pets'],
    ['#operation/get-pets', '/docs/api/get-pets'],
    ['#operation/GetPets', '/docs/api/get-pets'],
    ['#operation/list_domain_records', '/docs/api/list-domain-records'],
    ['#tag/Pets/paths/~1pets~1{id}/get', '/docs/api/get-a-pet'],
    ['#/paths/~1pets/get', '/docs/api/get-pets'],
    ['#section/Authentication', '/docs/api/petstore#authentication'],
    ['#section/Authentication/API-keys', '/docs/api/petstore#api-keys'],
  ])('rewrites the Redoc anchor %j to %s', (href, target) => {
    expect(rewriteSpecLink(href, noBase)).toEqual({
      href: target,
      problem: `link "${href}" points to a Redoc anchor; rewritten to ${target}`,
    });
  });

  it.each([
    ['#get-a-pet', '/docs/api/get-a-pet', "an operation's summary"],
    ['#getPets', '/docs/api/get-pets', 'an operation'],
    ['#list-domain-records', '/docs/api/list-domain-records', 'an operation'],
    ['#authentication', '/docs/api/petstore#authentication', "a heading of the API's overview"],
  ])('sends the bare anchor %j, written for the vendor\'s pages, to %s', (href, target, what) => {
    expect(rewriteSpecLink(href, noBase)).toEqual({href: target, problem: `link "${href}" is no anchor of our pages but names ${what}; rewritten to ${target}`});
  });

  it.each([
    '#parameters', '#query-parameters', '#response-201', '#response-4XX-headers', '#callback-0-request-body', '#callback-1-responses',
    '#request-body.name', '#response-201.tags[].name', '#schema.address.postcode', '#callback-0-header.X-Signature', '#request-body:application~2f_xml.id',
    '#operations', '#authentication-schemes', '#scheme-api-key', '#', '#used-by',
  ])(
    'keeps the bare anchor %j, a section or field of our pages, in the page',
    (href) => {
      expect(rewriteSpecLink(href, noBase)).toEqual({href});
    },
  );

  it('sends a bare anchor that names one schema to its page, by name or by kebab case', () => {
    const withSchemas = linkContextFor(
      new SpecDocument(petstoreDocument({components: {schemas: {'check-run': {type: 'object'}, Pet: {type: 'object'}, a_b: {type: 'string'}, 'a-b': {type: 'string'}}}})),
      {apiDocsBasePath: '/docs/api'},
    );
    expect(rewriteSpecLink('#check_run', withSchemas)).toEqual({
      href: '/docs/api/schemas/check-run',
      problem: 'link "#check_run" is no anchor of our pages but names a schema; rewritten to /docs/api/schemas/check-run',
    });
    expect(rewriteSpecLink('#Pet', withSchemas)).toMatchObject({href: '/docs/api/schemas/pet'});
    expect(rewriteSpecLink('#a_b', withSchemas)).toMatchObject({href: `/docs/api/${withSchemas.pageIds.schemaPageId('a_b')}`});
    expect(withSchemas.pageIds.schemaPageId('a_b')).not.toBe(withSchemas.pageIds.schemaPageId('a-b'));
    // Two schemas whose names have the same kebab case: neither, and no page has the anchor.
    expect(rewriteSpecLink('#A_B', withSchemas)).toEqual({text: true, problem: 'link "#A_B" points to an anchor that no page of this site has; shown as plain text'});
  });

  it('names neither operation of a summary two share', () => {
    const twice = linkContextFor(
      new SpecDocument(petstoreDocument({paths: {'/a': {get: {summary: 'List things', ...ok}}, '/b': {get: {summary: 'List things', operationId: 'list-b', ...ok}}}})),
      {apiDocsBasePath: '/docs/api'},
    );
    expect(rewriteSpecLink('#list-things', twice)).toEqual({text: true, problem: 'link "#list-things" points to an anchor that no page of this site has; shown as plain text'});
    expect(rewriteSpecLink('#list-b', twice)).toMatchObject({href: '/docs/api/list-b'});
  });

  // Slack's, Spotify's and Stripe's anchors for sections of their own pages.
  it.each(['#types', '#authorship', '#available-genre-seeds', '#scheduled_queries', '#request-body-of-doom', '#schema-x', '#Responses'])(
    'shows the in-page anchor %j that no page of ours has as plain text',
    (href) => {
      expect(rewriteSpecLink(href, noBase)).toEqual({text: true, problem: `link "${href}" points to an anchor that no page of this site has; shown as plain text`});
    },
  );

  it('sends a section the overview does not have to the overview', () => {
    expect(rewriteSpecLink('#section/Pagination', noBase)).toEqual({
      href: '/docs/api/petstore',
      problem: 'link "#section/Pagination" points to a Redoc anchor for a heading the overview does not have; rewritten to /docs/api/petstore',
    });
  });

  it('shows anchors to tags and operations without a page as plain text', () => {
    expect(rewriteSpecLink('#tag/Sessions', noBase)).toEqual({
      text: true,
      problem: 'link "#tag/Sessions" points to a Redoc anchor for a tag with no page here; shown as plain text',
    });
    expect(rewriteSpecLink('#tag/Sessions/operation/createSession', noBase)).toEqual({
      text: true,
      problem: 'link "#tag/Sessions/operation/createSession" points to a Redoc anchor for an operation with no page here; shown as plain text',
    });
  });

  it.each(['#schema/Pet', '#/components/schemas/Pet'])('shows the anchor %j of a schema the description does not have as plain text', (href) => {
    expect(rewriteSpecLink(href, noBase)).toEqual({
      text: true,
      problem: `link "${href}" points to a Redoc anchor for a schema the description does not name under components.schemas; shown as plain text`,
    });
  });

  it.each(['#schema/Pet', '#/components/schemas/Pet', '#/definitions/Pet'])('sends the schema anchor %j to the schema\'s page', (href) => {
    const withSchemas = linkContextFor(new SpecDocument(petstoreDocument({components: {schemas: {Pet: {type: 'object'}}}})), {apiDocsBasePath: '/docs/api'});
    expect(rewriteSpecLink(href, withSchemas)).toEqual({
      href: '/docs/api/schemas/pet',
      problem: `link "${href}" points to a Redoc anchor; rewritten to /docs/api/schemas/pet`,
    });
  });

  it.each([
    ['/docs/errors', 'https://plaid.com/docs/errors'],
    ['/documentation/web-api/concepts/scopes?x=1#top', 'https://plaid.com/documentation/web-api/concepts/scopes?x=1#top'],
    ['/docs/api/no-such-page', 'https://plaid.com/docs/api/no-such-page'],
    ['errors.md', 'https://plaid.com/errors.md'],
    ['../guide', 'https://plaid.com/guide'],
    ['?page=2', 'https://plaid.com/?page=2'],
  ])('resolves %j against the link base', (href, target) => {
    expect(rewriteSpecLink(href, plaid)).toEqual({
      href: target,
      problem: `link "${href}" is relative to the vendor's site; resolved against https://plaid.com (the origin of externalDocs.url; set SPEC_LINK_BASE to choose another)`,
    });
  });

  it('names SPEC_LINK_BASE when the base came from it', () => {
    const context = linkContextFor(petstore, {apiDocsBasePath: '/docs/api', linkBase: 'https://developer.spotify.com/documentation/'});
    expect(rewriteSpecLink('web-api/concepts/apps', context)).toEqual({
      href: 'https://developer.spotify.com/documentation/web-api/concepts/apps',
      problem: 'link "web-api/concepts/apps" is relative to the vendor\'s site; resolved against https://developer.spotify.com/documentation/ (SPEC_LINK_BASE)',
    });
  });

  it.each(['/docs/input-output-options', '/docs/api/no-such-page', 'errors.md', '../guide'])('shows %j as plain text without a link base', (href) => {
    expect(rewriteSpecLink(href, noBase)).toEqual({
      text: true,
      problem: `link "${href}" cannot be resolved on this site and no link base is known; shown as plain text (set SPEC_LINK_BASE to the vendor's site to keep it as a link)`,
    });
  });

  it.each([
    ['developers.notion.com', 'https://developers.notion.com'],
    ['www.example.com/path', 'https://www.example.com/path'],
    ['api.example.io:8443/v1?x=1', 'https://api.example.io:8443/v1?x=1'],
    ['example.co.uk', 'https://example.co.uk'],
  ])('adds https: to the bare host %j, with or without a link base', (href, target) => {
    const expected = {href: target, problem: `link "${href}" has no scheme; rewritten to ${target}`};
    expect(rewriteSpecLink(href, noBase)).toEqual(expected);
    expect(rewriteSpecLink(href, plaid)).toEqual(expected);
  });

  it.each([
    ['javascript:alert(1)', 'javascript'],
    ['JaVaScRiPt:alert(1)', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    ['\u0001 javascript:alert(1)', 'javascript'],
    ['data:text/html,<script>alert(1)</script>', 'data'],
    ['vbscript:msgbox(1)', 'vbscript'],
    ['file:///etc/passwd', 'file'],
  ])('never makes the hostile %j an href, even with a link base', (href, scheme) => {
    const expected = {text: true, problem: `link ${JSON.stringify(href)} uses the ${scheme}: scheme, which this site never links to; shown as plain text`};
    expect(rewriteSpecLink(href, noBase)).toEqual(expected);
    expect(rewriteSpecLink(href, plaid)).toEqual(expected);
  });

  it('shortens a long href in its message', () => {
    const href = `data:text/plain,${'x'.repeat(200)}`;
    const result = rewriteSpecLink(href, noBase);
    expect(result).toMatchObject({text: true});
    expect(result.problem).toBe(`link "${href.slice(0, 119)}…" uses the data: scheme, which this site never links to; shown as plain text`);
  });
});

describe('linkBaseFor', () => {
  const withServers = (servers: unknown[]) => new SpecDocument(petstoreDocument({servers}));

  it('takes SPEC_LINK_BASE first, path included', () => {
    expect(linkBaseFor(new SpecDocument(petstoreDocument({externalDocs: {url: 'https://plaid.com/docs'}})), ' https://vendor.example/docs/ ')).toBe('https://vendor.example/docs/');
    expect(resolveLinkBase(petstore, 'http://vendor.example')).toEqual({url: 'http://vendor.example/', from: 'SPEC_LINK_BASE'});
  });

  it.each(['ftp://vendor.example', 'vendor.example', '/docs', 'javascript:alert(1)'])('refuses SPEC_LINK_BASE=%j', (value) => {
    expect(() => linkBaseFor(petstore, value)).toThrow(new Error(`SPEC_LINK_BASE must be an absolute http or https URL (got "${value}")`));
  });

  it('treats an empty SPEC_LINK_BASE as unset', () => {
    expect(linkBaseFor(withServers([{url: 'https://api.plaid.com/v2'}]), '')).toBe('https://api.plaid.com');
  });

  it('takes the origin of externalDocs.url, then of the first absolute server URL', () => {
    expect(linkBaseFor(new SpecDocument(petstoreDocument({externalDocs: {url: 'https://plaid.com/docs/'}, servers: [{url: 'https://api.plaid.com'}]})))).toBe('https://plaid.com');
    expect(linkBaseFor(withServers([{url: '/v1'}, {url: 'https://{region}.api.example.com/v1', variables: {region: {default: 'eu'}}}]))).toBe(
      'https://eu.api.example.com',
    );
    expect(resolveLinkBase(withServers([{url: 'https://api.plaid.com'}]))).toEqual({url: 'https://api.plaid.com', from: 'servers'});
  });

  it('is undefined without an absolute URL to go by', () => {
    expect(linkBaseFor(petstore)).toBeUndefined();
    expect(linkBaseFor(new SpecDocument(petstoreDocument({externalDocs: {url: 'docs.html'}, servers: [{url: '/v1'}, {url: 'ftp://files.example.com'}]})))).toBeUndefined();
  });
});

describe('renderMarkdown with a links context', () => {
  const text = 'See [records](#tag/Domain-Records), [errors](/docs/errors "Errors"), [the guide][guide], [notion](developers.notion.com), [pets](#tag/Pets/operation/getPets) and [a schema](#schema/Pet).\n\n[guide]: ../guide';

  it('renders links as written without a context', () => {
    expect(hrefsOf(renderMarkdown(text))).toEqual(['#tag/Domain-Records', '/docs/errors', '../guide', 'developers.notion.com', '#tag/Pets/operation/getPets', '#schema/Pet']);
  });

  it('rewrites every link, reference links included, and drops the ones it cannot place', () => {
    // Rendered without a context first: the cached tree must not be reused.
    renderMarkdown(text);
    const tree = renderMarkdown(text, {links: plaid});
    expect(hrefsOf(tree)).toEqual([
      '/docs/api/domain-records',
      'https://plaid.com/docs/errors',
      'https://plaid.com/guide',
      'https://developers.notion.com',
      '/docs/api/get-pets',
    ]);
    expect(elementsOf(tree).find((element) => element.properties.href === 'https://plaid.com/docs/errors')?.properties.title).toBe('Errors');
    expect(textOf(tree)).toBe('See records, errors, the guide, notion, pets and a schema.');

    expect(hrefsOf(renderMarkdown(text, {links: noBase}))).toEqual(['/docs/api/domain-records', 'https://developers.notion.com', '/docs/api/get-pets']);
    expect(hrefsOf(renderMarkdown(text))).toContain('/docs/errors');
    // Each context keeps its own rendering: the first is not replaced by the later ones.
    expect(hrefsOf(renderMarkdown(text, {links: plaid}))).toContain('https://plaid.com/docs/errors');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](java&#x09;script:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '<javascript:alert(1)>',
    '<data:text/html,alert(1)>',
    '[x](<data:text/html,<b>>)',
    '[x]\n\n[x]: javascript:alert(1)',
    '![x](javascript:alert(1))',
    '[x](example.com:javascript:alert(1))',
  ])('never turns the hostile %j into an href or src', (markdown) => {
    for (const context of [noBase, plaid]) {
      const tree = renderMarkdown(markdown, {links: context});
      expect(elementsOf(tree).some((element) => 'href' in element.properties || 'src' in element.properties)).toBe(false);
    }
  });

  it('links a Redoc section anchor to the overview heading', () => {
    const document = petstoreDocument();
    const info = document.info as JsonObject;
    const spec = new SpecDocument({...document, info: {...info, description: `${String(info.description)}\n\nSee [API keys](#section/Authentication/API-keys).`}});
    const page = overviewPageModel(spec, 'petstore', '/docs/api', {links: linkContextFor(spec, {apiDocsBasePath: '/docs/api'})});
    expect(page.toc.map((entry) => entry.id)).toEqual(['introduction', 'authentication', 'api-keys']);
    expect(hrefsOf(page.description)).toEqual(['/docs/api/petstore#api-keys']);
  });
});

describe('findLinkProblems', () => {
  const spec = new SpecDocument(
    petstoreDocument({
      info: {title: 'Petstore', version: '1', description: 'Start [here](/docs/start). Plain [link](https://example.com) and www.example.com.'},
      externalDocs: {url: 'https://plaid.com/docs/', description: 'The [guide](guide.html).'},
      tags: [{name: 'Pets', description: 'See [records](#tag/Domain-Records).', 'x-extra': {description: '[x](/x)'}}],
      paths: {
        '/pets': {
          get: {
            operationId: 'getPets',
            tags: ['Pets'],
            description: 'Also [schema](#schema/Pet) and [ref].\n\n[ref]: /docs/ref',
            parameters: [{name: 'limit', in: 'query', description: '<javascript:alert(1)>', example: '[x](/x)'}],
            responses: {
              '200': {
                description: 'OK',
                headers: {'x-request-id': {description: 'See [ids](/docs/ids).'}},
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      default: {description: '[x](/x)'},
                      properties: {example: {type: 'string', description: 'A [pet](#operation/getPets).'}},
                      examples: [{description: '[x](/x)'}],
                    },
                    examples: {first: {description: 'An [example](/docs/examples).', value: {description: '[x](/x)'}}},
                  },
                },
              },
            },
            'x-codeSamples': [{lang: 'sh', source: '[x](/x)'}],
          },
        },
        '/domains': {
          get: {operationId: 'list_domain_records', tags: ['Domain Records'], summary: 'List records; see [pets](#getPets) and [docs](/docs/records).', ...ok},
          // A summary that reads as a title is no Markdown on the page: nothing to report.
          post: {summary: 'Add <javascript:x> record', ...ok},
        },
      },
    }),
  );
  const context = linkContextFor(spec, {apiDocsBasePath: '/docs/api'});
  const relative = (href: string) =>
    `link "${href}" is relative to the vendor's site; resolved against https://plaid.com (the origin of externalDocs.url; set SPEC_LINK_BASE to choose another)`;

  it('reports each rewritten or unresolved link at the pointer of its string, and skips payloads and extensions', () => {
    expect(findLinkProblems(spec, context)).toEqual([
      {pointer: '/info/description', message: relative('/docs/start')},
      {pointer: '/tags/0/description', message: 'link "#tag/Domain-Records" points to a Redoc anchor; rewritten to /docs/api/domain-records'},
      {
        pointer: '/paths/~1pets/get/description',
        message: 'link "#schema/Pet" points to a Redoc anchor for a schema the description does not name under components.schemas; shown as plain text',
      },
      {pointer: '/paths/~1pets/get/description', message: relative('/docs/ref')},
      {
        pointer: '/paths/~1pets/get/parameters/0/description',
        message: 'link "javascript:alert(1)" uses the javascript: scheme, which this site never links to; shown as plain text',
      },
      {pointer: '/paths/~1pets/get/responses/200/headers/x-request-id/description', message: relative('/docs/ids')},
      {
        pointer: '/paths/~1pets/get/responses/200/content/application~1json/schema/properties/example/description',
        message: 'link "#operation/getPets" points to a Redoc anchor; rewritten to /docs/api/get-pets',
      },
      {pointer: '/paths/~1pets/get/responses/200/content/application~1json/examples/first/description', message: relative('/docs/examples')},
      {
        pointer: '/paths/~1domains/get/summary',
        message: 'link "#getPets" is no anchor of our pages but names an operation; rewritten to /docs/api/get-pets',
      },
      {pointer: '/paths/~1domains/get/summary', message: relative('/docs/records')},
      {pointer: '/externalDocs/description', message: relative('guide.html')},
    ]);
  });

  it('reports a vendor anchor no page has where its text is, and the pages show its text without a link', () => {
    // Stripe's `file` schema, used by many operations: its text is on each of their pages and on its own.
    const vendor = new SpecDocument(petstoreDocument({
      paths: {'/files': {get: {operationId: 'getFile', responses: {'200': {description: 'OK', content: {'application/json': {schema: {$ref: '#/components/schemas/file'}}}}}}}},
      components: {
        schemas: {
          file: {
            type: 'object',
            description: 'See [scheduled queries](#scheduled_queries) and the [fields](#fields).',
            properties: {purpose: {type: 'string', description: 'One of the [types](#types); see [id](#schema.id).'}},
          },
        },
      },
    }));
    const vendorContext = linkContextFor(vendor, {apiDocsBasePath: '/docs/api'});
    const none = (href: string) => `link "${href}" points to an anchor that no page of this site has; shown as plain text`;
    expect(findLinkProblems(vendor, vendorContext)).toEqual([
      {pointer: '/components/schemas/file/description', message: none('#scheduled_queries')},
      {pointer: '/components/schemas/file/properties/purpose/description', message: none('#types')},
    ]);
    const tree = renderMarkdown('See [scheduled queries](#scheduled_queries) and the [fields](#fields).', {links: vendorContext});
    expect(hrefsOf(tree)).toEqual(['#fields']);
    expect(textOf(tree)).toBe('See scheduled queries and the fields.');
  });

  it('reports the same text at every place it appears, and an object reached twice once', () => {
    const shared = {type: 'string', description: 'See [pets](#tag/Pets).'};
    const twice = new SpecDocument({
      openapi: '3.1.0',
      info: {title: 'T', version: '1', description: 'See [pets](#tag/Pets).'},
      components: {schemas: {A: shared, B: shared}},
    });
    const problems = findLinkProblems(twice, linkContextFor(twice, {apiDocsBasePath: '/docs/api'}));
    expect(problems.map((problem) => problem.pointer)).toEqual(['/info/description', '/components/schemas/A/description']);
  });

  it('agrees with the renderer on text that is not a link', () => {
    const quiet = new SpecDocument({
      openapi: '3.1.0',
      info: {title: 'T', version: '1', description: '`[x](/x)` and <a href="/x">raw</a> and\n\n    [x](/x)\n\nand \\[x](/x)'},
    });
    const quietContext = linkContextFor(quiet, {apiDocsBasePath: '/docs/api'});
    expect(findLinkProblems(quiet, quietContext)).toEqual([]);
    expect(hrefsOf(renderMarkdown(quiet.info.description, {links: quietContext}))).toEqual([]);
  });
});

describe('createPageGenerators', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, {recursive: true, force: true});
    dir = undefined;
  });

  it('rewrites links on the pages it writes, against the linkBase option', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'spec-links-'));
    const specPath = path.join(dir, 'openapi.yaml');
    const document = petstoreDocument({tags: [{name: 'Pets', description: 'See [errors](/docs/errors) and [records](#tag/Domain-Records).'}, {name: 'Domain Records'}]});
    writeFileSync(specPath, stringify(document));
    const generators = createPageGenerators({specPath, outputDir: dir, apiDocsBasePath: '/docs/api', linkBase: 'https://vendor.example/'});
    generators.createTagPageMD({id: 'pets', type: 'tag'});
    const page = parsePageModel<TagPageModel>(readFileSync(path.join(dir, 'pets.page.json'), 'utf8'));
    expect(hrefsOf(page.description)).toEqual(['https://vendor.example/docs/errors', '/docs/api/domain-records']);
  });

  it('stops on a SPEC_LINK_BASE that is not an absolute URL', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'spec-links-'));
    const specPath = path.join(dir, 'openapi.yaml');
    writeFileSync(specPath, stringify(petstoreDocument()));
    const generators = createPageGenerators({specPath, outputDir: dir, apiDocsBasePath: '/docs/api', linkBase: 'vendor.example'});
    expect(() => generators.createTagPageMD({id: 'pets', type: 'tag'})).toThrow(new Error('SPEC_LINK_BASE must be an absolute http or https URL (got "vendor.example")'));
  });
});

describe('rendered text across contexts', () => {
  const text = 'See [the pets](#operation/getPets) and [a pet](#tag/Pets).';

  it('is shared by two contexts built from equal descriptions, as npm start builds one per save', () => {
    const again = linkContextFor(new SpecDocument(petstoreDocument()), {apiDocsBasePath: '/docs/api'});
    expect(again).not.toBe(noBase);
    expect(linkContextDigest(again)).toBe(linkContextDigest(noBase));
    expect(renderMarkdown(text, {links: again})).toBe(renderMarkdown(text, {links: noBase}));
  });

  it('is not shared once anything a link resolves by changes', () => {
    const variants: JsonObject[] = [
      {paths: {'/pets': {get: {operationId: 'listPets', tags: ['Pets'], ...ok}}}},
      {paths: {'/pets': {get: {operationId: 'getPets', summary: 'All pets', tags: ['Pets'], ...ok}}}},
      {paths: {'/pets': {get: {operationId: 'getPets', tags: ['Animals'], ...ok}}}},
      {info: {title: 'Petstore', version: '1', description: '# Welcome'}},
      {externalDocs: {url: 'https://plaid.com/docs/'}},
      {components: {schemas: {Pet: {type: 'object'}}}},
    ];
    const digests = new Set([linkContextDigest(noBase)]);
    for (const extra of variants) {
      const context = linkContextFor(new SpecDocument(petstoreDocument(extra)), {apiDocsBasePath: '/docs/api'});
      digests.add(linkContextDigest(context));
    }
    digests.add(linkContextDigest(linkContextFor(petstore, {apiDocsBasePath: '/docs/other'})));
    expect(digests.size).toBe(variants.length + 2);
    const renamed = linkContextFor(new SpecDocument(petstoreDocument(variants[0])), {apiDocsBasePath: '/docs/api'});
    expect(hrefsOf(renderMarkdown(text, {links: renamed}))[0]).not.toBe(hrefsOf(renderMarkdown(text, {links: noBase}))[0]);
  });
});
