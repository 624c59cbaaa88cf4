import {SpecConfigError} from '../spec-reader/spec-errors.js';

/** Path of the spec on the proxy, relative to SPEC_PROXY_URL. */
export const PROXY_SPEC_PATH = 'api/swagger-yaml';

// Query parameters whose values are credentials in practice (signed URLs,
// API keys). Their values are masked whenever a URL is printed or recorded.
const SECRET_QUERY_PARAM = /token|key|secret|sig|signature|password|passwd|auth|credential|session/i;

/**
 * `<base>/api/swagger-yaml`, where a trailing slash on the base does not matter
 * and a path prefix is kept: `https://x.example/proxy/` →
 * `https://x.example/proxy/api/swagger-yaml`.
 */
export function specUrlFromProxyBase(base: string): URL {
  let url: URL;
  try {
    url = new URL(base.trim());
  } catch {
    throw new SpecConfigError(
      `SPEC_PROXY_URL is not a valid URL (got "${maskUserinfo(base)}"); set it to the proxy's base URL, e.g. https://proxy.example.com`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SpecConfigError(
      `SPEC_PROXY_URL must be an http or https URL (got "${redactUrl(url)}")`,
    );
  }
  if (url.hash) {
    throw new SpecConfigError(`SPEC_PROXY_URL must not contain a #fragment (got "${redactUrl(url)}")`);
  }
  const basePath = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  if (basePath.endsWith(`/${PROXY_SPEC_PATH}/`)) {
    throw new SpecConfigError(
      `SPEC_PROXY_URL is the proxy's base URL, without /${PROXY_SPEC_PATH} (got "${redactUrl(url)}"); the build adds that path itself`,
    );
  }
  url.pathname = `${basePath}${PROXY_SPEC_PATH}`;
  return url;
}

/**
 * A URL safe to print or record: no user name or password, and the values of
 * token-like query parameters replaced by `***`.
 */
export function redactUrl(input: URL | string): string {
  let url: URL;
  try {
    url = new URL(String(input));
  } catch {
    return maskUserinfo(String(input));
  }
  url.username = '';
  url.password = '';
  for (const name of [...new Set(url.searchParams.keys())]) {
    if (SECRET_QUERY_PARAM.test(name)) url.searchParams.set(name, '***');
  }
  // URLSearchParams encodes `*` as %2A; keep the mask readable.
  return url.href.replaceAll('%2A%2A%2A', '***');
}

// For strings that are not even URLs: hide anything that looks like userinfo.
function maskUserinfo(value: string): string {
  return value.replace(/\/\/[^/?#@]*@/, '//***@');
}

/** Same scheme, host and port: only then may the bearer token follow a redirect. */
export function isSameOrigin(a: URL, b: URL): boolean {
  return a.origin === b.origin;
}

/**
 * Milliseconds to wait from a Retry-After header, which is either a number of
 * seconds or an HTTP-date (RFC 9110, section 10.2.3). Undefined when absent or
 * unreadable, so the caller falls back to its own backoff.
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Date.parse accepts almost anything ("-5" is a year); an HTTP-date always
  // names a day or month.
  const date = /[a-z]{3}/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** Replaces every occurrence of each secret with `***` (a last line of defence for log lines). */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret.length > 0) result = result.split(secret).join('***');
  }
  return result;
}
