import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import {copySite} from '../site-copy';

/**
 * npm start's generation (scripts/gen-in-process.ts) against `npm run gen`,
 * both run for real in a copy of the site on the dev-loop fixture: the same
 * docs/api/, byte for byte, on a first run and on a later run in the same
 * process after the description changed.
 */

const projectRoot = path.resolve(__dirname, '..', '..');
const TSX = require.resolve('tsx/cli');
let work: string;
let site: string;
let description: string;

function npmRun(script: 'spec' | 'gen'): string {
  return execFileSync('npm', ['run', '--silent', script], {cwd: site, env: {...process.env, SPEC_FILE: description}, encoding: 'utf8', stdio: 'pipe'});
}

/** Every file under docs/api/, by its path there, with its bytes. */
function snapshot(): Map<string, string> {
  const dir = path.join(site, 'docs/api');
  const files = readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((file) => statSync(path.join(dir, file)).isFile());
  return new Map(files.sort().map((file) => [file.split(path.sep).join('/'), readFileSync(path.join(dir, file), 'latin1')]));
}

/**
 * One process that generates in process twice, as npm start does: once on
 * the spec in place, then after replacing `from` with `to` in the
 * description and running the spec step. Prints each run's sync result as a
 * JSON line, and the docs/api/ snapshot after the first one is taken by the
 * test through a pause file.
 */
function generateTwiceInProcess(edit: {from: string; to: string}): Array<{written: string[]; removed: string[]; unchanged: number}> {
  const script = path.join(work, 'generate-twice.ts');
  writeFileSync(
    script,
    [
      `import {readFileSync, writeFileSync, cpSync} from 'node:fs';`,
      `import {generateApiPages} from ${JSON.stringify(path.join(site, 'scripts/gen-in-process.ts'))};`,
      `import {readSpecEnv, resolveSpec} from ${JSON.stringify(path.join(site, 'src/spec-source/index.js'))};`,
      `(async () => {`,
      `  console.log(JSON.stringify(await generateApiPages()));`,
      `  cpSync('docs/api', ${JSON.stringify(path.join(work, 'first-run'))}, {recursive: true});`,
      `  const file = ${JSON.stringify(description)};`,
      `  writeFileSync(file, readFileSync(file, 'utf8').replace(${JSON.stringify(edit.from)}, ${JSON.stringify(edit.to)}));`,
      `  const spec = await resolveSpec({env: readSpecEnv(process.env), root: process.cwd()});`,
      `  if (spec.status !== 'resolved') throw new Error('the spec step did not resolve the edited description');`,
      `  console.log(JSON.stringify(await generateApiPages()));`,
      `})().catch((error) => { console.error(error); process.exitCode = 1; });`,
    ].join('\n'),
  );
  const output = execFileSync(process.execPath, [TSX, script], {cwd: site, env: {...process.env, SPEC_FILE: description}, encoding: 'utf8', stdio: 'pipe'});
  return output
    .split('\n')
    .filter((line) => line.startsWith('['))
    .map((line) => {
      const results = JSON.parse(line) as Array<{outputDir: string; written: string[]; removed: string[]; unchanged: number}>;
      const main = results.find((result) => result.outputDir === 'docs/api');
      if (!main) throw new Error(`no result for docs/api in ${line}`);
      return main;
    });
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'gen-in-process-'));
  site = path.join(work, 'site');
  description = path.join(work, 'openapi.yaml');
  await copySite(projectRoot, site, {warm: false});
  copyFileSync(path.join(projectRoot, 'tests/fixtures/dev-loop/openapi.yaml'), description);
  npmRun('spec');
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, {recursive: true, force: true});
});

describe("npm start's generation in its own process", () => {
  it('writes what npm run gen writes, first on an empty docs/api/ and again after an edit, in one process', () => {
    const edit = {from: 'One lantern by its id.', to: 'One lantern by its id, lit or not.'};
    expect(readFileSync(description, 'utf8')).toContain(edit.from);
    const [first, second] = generateTwiceInProcess(edit);
    expect(first.written.length).toBeGreaterThan(0);
    expect(first.removed).toEqual([]);
    // Only the edited operation's files and the pages that list it.
    expect(second.written).toEqual(expect.arrayContaining(['get-lantern.api.mdx', 'get-lantern.page.json']));
    expect(second.written.length).toBeLessThan(first.written.length);
    const afterEdit = snapshot();

    // npm run gen on the same resolved spec rewrites nothing, and its output is the same bytes.
    rmSync(path.join(site, 'docs/api'), {recursive: true});
    npmRun('gen');
    expect(snapshot()).toEqual(afterEdit);

    // And the first run's pages were npm run gen's on the description before the edit.
    writeFileSync(description, readFileSync(description, 'utf8').replace(edit.to, edit.from));
    npmRun('spec');
    rmSync(path.join(site, 'docs/api'), {recursive: true});
    npmRun('gen');
    const cliFirst = snapshot();
    rmSync(path.join(site, 'docs/api'), {recursive: true});
    execFileSync('cp', ['-r', path.join(work, 'first-run'), path.join(site, 'docs/api')]);
    expect(snapshot()).toEqual(cliFirst);
  }, 600_000);
});
