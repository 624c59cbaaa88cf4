// The real `npm run spec` path: scripts/spec.ts in a child process, with its
// working directory set to a temporary site root, against a real HTTP server
// on 127.0.0.1 that misbehaves in the way each test needs.
import {createHash} from 'node:crypto';
import {readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';

import {afterAll, describe, expect, it} from 'vitest';

import {USER_AGENT} from '../fetch-spec.js';
import {lines, runSpecCli, FIXTURES} from './helpers/run-cli.js';
import {
  fixture,
  makeSiteRoot,
  readResolved,
  removeSiteRoots,
  seedLastKnownGood,
  snapshotSpecDir,
} from './helpers/site-root.js';
import type {SeededSpec} from './helpers/site-root.js';
import {closeAllSpecServers, sendYaml, startSpecServer, streamUntilClosed} from './helpers/spec-server.js';
import type {SpecHandler} from './helpers/spec-server.js';

const BANNER = `[spec] ${'!'.repeat(72)}`;
const PROXY_HINT = 'Check SPEC_PROXY_URL, or set SPEC_FILE to build from a local file.';
const STRICT_STOP = '[spec] SPEC_STRICT=1, so the build stops here; .spec/ is unchanged.';
const NO_FALLBACK = '[spec] There is no last known good spec in .spec/ to fall back to, so the build stops here.';
/**
 * Per attempt, for tests where the proxy answers: long enough that a busy or
 * slow host never turns an answer into a timeout. Tests of the timeout itself
 * use SHORT_TIMEOUT_MS against a proxy that never finishes answering.
 */
const TIMEOUT_MS = '20000';
const SHORT_TIMEOUT_MS = '500';
/**
 * The trickling body's bound: long enough that a loaded host still has the
 * status line within it, so the timeout that fires is the body's.
 */
const BODY_TIMEOUT_MS = '3000';
const MB = 1024 * 1024;

afterAll(async () => {
  await closeAllSpecServers();
  await removeSiteRoots();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The loud warning printed when the build goes on with the last known good spec. */
function fallbackWarning(failure: string, hint: string, seeded: SeededSpec): unknown[] {
  return [
    BANNER,
    '[spec] WARNING: building with the LAST KNOWN GOOD spec; the API reference may be out of date.',
    `[spec] ${failure}`,
    // The seed is 3 h 12 min old when written; the age grows while a loaded host runs the CLI.
    expect.stringMatching(
      new RegExp(
        `^${escapeRegExp('[spec] Using "Meridian Test API" 1.2.0 from bundled spec openapi/meridian.yaml, fetched ')}3 h (?:1[2-9]|[2-5]\\d) min ago ` +
          `${escapeRegExp(`(${seeded.provenance.fetchedAt}), sha256 ${seeded.provenance.sha256.slice(0, 12)}.`)}$`,
      ),
    ),
    `[spec] ${hint} Set SPEC_STRICT=1 to make this an error.`,
    BANNER,
  ];
}

function strictFailure(failure: string, hint: string): string[] {
  return [`[spec] ${failure}`, `[spec] ${hint}`, STRICT_STOP];
}

/**
 * A site root with a last known good spec, a server with `handler`, and one
 * CLI run against it. Returns what the checks need.
 */
async function runAgainst(
  handler: SpecHandler,
  {env = {}, seed = true}: {env?: Record<string, string>; seed?: boolean} = {},
) {
  const server = await startSpecServer(handler);
  const root = await makeSiteRoot();
  const seeded = seed ? await seedLastKnownGood(root) : undefined;
  const before = await snapshotSpecDir(root);
  const specUrl = `${server.origin}/api/swagger-yaml`;
  try {
    const result = await runSpecCli({
      cwd: root,
      env: {SPEC_PROXY_URL: server.origin, SPEC_TIMEOUT_MS: TIMEOUT_MS, ...env},
    });
    return {result, server, root, seeded, before, after: await snapshotSpecDir(root), specUrl};
  } finally {
    await server.close();
  }
}

describe.concurrent('npm run spec against a real proxy', () => {
  it('resolves a valid spec and records where it came from', async ({expect}) => {
    const body = await fixture('petstore-3.0.yaml');
    const {result, root, server, specUrl} = await runAgainst((_, response) => sendYaml(response, body), {seed: false});

    expect(result.stderr).toBe('');
    const resolved = await readResolved(root);
    expect(lines(result.stdout)).toEqual([
      `[spec] Fetching ${specUrl} (timeout 20 s per attempt)`,
      `[spec] Resolved "Meridian Test API" 1.2.0 from proxy ${specUrl}: 3 operations, sha256 ${resolved.provenance.sha256.slice(0, 12)}`,
    ]);
    expect(result.status).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.url).toBe('/api/swagger-yaml');
    expect(server.requests[0]?.headers['user-agent']).toBe(USER_AGENT);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();

    expect(resolved.provenance).toEqual({
      source: {kind: 'proxy', location: specUrl},
      sha256: createHash('sha256').update(resolved.spec).digest('hex'),
      title: 'Meridian Test API',
      version: '1.2.0',
      operationCount: 3,
      fetchedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.now() - Date.parse(resolved.provenance.fetchedAt)).toBeLessThan(60_000);
    // The last known good copy is the same pair.
    expect(await readFile(path.join(root, '.spec/last-known-good/openapi.yaml'))).toEqual(resolved.spec);
    expect(await readFile(path.join(root, '.spec/last-known-good/provenance.json'), 'utf8')).toBe(
      resolved.provenanceText,
    );
    // No temporary files are left behind; the spec's parsed data is ready for its first reader (src/spec-reader/parsed-spec-cache.ts).
    expect(Object.keys(await snapshotSpecDir(root)).sort()).toEqual([
      `.spec/.cache/openapi.yaml.${resolved.provenance.sha256}.json`,
      '.spec/last-known-good/openapi.yaml',
      '.spec/last-known-good/provenance.json',
      '.spec/openapi.yaml',
      '.spec/page-outline.json',
      '.spec/problems.json',
      '.spec/provenance.json',
      '.spec/versions/index.json',
    ]);
  });

  // One spec run per test: three in one test made its time three runs' worth on a busy host.
  it.for([
    ['/', '/api/swagger-yaml'],
    ['/proxy/', '/proxy/api/swagger-yaml'],
    ['/proxy', '/proxy/api/swagger-yaml'],
  ])('treats SPEC_PROXY_URL <origin>%s as the base of %s (a trailing slash and a path prefix alike)', async ([suffix, requested], {expect}) => {
    const body = await fixture('petstore-3.0.yaml');
    const server = await startSpecServer((_, response) => sendYaml(response, body));
    try {
      const root = await makeSiteRoot();
      const result = await runSpecCli({cwd: root, env: {SPEC_PROXY_URL: `${server.origin}${suffix}`}});
      expect(result.status).toBe(0);
      expect(server.requests.map((request) => request.url)).toEqual([requested]);
      expect((await readResolved(root)).provenance.source.location).toBe(`${server.origin}${requested}`);
    } finally {
      await server.close();
    }
  });

  it('retries after a 500 and succeeds', async ({expect}) => {
    const body = await fixture('petstore-3.0.yaml');
    const {result, server} = await runAgainst((_, response, index) =>
      index === 0 ? response.writeHead(500).end('boom') : sendYaml(response, body),
    );
    expect(result.status).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(lines(result.stderr)).toEqual([
      '[spec] Attempt 1 of 3 failed: HTTP 500 Internal Server Error; retrying in 500 ms',
    ]);
    expect(result.stdout).toContain('[spec] Resolved "Meridian Test API" 1.2.0 from proxy');
  });

  it('waits as long as Retry-After says after a 503', async ({expect}) => {
    const body = await fixture('petstore-3.0.yaml');
    const {result, server} = await runAgainst((_, response, index) =>
      index === 0 ? response.writeHead(503, {'Retry-After': '1'}).end() : sendYaml(response, body),
    );
    expect(result.status).toBe(0);
    expect(lines(result.stderr)).toEqual([
      '[spec] Attempt 1 of 3 failed: HTTP 503 Service Unavailable; retrying in 1 s (Retry-After)',
    ]);
    const [first, second] = server.requests;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('does not retry a 404, and falls back to the last known good spec with a loud warning', async ({expect}) => {
    const {result, server, seeded, before, after, specUrl} = await runAgainst((_, response) =>
      response.writeHead(404).end('no such thing'),
    );
    expect(server.requests).toHaveLength(1);
    expect(result.status).toBe(0);
    expect(lines(result.stderr)).toEqual(
      fallbackWarning(
        `Could not use the spec from proxy ${specUrl}: HTTP 404 Not Found.`,
        "Check SPEC_PROXY_URL: it is the proxy's base URL and the build adds /api/swagger-yaml. Or set SPEC_FILE to build from a local file.",
        seeded!,
      ),
    );
    expect(after).toEqual(before);
  });

  it('fails a strict build after three 500s and leaves .spec/ untouched', async ({expect}) => {
    const {result, server, before, after, specUrl} = await runAgainst(
      (_, response) => response.writeHead(500).end(),
      {env: {SPEC_STRICT: '1'}},
    );
    expect(result.status).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect(lines(result.stderr)).toEqual([
      '[spec] Attempt 1 of 3 failed: HTTP 500 Internal Server Error; retrying in 500 ms',
      '[spec] Attempt 2 of 3 failed: HTTP 500 Internal Server Error; retrying in 1 s',
      ...strictFailure(
        `Could not use the spec from proxy ${specUrl}: HTTP 500 Internal Server Error (3 attempts).`,
        PROXY_HINT,
      ),
    ]);
    expect(after).toEqual(before);
  });

  it('sends SPEC_PROXY_TOKEN as a bearer token and never prints or writes it', async ({expect}) => {
    const token = 'mrd_live_7f3c9a1e5b2d4f60a8c1';
    const body = await fixture('petstore-3.0.yaml');
    const server = await startSpecServer((request, response) =>
      request.headers.authorization === `Bearer ${token}`
        ? sendYaml(response, body)
        : response.writeHead(401, {'WWW-Authenticate': 'Bearer'}).end(),
    );
    try {
      const root = await makeSiteRoot();
      const specUrl = `${server.origin}/api/swagger-yaml`;

      const without = await runSpecCli({cwd: root, env: {SPEC_PROXY_URL: server.origin, SPEC_STRICT: '1'}});
      expect(without.status).toBe(1);
      expect(lines(without.stderr)).toEqual(
        strictFailure(
          `Could not use the spec from proxy ${specUrl}: HTTP 401 Unauthorized.`,
          'Check SPEC_PROXY_TOKEN (sent as "Authorization: Bearer <token>"), or set SPEC_FILE to build from a local file.',
        ),
      );
      expect(server.requests).toHaveLength(1);
      expect(await snapshotSpecDir(root)).toEqual({});

      const withToken = await runSpecCli({
        cwd: root,
        env: {SPEC_PROXY_URL: server.origin, SPEC_PROXY_TOKEN: token, SPEC_STRICT: '1'},
      });
      expect(withToken.status).toBe(0);
      expect(server.requests[1]?.headers.authorization).toBe(`Bearer ${token}`);
      for (const output of [without.stdout, without.stderr, withToken.stdout, withToken.stderr]) {
        expect(output).not.toContain(token);
      }
      for (const content of Object.values(await snapshotSpecDir(root))) {
        expect(Buffer.from(content, 'base64').toString('utf8')).not.toContain(token);
      }
    } finally {
      await server.close();
    }
  });

  it('times out a connection that never answers, within the configured bound', async ({expect}) => {
    const {result, server, before, after, specUrl} = await runAgainst(() => undefined, {env: {SPEC_STRICT: '1', SPEC_TIMEOUT_MS: SHORT_TIMEOUT_MS}});
    expect(result.status).toBe(1);
    // Connections, not requests: on a busy host the server may not read an attempt's request before the client gives up on it.
    await expect.poll(() => server.connections()).toBe(3);
    expect(lines(result.stderr)).toEqual([
      '[spec] Attempt 1 of 3 failed: timed out after 500 ms waiting for a response; retrying in 500 ms',
      '[spec] Attempt 2 of 3 failed: timed out after 500 ms waiting for a response; retrying in 1 s',
      ...strictFailure(
        `Could not use the spec from proxy ${specUrl}: timed out after 500 ms waiting for a response (3 attempts).`,
        PROXY_HINT,
      ),
    ]);
    // Three attempts of 500 ms plus 0.5 s and 1 s of backoff, one after the
    // other inside the process's life: at least 3 s, however fast the host.
    // An upper bound would only measure the host's speed.
    expect(result.elapsedMs).toBeGreaterThanOrEqual(3000);
    expect(after).toEqual(before);
  });

  it('times out a body that trickles forever', async ({expect}) => {
    const {result, server, before, after, specUrl} = await runAgainst(
      (_, response) => {
        response.writeHead(200, {'Content-Type': 'application/yaml'});
        response.write('openapi: 3.0.3\n');
        const timer = setInterval(() => response.write('#'), 50);
        response.on('close', () => clearInterval(timer));
      },
      {env: {SPEC_STRICT: '1', SPEC_TIMEOUT_MS: BODY_TIMEOUT_MS}},
    );
    expect(result.status).toBe(1);
    expect(server.requests).toHaveLength(3);
    const stderr = lines(result.stderr);
    expect(stderr[0]).toMatch(
      /^\[spec\] Attempt 1 of 3 failed: timed out after 3 s while reading the body \(\d+ bytes received\); retrying in 500 ms$/,
    );
    expect(stderr.at(-3)).toMatch(
      new RegExp(
        `^\\[spec\\] Could not use the spec from proxy ${specUrl.replaceAll('.', '\\.')}: timed out after 3 s while reading the body \\(\\d+ bytes received\\) \\(3 attempts\\)\\.$`,
      ),
    );
    expect(result.elapsedMs).toBeGreaterThanOrEqual(10_500);
    expect(after).toEqual(before);
  });

  it('recognises an HTML login page served with status 200', async ({expect}) => {
    const html = await fixture('login.html');
    const {result, server, seeded, before, after, specUrl} = await runAgainst((_, response) =>
      response.writeHead(200, {'Content-Type': 'text/html'}).end(html),
    );
    expect(result.status).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(lines(result.stderr)).toEqual(
      fallbackWarning(
        `Could not use the spec from proxy ${specUrl}: body is HTML, not YAML (a login or error page?).`,
        PROXY_HINT,
        seeded!,
      ),
    );
    expect(after).toEqual(before);
  });

  it('reports truncated YAML with its line and column', async ({expect}) => {
    const {result, seeded, before, after, specUrl} = await runAgainst(async (_, response) =>
      sendYaml(response, await fixture('truncated.yaml')),
    );
    expect(result.status).toBe(0);
    expect(lines(result.stderr)).toEqual(
      fallbackWarning(
        `Could not use the spec from proxy ${specUrl}: YAML error at line 4, column 1: Missing closing "quote.`,
        PROXY_HINT,
        seeded!,
      ),
    );
    expect(after).toEqual(before);
  });

  it('retries a body cut short by the connection closing, then gives up', async ({expect}) => {
    const {result, server, before, after, specUrl} = await runAgainst(
      (_, response) => {
        response.writeHead(200, {'Content-Type': 'application/yaml', 'Content-Length': '1000'});
        response.write('openapi: 3.0.3\n'.padEnd(300, '#'), () => response.socket?.destroy());
      },
      {env: {SPEC_STRICT: '1'}},
    );
    expect(result.status).toBe(1);
    expect(server.requests).toHaveLength(3);
    expect(lines(result.stderr).at(-3)).toBe(
      `[spec] Could not use the spec from proxy ${specUrl}: the connection closed before the body was complete (300 bytes received) (3 attempts).`,
    );
    expect(after).toEqual(before);
  });

  it('reports invalid YAML with its line and column', async ({expect}) => {
    const {result, seeded, before, after, specUrl} = await runAgainst(async (_, response) =>
      sendYaml(response, await fixture('invalid-yaml.yaml')),
    );
    expect(result.status).toBe(0);
    const expected = fallbackWarning(
      `Could not use the spec from proxy ${specUrl}: YAML error at line 7, column 27: Flow sequence in block collection must be sufficiently indented and end with a ].`,
      PROXY_HINT,
      seeded!,
    );
    // The second error is listed under the first.
    expected.splice(3, 0, '[spec]   - YAML error at line 7, column 28: Flow map in block collection must be sufficiently indented and end with a }');
    expect(lines(result.stderr)).toEqual(expected);
    expect(after).toEqual(before);
  });

  it('rejects valid YAML that is not OpenAPI', async ({expect}) => {
    const {result, seeded, before, after, specUrl} = await runAgainst(async (_, response) =>
      sendYaml(response, await fixture('not-openapi.yaml')),
    );
    expect(result.status).toBe(0);
    expect(lines(result.stderr)).toEqual(
      fallbackWarning(
        `Could not use the spec from proxy ${specUrl}: not an OpenAPI document (no openapi or swagger field).`,
        PROXY_HINT,
        seeded!,
      ),
    );
    expect(after).toEqual(before);
  });

  it('rejects an OpenAPI document without operations', async ({expect}) => {
    const {result, seeded, before, after, specUrl} = await runAgainst(async (_, response) =>
      sendYaml(response, await fixture('no-operations.yaml')),
    );
    expect(result.status).toBe(0);
    expect(lines(result.stderr)).toEqual(
      fallbackWarning(
        `Could not use the spec from proxy ${specUrl}: nothing to document: the description has no operations (paths with HTTP methods) and no webhooks, so the reference would be empty.`,
        PROXY_HINT,
        seeded!,
      ),
    );
    expect(after).toEqual(before);
  });

  it('converts Swagger 2.0 to OpenAPI 3.0 and says so', async ({expect}) => {
    const {result, root, specUrl} = await runAgainst(async (_, response) =>
      sendYaml(response, await fixture('swagger-2.0.yaml')),
    );
    expect(result.status).toBe(0);
    const resolved = await readResolved(root);
    expect(lines(result.stdout)).toEqual([
      `[spec] Fetching ${specUrl} (timeout 20 s per attempt)`,
      '[spec] Converted Swagger 2.0 to OpenAPI 3.0.0 with swagger2openapi; the converted document is used.',
      `[spec] Resolved "Meridian Legacy API" 0.9.0 from proxy ${specUrl}: 1 operation, sha256 ${resolved.provenance.sha256.slice(0, 12)}`,
    ]);
    const spec = resolved.spec.toString('utf8');
    expect(spec).toMatch(/^openapi: 3\.0\.0$/m);
    expect(spec).not.toMatch(/^swagger:/m);
    expect(spec).toContain('$ref: "#/components/schemas/Outreach"');
  });

  it('stops an alias bomb at the alias limit', async ({expect}) => {
    const bomb = await fixture('alias-bomb.yaml');
    const {result, seeded, before, after, specUrl} = await runAgainst((_, response) => {
      sendYaml(response, bomb);
    });
    expect(result.status).toBe(0);
    expect(lines(result.stderr)).toEqual(
      fallbackWarning(
        `Could not use the spec from proxy ${specUrl}: YAML error at line 5, column 8: too many alias expansions (limit 100); the document looks like an alias bomb.`,
        PROXY_HINT,
        seeded!,
      ),
    );
    // The parser stops at the 100th alias instead of expanding the bomb
    // (the message says so); no bound on time, which depends on the host.
    expect(after).toEqual(before);
  });

  it('stops reading a body over the 25 MB cap, and the server sees the connection cut', async ({expect}) => {
    let served: Promise<{written: number; finished: boolean}> | undefined;
    const {result, before, after, specUrl} = await runAgainst(
      (_, response) => {
        // Chunked, no Content-Length: only counting while streaming can catch it.
        response.writeHead(200, {'Content-Type': 'application/yaml'});
        served = streamUntilClosed(response, {chunkBytes: MB, limitBytes: 200 * MB});
      },
      // A generous timeout: this test is about the cap, not the clock.
      {env: {SPEC_STRICT: '1', SPEC_TIMEOUT_MS: '20000'}},
    );
    expect(result.status).toBe(1);
    expect(lines(result.stderr)).toEqual(
      strictFailure(
        `Could not use the spec from proxy ${specUrl}: larger than the 25 MB cap (stopped reading after 25 MB).`,
        'Check that SPEC_PROXY_URL points at the Meridian proxy; a spec this large is not expected.',
      ),
    );
    const {written, finished} = await served!;
    expect(finished).toBe(false);
    // What the client read plus what sat in socket buffers, far from all 200 MB.
    expect(written).toBeLessThan(100 * MB);
    expect(after).toEqual(before);
  });

  it('refuses a body whose Content-Length is over the cap before reading it', async ({expect}) => {
    let served: Promise<{written: number; finished: boolean}> | undefined;
    const {result, specUrl} = await runAgainst(
      (_, response) => {
        response.writeHead(200, {'Content-Type': 'application/yaml', 'Content-Length': String(30 * MB)});
        served = streamUntilClosed(response, {chunkBytes: 64 * 1024, limitBytes: 30 * MB});
      },
      {env: {SPEC_STRICT: '1', SPEC_TIMEOUT_MS: '20000'}},
    );
    expect(result.status).toBe(1);
    expect(lines(result.stderr)[0]).toBe(
      `[spec] Could not use the spec from proxy ${specUrl}: larger than the 25 MB cap (Content-Length is 30 MB).`,
    );
    const {finished} = await served!;
    expect(finished).toBe(false);
  });

  it('detects a redirect loop', async ({expect}) => {
    const {result, server, seeded, before, after, specUrl} = await runAgainst((request, response) =>
      response.writeHead(302, {Location: request.url === '/api/swagger-yaml' ? '/elsewhere' : '/api/swagger-yaml'}).end(),
    );
    expect(result.status).toBe(0);
    expect(server.requests.map((request) => request.url)).toEqual(['/api/swagger-yaml', '/elsewhere']);
    expect(lines(result.stderr)).toEqual(
      fallbackWarning(
        `Could not use the spec from proxy ${specUrl}: redirect loop: ${specUrl} -> ${server.origin}/elsewhere -> ${specUrl}.`,
        PROXY_HINT,
        seeded!,
      ),
    );
    expect(after).toEqual(before);
  });

  it('follows at most 5 redirects', async ({expect}) => {
    const {result, server, before, after, specUrl} = await runAgainst(
      (request, response) => {
        const hop = Number(/\/hop\/(\d+)/.exec(request.url ?? '')?.[1] ?? 0);
        response.writeHead(307, {Location: `/hop/${hop + 1}`}).end();
      },
      {env: {SPEC_STRICT: '1'}},
    );
    expect(result.status).toBe(1);
    expect(server.requests).toHaveLength(6);
    expect(lines(result.stderr)[0]).toBe(
      `[spec] Could not use the spec from proxy ${specUrl}: too many redirects (5).`,
    );
    expect(after).toEqual(before);
  });

  it('follows a redirect to a valid spec', async ({expect}) => {
    const body = await fixture('petstore-3.0.yaml');
    const {result, server, root, specUrl} = await runAgainst((request, response) =>
      request.url === '/api/swagger-yaml'
        ? response.writeHead(301, {Location: '/v2/openapi.yaml'}).end()
        : sendYaml(response, body),
    );
    expect(result.status).toBe(0);
    expect(server.requests.map((request) => request.url)).toEqual(['/api/swagger-yaml', '/v2/openapi.yaml']);
    expect((await readResolved(root)).provenance.source.location).toBe(specUrl);
  });

  it('accepts a 3.1 document with a circular $ref and keeps the $ref', async ({expect}) => {
    const {result, root} = await runAgainst(async (_, response) =>
      sendYaml(response, await fixture('circular-3.1.yaml')),
    );
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const resolved = await readResolved(root);
    expect(resolved.provenance).toMatchObject({title: 'Meridian Segments API', version: '3.0.0', operationCount: 1});
    expect(resolved.spec.toString('utf8')).toContain('$ref: "#/components/schemas/Segment"');
  });
});

describe.concurrent('npm run spec with local sources and fallbacks', () => {
  it('fails on a missing SPEC_FILE when there is no last known good spec', async ({expect}) => {
    const root = await makeSiteRoot();
    const result = await runSpecCli({cwd: root, env: {SPEC_FILE: 'specs/missing.yaml'}});
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(lines(result.stderr)).toEqual([
      '[spec] Could not use the spec from SPEC_FILE specs/missing.yaml: file not found.',
      `[spec] Check SPEC_FILE (it resolves to ${path.join(root, 'specs/missing.yaml')}), or unset it to use SPEC_PROXY_URL or the bundled spec.`,
      NO_FALLBACK,
    ]);
    expect(await snapshotSpecDir(root)).toEqual({});
  });

  it('falls back on a missing SPEC_FILE when a last known good spec exists', async ({expect}) => {
    const root = await makeSiteRoot();
    const seeded = await seedLastKnownGood(root);
    const before = await snapshotSpecDir(root);
    const result = await runSpecCli({cwd: root, env: {SPEC_FILE: 'specs/missing.yaml'}});
    expect(result.status).toBe(0);
    expect(lines(result.stderr)).toEqual(
      fallbackWarning(
        'Could not use the spec from SPEC_FILE specs/missing.yaml: file not found.',
        `Check SPEC_FILE (it resolves to ${path.join(root, 'specs/missing.yaml')}), or unset it to use SPEC_PROXY_URL or the bundled spec.`,
        seeded,
      ),
    );
    expect(await snapshotSpecDir(root)).toEqual(before);
  });

  it('puts the last known good spec back when .spec/openapi.yaml was damaged', async ({expect}) => {
    const root = await makeSiteRoot();
    const seeded = await seedLastKnownGood(root);
    await writeFile(path.join(root, '.spec/openapi.yaml'), 'edited by hand\n');
    await rm(path.join(root, '.spec/provenance.json'));
    const result = await runSpecCli({cwd: root, env: {SPEC_FILE: path.join(FIXTURES, 'not-openapi.yaml')}});
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('WARNING: building with the LAST KNOWN GOOD spec');
    const restored = await readResolved(root);
    expect(restored.spec).toEqual(seeded.spec);
    expect(restored.provenanceText).toBe(seeded.provenanceText);
  });

  it('uses the bundled spec when neither SPEC_FILE nor SPEC_PROXY_URL is set (through the tsx command)', async ({
    expect,
  }) => {
    const root = await makeSiteRoot();
    const result = await runSpecCli({cwd: root, viaTsxCli: true});
    expect(result.status).toBe(0);
    const resolved = await readResolved(root);
    expect(lines(result.stdout)).toEqual([
      `[spec] Resolved "Meridian Test API" 1.2.0 from bundled spec openapi/meridian.yaml: 3 operations, sha256 ${resolved.provenance.sha256.slice(0, 12)}`,
    ]);
    expect(resolved.provenance.source).toEqual({kind: 'bundled', location: 'openapi/meridian.yaml'});
  });

  it('takes the site root from --root', async ({expect}) => {
    const root = await makeSiteRoot();
    const elsewhere = await makeSiteRoot();
    const result = await runSpecCli({cwd: elsewhere, args: ['--root', root], env: {SPEC_FILE: 'openapi/meridian.yaml'}});
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('from SPEC_FILE openapi/meridian.yaml: 3 operations');
    expect((await readResolved(root)).provenance.source).toEqual({kind: 'file', location: 'openapi/meridian.yaml'});
    expect(await snapshotSpecDir(elsewhere)).toEqual({});
  });

  it('stops on a malformed variable even with a last known good spec', async ({expect}) => {
    const root = await makeSiteRoot();
    await seedLastKnownGood(root);
    const before = await snapshotSpecDir(root);
    const result = await runSpecCli({cwd: root, env: {SPEC_TIMEOUT_MS: '5s'}});
    expect(result.status).toBe(1);
    expect(lines(result.stderr)).toEqual([
      '[spec] SPEC_TIMEOUT_MS must be a whole number of milliseconds from 1 to 600000 (got "5s").',
      '[spec] Fix the variable and run again; nothing was changed.',
    ]);
    expect(await snapshotSpecDir(root)).toEqual(before);
  });

  /** What the spec step says of fixtures/invalid-schema.yaml, grouped by kind. */
  const INVALID_SCHEMA_PROBLEMS = [
    'Not allowed by the OpenAPI schema (3):',
    '  - info (line 2, column 1): required field "version" is missing; the page shows what is there',
    '  - paths./contacts.get.responses.200 (line 8, column 9): required field "description" is missing; the page shows what is there',
    '  - paths./contacts.get.responses.200.summary (line 9, column 11): "summary" is not an OpenAPI 3.0 keyword here; ignored',
    'Operations and page ids (1):',
    '  - paths./contacts.get (line 6, column 5): GET /contacts has no operationId and no summary; its page is "get-contacts" (from its method and path)',
  ];

  it('publishes a bundled spec with problems, listing each with its line and column', async ({expect}) => {
    const root = await makeSiteRoot();
    await writeFile(path.join(root, 'openapi/meridian.yaml'), await fixture('invalid-schema.yaml'));
    const result = await runSpecCli({cwd: root, env: {SPEC_STRICT: '1'}});
    expect(result.status).toBe(0);
    expect(lines(result.stderr)).toEqual([
      '[spec] Published with 4 problems in the description (all in .spec/problems.json; SPEC_VALIDATION=strict refuses a description with problems):',
      ...INVALID_SCHEMA_PROBLEMS.map((line) => `[spec] ${line}`),
    ]);
    const written = JSON.parse(await readFile(path.join(root, '.spec/problems.json'), 'utf8')) as {total: number; byKind: unknown; problems: {pointer: string; line: number}[]};
    expect(written).toMatchObject({total: 4, byKind: {schema: 3, operation: 1}, source: 'bundled spec openapi/meridian.yaml'});
    expect(written.problems.map(({pointer, line}) => `${line} ${pointer}`)).toEqual([
      '2 /info',
      '6 /paths/~1contacts/get',
      '8 /paths/~1contacts/get/responses/200',
      '9 /paths/~1contacts/get/responses/200/summary',
    ]);
  });

  it('refuses a spec with problems under SPEC_VALIDATION=strict, leaving .spec/ untouched', async ({expect}) => {
    const root = await makeSiteRoot();
    await seedLastKnownGood(root);
    const before = await snapshotSpecDir(root);
    await writeFile(path.join(root, 'openapi/meridian.yaml'), await fixture('invalid-schema.yaml'));
    const result = await runSpecCli({cwd: root, env: {SPEC_STRICT: '1', SPEC_VALIDATION: 'strict'}});
    expect(result.status).toBe(1);
    expect(lines(result.stderr)).toEqual([
      '[spec] Could not use the spec from bundled spec openapi/meridian.yaml: 4 problems in the description, and SPEC_VALIDATION=strict refuses a description with problems.',
      // Under the failure, as its details: indented once more.
      ...INVALID_SCHEMA_PROBLEMS.map((line) => `[spec]   ${line}`),
      '[spec] Fix the problems listed above, or unset SPEC_VALIDATION to publish the description with its problems listed.',
      STRICT_STOP,
    ]);
    expect(await snapshotSpecDir(root)).toEqual(before);
  });
});
