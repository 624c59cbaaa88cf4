import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import {nameBucket} from '../name-key';
import type {IndexedPage} from '../names-index';
import {titleKey} from '../title-key';
import {TITLE_PAGES, writeTitleLists, type TitleBucket} from '../titles-index';

const operation = (url: string, title: string, apiPath: string, version?: string): IndexedPage => ({
  url,
  meta: {kind: 'operation', title, method: 'GET', path: apiPath, operationId: url.slice(1), ...(version ? {version} : {})},
});

describe('writeTitleLists', () => {
  let indexDir: string;
  let report: ReturnType<typeof writeTitleLists>;
  const pages: IndexedPage[] = [
    {url: '/docs/api/schemas/user.html', meta: {kind: 'schema', title: 'User account'}},
    operation('/docs/api/users-get.html', 'Get user', '/users/{user-id}'),
    operation('/docs/api/me-get.html', 'Get a user', '/me'),
    operation('/docs/api/reports-get-user-coverage.html', 'Get user coverage', '/reports/user/coverage'),
    operation('/docs/api/users-get-old.html', 'Get user', '/users/{user-id}', 'graph@0.9'),
    {url: '/docs/api/users.html', meta: {kind: 'guide', title: 'Users'}, filters: {tag: ['Users']}},
    {url: '/docs/intro.html', meta: {kind: 'guide', title: 'Introduction to groups'}},
    {url: '/docs/api/schemas/access-token.html', meta: {kind: 'schema', title: 'AccessToken'}},
    {url: '/docs/api/access-tokens.html', meta: {kind: 'guide', title: 'Access Tokens'}, filters: {tag: ['Access Tokens']}},
    ...Array.from({length: TITLE_PAGES + 2}, (_, index) => operation(`/docs/api/count-${index}.html`, 'Get the number of the resource', `/r${index}/$count`)),
    operation('/docs/api/groups-list.html', 'List groups', '/groups'),
    operation('/docs/api/groups-list-members.html', 'List members of a group', '/groups/{group-id}/members'),
    operation('/docs/api/me-list-groups.html', 'List groups for me (v2)', '/me/groups'),
  ];

  beforeAll(() => {
    indexDir = mkdtempSync(path.join(tmpdir(), 'titles-test-'));
    report = writeTitleLists(indexDir, pages);
  });

  afterAll(() => rmSync(indexDir, {recursive: true, force: true}));

  /** The pages listed for a query's key, read back through the buckets as the browser reads them. */
  const lookup = (query: string): string[] => {
    const {buckets} = JSON.parse(readFileSync(path.join(indexDir, 'titles/index.json'), 'utf8')) as {buckets: number};
    const key = titleKey(query);
    const bucket = JSON.parse(readFileSync(path.join(indexDir, `titles/${nameBucket(key, buckets)}.json`), 'utf8')) as TitleBucket;
    return (bucket.titles.find(([listed]) => listed === key)?.[1] ?? []).map((page) => bucket.pages[page][0]);
  };

  it('lists the pages whose title is the query, small words and plurals aside: operations first, shorter paths first, per version', () => {
    expect(lookup('get users')).toEqual(['/docs/api/me-get.html', '/docs/api/users-get.html', '/docs/api/users-get-old.html']);
    expect(lookup('Get user coverage')).toEqual(['/docs/api/reports-get-user-coverage.html']);
    expect(lookup('user account')).toEqual(['/docs/api/schemas/user.html']);
    expect(lookup('List members of group')).toEqual(['/docs/api/groups-list-members.html']);
  });

  it('lists a tag page before a schema page of the same name (camelCase split)', () => {
    expect(lookup('access token')).toEqual(['/docs/api/access-tokens.html', '/docs/api/schemas/access-token.html']);
  });

  it('gives each listed page its data as the names lists do', () => {
    const {buckets} = JSON.parse(readFileSync(path.join(indexDir, 'titles/index.json'), 'utf8')) as {buckets: number};
    const bucket = JSON.parse(readFileSync(path.join(indexDir, `titles/${nameBucket('get user', buckets)}.json`), 'utf8')) as TitleBucket;
    expect(bucket.pages).toContainEqual(['/docs/api/users-get-old.html', 'Get user', '', 'operation', 'GET', '/users/{user-id}', 'docs/api/users-get-old.html', 'graph@0.9']);
  });

  it('keeps TITLE_PAGES pages of a title at most, and no title of one content word (the names lists hold those)', () => {
    expect(lookup('Get the number of the resource')).toHaveLength(TITLE_PAGES);
    expect(lookup('users')).toEqual([]);
    expect(report.titles).toBe(9);
  });

  it('lists the words of operation and tag titles of four letters or more, most used first', () => {
    const words = JSON.parse(readFileSync(path.join(indexDir, 'titles/words.json'), 'utf8')) as string[];
    expect(words.slice(0, 4)).toEqual(['number', 'resource', 'user', 'list']);
    expect(words).toContain('groups');
    expect(words).toContain('users');
    // Not from a schema's or guide's title, nor shorter than four letters or with digits.
    expect(words).not.toContain('account');
    expect(words).not.toContain('introduction');
    expect(words).not.toContain('get');
    expect(report.words).toBe(words.length);
  });

  it('writes every bucket, so the browser never asks for a missing file', () => {
    const {buckets} = JSON.parse(readFileSync(path.join(indexDir, 'titles/index.json'), 'utf8')) as {buckets: number};
    expect(buckets).toBe(report.buckets);
    for (let bucket = 0; bucket < buckets; bucket += 1) expect(() => readFileSync(path.join(indexDir, `titles/${bucket}.json`))).not.toThrow();
  });
});
