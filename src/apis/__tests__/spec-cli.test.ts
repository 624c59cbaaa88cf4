// `npm run spec` (scripts/spec.ts in a child process) on a site with two APIs
// (config/apis.ts): configuration errors stop it before any fetch, and each
// API's source fails or falls back on its own, against real local servers.
import {existsSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';

import {FIXTURES, lines, runSpecCli} from '../../spec-source/__tests__/helpers/run-cli.js';
import {makeSiteRoot, removeSiteRoots} from '../../spec-source/__tests__/helpers/site-root.js';
import {closeAllSpecServers, sendYaml, startSpecServer} from '../../spec-source/__tests__/helpers/spec-server.js';

afterAll(async () => {
  await closeAllSpecServers();
  await removeSiteRoots();
});

/** A site root whose config/apis.ts is `entries` after the main API (Meridian from the bundled file). */
async function siteWithApis(entries: Record<string, unknown>): Promise<string> {
  const root = await makeSiteRoot();
  await mkdir(path.join(root, 'config'));
  const config = {meridian: {label: 'Meridian', specPath: 'openapi/meridian.yaml', outputDir: 'docs/api'}, ...entries};
  await writeFile(path.join(root, 'config/apis.ts'), `export const apis = ${JSON.stringify(config, null, 2)};\n`);
  return root;
}

const petstoreText = () => readFile(path.join(FIXTURES, 'petstore-3.0.yaml'), 'utf8');

describe('npm run spec with two APIs', () => {
  it('stops with one line naming the entry, before any fetch, on a configuration error', async () => {
    const text = await petstoreText();
    const server = await startSpecServer((_request, response) => sendYaml(response, text));
    const root = await siteWithApis({
      petstore: {label: 'Petstore', specPath: 'pets.yaml', proxyUrl: server.origin, outputDir: 'docs/apis/petstore'},
      partner: {label: 'Partner', specPath: 'partner.yaml', outputDir: 'docs/apis/petstore'},
    });
    const result = await runSpecCli({cwd: root, env: {SPEC_PROXY_URL: server.origin}});
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      '[apis] config/apis.ts: partner: its route prefix /docs/apis/petstore is also the route prefix /docs/apis/petstore of config/apis.ts: petstore; give each API a folder of its own.\n',
    );
    expect(server.requests).toHaveLength(0);
    expect(existsSync(path.join(root, '.spec'))).toBe(false);
  });

  it('stops before any fetch when another API’s version file disagrees with its name', async () => {
    const text = await petstoreText();
    const server = await startSpecServer((_request, response) => sendYaml(response, text));
    const root = await siteWithApis({petstore: {label: 'Petstore', specPath: 'pets.yaml', proxyUrl: server.origin, outputDir: 'docs/apis/petstore', versions: {'0.9.0': {specPath: 'pets-0.9.0.yaml'}}}});
    await writeFile(path.join(root, 'pets-0.9.0.yaml'), text.replace(/^ {2}version: .*$/m, "  version: '0.9.1'"));
    const result = await runSpecCli({cwd: root});
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      '[versions] config/apis.ts: petstore versions["0.9.0"] (pets-0.9.0.yaml): the file is named for version 0.9.0 but says info.version "0.9.1"; name the file after its info.version.\n',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('falls back to the failing API’s own last known good copy while the other API publishes, and says which API', async () => {
    const text = await petstoreText();
    let failing = false;
    const server = await startSpecServer((_request, response) => (failing ? sendYaml(response, 'not found', 404) : sendYaml(response, text)));
    const root = await siteWithApis({petstore: {label: 'Petstore', specPath: 'pets.yaml', proxyUrl: `${server.origin}/pets/`, outputDir: 'docs/apis/petstore'}});

    const first = await runSpecCli({cwd: root});
    expect(first.status).toBe(0);
    expect(server.requests.map((request) => request.url)).toEqual(['/pets/api/swagger-yaml']);
    const goodPetstore = await readFile(path.join(root, '.spec/apis/petstore/openapi.yaml'));
    const mainBefore = JSON.parse(await readFile(path.join(root, '.spec/provenance.json'), 'utf8')) as {fetchedAt: string};

    failing = true;
    const second = await runSpecCli({cwd: root});
    expect(second.status).toBe(0);
    // The main API published from its own source, a line without an API name.
    expect(lines(second.stdout).filter((line) => line.includes('Resolved'))).toEqual([expect.stringMatching(/^\[spec\] Resolved "Meridian Test API" 1\.2\.0 from bundled spec openapi\/meridian\.yaml: /)]);
    const mainAfter = JSON.parse(await readFile(path.join(root, '.spec/provenance.json'), 'utf8')) as {fetchedAt: string};
    expect(mainAfter.fetchedAt).not.toBe(mainBefore.fetchedAt);
    // The other API kept its last known good copy, and every line about it names it.
    const warnings = lines(second.stderr);
    expect(warnings).toContain('[spec] petstore: WARNING: building with the LAST KNOWN GOOD spec; the API reference may be out of date.');
    expect(warnings).toContain(`[spec] petstore: Could not use the spec from proxy ${server.origin}/pets/api/swagger-yaml: HTTP 404 Not Found.`);
    expect(warnings).toContain('[spec] petstore: Check its proxyUrl in config/apis.ts: petstore. Set SPEC_STRICT=1 to make this an error.');
    expect(warnings.every((line) => line.startsWith('[spec] petstore: '))).toBe(true);
    expect(await readFile(path.join(root, '.spec/apis/petstore/openapi.yaml'))).toEqual(goodPetstore);
  });

  it('under SPEC_STRICT=1 stops the build for the failing API, leaving its files and the other API’s publishing alone', async () => {
    const text = await petstoreText();
    let failing = false;
    const server = await startSpecServer((_request, response) => (failing ? sendYaml(response, 'not found', 404) : sendYaml(response, text)));
    const root = await siteWithApis({petstore: {label: 'Petstore', specPath: 'pets.yaml', proxyUrl: server.origin, outputDir: 'docs/apis/petstore'}});
    expect((await runSpecCli({cwd: root})).status).toBe(0);
    const goodPetstore = await readFile(path.join(root, '.spec/apis/petstore/openapi.yaml'));
    const mainBefore = await readFile(path.join(root, '.spec/provenance.json'), 'utf8');

    failing = true;
    const strict = await runSpecCli({cwd: root, env: {SPEC_STRICT: '1'}});
    expect(strict.status).toBe(1);
    expect(lines(strict.stderr)).toContain('[spec] petstore: SPEC_STRICT=1, so the build stops here; .spec/apis/petstore/ is unchanged.');
    expect(await readFile(path.join(root, '.spec/apis/petstore/openapi.yaml'))).toEqual(goodPetstore);
    expect(await readFile(path.join(root, '.spec/provenance.json'), 'utf8')).not.toBe(mainBefore);
  });
});
