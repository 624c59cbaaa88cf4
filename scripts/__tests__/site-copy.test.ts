import {execFileSync} from 'node:child_process';
import {existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {copySite, siteFiles} from '../site-copy';

describe('siteFiles', () => {
  it('takes what git lists, once, sorted, without the benchmark', () => {
    expect(siteFiles('src/a.ts\0docs/intro.mdx\0bench/run.ts\0src/a.ts\0bench/package.json\0package.json\0')).toEqual([
      'docs/intro.mdx',
      'package.json',
      'src/a.ts',
    ]);
  });
});

describe('copySite', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, {recursive: true, force: true});
  });

  /** A git project with a tracked file, an untracked one, an ignored build, the benchmark and node_modules. */
  function project(): {root: string; copy: string} {
    const root = mkdtempSync(path.join(os.tmpdir(), 'site-copy-'));
    roots.push(root);
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
      writeFileSync(path.join(root, file), text);
    };
    write('.gitignore', 'node_modules/\nbuild/\n.work/\n');
    write('docs/intro.mdx', '# Intro\n');
    write('bench/run.ts', 'bench\n');
    write('build/index.html', 'built\n');
    write('node_modules/react/package.json', '{}');
    write('node_modules/.cache/x', 'the project cache');
    execFileSync('git', ['init', '-q'], {cwd: root});
    execFileSync('git', ['add', '.'], {cwd: root});
    write('src/new.ts', 'work in progress\n');
    return {root, copy: path.join(root, '.work/site')};
  }

  it('copies tracked and new files, not ignored ones or the benchmark, and links each package', async () => {
    const {root, copy} = project();
    const site = await copySite(root, copy, {warm: false});
    expect([...site.sources]).toEqual(['.gitignore', 'docs/intro.mdx', 'src/new.ts']);
    expect(readFileSync(path.join(copy, 'src/new.ts'), 'utf8')).toBe('work in progress\n');
    expect(existsSync(path.join(copy, 'build'))).toBe(false);
    expect(existsSync(path.join(copy, 'bench'))).toBe(false);
    expect(lstatSync(path.join(copy, 'node_modules')).isSymbolicLink()).toBe(false);
    expect(lstatSync(path.join(copy, 'node_modules/react')).isSymbolicLink()).toBe(true);
    expect(existsSync(path.join(copy, 'node_modules/.cache'))).toBe(false);
  });

  it('keeps node_modules and .docusaurus of a warm copy, and starts a cold one empty', async () => {
    const {root, copy} = project();
    await copySite(root, copy, {warm: true});
    const leftovers = ['node_modules/.cache/rspack', '.docusaurus/registry.js', 'docs/api/old.mdx'];
    for (const file of leftovers) {
      mkdirSync(path.dirname(path.join(copy, file)), {recursive: true});
      writeFileSync(path.join(copy, file), 'from the last run');
    }
    await copySite(root, copy, {warm: true});
    expect(leftovers.map((file) => existsSync(path.join(copy, file)))).toEqual([true, true, false]);
    await copySite(root, copy, {warm: false});
    expect(leftovers.map((file) => existsSync(path.join(copy, file)))).toEqual([false, false, false]);
    expect(readFileSync(path.join(copy, 'docs/intro.mdx'), 'utf8')).toBe('# Intro\n');
  });
});
