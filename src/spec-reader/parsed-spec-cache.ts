import {createHash} from 'node:crypto';
import {mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {wellFormed} from './well-formed';

/** The generated folder the resolved spec lives in (gitignored); a spec file anywhere else is never cached. */
export const RESOLVED_SPEC_DIR = '.spec';

/**
 * The resolved spec's data, kept as JSON next to it, for the steps that read
 * `.spec/openapi.yaml` after the spec step: `npm run gen`, the changelog and
 * the Docusaurus build each parse it (the config's API links, the API
 * resources, the downloads), six parses per build. The YAML parser is slow
 * and memory-hungry on large descriptions; `JSON.parse` of the same data is
 * far cheaper.
 *
 * The first reader parses the YAML and writes `<dir>/.cache/<name>.<sha256>.json`;
 * later readers of the same text (same SHA-256) take the JSON. The data is the
 * same, except that an object the YAML shared through an alias is a copy in
 * each place. A document JSON cannot hold exactly (a non-finite number from
 * `.inf` or `.nan`) is not cached. The cache is only an optimisation: any
 * failure to read or write it means the YAML is parsed, as before. Only
 * files in a `.spec` folder are cached, so that reading a spec elsewhere (the
 * bundled one, a test's) never writes beside it.
 */

/** `.spec/openapi.yaml` → `.spec/.cache` */
export function cacheDirOf(specFile: string): string {
  return path.join(path.dirname(specFile), '.cache');
}

function cacheFileOf(specFile: string, sha256: string): string {
  return path.join(cacheDirOf(specFile), `${path.basename(specFile)}.${sha256}.json`);
}

/** JSON.stringify of `value`, or undefined when JSON would change it (NaN, ±Infinity become null). */
export function exactJson(value: unknown): string | undefined {
  let exact = true;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'number' && !Number.isFinite(item)) exact = false;
    return item;
  });
  return exact ? text : undefined;
}

function writeCache(specFile: string, sha256: string, document: unknown): void {
  const json = exactJson(document);
  if (json === undefined) return;
  writeCacheJson(specFile, sha256, json);
}

/**
 * Seeds the cache of `specFile`, whose text (SHA-256 `sha256`) the spec step
 * has just written with serializeSpec from `document`: what any reader would
 * parse from it is that data with each lone surrogate made U+FFFD, so the
 * first reader after the spec step (the site config's links, in gen) finds
 * it instead of parsing YAML: 4 to 8 s for GitHub's description.
 */
export function seedParsedSpec(specFile: string, sha256: string, document: unknown): void {
  // Only where parseWithCache looks.
  if (path.basename(path.dirname(path.resolve(specFile))) !== RESOLVED_SPEC_DIR) return;
  let exact = true;
  const json = JSON.stringify(document, (_key, item: unknown) => {
    if (typeof item === 'number' && !Number.isFinite(item)) exact = false;
    // serializeSpec writes U+FFFD for a lone surrogate, in keys too.
    if (typeof item === 'string') return wellFormed(item);
    if (typeof item === 'object' && item !== null && !Array.isArray(item) && Object.keys(item).some((key) => wellFormed(key) !== key)) {
      return Object.fromEntries(Object.entries(item).map(([key, value]) => [wellFormed(key), value as unknown]));
    }
    return item;
  });
  if (exact) writeCacheJson(specFile, sha256, json);
}

function writeCacheJson(specFile: string, sha256: string, json: string): void {
  const dir = cacheDirOf(specFile);
  const target = cacheFileOf(specFile, sha256);
  mkdirSync(dir, {recursive: true});
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temporary, json);
  renameSync(temporary, target);
  // Data of texts this file no longer has.
  const prefix = `${path.basename(specFile)}.`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && name.endsWith('.json') && path.join(dir, name) !== target) rmSync(path.join(dir, name), {force: true});
  }
}

/**
 * `parse(text)` of the text of `specFile`, from the cache when it holds the
 * data of exactly this text; `textSha256` is the text's digest when the caller
 * has it already.
 */
export function parseWithCache(text: string, specFile: string, parse: (text: string) => unknown, textSha256?: string): unknown {
  if (path.basename(path.dirname(path.resolve(specFile))) !== RESOLVED_SPEC_DIR) return parse(text);
  const sha256 = textSha256 ?? createHash('sha256').update(text).digest('hex');
  try {
    return JSON.parse(readFileSync(cacheFileOf(specFile, sha256), 'utf8')) as unknown;
  } catch {
    // No cache for this text, or one that cannot be read: parse.
  }
  const document = parse(text);
  try {
    writeCache(specFile, sha256, document);
  } catch {
    // A read-only site, a full disk: the next reader parses again.
  }
  return document;
}
