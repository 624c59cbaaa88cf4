import {parseCommandLine, UsageError} from '../scripts/command-line';
import {DEFAULT_SEED} from './generate-spec';
import {SEARCH_SITES, type SearchSite} from './search-sites';

/** The versions part's builds (bench/versions-bench.ts, which imports these): Meridian with no release, its releases, ten synthetic ones more, and GitHub's description as a second API. */
export const VERSIONS_SCENARIOS = ['none', 'meridian', 'synthetic', 'github'] as const;
export type VersionsScenarioName = (typeof VERSIONS_SCENARIOS)[number];

export const PARTS = ['build', 'pages', 'peers', 'scale', 'dev', 'versions', 'search'] as const;
export type Part = (typeof PARTS)[number];

/** What `npm run bench` runs without --only: the other parts take long or measure one thing, so they run only when asked. */
export const DEFAULT_PARTS: readonly Part[] = ['build', 'pages', 'peers'];

/** Descriptions the dev part can preview; see bench/dev-bench.ts. */
export const DEV_SPECS = ['meridian', 'github'] as const;
export type DevSpecName = (typeof DEV_SPECS)[number];

/** Public descriptions the scale part can build; see bench/scale-bench.ts. */
export const SCALE_SPECS = ['github', 'graph'] as const;
export type ScaleSpecName = (typeof SCALE_SPECS)[number];

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
  /** Descriptions the scale part builds, in their fixed order. */
  scale: ScaleSpecName[];
  /** Limit on each scale build in minutes; undefined: each description's own default. */
  scaleTimeoutMinutes: number | undefined;
  /** Whether the scale part rebuilds each description after an edit (off: sizes and the first build only, half the time). */
  scaleRebuild: boolean;
  /** Descriptions the dev part previews with `npm start`, in their fixed order. */
  dev: DevSpecName[];
  /** Port on 127.0.0.1 where the dev part's `npm start` listens, away from a developer's own on 3000. */
  devPort: number;
  /** Sites the search part builds and queries (bench/search-quality.ts). */
  search: SearchSite[];
  /** Query a site's earlier build in .work/bench/search-<site>/ instead of building it again, when there is one. */
  searchReuse: boolean;
  /** Builds the versions part runs, in their fixed order. */
  versions: VersionsScenarioName[];
  help: boolean;
}

export const DEFAULT_OPTIONS: Readonly<BenchOptions> = {
  parts: [...DEFAULT_PARTS],
  runs: 3,
  sizes: [24, 250, 1000, 2000],
  pagesBuild: undefined,
  seed: DEFAULT_SEED,
  scale: ['github'],
  scaleTimeoutMinutes: undefined,
  scaleRebuild: true,
  dev: ['meridian'],
  devPort: 4335,
  search: [...SEARCH_SITES],
  searchReuse: false,
  versions: [...VERSIONS_SCENARIOS],
  help: false,
};

export const USAGE = `usage: npm run bench -- [options]

  --only=build,pages,peers   run only these parts (default: build, pages, peers);
                             scale, dev, versions and search run only when named here:
                             scale and search take 10 min or more; dev times npm start
                             on a cold copy and edits; versions builds Meridian with its
                             releases, with ten synthetic ones, and with none
  --skip=peers               run the default parts but these
  --runs=3                   page loads and Lighthouse runs per page; figures are medians
  --sizes=24,250,1000,2000   operation counts for the build part (24 is the bundled spec)
  --pages-build=build        measure pages on this existing production build of the
                             bundled spec instead of building one in .work/bench/site-24
  --seed=${DEFAULT_SEED}          seed of the generated specs
  --scale=github             descriptions the scale part builds: github (1,223 operations,
                             10 to 25 min on 2 cores), graph (Microsoft Graph v1.0, 11,422
                             operations; installs a 400 MB package on first use; its build
                             goes over the 14 GB memory limit at which a scale build stops)
  --scale-timeout=<minutes>  limit on each build of the scale and search parts (default:
                             github 30, graph 60)
  --scale-no-rebuild         skip the scale part's rebuild after an edit (Graph's takes
                             20 min); sizes, memory and pages are measured as always
  --dev=meridian             descriptions the dev part previews with npm start (runs only
                             when named in --only): meridian, github (installs the scale
                             part's 250 MB package on first use)
  --dev-port=4335            port on 127.0.0.1 for the dev part's npm start
  --search=meridian,github,graph
                             sites the search part (--only=search) builds and types the
                             labelled queries of bench/search-queries.json into
  --search-reuse             query a site's earlier build in .work/bench/search-<site>/
                             instead of building it again (Graph takes 25 min)
  --versions=none,meridian,synthetic,github
                             builds the versions part (--only=versions) makes: Meridian
                             with no release, with its releases, with ten synthetic ones
                             more, and with GitHub's description as a second API (10 to
                             25 min on 2 cores; installs the scale part's package)
  --help                     show this text`;

function positiveInteger(flag: string, value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < 1) {
    throw new Error(`[bench] ${flag} takes a positive integer, got "${value}"`);
  }
  return number;
}

/** A comma-separated list of names from `known`, in the order of `known`; throws naming the flag and the unknown name. */
function nameList<Name extends string>(flag: string, value: string, known: readonly Name[], what: string): Name[] {
  const names = value.split(',').map((name) => name.trim()).filter((name) => name !== '');
  for (const name of names) {
    if (!(known as readonly string[]).includes(name)) {
      throw new Error(`[bench] unknown ${what} "${name}" in ${flag}; the ${what}s are ${known.join(', ')}`);
    }
  }
  if (names.length === 0) throw new Error(`[bench] ${flag} needs at least one of ${known.join(', ')}`);
  return known.filter((name) => names.includes(name));
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
      scale: {type: 'string'},
      'scale-timeout': {type: 'string'},
      'scale-no-rebuild': {type: 'boolean'},
      dev: {type: 'string'},
      'dev-port': {type: 'string'},
      search: {type: 'string'},
      'search-reuse': {type: 'boolean'},
      versions: {type: 'string'},
      help: {type: 'boolean', short: 'h'},
    }));
  } catch (error) {
    if (error instanceof UsageError) throw new Error(`[bench] ${error.message} See --help.`);
    throw error;
  }
  const options: BenchOptions = {
    ...DEFAULT_OPTIONS,
    parts: [...DEFAULT_OPTIONS.parts],
    sizes: [...DEFAULT_OPTIONS.sizes],
    scale: [...DEFAULT_OPTIONS.scale],
    dev: [...DEFAULT_OPTIONS.dev],
    search: [...DEFAULT_OPTIONS.search],
    versions: [...DEFAULT_OPTIONS.versions],
  };
  options.help = values.help ?? false;
  if (values.only !== undefined) {
    options.parts = nameList('--only', values.only, PARTS, 'part');
  }
  if (values.skip !== undefined) {
    const skip = nameList('--skip', values.skip, PARTS, 'part');
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
  if (values.scale !== undefined) options.scale = nameList('--scale', values.scale, SCALE_SPECS, 'description');
  if (values['scale-timeout'] !== undefined) options.scaleTimeoutMinutes = positiveInteger('--scale-timeout', values['scale-timeout']);
  options.scaleRebuild = !(values['scale-no-rebuild'] ?? false);
  if (!options.scaleRebuild && !options.parts.includes('scale')) {
    throw new Error('[bench] --scale-no-rebuild sets up the scale part, which runs only when asked: add --only=scale');
  }
  if (values.dev !== undefined) {
    options.dev = nameList('--dev', values.dev, DEV_SPECS, 'description');
    if (!options.parts.includes('dev')) throw new Error('[bench] --dev sets up the dev part, which runs only when asked: add --only=dev');
  }
  if (values['dev-port'] !== undefined) {
    options.devPort = positiveInteger('--dev-port', values['dev-port']);
    if (options.devPort > 65535) throw new Error(`[bench] --dev-port takes a port from 1 to 65535, got "${values['dev-port']}"`);
    if (!options.parts.includes('dev')) throw new Error('[bench] --dev-port sets up the dev part, which runs only when asked: add --only=dev');
  }
  if (values.search !== undefined) options.search = nameList('--search', values.search, SEARCH_SITES, 'site');
  options.searchReuse = values['search-reuse'] ?? false;
  if ((values.search !== undefined || options.searchReuse) && !options.parts.includes('search')) {
    throw new Error('[bench] --search and --search-reuse set up the search part, which runs only when asked: add --only=search');
  }
  if (values.versions !== undefined) {
    options.versions = nameList('--versions', values.versions, VERSIONS_SCENARIOS, 'versions build');
    if (!options.parts.includes('versions')) throw new Error('[bench] --versions sets up the versions part, which runs only when asked: add --only=versions');
  }
  if (values.scale !== undefined && !options.parts.includes('scale')) {
    throw new Error('[bench] --scale sets up the scale part, which runs only when asked: add --only=scale');
  }
  // The search part builds GitHub's and Graph's sites with the scale part's limit.
  if (values['scale-timeout'] !== undefined && !options.parts.includes('scale') && !options.parts.includes('search')) {
    throw new Error('[bench] --scale-timeout limits the builds of the scale and search parts, which run only when asked: add --only=scale or --only=search');
  }
  return options;
}
