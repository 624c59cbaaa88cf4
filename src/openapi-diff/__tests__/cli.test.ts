// The two command-line entry points, run as the build and CI run them: a real
// `node` process with tsx, real files, and the exit status checked.
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

const REPO = path.resolve(__dirname, '../../..');

function run(script: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): {status: number | null; stdout: string; stderr: string} {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {cwd: REPO, encoding: 'utf8', timeout: 180_000, env: {...process.env, ...env}});
  return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

let directory = '';
const file = (name: string): string => path.join(directory, name);

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'spec-diff-'));
  writeFileSync(
    file('old.yaml'),
    `openapi: 3.1.0
info: {title: Fixture API, version: 1.0.0}
paths:
  /v1/things:
    get:
      operationId: listThings
      summary: List things
      parameters:
        - {name: state, in: query, schema: {type: string, enum: [open, done]}}
      responses:
        '200': {description: OK}
`,
  );
  writeFileSync(
    file('breaking.json'),
    JSON.stringify({
      openapi: '3.1.0',
      info: {title: 'Fixture API', version: '2.0.0'},
      paths: {'/v1/things': {get: {operationId: 'listThings', summary: 'List things', parameters: [{name: 'state', in: 'query', schema: {type: 'string', enum: ['open']}}], responses: {'200': {description: 'OK'}}}}},
    }),
  );
  writeFileSync(
    file('compatible.yaml'),
    `openapi: 3.1.0
info: {title: Fixture API, version: 1.1.0}
paths:
  /v1/things:
    get:
      operationId: listThings
      summary: List things
      parameters:
        - {name: state, in: query, schema: {type: string, enum: [open, done, blocked]}}
      responses:
        '200': {description: OK}
`,
  );
  writeFileSync(file('broken.yaml'), 'openapi: 3.1.0\npaths: [\n');
  writeFileSync(file('swagger.yaml'), 'swagger: "2.0"\npaths: {}\n');
});

afterAll(() => {
  rmSync(directory, {recursive: true, force: true});
});

describe('scripts/spec-diff.ts', () => {
  it('prints the diff and exits 1 when a change breaks clients', () => {
    const result = run('scripts/spec-diff.ts', [file('old.yaml'), file('breaking.json')]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      [
        `Comparing 1.0.0 (${file('old.yaml')}) with 2.0.0 (${file('breaking.json')})`,
        '',
        'Changed operations:',
        '  GET /v1/things (listThings: List things)',
        '    BREAKING    Query parameter `state` no longer accepts the value `done`.',
        '                Requests that send a removed value are now rejected.',
        '',
        'Summary: 0 operations added, 0 removed, 1 changed; 1 breaking change, 0 compatible.',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(1);
  });

  it('exits 0 when every change is compatible', () => {
    const result = run('scripts/spec-diff.ts', ['--', file('old.yaml'), file('compatible.yaml')]);
    expect(result.stdout).toContain('    compatible  Query parameter `state` accepts the new value `blocked`.\n');
    expect(result.stdout).toContain('Summary: 0 operations added, 0 removed, 1 changed; 0 breaking changes, 1 compatible.\n');
    expect(result.status).toBe(0);
  });

  it('prints the diff as JSON with --json', () => {
    const result = run('scripts/spec-diff.ts', ['--json', file('old.yaml'), file('breaking.json')]);
    expect(JSON.parse(result.stdout)).toMatchObject({oldVersion: '1.0.0', newVersion: '2.0.0', counts: {changed: 1, breaking: 1}});
    expect(result.status).toBe(1);
  });

  it('exits 2 naming the file and the cause when a file cannot be read or is not OpenAPI 3', () => {
    expect(run('scripts/spec-diff.ts', [file('missing.yaml'), file('old.yaml')])).toEqual({
      status: 2,
      stdout: '',
      stderr: `[spec-diff] Cannot read ${file('missing.yaml')}: no such file\n`,
    });
    expect(run('scripts/spec-diff.ts', [file('old.yaml'), file('broken.yaml')])).toEqual({
      status: 2,
      stdout: '',
      stderr: `[spec-diff] Cannot read ${file('broken.yaml')}: YAML error at line 3, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]\n`,
    });
    expect(run('scripts/spec-diff.ts', [file('swagger.yaml'), file('old.yaml')])).toEqual({
      status: 2,
      stdout: '',
      stderr: `[spec-diff] Cannot read ${file('swagger.yaml')}: is not an OpenAPI 3.x document (openapi: null)\n`,
    });
  });

  it('exits 2 with the usage on wrong arguments', () => {
    expect(run('scripts/spec-diff.ts', [file('old.yaml')])).toEqual({
      status: 2,
      stdout: '',
      stderr: '[spec-diff] Expected two spec files, got 1. usage: npm run spec:diff -- [--json] <old spec> <new spec>\n',
    });
    expect(run('scripts/spec-diff.ts', ['--color', 'a', 'b']).stderr).toBe(
      '[spec-diff] Unknown option "--color". usage: npm run spec:diff -- [--json] <old spec> <new spec>\n',
    );
  });

  it('finds the seeded breaking changes between the newest release and the bundled spec', () => {
    const result = run('scripts/spec-diff.ts', ['openapi/releases/2.2.0.yaml', 'openapi/meridian.yaml']);
    expect(result.stdout).toContain('  GET /v1/contacts/search (searchContacts: Search contacts)\n    BREAKING    The operation was removed.\n');
    expect(result.stdout).toContain('Summary: 1 operation added, 1 removed, 5 changed; 4 breaking changes, 7 compatible.\n');
    expect(result.status).toBe(1);
  });
});

describe('scripts/gen-changelog.ts', () => {
  it('writes the data file and a page that holds no spec text', () => {
    const outDir = file('docs');
    const result = run('scripts/gen-changelog.ts', ['--releases', 'openapi/releases', '--spec', 'openapi/meridian.yaml', `--out-dir=${outDir}`]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      `[changelog] Wrote ${path.join(outDir, 'changelog.mdx')} and changelog.data.json: 3 versions; Unreleased / current (2.3.0) has 4 breaking changes.\n`,
    );
    expect(result.status).toBe(0);
    expect(readFileSync(path.join(outDir, 'changelog.mdx'), 'utf8')).toBe(
      [
        '---',
        'id: changelog',
        'title: API changelog',
        'description: Changes to the Meridian API in each version, with breaking changes marked and explained.',
        '---',
        '',
        "import changelog from './changelog.data.json';",
        "import ApiChangelog from '@site/src/components/ApiChangelog';",
        '',
        '<ApiChangelog changelog={changelog} />',
        '',
      ].join('\n'),
    );
    const data = JSON.parse(readFileSync(path.join(outDir, 'changelog.data.json'), 'utf8')) as {entries: Array<{title: string}>};
    expect(data.entries.map((entry) => entry.title)).toEqual(['Unreleased / current (2.3.0)', '2.2.0', '2.1.0']);
  });

  it("compares a SPEC_FILE description with no release, as Meridian's releases are another API's", () => {
    const outDir = file('docs-spec-file');
    const spec = file('titled.yaml');
    writeFileSync(spec, readFileSync(file('compatible.yaml'), 'utf8').replace('title: Fixture API', 'title: "Fixture: API\\n---"'));
    const result = run('scripts/gen-changelog.ts', ['--spec', spec, `--out-dir=${outDir}`], {SPEC_FILE: spec});
    expect(result).toEqual({
      status: 0,
      stdout: `[changelog] Wrote ${path.join(outDir, 'changelog.mdx')} and changelog.data.json: 1 version; Unreleased / current (1.1.0) has 0 breaking changes.\n`,
      stderr: '',
    });
    expect(readFileSync(path.join(outDir, 'changelog.mdx'), 'utf8')).toContain(
      '\ndescription: "Changes to Fixture: API\\n--- in each version, with breaking changes marked and explained."\n---\n',
    );
    const data = JSON.parse(readFileSync(path.join(outDir, 'changelog.data.json'), 'utf8')) as {entries: Array<{title: string; previousVersion?: string}>};
    expect(data.entries).toMatchObject([{title: 'Unreleased / current (1.1.0)'}]);
    expect(data.entries[0]?.previousVersion).toBeUndefined();
  });

  it('exits 1 and says to run npm run spec when the resolved spec is missing', () => {
    const missing = file('no-spec.yaml');
    expect(run('scripts/gen-changelog.ts', ['--spec', missing, '--out-dir', file('docs2')])).toEqual({
      status: 1,
      stdout: '',
      stderr: `[changelog] Cannot build the changelog: ${missing}: no such file. Run "npm run spec" first, or pass --spec <file>.\n`,
    });
  });

  it('exits 1 with the usage on an unknown option or a missing value', () => {
    const usage = 'usage: tsx scripts/gen-changelog.ts [--releases <dir>] [--spec <file>] [--out-dir <dir>]';
    expect(run('scripts/gen-changelog.ts', ['--release', 'openapi/releases'])).toEqual({status: 1, stdout: '', stderr: `[changelog] Unknown option "--release". ${usage}\n`});
    expect(run('scripts/gen-changelog.ts', ['--out-dir='])).toEqual({status: 1, stdout: '', stderr: `[changelog] --out-dir needs a value. ${usage}\n`});
  });

  it('exits 1 naming a snapshot whose version disagrees with its name', () => {
    const releases = file('bad-releases');
    rmSync(releases, {recursive: true, force: true});
    mkdirSync(releases);
    writeFileSync(path.join(releases, '9.9.9.yaml'), readFileSync(file('old.yaml')));
    expect(run('scripts/gen-changelog.ts', ['--releases', releases, '--spec', 'openapi/meridian.yaml', '--out-dir', file('docs3')])).toEqual({
      status: 1,
      stdout: '',
      stderr: `[changelog] Cannot build the changelog: ${path.join(releases, '9.9.9.yaml')}: info.version is "1.0.0", but the file name says 9.9.9. Fix the snapshot, or remove it.\n`,
    });
  });
});
