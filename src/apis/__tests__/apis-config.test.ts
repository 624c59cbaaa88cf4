import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {ApiConfigError, checkApisConfig} from '../apis-config';
import {checkReleases, VersionConfigError} from '../../versions/releases';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, {recursive: true, force: true});
});

/** A site root holding these files (path → text). */
function siteWith(files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'apis-config-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const meridian = {label: 'Meridian', specPath: 'openapi/meridian.yaml', outputDir: 'docs/api'};
const petstore = {label: 'Petstore', specPath: 'specs/petstore.yaml', outputDir: 'docs/apis/petstore'};
const release = (version: string) => `openapi: 3.0.3\ninfo:\n  title: Petstore\n  version: '${version}'\npaths: {}\n`;

/** The one line a configuration error stops the build with: the apis check, then each API's versions, as `npm run spec` runs them. */
function configError(config: unknown, root = siteWith()): string {
  try {
    for (const api of checkApisConfig(config, root)) checkReleases(api.versions ?? []);
  } catch (error) {
    expect(error instanceof ApiConfigError || error instanceof VersionConfigError).toBe(true);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    return message;
  }
  throw new Error('expected a configuration error');
}

describe('the site APIs configuration (config/apis.ts)', () => {
  it('gives each API its own route, sidebar, resolved spec folder and downloads; the main API keeps Meridian’s', () => {
    const root = siteWith();
    const [main, other] = checkApisConfig({meridian, petstore}, root);
    expect(main).toMatchObject({id: 'meridian', main: true, routeBasePath: '/docs/api', sidebarId: 'openApiSidebar', specPath: '.spec/openapi.yaml', downloadsDir: ''});
    expect(other).toMatchObject({
      id: 'petstore',
      label: 'Petstore',
      main: false,
      entry: 'config/apis.ts: petstore',
      routeBasePath: '/docs/apis/petstore',
      sidebarId: 'api:petstore',
      specPath: '.spec/apis/petstore/openapi.yaml',
      outlinePath: '.spec/apis/petstore/page-outline.json',
      specFile: path.join(root, 'specs/petstore.yaml'),
      downloadsDir: 'apis/petstore',
      postmanFilename: 'petstore.postman_collection.json',
    });
  });

  it('takes an entry as docusaurus-openapi-docs writes it, versions included', () => {
    const root = siteWith({'specs/petstore-1.0.0.yaml': release('1.0.0')});
    const entry = {
      ...petstore,
      version: '2.0.0',
      baseUrl: '/docs/apis/petstore/swagger-petstore',
      versions: {'1.0.0': {specPath: 'specs/petstore-1.0.0.yaml', outputDir: 'docs/apis/petstore/1.0.0', label: 'v1.0.0', baseUrl: '/docs/apis/petstore/1.0.0/swagger-petstore'}},
    };
    const [, other] = checkApisConfig({meridian, petstore: entry}, root);
    expect(checkReleases(other.versions ?? []).map(({version, location, label}) => ({version, location, label}))).toEqual([
      {version: '1.0.0', location: 'config/apis.ts: petstore versions["1.0.0"] (specs/petstore-1.0.0.yaml)', label: 'v1.0.0'},
    ]);
  });

  it('stops when a version’s label is not a non-empty string', () => {
    const root = siteWith({'specs/petstore-1.0.0.yaml': release('1.0.0')});
    expect(configError({meridian, petstore: {...petstore, versions: {'1.0.0': {specPath: 'specs/petstore-1.0.0.yaml', label: ' '}}}}, root)).toBe(
      '[apis] config/apis.ts: petstore: versions["1.0.0"]: label must be a non-empty string (got " ").',
    );
  });

  it('stops when two APIs have the same id, compared without case', () => {
    expect(configError({meridian, petstore, Petstore: {...petstore, outputDir: 'docs/apis/petstore-2'}})).toBe(
      '[apis] config/apis.ts: Petstore: the id "Petstore" is also the id of config/apis.ts: petstore (ids name folders and stored choices, so they must differ in more than case).',
    );
  });

  it('stops when two APIs have the same route prefix, or one inside the other', () => {
    expect(configError({meridian, petstore, partner: {...petstore, label: 'Partner'}})).toBe(
      '[apis] config/apis.ts: partner: its route prefix /docs/apis/petstore is also the route prefix /docs/apis/petstore of config/apis.ts: petstore; give each API a folder of its own.',
    );
    expect(configError({meridian, partner: {...petstore, outputDir: 'docs/api/partner'}})).toBe(
      '[apis] config/apis.ts: partner: its route prefix /docs/api/partner overlaps the route prefix /docs/api of config/apis.ts: meridian; give each API a folder of its own.',
    );
  });

  it('stops when an API id is not a valid path segment', () => {
    expect(configError({meridian, 'pet store': petstore})).toBe(
      '[apis] config/apis.ts: pet store: "pet store" cannot be an API id (it is a path segment of the API\'s files and stored choices: letters, digits, "-", "_", starting with a letter or digit).',
    );
    expect(configError({meridian, '../petstore': petstore})).toBe(
      '[apis] config/apis.ts: ../petstore: "../petstore" cannot be an API id (it is a path segment of the API\'s files and stored choices: letters, digits, "-", "_", starting with a letter or digit).',
    );
  });

  it('stops when a version file is missing', () => {
    expect(configError({meridian, petstore: {...petstore, versions: {'1.0.0': {specPath: 'specs/petstore-1.0.0.yaml'}}}})).toBe(
      '[versions] config/apis.ts: petstore versions["1.0.0"] (specs/petstore-1.0.0.yaml): version 1.0.0: the file is missing.',
    );
  });

  it('stops when a version file cannot be read', () => {
    const root = siteWith();
    mkdirSync(path.join(root, 'specs'));
    // A link to itself: unreadable whoever runs the tests (root reads a file without permissions).
    symlinkSync('petstore-1.0.0.yaml', path.join(root, 'specs/petstore-1.0.0.yaml'));
    expect(configError({meridian, petstore: {...petstore, versions: {'1.0.0': {specPath: 'specs/petstore-1.0.0.yaml'}}}}, root)).toMatch(
      /^\[versions\] config\/apis\.ts: petstore versions\["1\.0\.0"\] \(specs\/petstore-1\.0\.0\.yaml\): version 1\.0\.0: the file cannot be read \(ELOOP: too many symbolic links encountered, stat '.+petstore-1\.0\.0\.yaml'\)\.$/,
    );
  });

  it('stops when a version file is a folder', () => {
    const root = siteWith();
    mkdirSync(path.join(root, 'specs/petstore-1.0.0.yaml'), {recursive: true});
    expect(configError({meridian, petstore: {...petstore, versions: {'1.0.0': {specPath: 'specs/petstore-1.0.0.yaml'}}}}, root)).toBe(
      '[versions] config/apis.ts: petstore versions["1.0.0"] (specs/petstore-1.0.0.yaml): version 1.0.0 is a folder, not a description file.',
    );
  });

  it('stops when a version’s info.version disagrees with its name', () => {
    const root = siteWith({'specs/petstore-1.0.0.yaml': release('1.0.1')});
    expect(configError({meridian, petstore: {...petstore, versions: {'1.0.0': {specPath: 'specs/petstore-1.0.0.yaml'}}}}, root)).toBe(
      '[versions] config/apis.ts: petstore versions["1.0.0"] (specs/petstore-1.0.0.yaml): the file is named for version 1.0.0 but says info.version "1.0.1"; name the file after its info.version.',
    );
  });

  it('stops on an entry that would move the main API, an unknown option, or a proxy URL that is not one', () => {
    expect(configError({petstore})).toBe(
      '[apis] config/apis.ts: petstore: the main API (the first entry) keeps the routes of the product specification: its outputDir must be "docs/api" (got "docs/apis/petstore").',
    );
    expect(configError({meridian, petstore: {...petstore, specpath: 'x.yaml'}})).toBe(
      '[apis] config/apis.ts: petstore: unknown option "specpath" (known: label, specPath, outputDir, proxyUrl, proxyTokenEnv, versions, version, baseUrl).',
    );
    expect(configError({meridian, petstore: {...petstore, proxyUrl: 'ftp://pets.example'}})).toBe(
      '[apis] config/apis.ts: petstore: proxyUrl: must be an http or https URL (got "ftp://pets.example/").',
    );
    expect(configError({meridian, petstore: {...petstore, outputDir: 'docs/Pet Store'}})).toBe(
      '[apis] config/apis.ts: petstore: outputDir "docs/Pet Store" must be a folder below docs/ named in lowercase letters, digits, "-" and "_" (its route is the same path).',
    );
  });
});
