import {parseCommandLine, UsageError} from '../scripts/command-line';
import {DEFAULT_SEED} from './generate-spec';

export const PARTS = ['build', 'pages', 'peers'] as const;
export type Part = (typeof PARTS)[number];

export interface BenchOptions {
  /** Parts to run, in their fixed order. */
  parts: Part[];
  /** Lighthouse and page-load runs per page; figures are medians. */
  runs: number;
  /** Operation counts to build; the bundled spec's own count uses it unchanged. */
  sizes: number[];
  /** An existing production build of the bundled spec to measure pages on, instead of building one. */
  pagesBuild: string | undefined;
  seed: number;
  help: boolean;
}

export const DEFAULT_OPTIONS: Readonly<BenchOptions> = {
  parts: [...PARTS],
  runs: 3,
  sizes: [24, 250, 1000, 2000],
  pagesBuild: undefined,
  seed: DEFAULT_SEED,
  help: false,
};

export const USAGE = `usage: npm run bench -- [options]

  --only=build,pages,peers   run only these parts (default: all three)
  --skip=peers               run all parts but these
  --runs=3                   page loads and Lighthouse runs per page; figures are medians
  --sizes=24,250,1000,2000   operation counts for the build part (24 is the bundled spec)
  --pages-build=build        measure pages on this existing production build of the
                             bundled spec instead of building one in .work/bench/site-24
  --seed=${DEFAULT_SEED}          seed of the generated specs
  --help                     show this text`;

function positiveInteger(flag: string, value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < 1) {
    throw new Error(`[bench] ${flag} takes a positive integer, got "${value}"`);
  }
  return number;
}

function partList(flag: string, value: string): Part[] {
  const names = value.split(',').map((name) => name.trim()).filter((name) => name !== '');
  for (const name of names) {
    if (!(PARTS as readonly string[]).includes(name)) {
      throw new Error(`[bench] unknown part "${name}" in ${flag}; the parts are ${PARTS.join(', ')}`);
    }
  }
  if (names.length === 0) throw new Error(`[bench] ${flag} needs at least one of ${PARTS.join(', ')}`);
  return names as Part[];
}

/** Parses `npm run bench -- ...` arguments; throws a message naming the bad flag. */
export function parseOptions(args: readonly string[]): BenchOptions {
  let values;
  try {
    ({values} = parseCommandLine(args, {
      only: {type: 'string'},
      skip: {type: 'string'},
      runs: {type: 'string'},
      sizes: {type: 'string'},
      'pages-build': {type: 'string'},
      seed: {type: 'string'},
      help: {type: 'boolean', short: 'h'},
    }));
  } catch (error) {
    if (error instanceof UsageError) throw new Error(`[bench] ${error.message} See --help.`);
    throw error;
  }
  const options: BenchOptions = {...DEFAULT_OPTIONS, parts: [...DEFAULT_OPTIONS.parts], sizes: [...DEFAULT_OPTIONS.sizes]};
  options.help = values.help ?? false;
  if (values.only !== undefined) {
    const only = partList('--only', values.only);
    options.parts = PARTS.filter((part) => only.includes(part));
  }
  if (values.skip !== undefined) {
    const skip = partList('--skip', values.skip);
    options.parts = options.parts.filter((part) => !skip.includes(part));
  }
  if (values.runs !== undefined) options.runs = positiveInteger('--runs', values.runs);
  if (values.sizes !== undefined) {
    options.sizes = [...new Set(values.sizes.split(',').map((size) => positiveInteger('--sizes', size.trim())))].sort((a, b) => a - b);
  }
  if (values['pages-build'] !== undefined) {
    if (values['pages-build'].trim() === '') throw new Error('[bench] --pages-build takes a directory, got ""');
    options.pagesBuild = values['pages-build'];
  }
  if (values.seed !== undefined) options.seed = positiveInteger('--seed', values.seed);
  return options;
}
