import {gunzipSync, gzipSync} from 'node:zlib';

import {describe, expect, it} from 'vitest';

import {gzipSize, median, ratio, round} from '../stats';

describe('median', () => {
  it('takes the middle value of an odd count and the mean of the middle two of an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5])).toBe(5);
  });

  it('ignores failed runs and is null when every run failed', () => {
    expect(median([null, 10, undefined, 30, Number.NaN])).toBe(20);
    expect(median([null, null])).toBeNull();
    expect(median([])).toBeNull();
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('gzipSize', () => {
  it('is the length of the level-9 gzip of the body', () => {
    const body = Buffer.from('function hello(){return "world"}\n'.repeat(200));
    expect(gzipSize(body)).toBe(gzipSync(body, {level: 9}).length);
    expect(gzipSize(body)).toBeLessThan(body.length / 10);
  });

  it('measures strings as UTF-8', () => {
    const text = 'é'.repeat(1000);
    expect(gzipSize(text)).toBe(gzipSync(Buffer.from(text, 'utf8'), {level: 9}).length);
    expect(gunzipSync(gzipSync(Buffer.from(text, 'utf8'))).length).toBe(2000);
  });
});

describe('ratio and round', () => {
  it('divides, and is null without both figures or with a zero reference', () => {
    expect(ratio(300, 100)).toBe(3);
    expect(ratio(null, 100)).toBeNull();
    expect(ratio(100, undefined)).toBeNull();
    expect(ratio(100, 0)).toBeNull();
  });

  it('rounds to a number of decimals, keeping null', () => {
    expect(round(1.23456, 2)).toBe(1.23);
    expect(round(1499.5)).toBe(1500);
    expect(round(null)).toBeNull();
  });
});
