import {describe, expect, it} from 'vitest';

import {suggestionQueries, SUGGESTION_QUERIES} from '../suggest';

describe('suggestionQueries', () => {
  it('tries each word alone, then the first half of each longer word', () => {
    expect(suggestionQueries('zzqxv contatc')).toEqual(['zzqxv', 'contatc', 'zzq', 'cont']);
  });

  it('never repeats the query itself, nor a query twice', () => {
    expect(suggestionQueries('contatc')).toEqual(['cont']);
    expect(suggestionQueries('Contatc  contatc')).toEqual(['contatc', 'cont']);
  });

  it('leaves out words under three letters and keeps prefixes at three letters or more', () => {
    expect(suggestionQueries('a to lists')).toEqual(['lists', 'lis']);
    expect(suggestionQueries('abcd')).toEqual([]);
    expect(suggestionQueries('to')).toEqual([]);
  });

  it('counts letters outside the Basic Multilingual Plane as one', () => {
    expect(suggestionQueries('😀😀😀😀😀😀 x')).toEqual(['😀😀😀😀😀😀', '😀😀😀']);
  });

  it(`tries at most ${SUGGESTION_QUERIES} queries`, () => {
    expect(suggestionQueries('alpha bravo charlie delta echo')).toHaveLength(SUGGESTION_QUERIES);
  });
});
