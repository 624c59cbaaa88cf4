// SPEC_OVERLAYS through resolveSpec, with overlay files on disk: what the
// published description becomes, the located problems of overlays that are
// not valid, strict mode, provenance and the refusal of a missing file.
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';

import {afterAll, describe, expect, it} from 'vitest';
import {parse} from 'yaml';

import {parseOverlays} from '../spec-config.js';
import {SpecConfigError} from '../../spec-reader/spec-errors.js';
import {resolveSpec} from '../resolve-spec.js';
import {REPO_ROOT, FIXTURES, lines, runSpecCli} from './helpers/run-cli.js';
import {collectingLogger} from './helpers/collecting-logger.js';
import {makeSiteRoot, readResolved, removeSiteRoots, seedLastKnownGood, snapshotSpecDir} from './helpers/site-root.js';

afterAll(removeSiteRoots);

/** The committed overlay fixture the corpus builds (tests/fixtures/overlay/). */
const OVERLAY_FIXTURE = path.join(REPO_ROOT, 'tests/fixtures/overlay');

async function published(root: string): Promise<unknown> {
  return parse(await readFile(path.join(root, '.spec', 'openapi.yaml'), 'utf8')) as unknown;
}

/** The value at these keys of a parsed document. */
function at(document: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

/** Writes overlay files into the site root; returns their names, comma-separated, for SPEC_OVERLAYS. */
async function writeOverlays(root: string, files: Record<string, string>): Promise<string> {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(root, name), text);
  return Object.keys(files).join(',');
}

const HEADER = 'overlay: 1.0.0\ninfo:\n  title: Test overlay\n  version: 1.0.0\n';

describe('SPEC_OVERLAYS', () => {
  it('adds a code sample and removes the operations marked internal, and says so in provenance', async () => {
    const root = await makeSiteRoot();
    const log = collectingLogger();
    const overlays = ['add-code-samples.yaml', 'remove-internal.yaml'].map((name) => path.join(OVERLAY_FIXTURE, name));
    const result = await resolveSpec({
      env: {SPEC_FILE: path.join(OVERLAY_FIXTURE, 'openapi.yaml'), SPEC_OVERLAYS: overlays.join(',')},
      root,
      log,
    });
    expect(result.status).toBe('resolved');
    expect(result.problems).toEqual([]);
    const document = await published(root);
    expect(at(document, 'paths', '/contacts', 'post', 'x-codeSamples')).toEqual([
      {lang: 'Shell', label: 'meridian CLI', source: 'meridian contacts create --email ada@example.com --name "Ada Lovelace"'},
    ]);
    expect(Object.keys(at(document, 'paths', '/contacts/{contactId}') as object)).toEqual(['parameters', 'get']);
    expect(at(document, 'paths', '/internal/reindex')).toEqual({});
    const {provenance} = await readResolved(root);
    expect(provenance.operationCount).toBe(3);
    expect(provenance.overlays).toEqual([
      {path: overlays[0], sha256: 'e190ac30e10126d83660127adfb5a674bcb8b49e9f48f49f5550b3c2e2c8b530', actionsApplied: 1, actionsSkipped: 0},
      {path: overlays[1], sha256: '6d0d700ea49345918247ea9f2660be0cbbae3d091e4f7bbde7918d61bf656894', actionsApplied: 1, actionsSkipped: 0},
    ]);
    expect(log.lines).toEqual([
      `info  [spec] Applied 2 overlays from SPEC_OVERLAYS: ${overlays[0]} (1 action), ${overlays[1]} (1 action); problems in the description are located in the published openapi.yaml, which they changed.`,
      `info  [spec] Resolved "Overlay Test API" 1.0.0 from SPEC_FILE ${path.join(OVERLAY_FIXTURE, 'openapi.yaml')}: 3 operations, sha256 ${provenance.sha256.slice(0, 12)}`,
    ]);
  });

  it('applies overlays in the order given, and the actions of each in order', async () => {
    const root = await makeSiteRoot();
    const names = await writeOverlays(root, {
      'first.yaml': `${HEADER}actions:\n  - target: $.info\n    update:\n      title: First\n  - target: $.paths['/contacts'].get.tags\n    update: [Outreach, Archive]\n  - target: $.paths['/contacts'].get.tags[?@ == 'Archive']\n    remove: true\n`,
      'second.yaml': `${HEADER}actions:\n  - target: $.info\n    update:\n      title: Second\n`,
    });
    await resolveSpec({env: {SPEC_OVERLAYS: names}, root});
    let document = await published(root);
    expect(at(document, 'info', 'title')).toBe('Second');
    expect(at(document, 'paths', '/contacts', 'get', 'tags')).toEqual(['Contacts', 'Outreach']);

    await resolveSpec({env: {SPEC_OVERLAYS: 'second.yaml,first.yaml'}, root});
    document = await published(root);
    expect(at(document, 'info', 'title')).toBe('First');
  });

  it('removes list items and nested selections without moving or bringing back another', async () => {
    const root = await makeSiteRoot();
    const names = await writeOverlays(root, {
      'remove.yaml': `${HEADER}actions:\n  - target: $.paths['/contacts'].get.tags\n    update: [Outreach, Archive, Drafts]\n  - target: $.paths['/contacts'].get.tags[0,2,3]\n    remove: true\n  - target: $.info\n    update:\n      x-group: {x-internal: true, inner: {x-internal: true}}\n  - target: $..[?@['x-internal'] == true]\n    remove: true\n`,
    });
    const result = await resolveSpec({env: {SPEC_OVERLAYS: names}, root});
    expect(result.problems).toEqual([]);
    const document = await published(root);
    expect(at(document, 'paths', '/contacts', 'get', 'tags')).toEqual(['Outreach']);
    expect(at(document, 'info')).toEqual({title: 'Meridian Test API', version: '1.2.0', description: 'Fixture for the spec-source tests.'});
  });

  it('merges objects recursively, appends to lists, and changes a shared YAML anchor only where the target is', async () => {
    const root = await makeSiteRoot();
    await writeFile(
      path.join(root, 'shared.yaml'),
      [
        'openapi: 3.1.0',
        'info: {title: Shared, version: 1.0.0}',
        'paths:',
        '  /a:',
        '    get: &operation',
        '      summary: Read',
        '      tags: [One]',
        '      responses: {"200": {description: OK}}',
        '  /b:',
        '    get: *operation',
        '',
      ].join('\n'),
    );
    const names = await writeOverlays(root, {
      'merge.yaml': `${HEADER}actions:\n  - target: $.paths['/a'].get\n    update:\n      tags: [Two]\n      responses:\n        '404': {description: Missing}\n      summary: Read A\n`,
    });
    await resolveSpec({env: {SPEC_FILE: 'shared.yaml', SPEC_OVERLAYS: names}, root});
    const document = await published(root);
    expect(at(document, 'paths', '/a', 'get')).toEqual({summary: 'Read A', tags: ['One', 'Two'], responses: {'200': {description: 'OK'}, '404': {description: 'Missing'}}});
    expect(at(document, 'paths', '/b', 'get')).toEqual({summary: 'Read', tags: ['One'], responses: {'200': {description: 'OK'}}});
  });

  it('applies overlays to a Swagger 2.0 description after converting it to OpenAPI 3.0', async () => {
    const root = await makeSiteRoot();
    const log = collectingLogger();
    const names = await writeOverlays(root, {
      'schema.yaml': `${HEADER}actions:\n  - target: $.components.schemas.Outreach\n    update:\n      description: One message to a contact.\n`,
    });
    const result = await resolveSpec({env: {SPEC_FILE: path.join(FIXTURES, 'swagger-2.0.yaml'), SPEC_OVERLAYS: names}, root, log});
    expect(result.problems).toEqual([]);
    expect(at(await published(root), 'components', 'schemas', 'Outreach', 'description')).toBe('One message to a contact.');
    expect(log.lines[0]).toBe(
      'info  [spec] Converted Swagger 2.0 to OpenAPI 3.0.0 with swagger2openapi before applying the overlays; the converted document is used.',
    );
  });

  it('publishes the description with each overlay problem located in its file, skipping what cannot apply', async () => {
    const root = await makeSiteRoot();
    const log = collectingLogger();
    const names = await writeOverlays(root, {
      'empty.yaml': '',
      'broken.yaml': `${HEADER}actions: [\n  - target: $\n`,
      'list.yaml': '- target: $.info\n',
      'no-overlay.yaml': 'info:\n  title: x\n  version: 1.0.0\nactions: []\n',
      'version.yaml': 'overlay: 2.0.0\ninfo:\n  title: x\n  version: 1.0.0\nactions:\n  - target: $.info\n    remove: true\n',
      'no-actions.yaml': 'overlay: 1.0.0\n',
      'actions.yaml': [
        HEADER.trimEnd(),
        'actions:',
        '  - target: $.info',
        '    description: neither update nor remove',
        "  - target: $.paths[",
        '    remove: true',
        '  - target: $.paths.*.*[?(@[\'x-internal\'] == true)]',
        '    remove: true',
        '  - description: no target',
        '    remove: true',
        '  - target: $.info',
        '    remove: yes please',
        '  - target: $.info',
        '    update: New title',
        '  - target: $.info.title',
        '    update: {text: New title}',
        '  - target: $',
        '    remove: true',
        '  - just a string',
        '  - target: $.info',
        '    update:',
        '      x-audience: public',
        '',
      ].join('\n'),
    });
    const result = await resolveSpec({env: {SPEC_OVERLAYS: names}, root, log});
    expect(result.status).toBe('resolved');
    expect(at(await published(root), 'info', 'x-audience')).toBe('public');
    expect(result.problems).toEqual([
      {kind: 'overlay', file: 'empty.yaml', pointer: '', message: 'file is empty; overlay skipped'},
      {kind: 'overlay', file: 'broken.yaml', pointer: '', line: 6, column: 3, message: 'not YAML or JSON: Block collections are not allowed within flow collections; overlay skipped'},
      {kind: 'overlay', file: 'list.yaml', pointer: '', line: 1, column: 1, message: 'not an Overlay document (the document is a list, not a mapping); overlay skipped'},
      {kind: 'overlay', file: 'no-overlay.yaml', pointer: '', line: 1, column: 1, message: 'not an Overlay document (no overlay field); overlay skipped'},
      {kind: 'overlay', file: 'version.yaml', pointer: '/overlay', line: 1, column: 10, message: 'overlay must be the version 1.0.x as a string (such as "1.0.0"), not the string "2.0.0"; overlay skipped'},
      {kind: 'overlay', file: 'no-actions.yaml', pointer: '', line: 1, column: 1, message: 'required field "info" (with title and version) is missing; applied all the same'},
      {kind: 'overlay', file: 'no-actions.yaml', pointer: '', line: 1, column: 1, message: 'required field "actions" is missing; overlay skipped'},
      {kind: 'overlay', file: 'actions.yaml', pointer: '/actions/0', line: 6, column: 5, message: 'the action has neither an update nor remove: true, so it would do nothing; skipped'},
      {kind: 'overlay', file: 'actions.yaml', pointer: '/actions/1/target', line: 8, column: 13, message: '"$.paths[" is not a valid JSONPath expression (RFC 9535): Expected "\'", "*", "-", "0", ":", "?", "\\"", [1-9], or [\\t-\\n\\r ] but end of input found; action skipped'},
      {kind: 'overlay', file: 'actions.yaml', pointer: '/actions/2/target', line: 10, column: 13, message: '"$.paths.*.*[?(@[\'x-internal\'] == true)]" matches nothing in the description; action skipped'},
      {kind: 'overlay', file: 'actions.yaml', pointer: '/actions/3', line: 12, column: 5, message: 'required field "target" is missing; action skipped'},
      {kind: 'overlay', file: 'actions.yaml', pointer: '/actions/4/remove', line: 15, column: 13, message: 'remove must be true or false, not the string "yes please"; action skipped'},
      {kind: 'overlay', file: 'actions.yaml', pointer: '/actions/5/update', line: 17, column: 13, message: 'update must be a mapping to merge into the object at $[\'info\'], not the string "New title"; action skipped'},
      {kind: 'overlay', file: 'actions.yaml', pointer: '/actions/6/target', line: 18, column: 13, message: '"$.info.title" selects the string "Meridian Test API" at $[\'info\'][\'title\'], and an update applies to objects and lists only; action skipped'},
      {kind: 'overlay', file: 'actions.yaml', pointer: '/actions/7/target', line: 20, column: 13, message: '"$" selects the whole description, which cannot be removed; action skipped'},
      {kind: 'overlay', file: 'actions.yaml', pointer: '/actions/8', line: 22, column: 5, message: 'an action must be a mapping with a target and an update or remove, not the string "just a string"; skipped'},
    ]);
    const {provenance} = await readResolved(root);
    expect(provenance.overlays?.map(({path: file, actionsApplied, actionsSkipped}) => [file, actionsApplied, actionsSkipped])).toEqual([
      ['empty.yaml', 0, 0],
      ['broken.yaml', 0, 0],
      ['list.yaml', 0, 0],
      ['no-overlay.yaml', 0, 0],
      ['version.yaml', 0, 1],
      ['no-actions.yaml', 0, 0],
      ['actions.yaml', 1, 9],
    ]);
    const problemsFile = JSON.parse(await readFile(path.join(root, '.spec', 'problems.json'), 'utf8')) as {byKind: Record<string, number>};
    expect(problemsFile.byKind).toEqual({overlay: 16});
    expect(log.lines).toContain('warn  [spec] Overlays (SPEC_OVERLAYS) (16):');
    expect(log.lines).toContain('warn  [spec]   - actions.yaml actions.2.target (line 10, column 13): "$.paths.*.*[?(@[\'x-internal\'] == true)]" matches nothing in the description; action skipped');
  });

  it('refuses a description whose overlay has problems under SPEC_VALIDATION=strict, leaving .spec/ untouched', async () => {
    const root = await makeSiteRoot();
    await seedLastKnownGood(root);
    const before = await snapshotSpecDir(root);
    const log = collectingLogger();
    const names = await writeOverlays(root, {'typo.yaml': `${HEADER}actions:\n  - target: $.paths['/contact']\n    remove: true\n`});
    const result = await resolveSpec({env: {SPEC_OVERLAYS: names, SPEC_VALIDATION: 'strict', SPEC_STRICT: '1'}, root, log});
    expect(result).toEqual({
      status: 'failed',
      exitCode: 1,
      failure: {
        message: '1 problem in the description, and SPEC_VALIDATION=strict refuses a description with problems',
        details: ['Overlays (SPEC_OVERLAYS) (1):', '  - typo.yaml actions.0.target (line 6, column 13): "$.paths[\'/contact\']" matches nothing in the description; action skipped'],
      },
    });
    expect(await snapshotSpecDir(root)).toEqual(before);
    expect(log.lines).toEqual([
      'error [spec] Could not use the spec from bundled spec openapi/meridian.yaml: 1 problem in the description, and SPEC_VALIDATION=strict refuses a description with problems.',
      'error [spec]   Overlays (SPEC_OVERLAYS) (1):',
      'error [spec]     - typo.yaml actions.0.target (line 6, column 13): "$.paths[\'/contact\']" matches nothing in the description; action skipped',
      'error [spec] Fix the problems listed above, or unset SPEC_VALIDATION to publish the description with its problems listed.',
      'error [spec] SPEC_STRICT=1, so the build stops here; .spec/ is unchanged.',
    ]);
  });

  it('refuses the description when an overlay file is missing, naming the file', async () => {
    const root = await makeSiteRoot();
    await seedLastKnownGood(root);
    const before = await snapshotSpecDir(root);
    const log = collectingLogger();
    const names = await writeOverlays(root, {'present.yaml': `${HEADER}actions:\n  - target: $.info\n    update: {x-audience: public}\n`});
    const result = await resolveSpec({env: {SPEC_OVERLAYS: `${names}, overlays/missing.yaml`, SPEC_STRICT: '1'}, root, log});
    expect(result).toEqual({status: 'failed', exitCode: 1, failure: {message: 'overlay overlays/missing.yaml from SPEC_OVERLAYS: file not found', details: []}});
    expect(await snapshotSpecDir(root)).toEqual(before);
    expect(log.lines).toEqual([
      'error [spec] Could not use the spec from bundled spec openapi/meridian.yaml: overlay overlays/missing.yaml from SPEC_OVERLAYS: file not found.',
      `error [spec] Check SPEC_OVERLAYS (overlays/missing.yaml resolves to ${path.join(root, 'overlays/missing.yaml')}), or leave that file out of it.`,
      'error [spec] SPEC_STRICT=1, so the build stops here; .spec/ is unchanged.',
    ]);
  });
});

describe('npm run spec', () => {
  it('reads SPEC_OVERLAYS from the environment, relative to the working directory', async () => {
    const root = await makeSiteRoot();
    await writeOverlays(root, {'audience.yaml': `${HEADER}actions:\n  - target: $.info\n    update: {x-audience: public}\n`});
    const result = await runSpecCli({cwd: root, env: {SPEC_OVERLAYS: 'audience.yaml'}});
    expect(result.status).toBe(0);
    expect(lines(result.stdout)[0]).toBe(
      '[spec] Applied 1 overlay from SPEC_OVERLAYS: audience.yaml (1 action); problems in the description are located in the published openapi.yaml, which they changed.',
    );
    expect(at(await published(root), 'info', 'x-audience')).toBe('public');
  });
});

describe('parseOverlays', () => {
  const root = '/site';
  it('reads paths relative to the root, in order, and nothing when unset or blank', () => {
    expect(parseOverlays('a.yaml, overlays/b.json', root)).toEqual([
      {path: '/site/a.yaml', location: 'a.yaml'},
      {path: '/site/overlays/b.json', location: 'overlays/b.json'},
    ]);
    expect(parseOverlays(undefined, root)).toEqual([]);
    expect(parseOverlays(' ', root)).toEqual([]);
  });

  it('refuses an empty entry and a URL', () => {
    expect(() => parseOverlays('a.yaml,,b.yaml', root)).toThrow(new SpecConfigError('SPEC_OVERLAYS has an empty entry (got "a.yaml,,b.yaml")'));
    expect(() => parseOverlays('https://u:p@x.example/o.yaml', root)).toThrow(
      new SpecConfigError('SPEC_OVERLAYS lists local paths, not URLs (got "https://x.example/o.yaml")'),
    );
  });
});
