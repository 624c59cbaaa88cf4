import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {HEAP_GROWTH_FLAGS, runDocusaurus, type CommandUsage} from '../docusaurus-command';

const PRELOAD = path.join(__dirname, '..', 'peak-memory-preload.cjs');

describe('docusaurus-command', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, {recursive: true, force: true});
    dir = undefined;
  });

  it('has the process it is preloaded into write its own peak memory on exit, and keeps the variable from that process\'s children', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'peak-memory-'));
    const file = path.join(dir, 'peak');
    // The process holds 64 MiB at once, then says whether its child sees the variable.
    const script = "const b = Buffer.alloc(64 * 2 ** 20, 1); const {execSync} = require('node:child_process'); console.log(execSync('node -p process.env.PEAK_MEMORY_FILE').toString().trim(), b[0]);";
    const result = spawnSync(process.execPath, ['--require', PRELOAD, '-e', script], {env: {...process.env, PEAK_MEMORY_FILE: file}, encoding: 'utf8'});
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('undefined 1');
    const bytes = Number(readFileSync(file, 'utf8'));
    expect(bytes).toBeGreaterThan(64 * 2 ** 20);
  });

  it('reports a Docusaurus command\'s wall time and peak memory, and its exit status', () => {
    const usages: CommandUsage[] = [];
    const status = runDocusaurus(['--version'], {prefix: '[test]', what: 'docusaurus --version', onUsage: (usage) => usages.push(usage)});
    expect(status).toBe(0);
    expect(usages).toHaveLength(1);
    expect(usages[0].seconds).toBeGreaterThan(0);
    // A Node process running Docusaurus's command line holds well over 20 MiB.
    expect(usages[0].peakRssBytes).toBeGreaterThan(20 * 2 ** 20);
  });

  it('starts the command\'s Node with the flags it is given', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'node-flags-'));
    const recorder = path.join(dir, 'record.cjs');
    const record = path.join(dir, 'exec-argv.json');
    writeFileSync(recorder, `require('node:fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify(process.execArgv));`);
    const status = runDocusaurus(['--version'], {prefix: '[test]', what: 'docusaurus --version', nodeFlags: ['--heap-growing-percent=30', '--require', recorder]});
    expect(status).toBe(0);
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual(['--heap-growing-percent=30', '--require', recorder]);
  });

  it('bounds the heap\'s growth with a flag this Node accepts', () => {
    expect(HEAP_GROWTH_FLAGS).toContain('--heap-growing-percent=30');
    const result = spawnSync(process.execPath, [...HEAP_GROWTH_FLAGS, '-e', 'process.exit(0)'], {encoding: 'utf8'});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
