import http from 'node:http';
import https from 'node:https';
import {setTimeout as sleepFor} from 'node:timers/promises';
import zlib from 'node:zlib';
import type {Readable} from 'node:stream';

import {SpecSourceError} from '../spec-reader/spec-errors.js';
import {formatBytes, formatDuration} from './format-units.js';
import {isSameOrigin, parseRetryAfter, redactUrl} from './urls.js';

/**
 * Names the site in the proxy's access logs, so its owners know who is
 * calling. The version is that of this fetcher's behaviour, not of the site.
 */
export const USER_AGENT = 'meridian-api-docs/0.1 (+spec fetch)';

export const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

/** Knobs of the fetch. Only `timeoutMs` and `token` come from the environment. */
export interface FetchSpecOptions {
  /** Bound on one attempt: connect, response headers, redirects and the whole body. */
  timeoutMs: number;
  /** Bearer token, sent only to the origin of the first URL. */
  token?: string | undefined;
  /** Size cap on the (decompressed) body. */
  maxBytes?: number;
  maxRedirects?: number;
  attempts?: number;
  /** First wait between attempts when the server gives no Retry-After; doubles each time. */
  backoffMs?: number;
  /** Longest Retry-After we honour; longer requests are cut to this. */
  maxRetryAfterMs?: number;
  /** Called before each retry with a line saying why and how long we wait. */
  onRetry?: (notice: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface FetchedSpec {
  body: Buffer;
  /** The URL the body came from, after redirects. */
  url: URL;
  contentType: string | undefined;
  attempts: number;
}

export const FETCH_DEFAULTS = {
  maxBytes: DEFAULT_MAX_BYTES,
  maxRedirects: 5,
  attempts: 3,
  // Small on purpose: the faults worth retrying (a restarting proxy, a dropped
  // connection) clear in well under a second, and a build should not stall.
  backoffMs: 500,
  maxRetryAfterMs: 10_000,
} as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
]);

type Phase = 'connect' | 'response' | 'body';

type HopResult =
  | {kind: 'redirect'; status: number; location: string | undefined}
  | {kind: 'body'; body: Buffer; contentType: string | undefined};

/**
 * Fetches the spec with up to `attempts` tries. Network errors, timeouts, 408,
 * 429 and 5xx are retried (honouring Retry-After); other failures are not.
 */
export async function fetchSpec(url: URL, options: FetchSpecOptions): Promise<FetchedSpec> {
  const attempts = options.attempts ?? FETCH_DEFAULTS.attempts;
  const backoffMs = options.backoffMs ?? FETCH_DEFAULTS.backoffMs;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? FETCH_DEFAULTS.maxRetryAfterMs;
  const sleep = options.sleep ?? ((ms: number) => sleepFor(ms));
  for (let attempt = 1; ; attempt += 1) {
    try {
      const {body, url: finalUrl, contentType} = await fetchAttempt(url, options);
      return {body, url: finalUrl, contentType, attempts: attempt};
    } catch (error) {
      const failure = asSpecSourceError(error);
      if (!failure.transient || attempt >= attempts) {
        if (attempt === 1) throw failure;
        throw new SpecSourceError(`${failure.message} (${attempt} attempts)`, {
          hint: failure.hint,
          details: failure.details,
        });
      }
      const waitMs =
        failure.retryAfterMs !== undefined
          ? Math.min(failure.retryAfterMs, maxRetryAfterMs)
          : backoffMs * 2 ** (attempt - 1);
      const why = failure.retryAfterMs !== undefined ? ' (Retry-After)' : '';
      options.onRetry?.(
        `Attempt ${attempt} of ${attempts} failed: ${failure.message}; retrying in ${formatDuration(waitMs)}${why}`,
      );
      await sleep(waitMs);
    }
  }
}

function asSpecSourceError(error: unknown): SpecSourceError {
  if (error instanceof SpecSourceError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new SpecSourceError(`unexpected error: ${message}`);
}

/** One attempt: follows redirects, all within one `timeoutMs` budget. */
async function fetchAttempt(
  startUrl: URL,
  options: FetchSpecOptions,
): Promise<{body: Buffer; url: URL; contentType: string | undefined}> {
  const now = options.now ?? Date.now;
  const maxRedirects = options.maxRedirects ?? FETCH_DEFAULTS.maxRedirects;
  const startedAt = now();
  const chain: URL[] = [startUrl];
  let current = startUrl;
  for (;;) {
    const remainingMs = options.timeoutMs - (now() - startedAt);
    if (remainingMs <= 0) {
      throw new SpecSourceError(`timed out after ${formatDuration(options.timeoutMs)} following redirects`, {
        transient: true,
      });
    }
    const hop = await requestOnce(current, {
      // The token goes only to the origin it was meant for: a redirect to
      // another host, or from https to http, must not carry it along.
      headers: requestHeaders(options.token !== undefined && isSameOrigin(current, startUrl) ? options.token : undefined),
      remainingMs,
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes ?? FETCH_DEFAULTS.maxBytes,
      now,
    });
    if (hop.kind === 'body') return {body: hop.body, url: current, contentType: hop.contentType};

    const statusLine = describeStatus(hop.status);
    if (hop.location === undefined || hop.location.trim() === '') {
      throw new SpecSourceError(`${statusLine} without a Location header`);
    }
    let next: URL;
    try {
      next = new URL(hop.location, current);
    } catch {
      throw new SpecSourceError(`${statusLine} to an invalid Location`);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw new SpecSourceError(`${statusLine} to a ${next.protocol} URL, which is not followed`);
    }
    next.hash = '';
    if (chain.some((seen) => sameResource(seen, next))) {
      throw new SpecSourceError(`redirect loop: ${[...chain, next].map(redactUrl).join(' -> ')}`);
    }
    if (chain.length > maxRedirects) {
      throw new SpecSourceError(`too many redirects (${maxRedirects})`);
    }
    chain.push(next);
    current = next;
  }
}

// Credentials in a URL do not make it another resource: a loop that adds or
// drops them is still a loop.
function sameResource(a: URL, b: URL): boolean {
  const strip = (url: URL): string => {
    const copy = new URL(url.href);
    copy.username = '';
    copy.password = '';
    return copy.href;
  };
  return strip(a) === strip(b);
}

function requestHeaders(token: string | undefined): http.OutgoingHttpHeaders {
  return {
    'User-Agent': USER_AGENT,
    Accept: 'application/yaml, application/x-yaml, text/yaml, application/json;q=0.9, */*;q=0.5',
    'Accept-Encoding': 'gzip, deflate, br',
    ...(token === undefined ? {} : {Authorization: `Bearer ${token}`}),
  };
}

function describeStatus(status: number): string {
  const text = http.STATUS_CODES[status];
  return text === undefined ? `HTTP ${status}` : `HTTP ${status} ${text}`;
}

function httpStatusError(status: number, retryAfterMs: number | undefined): SpecSourceError {
  const transient = status === 408 || status === 429 || status >= 500;
  let hint: string | undefined;
  if (status === 401 || status === 403) {
    hint =
      'Check SPEC_PROXY_TOKEN (sent as "Authorization: Bearer <token>"), or set SPEC_FILE to build from a local file.';
  } else if (status === 404) {
    hint =
      'Check SPEC_PROXY_URL: it is the proxy\'s base URL and the build adds /api/swagger-yaml. Or set SPEC_FILE to build from a local file.';
  }
  return new SpecSourceError(describeStatus(status), {transient, hint, retryAfterMs});
}

function networkError(error: NodeJS.ErrnoException, phase: Phase, received: number): SpecSourceError {
  const code = error.code ?? '';
  if (phase === 'body') {
    return new SpecSourceError(
      `the connection closed before the body was complete (${formatBytes(received)} received)`,
      {transient: true},
    );
  }
  if (code === 'ECONNREFUSED') return new SpecSourceError('connection refused', {transient: true});
  if (code === 'ECONNRESET') return new SpecSourceError('connection reset by the server', {transient: true});
  if (code === 'ENOTFOUND') return new SpecSourceError(`host not found (${error.message})`);
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) {
    return new SpecSourceError(`TLS error: ${error.message}`);
  }
  return new SpecSourceError(`network error: ${error.message}`, {transient: TRANSIENT_NETWORK_CODES.has(code)});
}

function timeoutError(timeoutMs: number, phase: Phase, received: number): SpecSourceError {
  const where =
    phase === 'connect'
      ? 'while connecting'
      : phase === 'response'
        ? 'waiting for a response'
        : `while reading the body (${formatBytes(received)} received)`;
  return new SpecSourceError(`timed out after ${formatDuration(timeoutMs)} ${where}`, {transient: true});
}

function tooLargeError(maxBytes: number, detail: string): SpecSourceError {
  return new SpecSourceError(`larger than the ${formatBytes(maxBytes)} cap (${detail})`, {
    hint: 'Check that SPEC_PROXY_URL points at the Meridian proxy; a spec this large is not expected.',
  });
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined | null {
  switch (encoding) {
    case '':
    case 'identity':
      return undefined;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/**
 * One HTTP request. A single timer bounds everything from connect to the last
 * byte: a per-socket idle timeout would never fire on a body that trickles one
 * byte at a time, and the proxy is not trusted to end its response.
 */
function requestOnce(
  url: URL,
  {
    headers,
    remainingMs,
    timeoutMs,
    maxBytes,
    now,
  }: {
    headers: http.OutgoingHttpHeaders;
    remainingMs: number;
    timeoutMs: number;
    maxBytes: number;
    now: () => number;
  },
): Promise<HopResult> {
  return new Promise<HopResult>((resolve, reject) => {
    let phase: Phase = 'connect';
    let received = 0;
    let settled = false;
    const transport = url.protocol === 'https:' ? https : http;
    // agent: false: a fresh connection per request, closed afterwards, so no
    // keep-alive socket holds the build process open.
    const request = transport.request(url, {method: 'GET', headers, agent: false});
    let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined;

    const finish = (): void => {
      settled = true;
      clearTimeout(timer);
      // Destroying the request also destroys its socket and the response: the
      // server sees the connection close, and stops sending.
      request.destroy();
      decoder?.destroy();
    };
    const fail = (error: SpecSourceError): void => {
      if (settled) return;
      finish();
      reject(error);
    };
    const succeed = (result: HopResult): void => {
      if (settled) return;
      finish();
      resolve(result);
    };

    const timer = setTimeout(() => fail(timeoutError(timeoutMs, phase, received)), remainingMs);

    request.on('socket', (socket) => {
      if (!socket.connecting) phase = 'response';
      else socket.once('connect', () => (phase = phase === 'connect' ? 'response' : phase));
    });
    request.on('error', (error: NodeJS.ErrnoException) => fail(networkError(error, phase, received)));

    request.on('response', (response) => {
      phase = 'body';
      response.on('error', (error: NodeJS.ErrnoException) => fail(networkError(error, 'body', received)));
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        succeed({kind: 'redirect', status, location: response.headers.location});
        return;
      }
      if (status < 200 || status > 299) {
        const retryAfter = response.headers['retry-after'];
        fail(httpStatusError(status, parseRetryAfter(retryAfter, now())));
        return;
      }

      // Refuse up front when the server already says it is too big. With
      // compression this is the compressed size, which is never larger than
      // the decompressed one the cap is about.
      const declared = response.headers['content-length'];
      const declaredBytes = declared === undefined ? undefined : Number(declared);
      if (declaredBytes !== undefined && Number.isFinite(declaredBytes) && declaredBytes > maxBytes) {
        fail(tooLargeError(maxBytes, `Content-Length is ${formatBytes(declaredBytes)}`));
        return;
      }

      const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
      const chosen = decoderFor(encoding);
      if (chosen === null) {
        fail(new SpecSourceError(`the body uses an unsupported Content-Encoding "${encoding}"`));
        return;
      }
      decoder = chosen;
      let body: Readable = response;
      if (decoder !== undefined) {
        decoder.on('error', (error) =>
          fail(new SpecSourceError(`could not decompress the ${encoding} body: ${error.message}`)),
        );
        body = response.pipe(decoder);
      }

      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Counted on the decompressed stream, so a small gzip bomb is cut too.
        if (size > maxBytes) {
          fail(tooLargeError(maxBytes, `stopped reading after ${formatBytes(maxBytes)}`));
          return;
        }
        chunks.push(chunk);
      });
      body.on('end', () => {
        if (!response.complete) {
          fail(networkError(new Error('incomplete'), 'body', received));
          return;
        }
        const contentType = response.headers['content-type'];
        succeed({kind: 'body', body: Buffer.concat(chunks), contentType});
      });
      response.on('close', () => {
        if (!response.complete) fail(networkError(new Error('closed'), 'body', received));
      });
    });

    request.end();
  });
}
