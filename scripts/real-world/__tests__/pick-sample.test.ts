import {describe, expect, it} from 'vitest';

import {mulberry32, sampleDescriptions, SIZE_BOUNDS, sizeClass, type Candidate} from '../pick-sample';

/** A made-up collection: `providers` providers with `perProvider` files each, sizes spread over the three classes. */
function collection(name: string, providers: number, perProvider: number): Candidate[] {
  const candidates: Candidate[] = [];
  for (let provider = 0; provider < providers; provider += 1) {
    for (let file = 0; file < perProvider; file += 1) {
      const bytes = [1_000, 50_000, 500_000][(provider + file) % 3];
      candidates.push({
        file: `${name}/p${provider}/f${file}.json`,
        absolutePath: `/collections/${name}/p${provider}/f${file}.json`,
        collection: name,
        provider: `p${provider}`,
        bytes,
      });
    }
  }
  return candidates;
}

const directory = collection('dir', 60, 4);
const examples = collection('examples', 10, 2);
const all = [...directory, ...examples];

describe('mulberry32', () => {
  it('gives the same numbers for the same seed, in [0, 1)', () => {
    const first = Array.from({length: 5}, mulberry32(7));
    expect(Array.from({length: 5}, mulberry32(7))).toEqual(first);
    expect(Array.from({length: 5}, mulberry32(8))).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });
});

describe('sizeClass', () => {
  it('puts the bounds in the larger class', () => {
    expect(sizeClass(SIZE_BOUNDS.small - 1)).toBe('small');
    expect(sizeClass(SIZE_BOUNDS.small)).toBe('medium');
    expect(sizeClass(SIZE_BOUNDS.medium - 1)).toBe('medium');
    expect(sizeClass(SIZE_BOUNDS.medium)).toBe('large');
  });
});

describe('sampleDescriptions', () => {
  it('gives the same sample for the same seed, whatever order the files are listed in', () => {
    const sample = sampleDescriptions(all, {seed: 2026, count: 12});
    expect(sampleDescriptions([...all].reverse(), {seed: 2026, count: 12})).toEqual(sample);
    expect(sampleDescriptions(all, {seed: 2027, count: 12}).map((pick) => pick.file)).not.toEqual(sample.map((pick) => pick.file));
  });

  it('takes a third from each size class, interleaved so that the first picks cover all three', () => {
    const sample = sampleDescriptions(all, {seed: 1, count: 10});
    const classes = sample.map((pick) => sizeClass(pick.bytes));
    expect(classes.filter((size) => size === 'small')).toHaveLength(4);
    expect(classes.filter((size) => size === 'medium')).toHaveLength(3);
    expect(classes.filter((size) => size === 'large')).toHaveLength(3);
    expect(classes.slice(0, 6)).toEqual(['small', 'medium', 'large', 'small', 'medium', 'large']);
  });

  it('takes at most one description per provider of a collection', () => {
    const sample = sampleDescriptions(all, {seed: 3, count: 60});
    const providers = sample.map((pick) => `${pick.collection}/${pick.provider}`);
    expect(new Set(providers).size).toBe(providers.length);
  });

  it('gives a collection with a share its part of the sample', () => {
    const sample = sampleDescriptions(all, {seed: 4, count: 20, shares: {examples: 0.25}});
    expect(sample).toHaveLength(20);
    expect(sample.filter((pick) => pick.collection === 'examples')).toHaveLength(5);
    expect(sampleDescriptions(all, {seed: 4, count: 20}).filter((pick) => pick.collection === 'examples').length).toBeLessThan(5);
  });

  it('makes up a class short of providers from the others, and stops when there are none left', () => {
    const smallOnly = directory.filter((candidate) => sizeClass(candidate.bytes) !== 'large');
    const sample = sampleDescriptions(smallOnly, {seed: 5, count: 9});
    expect(sample).toHaveLength(9);
    expect(sample.some((pick) => sizeClass(pick.bytes) === 'large')).toBe(false);
    expect(sampleDescriptions(examples, {seed: 5, count: 50})).toHaveLength(10);
  });
});
