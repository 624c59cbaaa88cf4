import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';

/**
 * The benchmark's own packages (bench/package.json): the peer renderers,
 * Lighthouse and the static server. The site's install never has them; the
 * benchmark installs them into bench/node_modules on its first run, the way
 * `npm run test:real-world` installs corpus/real-world. Everything else the
 * benchmark uses (Docusaurus in the site copies, Playwright, yaml, the
 * Redocly CLI) is the site's, from the root node_modules.
 */
export const BENCH_DIR = __dirname;

/** Where an installed bench package lives, e.g. to copy its browser bundle. */
export function benchPackageDir(name: string, benchDir = BENCH_DIR): string {
  return path.join(benchDir, 'node_modules', name);
}

/** The installed version of a bench package, or null when it is not installed. */
export function benchPackageVersion(name: string, benchDir = BENCH_DIR): string | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(benchPackageDir(name, benchDir), 'package.json'), 'utf8')) as {version?: unknown};
    return typeof manifest.version === 'string' ? manifest.version : null;
  } catch {
    return null;
  }
}

/** `name@version` of each package bench/package.json pins that is missing or at another version. */
export function missingBenchPackages(benchDir = BENCH_DIR): string[] {
  const manifest = JSON.parse(readFileSync(path.join(benchDir, 'package.json'), 'utf8')) as {dependencies?: Record<string, string>};
  return Object.entries(manifest.dependencies ?? {})
    .filter(([name, version]) => benchPackageVersion(name, benchDir) !== version)
    .map(([name, version]) => `${name}@${version}`);
}

/**
 * Installs the packages of `benchDir`'s package.json (bench/ by default; the
 * scale part's Graph description has a package of its own) when one is
 * missing; throws when npm could not.
 */
export function ensureBenchPackages(log: (line: string) => void, benchDir = BENCH_DIR, size = 'once, about 1,000 packages'): void {
  const missing = missingBenchPackages(benchDir);
  if (missing.length === 0) return;
  const where = path.relative(process.cwd(), benchDir) || '.';
  log(`[bench] installing ${missing.join(', ')} into ${where}/node_modules (${where}/package.json; ${size})`);
  const started = performance.now();
  execFileSync('npm', ['install', '--prefix', benchDir, '--ignore-scripts', '--no-audit', '--no-fund'], {
    // stdout stays the report's.
    stdio: ['ignore', process.stderr, process.stderr],
  });
  log(`[bench] installed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const still = missingBenchPackages(benchDir);
  if (still.length > 0) throw new Error(`[bench] npm install --prefix ${where} did not install ${still.join(', ')}`);
}
