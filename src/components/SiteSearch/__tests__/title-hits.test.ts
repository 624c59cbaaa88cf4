import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import {writeTitleLists} from '@site/src/plugins/search/titles-index';

import {correctWithTitleWords, looksLikeTitle, titleHits} from '../title-hits';

describe('looksLikeTitle', () => {
  it('is true for a query of two content words or more', () => {
    expect(looksLikeTitle('Get user')).toBe(true);
    expect(looksLikeTitle('listGroups')).toBe(true);
    expect(looksLikeTitle('the users')).toBe(false);
    expect(looksLikeTitle('userPrincipal')).toBe(true);
    expect(looksLikeTitle('email_marketing')).toBe(true);
    expect(looksLikeTitle('contacts')).toBe(false);
  });
});

describe('correctWithTitleWords', () => {
  const words = ['groups', 'group', 'create', 'channel', 'delete', 'delta', 'search', 'sites', 'list', 'contact'];

  it('replaces a word of five letters or more that no title has by the most used title word one edit away, wherever the typo is', () => {
    expect(correctWithTitleWords('list grups', words)).toBe('list groups');
    expect(correctWithTitleWords('crete contact', words)).toBe('create contact');
    expect(correctWithTitleWords('create chanel', words)).toBe('create channel');
    expect(correctWithTitleWords('serach for sites', words)).toBe('search for sites');
    expect(correctWithTitleWords('delte group', words)).toBe('delete group');
  });

  it('leaves alone title words, their plurals, short words, identifiers and a last word that begins a title word', () => {
    expect(correctWithTitleWords('list groups', words)).toBeUndefined();
    expect(correctWithTitleWords('list contacts', words)).toBeUndefined();
    expect(correctWithTitleWords('lst grp', words)).toBeUndefined();
    expect(correctWithTitleWords('email_marketing', words)).toBeUndefined();
    expect(correctWithTitleWords('create chan', words)).toBeUndefined();
    expect(correctWithTitleWords('create chann', words)).toBeUndefined();
    expect(correctWithTitleWords('zzzzzz', words)).toBeUndefined();
    expect(correctWithTitleWords('list grups', [])).toBeUndefined();
  });
});

describe('titleHits', () => {
  let root: string;
  let server: Server;
  let indexUrl: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'title-hits-'));
    writeTitleLists(root, [
      {url: '/docs/api/users-get.html', meta: {kind: 'operation', title: 'Get user', method: 'get', path: '/users/{user-id}', operationId: 'users.user.GetUser', section: 'users.user'}},
      {url: '/docs/api/me-get.html', meta: {kind: 'operation', title: 'Get user', method: 'get', path: '/me', operationId: 'me.user.GetUser', section: 'me.user'}},
      {url: '/docs/api/reports-user.html', meta: {kind: 'operation', title: 'Get user coverage', method: 'get', path: '/reports/user', operationId: 'reports.GetUser'}},
    ]);
    // A real local server, as the browser fetches the lists.
    server = createServer((request, response) => {
      try {
        const body = readFileSync(path.join(root, decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname)));
        response.writeHead(200, {'content-type': 'application/json'}).end(body);
      } catch {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    indexUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, {recursive: true, force: true});
  });

  it('finds the pages titled as the query, shorter paths first, as hits with method, path, operationId and section', async () => {
    const hits = await titleHits(indexUrl, 'get a user');
    expect(hits.map((hit) => [hit.path, hit.method, hit.apiPath, hit.operationId, hit.section, hit.kind])).toEqual([
      ['/docs/api/me-get', 'GET', '/me', 'me.user.GetUser', 'me.user', 'operation'],
      ['/docs/api/users-get', 'GET', '/users/{user-id}', 'users.user.GetUser', 'users.user', 'operation'],
    ]);
  });

  it('finds nothing for a title no page has, a one-word query, or an index without title lists', async () => {
    expect(await titleHits(indexUrl, 'get users coverage report')).toEqual([]);
    expect(await titleHits(indexUrl, 'user')).toEqual([]);
    expect(await titleHits(`${indexUrl}missing/`, 'get user')).toEqual([]);
  });
});
