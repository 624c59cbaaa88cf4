import {describe, expect, it} from 'vitest';

import {filterAllows, pagefindFilters, passesFilters, readHits, typoQueries, type PagefindResult} from '../pagefind';
import type {SearchHit} from '../ranking';
import type {PagefindResultData} from '../ranking';

/** A Pagefind result whose data arrive when the test says so. */
function deferredResult(name: string): {result: PagefindResult; arrive: () => void; fail: () => void} {
  let arrive = () => {};
  let fail = () => {};
  const data = new Promise<PagefindResultData>((resolve, reject) => {
    arrive = () => resolve({url: `/docs/api/${name}.html`, excerpt: '', meta: {title: name}});
    fail = () => reject(new Error(`no fragment for ${name}`));
  });
  return {result: {id: name, data: () => data}, arrive, fail};
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('readHits', () => {
  it('reports the first hits as soon as they are in, before the rest, then resolves with all in order', async () => {
    const results = ['a', 'b', 'c', 'd'].map(deferredResult);
    const reported: string[][] = [];
    const all = readHits(
      results.map(({result}) => result),
      2,
      (hits) => reported.push(hits.map((hit) => hit.title)),
    );
    results[3]!.arrive();
    results[1]!.arrive();
    await settle();
    expect(reported).toEqual([]);
    results[0]!.arrive();
    await settle();
    expect(reported).toEqual([['a', 'b']]);
    results[2]!.arrive();
    expect((await all).map((hit) => hit.title)).toEqual(['a', 'b', 'c', 'd']);
    expect(reported).toHaveLength(1);
  });

  it('does not report the first hits when every hit is in by then, or when there are no more than those', async () => {
    const results = ['a', 'b', 'c'].map(deferredResult);
    const reported: string[][] = [];
    const onFirst = (hits: {title: string}[]) => reported.push(hits.map((hit) => hit.title));
    results[2]!.arrive();
    results[1]!.arrive();
    results[0]!.arrive();
    await readHits(
      results.map(({result}) => result),
      2,
      onFirst,
    );
    await readHits(
      results.slice(0, 2).map(({result}) => result),
      2,
      onFirst,
    );
    await settle();
    expect(reported).toEqual([]);
  });

  it('rejects when a fragment cannot be read, without reporting the first hits twice or throwing elsewhere', async () => {
    const results = ['a', 'b', 'c'].map(deferredResult);
    const reported: string[][] = [];
    const all = readHits(
      results.map(({result}) => result),
      1,
      (hits) => reported.push(hits.map((hit) => hit.title)),
    );
    results[0]!.fail();
    await expect(all).rejects.toThrow('no fragment for a');
    await settle();
    expect(reported).toEqual([]);
  });
});

describe('typoQueries', () => {
  it('cuts each word of five letters or more to a prefix put last, then drops it, for a typo anywhere in it', () => {
    expect(typoQueries('crete contact')).toEqual(['contact cre', 'contact rce', 'contact cer', 'contact crt', 'contact', 'crete con', 'crete ocn', 'crete cno', 'crete cot', 'crete']);
    expect(typoQueries('list pull reqeusts')).toEqual(['list pull req', 'list pull erq', 'list pull rqe', 'list pull ree', 'list pull']);
    expect(typoQueries('mrege a pull request')).toContain('a pull request mer');
    expect(typoQueries('get a brnach')).toEqual(['get a brn', 'get a rbn', 'get a bnr', 'get a bra', 'get a']);
  });

  it('leaves alone a query without a word of five letters, and words that are not letters only', () => {
    expect(typoQueries('get user')).toEqual([]);
    expect(typoQueries('email_marketing')).toEqual([]);
    expect(typoQueries('POST /v1/contacts')).toEqual([]);
  });
});

describe('filters on hits found without Pagefind (the endpoint lists)', () => {
  const hit = (version?: string): SearchHit => ({
    path: '/docs/api/update-action',
    title: 'Update an action',
    section: 'Actions, Tasks',
    kind: 'operation',
    method: 'PATCH',
    apiPath: '/v1/actions/{actionId}',
    ...(version ? {version} : {}),
    excerpt: '',
    content: '',
  });

  it('leaves out an older version when the scope names the others, as Pagefind leaves out their pages', () => {
    const scope = {version: {none: ['2.2.0', '2.1.0']}};
    expect(passesFilters(hit('2.3.0'), scope)).toBe(true);
    expect(passesFilters(hit('2.2.0'), scope)).toBe(false);
    expect(passesFilters(hit(), scope)).toBe(true);
    expect(passesFilters(hit('2.2.0'), {version: '2.2.0'})).toBe(true);
    expect(passesFilters(hit('2.3.0'), {version: ['2.1.0', '2.2.0']})).toBe(false);
  });

  it('tells two APIs’ versions of one name apart by their keys', () => {
    const scope = {version: {none: ['meridian@2.2.0', 'meridian@2.1.0']}};
    expect(passesFilters(hit('partner@2.2.0'), scope)).toBe(true);
    expect(passesFilters(hit('meridian@2.2.0'), scope)).toBe(false);
  });

  it('checks kind and tag, and does not hold a filter it cannot tell against the hit', () => {
    expect(passesFilters(hit(), {kind: 'operation', tag: 'Tasks'})).toBe(true);
    expect(passesFilters(hit(), {kind: 'schema'})).toBe(false);
    expect(passesFilters(hit(), {tag: 'Contacts'})).toBe(false);
    expect(passesFilters(hit(), {colour: 'blue', kind: ''})).toBe(true);
  });

  it('tells which kinds of page a filter lets through, exclusions and lists included', () => {
    expect(filterAllows(undefined, 'kind', ['schema'])).toBe(true);
    expect(filterAllows({kind: ''}, 'kind', ['schema'])).toBe(true);
    expect(filterAllows({kind: 'operation'}, 'kind', ['schema'])).toBe(false);
    expect(filterAllows({kind: ['webhook', 'schema']}, 'kind', ['schema'])).toBe(true);
    expect(filterAllows({kind: {none: ['operation']}}, 'kind', ['operation'])).toBe(false);
    expect(filterAllows({kind: {none: ['operation']}}, 'kind', ['schema'])).toBe(true);
    expect(filterAllows({tag: 'Contacts'}, 'kind', ['schema'])).toBe(true);
  });

  it('passes the same filters to Pagefind: lists as any, exclusions as none, empty ones left out', () => {
    expect(pagefindFilters({kind: 'schema', tag: ['A', 'B'], version: {none: ['2.2.0']}, empty: ''})).toEqual({
      kind: 'schema',
      tag: {any: ['A', 'B']},
      version: {none: ['2.2.0']},
    });
    expect(pagefindFilters({kind: ''})).toBeUndefined();
  });
});
