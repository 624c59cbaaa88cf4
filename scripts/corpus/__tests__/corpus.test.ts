import {describe, expect, it} from 'vitest';

import {reportedBrokenLinks} from '../corpus-site';
import {expectedOperations} from '../expected-operations';
import {normalizeText, parseHtml, routeOfFile, spacedText} from '../html';

describe('expectedOperations', () => {
  it('lists the operations of every path item, with the summary, else operationId, else METHOD /path as title', () => {
    const spec = {
      openapi: '3.1.0',
      paths: {
        '/pets/{id}': {
          summary: 'A path-level summary is not an operation',
          parameters: [{name: 'id', in: 'path', required: true}],
          servers: [{url: 'https://example.com'}],
          'x-internal': true,
          get: {summary: 'Get a pet', operationId: 'getPet'},
          delete: {operationId: 'deletePet'},
          patch: {summary: '  '},
        },
        '/shared': {$ref: '#/components/pathItems/Shared'},
      },
      components: {pathItems: {Shared: {post: {summary: 'Shared post'}}}},
    };
    expect(expectedOperations(spec)).toEqual([
      {method: 'get', path: '/pets/{id}', title: 'Get a pet'},
      {method: 'delete', path: '/pets/{id}', title: 'deletePet'},
      {method: 'patch', path: '/pets/{id}', title: 'PATCH /pets/{id}'},
      {method: 'post', path: '/shared', title: 'Shared post'},
    ]);
  });

  it('titles an operation whose summary is a paragraph (a line break, a Markdown link, over 200 characters) by its operationId, else METHOD /path', () => {
    const spec = {
      openapi: '3.1.0',
      paths: {
        '/a': {get: {operationId: 'getA', summary: 'Gets a.\n\nMore.'}, put: {summary: 'See [docs](https://example.com)'}},
        '/b': {get: {summary: 'b'.repeat(201)}, put: {summary: ` ${'b'.repeat(200)} `}},
      },
    };
    expect(expectedOperations(spec).map((operation) => operation.title)).toEqual(['getA', 'PUT /a', 'GET /b', 'b'.repeat(200)]);
  });

  it('finds nothing in a document without paths', () => {
    expect(expectedOperations({openapi: '3.1.0'})).toEqual([]);
    expect(expectedOperations('not a spec')).toEqual([]);
  });
});

describe('reportedBrokenLinks', () => {
  const log = [
    '[WARNING] Docusaurus found broken links!',
    '- Broken link on source page path = /blog:',
    '   -> linking to /docs/api/meridian-api',
    '- Broken link on source page path = /docs/api/pet:',
    '   -> linking to /docs/api/meridian-api',
    '   -> linking to /docs/api/add-pet-2',
    '[WARNING] Docusaurus found broken anchors!',
    '- Broken anchor on source page path = /docs/api/pet:',
    '   -> linking to /docs/api/meridian-api#authentication',
  ].join('\n');

  it('reports every broken link and anchor, once each', () => {
    expect(reportedBrokenLinks(log)).toEqual([
      'broken link on /blog to /docs/api/meridian-api',
      'broken link on /docs/api/pet to /docs/api/meridian-api',
      'broken link on /docs/api/pet to /docs/api/add-pet-2',
      'broken link on /docs/api/pet to /docs/api/meridian-api#authentication',
    ]);
  });
});

describe('html helpers', () => {
  it('reads text with a space at element boundaries, as the page shows it', () => {
    const document = parseHtml('<p><span>GET</span><code><span>https://api</span>/pets/{id}</code>\u200B<script>x</script></p>');
    expect(spacedText(document)).toBe('GET https://api /pets/{id}');
    expect(normalizeText(' a \n\t b \uD800 ')).toBe('a b \uFFFD');
  });

  it('maps built files to routes', () => {
    expect(routeOfFile('index.html')).toBe('/');
    expect(routeOfFile('docs/api/get-pet.html')).toBe('/docs/api/get-pet');
    expect(routeOfFile('blog/index.html')).toBe('/blog/');
  });
});
