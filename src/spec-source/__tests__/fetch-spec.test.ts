// fetchSpec against real servers on 127.0.0.1, in-process, for the cases the
// CLI tests do not need a child process for. Waits between attempts are
// recorded instead of slept, so backoff rules are checked exactly and fast.
import {gzipSync} from 'node:zlib';

import {afterEach, describe, expect, it} from 'vitest';

import {SpecSourceError} from '../../spec-reader/spec-errors.js';
import {USER_AGENT, fetchSpec} from '../fetch-spec.js';
import type {FetchSpecOptions} from '../fetch-spec.js';
import {closeAllSpecServers, sendYaml, startSpecServer, streamUntilClosed} from './helpers/spec-server.js';

afterEach(closeAllSpecServers);

function recordingOptions(extra: Partial<FetchSpecOptions> = {}) {
  const waits: number[] = [];
  const retries: string[] = [];
  const options: FetchSpecOptions = {
    // Only the timeout test relies on a timeout, and sets its own: a busy host must not turn an answer into one.
    timeoutMs: 20_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
    onRetry: (notice) => retries.push(notice),
    ...extra,
  };
  return {options, waits, retries};
}

async function fetchError(url: URL, options: FetchSpecOptions): Promise<SpecSourceError> {
  try {
    await fetchSpec(url, options);
  } catch (error) {
    if (error instanceof SpecSourceError) return error;
    throw error;
  }
  throw new Error('expected fetchSpec to fail');
}

describe('fetchSpec', () => {
  it('returns the body with its content type and the number of attempts', async () => {
    const server = await startSpecServer((_, response) => sendYaml(response, 'openapi: 3.1.0\n'));
    const result = await fetchSpec(new URL(`${server.origin}/api/swagger-yaml`), recordingOptions().options);
    expect(result.body.toString('utf8')).toBe('openapi: 3.1.0\n');
    expect(result.contentType).toBe('application/yaml; charset=utf-8');
    expect(result.attempts).toBe(1);
    expect(server.requests[0]?.headers).toMatchObject({'user-agent': USER_AGENT, 'accept-encoding': 'gzip, deflate, br'});
  });

  it('decompresses a gzip body', async () => {
    const server = await startSpecServer((_, response) =>
      response.writeHead(200, {'Content-Encoding': 'gzip'}).end(gzipSync('openapi: 3.0.3\n')),
    );
    const result = await fetchSpec(new URL(server.origin), recordingOptions().options);
    expect(result.body.toString('utf8')).toBe('openapi: 3.0.3\n');
  });

  it('applies the size cap to the decompressed body (a gzip bomb)', async () => {
    const server = await startSpecServer((_, response) =>
      response.writeHead(200, {'Content-Encoding': 'gzip'}).end(gzipSync(Buffer.alloc(8 * 1024 * 1024))),
    );
    const error = await fetchError(new URL(server.origin), recordingOptions({maxBytes: 1024 * 1024}).options);
    expect(error.message).toBe('larger than the 1 MB cap (stopped reading after 1 MB)');
    expect(server.requests).toHaveLength(1);
  });

  it('cuts the connection as soon as a streamed body passes the cap', async () => {
    let served: Promise<{written: number; finished: boolean}> | undefined;
    const server = await startSpecServer((_, response) => {
      response.writeHead(200);
      served = streamUntilClosed(response, {chunkBytes: 16 * 1024, limitBytes: 64 * 1024 * 1024});
    });
    const error = await fetchError(new URL(server.origin), recordingOptions({maxBytes: 100_000}).options);
    expect(error.message).toBe('larger than the 97.7 KB cap (stopped reading after 97.7 KB)');
    const {written, finished} = await served!;
    expect(finished).toBe(false);
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('retries 429 and 5xx, honouring Retry-After as seconds or an HTTP date, capped', async () => {
    const inTwoSeconds = new Date(Date.now() + 2000).toUTCString();
    const server = await startSpecServer((_, response, index) => {
      if (index === 0) response.writeHead(429, {'Retry-After': inTwoSeconds}).end();
      else if (index === 1) response.writeHead(503, {'Retry-After': '3600'}).end();
      else sendYaml(response, 'openapi: 3.1.0\n');
    });
    const {options, waits, retries} = recordingOptions({maxRetryAfterMs: 10_000});
    const result = await fetchSpec(new URL(server.origin), options);
    expect(result.attempts).toBe(3);
    // An HTTP date has whole seconds, so the wait is between 1 and 2 s.
    expect(waits[0]).toBeGreaterThan(900);
    expect(waits[0]).toBeLessThanOrEqual(2000);
    expect(waits[1]).toBe(10_000);
    expect(retries[1]).toBe(
      'Attempt 2 of 3 failed: HTTP 503 Service Unavailable; retrying in 10 s (Retry-After)',
    );
  });

  it('backs off 500 ms then 1 s without Retry-After, and gives up after 3 attempts', async () => {
    const server = await startSpecServer((_, response) => response.writeHead(408).end());
    const {options, waits, retries} = recordingOptions();
    const error = await fetchError(new URL(server.origin), options);
    expect(error.message).toBe('HTTP 408 Request Timeout (3 attempts)');
    expect(waits).toEqual([500, 1000]);
    expect(retries).toEqual([
      'Attempt 1 of 3 failed: HTTP 408 Request Timeout; retrying in 500 ms',
      'Attempt 2 of 3 failed: HTTP 408 Request Timeout; retrying in 1 s',
    ]);
  });

  it.each([400, 403, 410, 451])('does not retry HTTP %i', async (status) => {
    const server = await startSpecServer((_, response) => response.writeHead(status).end());
    const {options, waits} = recordingOptions();
    const error = await fetchError(new URL(server.origin), options);
    expect(error.message).toMatch(new RegExp(`^HTTP ${status} `));
    expect(server.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries a refused connection', async () => {
    const server = await startSpecServer(() => undefined);
    const url = new URL(server.origin);
    await server.close();
    const {options, waits} = recordingOptions();
    expect((await fetchError(url, options)).message).toBe('connection refused (3 attempts)');
    expect(waits).toHaveLength(2);
  });

  it('keeps the token on a same-origin redirect and drops it on a cross-origin one', async () => {
    const other = await startSpecServer((_, response) => sendYaml(response, 'openapi: 3.1.0\n'));
    const proxy = await startSpecServer((request, response) => {
      if (request.url === '/api/swagger-yaml') response.writeHead(302, {Location: '/moved'}).end();
      else response.writeHead(302, {Location: `${other.origin}/spec.yaml`}).end();
    });
    const result = await fetchSpec(
      new URL(`${proxy.origin}/api/swagger-yaml`),
      recordingOptions({token: 'secret-token'}).options,
    );
    expect(result.url.href).toBe(`${other.origin}/spec.yaml`);
    expect(proxy.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer secret-token',
      'Bearer secret-token',
    ]);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('prints redirect targets without credentials', async () => {
    const server = await startSpecServer((request, response) =>
      response
        .writeHead(302, {
          Location:
            request.url === '/a' ? `http://user:pw@127.0.0.1:${new URL(server.origin).port}/b?access_token=abc` : '/a',
        })
        .end(),
    );
    const error = await fetchError(new URL(`${server.origin}/a`), recordingOptions().options);
    expect(error.message).toBe(
      `redirect loop: ${server.origin}/a -> ${server.origin}/b?access_token=*** -> ${server.origin}/a`,
    );
    expect(error.message).not.toContain('pw');
  });

  it('explains a redirect without a Location and an unknown Content-Encoding', async () => {
    const server = await startSpecServer((request, response) =>
      request.url === '/nowhere'
        ? response.writeHead(302).end()
        : response.writeHead(200, {'Content-Encoding': 'zstd'}).end('x'),
    );
    const {options} = recordingOptions();
    expect((await fetchError(new URL(`${server.origin}/nowhere`), options)).message).toBe(
      'HTTP 302 Found without a Location header',
    );
    expect((await fetchError(new URL(`${server.origin}/zstd`), options)).message).toBe(
      'the body uses an unsupported Content-Encoding "zstd"',
    );
  });

  it('bounds the whole attempt, redirects included, by one timeout', async () => {
    // Each hop answers after 150 ms: no single request is slow, the chain is.
    const server = await startSpecServer((request, response) => {
      const hop = Number(request.url?.slice(1) || 0);
      setTimeout(() => response.writeHead(302, {Location: `/${hop + 1}`}).end(), 150);
    });
    const {options} = recordingOptions({timeoutMs: 400, attempts: 1, maxRedirects: 20});
    const error = await fetchError(new URL(server.origin), options);
    expect(error.message).toMatch(/^timed out after 400 ms /);
    // A timeout per hop would follow all 20 redirects; hops start at most
    // every 150 ms, so within 400 ms the server sees three at most, however slow the host.
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });
});
