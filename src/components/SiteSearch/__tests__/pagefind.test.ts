import {describe, expect, it} from 'vitest';

import {readHits, typoQueries, type PagefindResult} from '../pagefind';
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
    expect(typoQueries('crete contact')).toEqual(['contact cre', 'contact rce', 'contact cer', 'contact', 'crete con', 'crete ocn', 'crete cno', 'crete']);
    expect(typoQueries('list pull reqeusts')).toEqual(['list pull req', 'list pull erq', 'list pull rqe', 'list pull']);
    expect(typoQueries('mrege a pull request')).toContain('a pull request mer');
  });

  it('leaves alone a query without a word of five letters, and words that are not letters only', () => {
    expect(typoQueries('get user')).toEqual([]);
    expect(typoQueries('email_marketing')).toEqual([]);
    expect(typoQueries('POST /v1/contacts')).toEqual([]);
  });
});
