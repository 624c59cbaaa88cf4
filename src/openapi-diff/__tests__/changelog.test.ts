import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {buildChangelog, changelogFromSpecs, compareVersions, readReleases} from '../changelog';
import type {ReleaseSnapshot} from '../changelog';
import {SpecLoadError, loadSpecFile} from '../load-spec';

const OK = {'200': {description: 'OK'}};
const REPO = path.resolve(__dirname, '../../..');

function version(number: string, paths: Record<string, unknown>, date?: string): Record<string, unknown> {
  return {openapi: '3.1.0', info: {title: 'Fixture API', version: number, ...(date ? {'x-release-date': date} : {})}, paths};
}

function release(document: Record<string, unknown>): ReleaseSnapshot {
  const info = document.info as {version: string; 'x-release-date'?: string};
  return {file: `${info.version}.yaml`, version: info.version, ...(info['x-release-date'] ? {date: info['x-release-date']} : {}), document};
}

const list = {get: {operationId: 'listThings', summary: 'List things', responses: OK}};
const create = {post: {operationId: 'createThing', summary: 'Create a thing', responses: OK}};

describe('compareVersions', () => {
  it('orders numerically, puts pre-releases before their release and unnumbered versions last', () => {
    expect(['2.10.0', '2.9.0', 'next', '2.9.0-rc.1', '1.0'].sort(compareVersions)).toEqual(['1.0', '2.9.0-rc.1', '2.9.0', '2.10.0', 'next']);
  });
});

describe('changelogFromSpecs', () => {
  const v1 = version('1.0.0', {'/things': list}, '2025-01-02');
  const v2 = version('1.1.0', {'/things': {...list, ...create}}, '2025-02-03');

  it('lists versions newest first, each compared with the one before, with the current spec on top', () => {
    const current = version('1.2.0', {'/things': create});
    const changelog = changelogFromSpecs([release(v2), release(v1)], current);
    expect(changelog.currentVersion).toBe('1.2.0');
    expect(changelog.currentOperationPages).toEqual([{operationId: 'createThing', permalink: '/docs/api/create-thing'}]);
    expect(changelog.entries.map(({id, title, version: number, date, unreleased, previousVersion, operationCount, counts}) => ({
      id, title, version: number, date, unreleased, previousVersion, operationCount, counts,
    }))).toEqual([
      {
        id: 'unreleased',
        title: 'Unreleased / current (1.2.0)',
        version: '1.2.0',
        date: undefined,
        unreleased: true,
        previousVersion: '1.1.0',
        operationCount: 1,
        counts: {added: 0, removed: 1, changed: 0, breaking: 1, nonBreaking: 0},
      },
      {
        id: 'v1-1-0',
        title: '1.1.0',
        version: '1.1.0',
        date: '2025-02-03',
        unreleased: false,
        previousVersion: '1.0.0',
        operationCount: 2,
        counts: {added: 1, removed: 0, changed: 0, breaking: 0, nonBreaking: 1},
      },
      {
        id: 'v1-0-0',
        title: '1.0.0',
        version: '1.0.0',
        date: '2025-01-02',
        unreleased: false,
        previousVersion: undefined,
        operationCount: 1,
        counts: {added: 0, removed: 0, changed: 0, breaking: 0, nonBreaking: 0},
      },
    ]);
    expect(changelog.entries[0]?.removed[0]?.operation).toEqual({method: 'GET', path: '/things', operationId: 'listThings', summary: 'List things'});
    expect(changelog.entries[0]?.removed[0]?.changes[0]?.breaking).toBe(true);
  });

  it('leaves out the current entry when the current spec is the newest release', () => {
    expect(changelogFromSpecs([release(v1), release(v2)], v2).entries.map((entry) => entry.title)).toEqual(['1.1.0', '1.0.0']);
  });

  it('keeps the current entry when the spec changed without a new version number', () => {
    const changed = version('1.1.0', {'/things': list});
    expect(changelogFromSpecs([release(v1), release(v2)], changed).entries.map((entry) => entry.title)).toEqual([
      'Unreleased / current (1.1.0)',
      '1.1.0',
      '1.0.0',
    ]);
  });

  it('links current operations to the pages page-ids.ts gives them, suffixes included', () => {
    // The tag page "create-thing" is claimed first, so the operation's page is create-thing-2.
    const current = version('1.2.0', {'/things': {post: {...create.post, tags: ['Create thing']}}});
    expect(changelogFromSpecs([], current).currentOperationPages).toEqual([{operationId: 'createThing', permalink: '/docs/api/create-thing-2'}]);
  });

  it('counts and links the operations of a path item $ref, as the pages and the diff walk them', () => {
    const current = {...version('1.1.0', {'/things': {$ref: '#/components/pathItems/Things'}}), components: {pathItems: {Things: {...list, ...create}}}};
    const changelog = changelogFromSpecs([release(v1)], current);
    expect(changelog.entries[0].operationCount).toBe(2);
    expect(changelog.currentOperationPages.map(({operationId}) => operationId)).toEqual(['listThings', 'createThing']);
    expect(changelog.entries[0].added.map(({operation}) => operation.operationId)).toEqual(['createThing']);
  });

  it('shows the current spec alone when there are no releases', () => {
    const changelog = changelogFromSpecs([], v1);
    expect(changelog.entries.map((entry) => [entry.title, entry.previousVersion, entry.operationCount])).toEqual([
      ['Unreleased / current (1.0.0)', undefined, 1],
    ]);
  });
});

describe('readReleases', () => {
  let directory = '';
  afterEach(() => {
    if (directory) rmSync(directory, {recursive: true, force: true});
    directory = '';
  });

  function releasesDir(files: Record<string, string>): string {
    directory = mkdtempSync(path.join(tmpdir(), 'releases-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(directory, name), text);
    return directory;
  }

  const yaml = (number: string, infoLines = ''): string => `openapi: 3.1.0\ninfo:\n  title: T\n  version: ${number}\n${infoLines}paths: {}\n`;

  it('reads YAML and JSON snapshots oldest first and skips other files', () => {
    const dir = releasesDir({
      '1.10.0.yaml': yaml('1.10.0'),
      '1.9.0.json': JSON.stringify({openapi: '3.0.3', info: {title: 'T', version: '1.9.0', 'x-release-date': '2024-12-01'}, paths: {}}),
      'README.md': '# Releases',
    });
    expect(readReleases(dir).map((snapshot) => [snapshot.version, snapshot.date])).toEqual([
      ['1.9.0', '2024-12-01'],
      ['1.10.0', undefined],
    ]);
  });

  it('refuses a snapshot whose info.version disagrees with its file name', () => {
    const dir = releasesDir({'2.0.0.yaml': yaml('2.1.0')});
    expect(() => readReleases(dir)).toThrow(new SpecLoadError(path.join(dir, '2.0.0.yaml'), 'info.version is "2.1.0", but the file name says 2.0.0'));
  });

  it('refuses two snapshots of one version', () => {
    const dir = releasesDir({'2.0.0.json': JSON.stringify({openapi: '3.1.0', info: {title: 'T', version: '2.0.0'}}), '2.0.0.yaml': yaml('2.0.0')});
    expect(() => readReleases(dir)).toThrow(
      new SpecLoadError(path.join(dir, '2.0.0.yaml'), `version 2.0.0 is also in ${path.join(dir, '2.0.0.json')}; keep one snapshot per version`),
    );
  });

  it('refuses a release date that is not written YYYY-MM-DD', () => {
    const dir = releasesDir({'2.0.0.yaml': yaml('2.0.0', '  x-release-date: 12 March 2025\n')});
    expect(() => readReleases(dir)).toThrow(
      new SpecLoadError(path.join(dir, '2.0.0.yaml'), 'info.x-release-date must be a quoted date written YYYY-MM-DD, not "12 March 2025"'),
    );
  });

  it('names a missing directory', () => {
    expect(() => readReleases('/nonexistent/releases')).toThrow(new SpecLoadError('/nonexistent/releases', 'no such directory'));
  });
});

describe('the release history in openapi/releases', () => {
  const changelog = buildChangelog({
    releasesDir: path.join(REPO, 'openapi/releases'),
    current: loadSpecFile(path.join(REPO, 'openapi/meridian.yaml')),
  });
  const [unreleased, newest, oldest] = changelog.entries;
  const ids = (entries: ReadonlyArray<{operation: {operationId?: string}}> | undefined): Array<string | undefined> =>
    (entries ?? []).map((entry) => entry.operation.operationId);

  it('has at least two dated releases, newest first, under the current version', () => {
    expect(changelog.entries.map((entry) => [entry.title, entry.date])).toEqual([
      [`Unreleased / current (${changelog.currentVersion})`, undefined],
      ['2.2.0', '2025-04-08'],
      ['2.1.0', '2025-01-21'],
    ]);
    expect(oldest?.operationCount).toBe(23);
  });

  it('adds completeAction and the contact timeline after 2.1.0, and removes searchContacts after 2.2.0', () => {
    expect(ids(newest?.added)).toEqual(['getContactTimeline']);
    expect(ids(unreleased?.added)).toEqual(['completeAction']);
    expect(ids(unreleased?.removed)).toEqual(['searchContacts']);
  });

  it('seeds breaking changes between the newest release and the current spec', () => {
    const breaking = (unreleased?.changed ?? []).flatMap((entry) =>
      entry.changes.filter((change) => change.breaking).map((change) => `${entry.operation.operationId}: ${change.message}`),
    );
    expect(breaking).toEqual([
      'updateAction: Removed request field `outcome`.',
      'updateAction: Request field `state` no longer accepts the value `completed`.',
      'getCampaignReport: Removed field `metrics.complained` from the `200` response.',
    ]);
    expect(unreleased?.counts).toEqual({added: 1, removed: 1, changed: 5, breaking: 4, nonBreaking: 7});
  });

  it('records the due_date to due_at rename of 2.2.0 as breaking', () => {
    const createAction = newest?.changed.find((entry) => entry.operation.operationId === 'createAction');
    expect(createAction?.changes.filter((change) => change.message.includes('due_')).map((change) => [change.breaking, change.message])).toEqual([
      [true, 'Removed request field `due_date`.'],
      [false, 'Added optional request field `due_at`.'],
      [true, 'Removed field `due_date` from the `201` response.'],
      [false, 'Added field `due_at` to the `201` response.'],
    ]);
  });
});

describe('changelog links to fields', () => {
  const body = (properties: Record<string, unknown>) => ({
    post: {
      operationId: 'createThing',
      summary: 'Create a thing',
      requestBody: {content: {'application/json': {schema: {type: 'object', properties}}}},
      responses: {'201': {description: 'Created', content: {'application/json': {schema: {type: 'object', properties}}}}},
    },
  });
  const v1 = version('1.0.0', {'/things': body({name: {type: 'string'}, legacy_code: {type: 'string'}})});
  const v2 = version('1.1.0', {'/things': body({name: {type: 'string'}})});
  const current = version('1.2.0', {
    '/things': body({name: {type: 'string'}, owner: {type: 'object', properties: {email: {type: 'string'}}}, tags: {type: 'array', items: {type: 'object', properties: {label: {type: 'string'}}}}}),
  });
  const changelog = changelogFromSpecs([release(v1), release(v2)], current);
  const changes = (id: string) => changelog.entries.find((entry) => entry.id === id)!.changed.flatMap((diff) => diff.changes);

  it('links a field added to the current reference to its id on the operation page', () => {
    const added = changes('unreleased').filter((change) => change.kind === 'request-field-added' || change.kind === 'response-field-added');
    expect(added.map(({field, link}) => ({field, link}))).toEqual([
      {field: {in: 'request', path: 'owner'}, link: '/docs/api/create-thing#request-body.owner'},
      {field: {in: 'request', path: 'tags'}, link: '/docs/api/create-thing#request-body.tags'},
      {field: {in: 'response', status: '201', path: 'owner'}, link: '/docs/api/create-thing#response-201.owner'},
      {field: {in: 'response', status: '201', path: 'tags'}, link: '/docs/api/create-thing#response-201.tags'},
    ]);
  });

  it('names the last version that had a removed field, and links no field the reference no longer shows', () => {
    const removed = changes('v1-1-0').filter((change) => change.kind.endsWith('-field-removed'));
    expect(removed.map(({message, lastVersion, link}) => ({message, lastVersion, link}))).toEqual([
      {message: 'Removed request field `legacy_code`.', lastVersion: '1.0.0', link: undefined},
      {message: 'Removed field `legacy_code` from the `201` response.', lastVersion: '1.0.0', link: undefined},
    ]);
  });

  it("links each change to its page in the version it describes, and a removed field to its page in the last version that had it, when those versions are published", () => {
    const versioned = changelogFromSpecs([release(v1), release(v2)], current, {versionRoutes: {'1.0.0': '/docs/api/1.0.0', '1.1.0': '/docs/api/1.1.0'}});
    const entry = (id: string) => versioned.entries.find((candidate) => candidate.id === id)!;
    const removed = entry('v1-1-0').changed.flatMap((diff) => diff.changes).filter((change) => change.kind.endsWith('-field-removed'));
    expect(removed.map(({lastVersion, link}) => ({lastVersion, link}))).toEqual([
      {lastVersion: '1.0.0', link: '/docs/api/1.0.0/create-thing#request-body.legacy_code'},
      {lastVersion: '1.0.0', link: '/docs/api/1.0.0/create-thing#response-201.legacy_code'},
    ]);
    expect(entry('v1-1-0').changed.map((diff) => diff.link)).toEqual(['/docs/api/1.1.0/create-thing']);
    expect(entry('unreleased').changed.map((diff) => diff.link)).toEqual(['/docs/api/create-thing']);
  });

  it('links another API’s changes to its own pages, current and older, under its route prefix', () => {
    const other = changelogFromSpecs([release(v1), release(v2)], current, {currentRouteBase: '/docs/apis/things', versionRoutes: {'1.0.0': '/docs/apis/things/1.0.0', '1.1.0': '/docs/apis/things/1.1.0'}});
    const entry = (id: string) => other.entries.find((candidate) => candidate.id === id)!;
    expect(other.currentOperationPages).toEqual([{operationId: 'createThing', permalink: '/docs/apis/things/create-thing'}]);
    expect(entry('unreleased').changed.map((diff) => diff.link)).toEqual(['/docs/apis/things/create-thing']);
    expect(entry('unreleased').changed.flatMap((diff) => diff.changes).find((change) => change.kind === 'request-field-added')?.link).toBe('/docs/apis/things/create-thing#request-body.owner');
    expect(entry('v1-1-0').changed.flatMap((diff) => diff.changes).find((change) => change.kind === 'request-field-removed')?.link).toBe('/docs/apis/things/1.0.0/create-thing#request-body.legacy_code');
  });
});
