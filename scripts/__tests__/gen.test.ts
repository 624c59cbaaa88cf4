import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import {copySite} from '../site-copy';

/**
 * `npm run gen` run for real, twice, in a copy of the site on the dev-loop
 * fixture: what it rewrites is told by modification times, each generated
 * file first set to the epoch.
 */

const projectRoot = path.resolve(__dirname, '..', '..');
let work: string;
let site: string;
let description: string;

function run(script: 'spec' | 'gen'): void {
  execFileSync('npm', ['run', '--silent', script], {cwd: site, env: {...process.env, SPEC_FILE: description}, stdio: 'pipe'});
}

function ageGeneratedFiles(): void {
  for (const file of readdirSync(path.join(site, 'docs/api'), {recursive: true, encoding: 'utf8'})) {
    const full = path.join(site, 'docs/api', file);
    if (statSync(full).isFile()) utimesSync(full, 0, 0);
  }
}

/** Every generated file, so that a test sees a file deleted as well as one rewritten. */
function generatedFiles(): string[] {
  return readdirSync(path.join(site, 'docs/api'), {recursive: true, encoding: 'utf8'})
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

function rewritten(): string[] {
  return readdirSync(path.join(site, 'docs/api'), {recursive: true, encoding: 'utf8'})
    .filter((file) => statSync(path.join(site, 'docs/api', file)).isFile() && statSync(path.join(site, 'docs/api', file)).mtimeMs > 0)
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'gen-rewrites-'));
  site = path.join(work, 'site');
  description = path.join(work, 'openapi.yaml');
  await copySite(projectRoot, site, {warm: false});
  copyFileSync(path.join(projectRoot, 'tests/fixtures/dev-loop/openapi.yaml'), description);
  run('spec');
  run('gen');
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, {recursive: true, force: true});
});

describe('npm run gen rewrites only what changed', () => {
  it('rewrites no file when the description is unchanged', () => {
    ageGeneratedFiles();
    const before = generatedFiles();
    expect(before).toEqual(expect.arrayContaining(['get-lantern.api.mdx', 'get-lantern.page.json', 'get-lantern.page-core.json']));
    run('spec');
    run('gen');
    expect(rewritten()).toEqual([]);
    // The unchanged models were listed as kept, not staged: the sync must not have taken them for pages no longer made.
    expect(generatedFiles()).toEqual(before);
  }, 600_000);

  it("after one operation's description changes, rewrites only that operation's files and the pages that list it", () => {
    ageGeneratedFiles();
    writeFileSync(description, readFileSync(description, 'utf8').replace('One lantern by its id.', 'One lantern by its id, lit or not.'));
    const before = generatedFiles();
    run('spec');
    run('gen');
    expect(generatedFiles()).toEqual(before);
    const files = rewritten();
    // The operation's page, its model and the core it hydrates with.
    expect(files).toEqual(expect.arrayContaining(['get-lantern.api.mdx', 'get-lantern.page.json']));
    // Nothing else but the pages that list the operation: its tag's page, the overview and the sidebar.
    const allowed = new Set(['get-lantern.api.mdx', 'get-lantern.page.json', 'get-lantern.page-core.json', 'lanterns.page.json', 'lanterns.tag.mdx', 'lanterns-api.page.json', 'lanterns-api.info.mdx', 'sidebar.ts']);
    expect(files.filter((file) => !allowed.has(file))).toEqual([]);
  }, 600_000);
});
