// `npm run spec` (scripts/spec.ts in a child process) with a broken release:
// the one-line error comes before the proxy is asked for anything.
import {existsSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';

import {runSpecCli} from '../../spec-source/__tests__/helpers/run-cli.js';
import {makeSiteRoot, removeSiteRoots} from '../../spec-source/__tests__/helpers/site-root.js';
import {closeAllSpecServers, sendYaml, startSpecServer} from '../../spec-source/__tests__/helpers/spec-server.js';

afterAll(async () => {
  await closeAllSpecServers();
  await removeSiteRoots();
});

async function releaseFile(root: string, name: string, version: string): Promise<void> {
  await mkdir(path.join(root, 'openapi/releases'), {recursive: true});
  await writeFile(path.join(root, 'openapi/releases', name), `openapi: 3.0.3\ninfo:\n  title: Old\n  version: '${version}'\n  x-release-date: '2025-01-01'\npaths:\n  /pets:\n    get:\n      operationId: listPets\n      responses:\n        '200':\n          description: ok\n`);
}

describe('npm run spec: configuration errors about versions', () => {
  it('stops with one line naming the release file, before any fetch, when info.version disagrees with its name', async () => {
    const root = await makeSiteRoot();
    await releaseFile(root, '1.0.0.yaml', '0.9.0');
    const pets = await readFile(path.join(root, 'openapi/meridian.yaml'), 'utf8');
    const server = await startSpecServer((_request, response) => sendYaml(response, pets));
    const result = await runSpecCli({cwd: root, env: {SPEC_PROXY_URL: server.origin}});
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('[versions] openapi/releases/1.0.0.yaml: the file is named for version 1.0.0 but says info.version "0.9.0"; name the file after its info.version.\n');
    expect(server.requests).toHaveLength(0);
    expect(existsSync(path.join(root, '.spec'))).toBe(false);
  });

  it('stops with one line when a release file is a folder', async () => {
    const root = await makeSiteRoot();
    await mkdir(path.join(root, 'openapi/releases/1.0.0.yaml'), {recursive: true});
    const result = await runSpecCli({cwd: root});
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('[versions] openapi/releases/1.0.0.yaml: version 1.0.0 is a folder, not a description file.\n');
  });

  it('publishes each release next to the current version, and none for SPEC_FILE', async () => {
    const root = await makeSiteRoot();
    await releaseFile(root, '0.9.0.yaml', '0.9.0');
    const bundled = await runSpecCli({cwd: root});
    expect(bundled.status).toBe(0);
    const index = JSON.parse(await readFile(path.join(root, '.spec/versions/index.json'), 'utf8')) as {older: {version: string; routeBasePath: string; releaseDate: string}[]};
    expect(index.older.map(({version, routeBasePath, releaseDate}) => ({version, routeBasePath, releaseDate}))).toEqual([{version: '0.9.0', routeBasePath: '/docs/api/0.9.0', releaseDate: '2025-01-01'}]);
    expect(existsSync(path.join(root, '.spec/versions/0.9.0/page-outline.json'))).toBe(true);
    const file = await runSpecCli({cwd: root, env: {SPEC_FILE: 'openapi/meridian.yaml'}});
    expect(file.status).toBe(0);
    const none = JSON.parse(await readFile(path.join(root, '.spec/versions/index.json'), 'utf8')) as {older: unknown[]};
    expect(none.older).toEqual([]);
    expect(existsSync(path.join(root, '.spec/versions/0.9.0'))).toBe(false);
  });
});
