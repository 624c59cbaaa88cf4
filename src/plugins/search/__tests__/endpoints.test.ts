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
    ]);
    indexDir = site.indexDir;
  }, 60_000);

  afterAll(() => site.remove());

  it('lists each operation page under the first segment of its path, and names the lists in index.json', () => {
    expect(writeEndpointLists(indexDir)).toBe(3);
    const read = (name: string) => JSON.parse(readFileSync(path.join(indexDir, 'endpoints', name), 'utf8'));
    expect(read('index.json')).toEqual(['repos.json', 'users.json', 'v1.json']);
    expect(read('v1.json')).toEqual([['GET', '/v1/contacts/{contactId}', '/docs/api/get-contact.html', 'Retrieve a contact', '', '', 'operation']]);
    expect(read('repos.json')[0].slice(0, 3)).toEqual(['GET', '/repos/{owner}/{repo}/pulls', '/docs/api/list-pulls.html']);
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
