import {describe, expect, it} from 'vitest';

import {splitQueryTime, type TimedResponse} from '../search-timing';

const isIndexFile = (url: string) => url.includes('/pagefind/');

describe('splitQueryTime', () => {
  it('counts from the last index byte that arrived between the input and the result on screen', () => {
    const responses: TimedResponse[] = [
      {url: '/pagefind/wasm.en.pagefind', finishedAt: 900},
      {url: '/pagefind/index/en_1.pf_index', finishedAt: 1_250},
      {url: '/pagefind/fragment/en_2.pf_fragment', finishedAt: 1_420},
      {url: '/pagefind/fragment/en_3.pf_fragment', finishedAt: 1_400},
      {url: '/pagefind/fragment/en_4.pf_fragment', finishedAt: 1_700},
      {url: '/img/logo.svg', finishedAt: 1_450},
    ];
    expect(splitQueryTime(1_000, 1_500, responses, isIndexFile)).toEqual({
      totalMs: 500,
      afterDownloadMs: 80,
      fetched: ['/pagefind/index/en_1.pf_index', '/pagefind/fragment/en_3.pf_fragment', '/pagefind/fragment/en_2.pf_fragment'],
    });
  });

  it('is the whole time when the query fetched nothing (the index was already loaded)', () => {
    expect(splitQueryTime(1_000, 1_030, [{url: '/pagefind/index/en_1.pf_index', finishedAt: 990}], isIndexFile)).toEqual({totalMs: 30, afterDownloadMs: 30, fetched: []});
  });
});
