import path from 'node:path';

import {SpecConfigError} from '../spec-reader/spec-errors.js';
import {redactUrl, specUrlFromProxyBase} from './urls.js';

/**
 * The environment variables that choose and shape the spec source. The CLI
 * reads them once from `process.env` and passes them in, so tests pass their
 * own. Nothing else chooses the spec.
 */
export interface SpecEnv {
  /** A local path; wins over everything else. */
  SPEC_FILE?: string | undefined;
  /** The proxy's base URL; the build fetches `<SPEC_PROXY_URL>/api/swagger-yaml`. */
  SPEC_PROXY_URL?: string | undefined;
  /** Bearer token for the proxy. Never printed or written. */
  SPEC_PROXY_TOKEN?: string | undefined;
  /** `1` makes any failure end the build instead of falling back. */
  SPEC_STRICT?: string | undefined;
  /** Bound on one fetch attempt (connect, headers and whole body), in ms. */
  SPEC_TIMEOUT_MS?: string | undefined;
  /** `strict` refuses a description with problems; `publish` (the default) publishes it with them listed. */
  SPEC_VALIDATION?: string | undefined;
  /** Where links in spec text that are relative to the vendor's site resolve (an absolute http(s) URL). */
  SPEC_LINK_BASE?: string | undefined;
  /** Comma-separated local paths of OpenAPI Overlay 1.0 documents, applied in order. */
  SPEC_OVERLAYS?: string | undefined;
  /** Largest description (and overlay) file read from disk: bytes, or a number with KB, MB or GB (binary units). */
  SPEC_MAX_BYTES?: string | undefined;
}

/** The spec step's variables from `environment`: what `npm run spec` and `npm start` read, and nothing else. */
export function readSpecEnv(environment: NodeJS.ProcessEnv): SpecEnv {
  return {
    SPEC_FILE: environment.SPEC_FILE,
    SPEC_PROXY_URL: environment.SPEC_PROXY_URL,
    SPEC_PROXY_TOKEN: environment.SPEC_PROXY_TOKEN,
    SPEC_STRICT: environment.SPEC_STRICT,
    SPEC_TIMEOUT_MS: environment.SPEC_TIMEOUT_MS,
    SPEC_VALIDATION: environment.SPEC_VALIDATION,
    SPEC_LINK_BASE: environment.SPEC_LINK_BASE,
    SPEC_OVERLAYS: environment.SPEC_OVERLAYS,
    SPEC_MAX_BYTES: environment.SPEC_MAX_BYTES,
  };
}

/** What the spec step does with a description that has problems but can be published. */
export type ValidationMode = 'publish' | 'strict';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** The cap on a description file when SPEC_MAX_BYTES is unset: 25 MB (binary). */
export const DEFAULT_SPEC_MAX_BYTES = 25 * 1024 * 1024;
/** Node cannot hold a longer string than about 512 MB of text, so no larger description can be parsed. */
export const MAX_SPEC_MAX_BYTES = 512 * 1024 * 1024;
export const MAX_TIMEOUT_MS = 600_000;
/** Where the bundled spec lives, relative to the site root. */
export const BUNDLED_SPEC_PATH = 'openapi/meridian.yaml';
/** Where the resolved spec is written, relative to the site root. */
export const OUT_DIR = '.spec';

export type SpecSourceKind = 'file' | 'proxy' | 'bundled';

export type SpecSource =
  | {kind: 'file' | 'bundled'; path: string; location: string}
  | {kind: 'proxy'; url: URL; location: string};

/** An overlay named in SPEC_OVERLAYS: its absolute path, and the path as messages and provenance show it. */
export interface OverlayFile {
  path: string;
  location: string;
}

export interface SpecConfig {
  source: SpecSource;
  strict: boolean;
  validation: ValidationMode;
  /** SPEC_LINK_BASE, checked; undefined: derived from the spec (externalDocs.url, else the first server). */
  linkBase: string | undefined;
  timeoutMs: number;
  token: string | undefined;
  /** SPEC_OVERLAYS, in the order given; empty when unset. */
  overlays: OverlayFile[];
  /** SPEC_MAX_BYTES: the largest description or overlay file read from disk (the proxy fetch has its own bound). */
  maxBytes: number;
  /** Notes about variables that were set but not used. */
  notices: string[];
}

// CI systems often define a variable as empty rather than leaving it out.
function present(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** A path for messages and provenance: relative to the root when inside it, so no build machine paths leak. */
export function displayPath(root: string, absolutePath: string): string {
  const relative = path.relative(root, absolutePath);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
    ? relative.split(path.sep).join('/')
    : absolutePath;
}

export function parseStrict(value: string | undefined): boolean {
  const normalized = present(value)?.trim().toLowerCase();
  if (normalized === undefined || ['0', 'false', 'no'].includes(normalized)) return false;
  if (['1', 'true', 'yes'].includes(normalized)) return true;
  // An unrecognised value is far more likely a strict intent ("on") than not;
  // guessing either way silently is worse than stopping.
  throw new SpecConfigError(`SPEC_STRICT must be 1 or 0 (got "${value}")`);
}

export function parseValidation(value: string | undefined): ValidationMode {
  const normalized = present(value)?.trim().toLowerCase();
  if (normalized === undefined || normalized === 'publish') return 'publish';
  if (normalized === 'strict') return 'strict';
  throw new SpecConfigError(`SPEC_VALIDATION must be "strict" or "publish" (got "${value}")`);
}

export function parseLinkBase(value: string | undefined): string | undefined {
  const trimmed = present(value)?.trim();
  if (trimmed === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(trimmed);
  } catch {
    url = undefined;
  }
  if (url === undefined || !['http:', 'https:'].includes(url.protocol)) {
    throw new SpecConfigError(`SPEC_LINK_BASE must be an absolute http or https URL (got "${value}")`);
  }
  return trimmed;
}

export function parseTimeoutMs(value: string | undefined): number {
  const trimmed = present(value)?.trim();
  if (trimmed === undefined) return DEFAULT_TIMEOUT_MS;
  const timeoutMs = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  // The upper bound also keeps setTimeout from overflowing (it fires at once
  // beyond 2^31 - 1 ms); no spec fetch should take ten minutes.
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) {
    throw new SpecConfigError(
      `SPEC_TIMEOUT_MS must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (got "${value}")`,
    );
  }
  return timeoutMs;
}

const BYTE_UNITS: ReadonlyMap<string, number> = new Map([
  ['', 1],
  ['B', 1],
  ['KB', 1024],
  ['MB', 1024 ** 2],
  ['GB', 1024 ** 3],
]);

/** SPEC_MAX_BYTES: `52428800`, `50MB`, `0.5 GB` (binary units, as the default 25 MB is 25 × 1024 × 1024). */
export function parseMaxBytes(value: string | undefined): number {
  const trimmed = present(value)?.trim();
  if (trimmed === undefined) return DEFAULT_SPEC_MAX_BYTES;
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(trimmed);
  const unit = match ? BYTE_UNITS.get(match[2]!.toUpperCase()) : undefined;
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1024 || bytes > MAX_SPEC_MAX_BYTES) {
    throw new SpecConfigError(
      `SPEC_MAX_BYTES must be a size from 1 KB to 512 MB, in bytes or with KB, MB or GB (for example 64MB) (got "${value}")`,
    );
  }
  return bytes;
}

/** SPEC_OVERLAYS: local paths, relative to the root like SPEC_FILE, in the order they are applied. */
export function parseOverlays(value: string | undefined, root: string): OverlayFile[] {
  const list = present(value);
  if (list === undefined) return [];
  return list.split(',').map((entry) => {
    const file = entry.trim();
    if (file === '') throw new SpecConfigError(`SPEC_OVERLAYS has an empty entry (got "${value}")`);
    if (/^https?:\/\//i.test(file)) {
      throw new SpecConfigError(`SPEC_OVERLAYS lists local paths, not URLs (got "${redactUrl(file)}")`);
    }
    const absolute = path.resolve(root, file);
    return {path: absolute, location: displayPath(root, absolute)};
  });
}

function parseToken(value: string | undefined): string | undefined {
  const token = present(value)?.trim();
  // Checked here so Node never builds an error around the header value.
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token)) {
    throw new SpecConfigError(
      'SPEC_PROXY_TOKEN contains spaces or characters that are not allowed in an HTTP header',
    );
  }
  return token;
}

/**
 * Turns the SPEC_* variables into a checked configuration, choosing the source
 * in the documented order: SPEC_FILE, then SPEC_PROXY_URL, then the bundled spec.
 */
export function readSpecConfig(
  env: SpecEnv,
  {root, bundledPath}: {root: string; bundledPath: string},
): SpecConfig {
  const strict = parseStrict(env.SPEC_STRICT);
  const validation = parseValidation(env.SPEC_VALIDATION);
  const linkBase = parseLinkBase(env.SPEC_LINK_BASE);
  const timeoutMs = parseTimeoutMs(env.SPEC_TIMEOUT_MS);
  const token = parseToken(env.SPEC_PROXY_TOKEN);
  const overlays = parseOverlays(env.SPEC_OVERLAYS, root);
  const maxBytes = parseMaxBytes(env.SPEC_MAX_BYTES);
  const file = present(env.SPEC_FILE);
  const proxyBase = present(env.SPEC_PROXY_URL);
  const notices: string[] = [];

  let source: SpecSource;
  if (file !== undefined) {
    if (/^https?:\/\//i.test(file.trim())) {
      throw new SpecConfigError(
        `SPEC_FILE is a local path, not a URL (got "${redactUrl(file.trim())}"); use SPEC_PROXY_URL for the proxy`,
      );
    }
    const absolute = path.resolve(root, file);
    source = {kind: 'file', path: absolute, location: displayPath(root, absolute)};
    if (proxyBase !== undefined) notices.push('SPEC_FILE is set, so SPEC_PROXY_URL is ignored.');
  } else if (proxyBase !== undefined) {
    const url = specUrlFromProxyBase(proxyBase);
    source = {kind: 'proxy', url, location: redactUrl(url)};
  } else {
    source = {kind: 'bundled', path: bundledPath, location: displayPath(root, bundledPath)};
  }
  if (token !== undefined && source.kind !== 'proxy') {
    notices.push('SPEC_PROXY_TOKEN is set but no proxy is used, so it is ignored.');
  }
  return {source, strict, validation, linkBase, timeoutMs, token, overlays, maxBytes, notices};
}
