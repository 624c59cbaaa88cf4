import type {Plugin} from '@docusaurus/types';

/**
 * The environment variable that makes `docusaurus build` bundle one of its two
 * compilers: `client` or `server`. Unset, it bundles both, as Docusaurus does.
 * `scripts/site-build.ts` sets it for the bundling steps of SITE_BUILD_STEPS=low-memory.
 */
export const BUNDLE_ONLY_VARIABLE = 'MERIDIAN_BUNDLE_ONLY';

export const BUNDLE_NAMES = ['client', 'server'] as const;
export type BundleName = (typeof BUNDLE_NAMES)[number];

/** The compiler `env` asks for, or undefined for both; any other value is an error that names the variable. */
export function bundleOnly(env: NodeJS.ProcessEnv): BundleName | undefined {
  const value = env[BUNDLE_ONLY_VARIABLE];
  if (value === undefined || value === '') return undefined;
  if ((BUNDLE_NAMES as readonly string[]).includes(value)) return value as BundleName;
  throw new Error(`[bundle-steps] ${BUNDLE_ONLY_VARIABLE}=${JSON.stringify(value)}: expected "client" or "server" (or nothing, for both).`);
}

/** The one config named `only` of the configs Docusaurus hands its bundler; throws when there is not exactly one. */
export function onlyConfig<T extends {name?: string}>(configs: T[], only: BundleName): T[] {
  const kept = configs.filter((config) => config.name === only);
  if (kept.length !== 1) {
    const names = configs.map((config) => JSON.stringify(config.name ?? null)).join(', ');
    throw new Error(`[bundle-steps] ${BUNDLE_ONLY_VARIABLE}=${only}: Docusaurus gave its bundler the configs ${names || '(none)'}, not one named "${only}"; the upgrade changed how it bundles (src/plugins/README.md, seam 21).`);
  }
  return kept;
}

type BundlerFactory = (options: unknown, ...rest: unknown[]) => unknown;

/** The bundler Docusaurus compiles with: plugins get the same object in `configureWebpack`'s utilities. */
interface CurrentBundler {
  instance: BundlerFactory;
}

const narrowed = new WeakSet<CurrentBundler>();

/**
 * Makes `bundler.instance`, called with the array of both configs, compile the
 * one named `only`. Everything else the factory carries (its plugin classes)
 * passes through. Idempotent per bundler object.
 */
export function narrowBundler(bundler: CurrentBundler, only: BundleName): void {
  if (narrowed.has(bundler)) return;
  bundler.instance = new Proxy(bundler.instance, {
    apply(target, thisArg, args: unknown[]) {
      const [options, ...rest] = args;
      return Reflect.apply(target, thisArg, [Array.isArray(options) ? onlyConfig(options as {name?: string}[], only) : options, ...rest]);
    },
  });
  narrowed.add(bundler);
}

/**
 * Bundling one compiler per process, for a build short of memory.
 *
 * `docusaurus build` runs its client and server compilers side by side in one
 * process, and the bundler's native memory for both is held until it exits:
 * most of a large build's peak. Docusaurus has no option to
 * bundle one of them; it hands both configs to the bundler's factory, which
 * it takes from the same utilities object plugins get in `configureWebpack`.
 * With MERIDIAN_BUNDLE_ONLY set, this plugin wraps that factory so it
 * compiles the named config alone. `scripts/site-build.ts` runs the steps and
 * keeps each one's output; the site config turns off the MDX cache shared
 * between the two compilers, since the server's waits on the client's.
 */
export default function bundleStepsPlugin(): Plugin {
  const only = bundleOnly(process.env);
  return {
    name: 'bundle-steps',
    configureWebpack(_config, _isServer, {currentBundler}) {
      if (only) narrowBundler(currentBundler as unknown as CurrentBundler, only);
      return {};
    },
  };
}
