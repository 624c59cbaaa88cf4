// resolveSpec in-process: the exact log lines on each channel, with a fixed
// clock, and the cases that need no child process.
import {mkdtemp, mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import {afterAll, afterEach, describe, expect, it} from 'vitest';

import {resolveSpec} from '../resolve-spec.js';
import {FIXTURES} from './helpers/run-cli.js';
import {collectingLogger} from './helpers/collecting-logger.js';
import {makeSiteRoot, readResolved, removeSiteRoots, snapshotSpecDir} from './helpers/site-root.js';
import {closeAllSpecServers, startSpecServer} from './helpers/spec-server.js';

afterEach(closeAllSpecServers);
afterAll(removeSiteRoots);

const FETCHED_AT = new Date('2025-03-01T09:00:00.000Z');

describe('resolveSpec', () => {
  it('writes the spec and says where it came from', async () => {
    const root = await makeSiteRoot();
    const log = collectingLogger();
    const result = await resolveSpec({
      env: {SPEC_FILE: path.join(FIXTURES, 'petstore-3.1.json')},
      root,
      log,
      now: () => FETCHED_AT,
    });
    const resolved = await readResolved(root);
    expect(result).toEqual({status: 'resolved', exitCode: 0, provenance: resolved.provenance, problems: []});
    expect(resolved.provenance).toMatchObject({
      source: {kind: 'file', location: path.join(FIXTURES, 'petstore-3.1.json')},
      title: 'Meridian JSON API',
      version: '2.0.0',
      operationCount: 1,
      fetchedAt: '2025-03-01T09:00:00.000Z',
    });
    expect(log.lines).toEqual([
      `info  [spec] Resolved "Meridian JSON API" 2.0.0 from SPEC_FILE ${path.join(FIXTURES, 'petstore-3.1.json')}: 1 operation, sha256 ${resolved.provenance.sha256.slice(0, 12)}`,
    ]);
    // JSON in, YAML out.
    expect(resolved.spec.toString('utf8')).toMatch(/^openapi: 3\.1\.0\ninfo:\n {2}title: Meridian JSON API\n/);
  });

  it('refuses a description file over SPEC_MAX_BYTES, naming the setting, and reads it once the cap is raised', async () => {
    const root = await makeSiteRoot();
    // The bundled fixture with a long description: about 40 KB, over a 16 KB cap.
    const large = path.join(root, 'large.yaml');
    const fixture = await readFile(path.join(FIXTURES, 'petstore-3.0.yaml'), 'utf8');
    await writeFile(large, fixture.replace('Fixture for the spec-source tests.', 'a'.repeat(40 * 1024)), 'utf8');
    const log = collectingLogger();
    const refused = await resolveSpec({env: {SPEC_FILE: large, SPEC_STRICT: '1', SPEC_MAX_BYTES: '16KB'}, root, log});
    expect(refused).toEqual({status: 'failed', exitCode: 1, failure: {message: 'larger than the 16 KB cap of SPEC_MAX_BYTES (41.6 KB)', details: []}});
    expect(log.lines).toEqual([
      `error [spec] Could not use the spec from SPEC_FILE large.yaml: larger than the 16 KB cap of SPEC_MAX_BYTES (41.6 KB).`,
      'error [spec] Set SPEC_MAX_BYTES to at least 1MB to publish a description this large (a build needs memory in proportion).',
      'error [spec] SPEC_STRICT=1, so the build stops here; .spec/ is unchanged.',
    ]);
    const raised = await resolveSpec({env: {SPEC_FILE: large, SPEC_STRICT: '1', SPEC_MAX_BYTES: '1MB'}, root, log: collectingLogger()});
    expect(raised.status).toBe('resolved');
  });

  it('falls back with a warning that gives the age of the spec in use', async () => {
    const root = await makeSiteRoot();
    await resolveSpec({env: {}, root, now: () => FETCHED_AT});
    const seeded = await readResolved(root);
    const log = collectingLogger();
    const result = await resolveSpec({
      env: {SPEC_FILE: 'nope.yaml'},
      root,
      log,
      now: () => new Date(FETCHED_AT.getTime() + (26 * 60 + 5) * 60_000),
    });
    expect(result).toEqual({status: 'fallback', exitCode: 0, provenance: seeded.provenance, problems: [], failure: {message: 'file not found', details: []}});
    const banner = `warn  [spec] ${'!'.repeat(72)}`;
    expect(log.lines).toEqual([
      banner,
      'warn  [spec] WARNING: building with the LAST KNOWN GOOD spec; the API reference may be out of date.',
      'warn  [spec] Could not use the spec from SPEC_FILE nope.yaml: file not found.',
      `warn  [spec] Using "Meridian Test API" 1.2.0 from bundled spec openapi/meridian.yaml, fetched 1 d 2 h ago (2025-03-01T09:00:00.000Z), sha256 ${seeded.provenance.sha256.slice(0, 12)}.`,
      `warn  [spec] Check SPEC_FILE (it resolves to ${path.join(root, 'nope.yaml')}), or unset it to use SPEC_PROXY_URL or the bundled spec. Set SPEC_STRICT=1 to make this an error.`,
      banner,
    ]);
  });

  it('keeps the token out of every line, even when the server echoes it', async () => {
    const token = 'tok_0123456789abcdef';
    const server = await startSpecServer((request, response) =>
      response.writeHead(302, {Location: request.url === '/api/swagger-yaml' ? `/echo/${token}` : '/api/swagger-yaml'}).end(),
    );
    const root = await makeSiteRoot();
    const log = collectingLogger();
    const result = await resolveSpec({
      env: {SPEC_PROXY_URL: server.origin, SPEC_PROXY_TOKEN: token, SPEC_STRICT: '1'},
      root,
      log,
    });
    expect(result.exitCode).toBe(1);
    expect(server.requests[1]?.url).toBe(`/echo/${token}`);
    expect(log.lines).toContain(
      `error [spec] Could not use the spec from proxy ${server.origin}/api/swagger-yaml: redirect loop: ${server.origin}/api/swagger-yaml -> ${server.origin}/echo/*** -> ${server.origin}/api/swagger-yaml.`,
    );
    expect(log.lines.join('\n')).not.toContain(token);
  });

  it('fails when .spec/ cannot be written, and names it', async () => {
    const root = await makeSiteRoot();
    await writeFile(path.join(root, '.spec'), 'a file where the directory should be');
    const log = collectingLogger();
    const result = await resolveSpec({env: {}, root, log});
    expect(result.exitCode).toBe(1);
    expect(log.lines[0]).toMatch(
      /^error \[spec\] Could not use the spec from bundled spec openapi\/meridian\.yaml: the spec is valid, but writing \.spec\/ failed: /,
    );
    expect(log.lines.slice(1)).toEqual([
      'error [spec] Check that .spec/ can be written.',
      'error [spec] There is no last known good spec in .spec/ to fall back to, so the build stops here.',
    ]);
  });

  it('reads the bundled spec and writes to the paths it is given', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'meridian-paths-'));
    try {
      await mkdir(path.join(root, 'specs'));
      const bundledPath = path.join(root, 'specs', 'api.yaml');
      await writeFile(bundledPath, await import('node:fs/promises').then((fs) => fs.readFile(path.join(FIXTURES, 'circular-3.1.yaml'))));
      const outDir = path.join(root, 'out');
      const result = await resolveSpec({env: {}, root, bundledPath, outDir});
      expect(result.provenance?.source).toEqual({kind: 'bundled', location: 'specs/api.yaml'});
      expect(await snapshotSpecDir(root)).toEqual({});
      expect(result.status).toBe('resolved');
    } finally {
      await rm(root, {recursive: true, force: true});
    }
  });

  it("hands npm start the source's data as parsed, before the checks, once per run", async () => {
    const root = await makeSiteRoot();
    const parsed: unknown[] = [];
    const onSourceParsed = (document: unknown) => parsed.push(document);
    await resolveSpec({env: {SPEC_FILE: path.join(FIXTURES, 'petstore-3.1.json')}, root, log: collectingLogger(), onSourceParsed});
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).toMatchObject({openapi: '3.1.0', info: {title: 'Meridian JSON API'}});
    // A description the checks refuse was still parsed: its references are still the file's.
    await resolveSpec({env: {SPEC_FILE: path.join(FIXTURES, 'invalid-schema.yaml'), SPEC_VALIDATION: 'strict'}, root, log: collectingLogger(), onSourceParsed});
    expect(parsed).toHaveLength(2);
  });

  it('only counts the problems when the caller lists them itself (npm start)', async () => {
    const root = await makeSiteRoot();
    const log = collectingLogger();
    const result = await resolveSpec({env: {SPEC_FILE: path.join(FIXTURES, 'invalid-schema.yaml')}, root, log, quietProblems: true});
    expect(result.problems).toHaveLength(4);
    expect(log.lines.filter((line) => line.startsWith('warn'))).toEqual([
      'warn  [spec] Published with 4 problems in the description (all in .spec/problems.json; SPEC_VALIDATION=strict refuses a description with problems).',
    ]);
  });
});
