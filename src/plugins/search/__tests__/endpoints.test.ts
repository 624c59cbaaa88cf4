import {readFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import {segmentFileName, writeEndpointLists} from '../endpoints.mjs';
import {segmentFileName as browserSegmentFileName} from '../../../components/SiteSearch/endpoints';
import {writePagefindSite, type PagefindSite} from './helpers/pagefind-site';

const PAGES = [
  {file: 'docs/api/get-contact.html', title: 'Retrieve a contact', method: 'GET', path: '/v1/contacts/{contactId}'},
  {file: 'docs/api/list-pulls.html', title: 'List pull requests', method: 'GET', path: '/repos/{owner}/{repo}/pulls'},
  {file: 'docs/api/get-user.html', title: 'Get user', method: 'GET', path: '/users/{user-id}'},
];

describe('writeEndpointLists', () => {
  let site: PagefindSite;
  let indexDir: string;

  beforeAll(async () => {
    site = await writePagefindSite('endpoints-test-', [
      ...PAGES.map((page): [string, string] => [
        page.file,
        `<html><body><div data-pagefind-body><h1>${page.title}</h1><div data-pagefind-meta="kind:operation"><div data-pagefind-meta="method:${page.method}"><span data-pagefind-meta="path">${page.path}</span></div></div><p>Text.</p></div></body></html>`,
      ]),
      ['docs/guide.html', '<html><body><div data-pagefind-body><h1>Guide</h1><p>No endpoint.</p></div></body></html>'],
      // Another API's pages (src/apis/): a version key on the body and the API's label, as DocItem/Content writes them.
      ...['2.0.0', '1.0.0'].map((version): [string, string] => [
        version === '2.0.0' ? 'docs/apis/petstore/get-pet-by-id.html' : `docs/apis/petstore/${version}/get-pet-by-id.html`,
        `<html><body><div data-pagefind-body data-pagefind-meta="version:petstore@${version}"><div data-pagefind-meta="api:Petstore"><h1>Find pet by ID</h1><div data-pagefind-meta="kind:operation"><div data-pagefind-meta="method:GET"><span data-pagefind-meta="path">/pet/{petId}</span></div><span data-pagefind-meta="section">pet</span></div></div></div></body></html>`,
      ]),
    ]);
    indexDir = site.indexDir;
  }, 60_000);

  afterAll(() => site.remove());

  it('lists each operation page under the first segment of its path, and names the lists in index.json', () => {
    expect(writeEndpointLists(indexDir)).toBe(5);
    const read = (name: string) => JSON.parse(readFileSync(path.join(indexDir, 'endpoints', name), 'utf8'));
    expect(read('index.json')).toEqual(['pet.json', 'repos.json', 'users.json', 'v1.json']);
    expect(read('v1.json')).toEqual([['GET', '/v1/contacts/{contactId}', '/docs/api/get-contact.html', 'Retrieve a contact', '', '', 'operation']]);
    expect(read('repos.json')[0].slice(0, 3)).toEqual(['GET', '/repos/{owner}/{repo}/pulls', '/docs/api/list-pulls.html']);
  });

  it('gives another API’s operations their section, version key and API label', () => {
    const pets = (JSON.parse(readFileSync(path.join(indexDir, 'endpoints', 'pet.json'), 'utf8')) as string[][]).sort((a, b) => a[2].localeCompare(b[2]));
    expect(pets).toEqual([
      ['GET', '/pet/{petId}', '/docs/apis/petstore/1.0.0/get-pet-by-id.html', 'Find pet by ID', 'pet', '', 'operation', 'petstore@1.0.0', 'Petstore'],
      ['GET', '/pet/{petId}', '/docs/apis/petstore/get-pet-by-id.html', 'Find pet by ID', 'pet', '', 'operation', 'petstore@2.0.0', 'Petstore'],
    ]);
  });
});

describe('segmentFileName', () => {
  it('is the same in the build and in the browser, and keeps a file name safe', () => {
    for (const segment of ['v1', 'Repos', 'rate_limit', '{owner}', 'v1.0', '..', '']) {
      expect(browserSegmentFileName(segment), segment).toBe(segmentFileName(segment));
    }
    expect(segmentFileName('{owner}')).toBe('_owner_.json');
    expect(segmentFileName('')).toBe('_.json');
  });
});
