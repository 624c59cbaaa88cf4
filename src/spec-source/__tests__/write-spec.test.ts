import {mkdtemp, readFile, readdir, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import {afterEach, beforeEach, describe, expect, it} from 'vitest';

import {
  lastKnownGood,
  restoreLastKnownGood,
  serializeProvenance,
  sha256,
  writeFileAtomically,
  writeSpecAtomically,
} from '../write-spec.js';
import type {ResolvedSpecFiles} from '../write-spec.js';

let outDir: string;

beforeEach(async () => {
  outDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'meridian-write-')), '.spec');
});

afterEach(async () => {
  await rm(path.dirname(outDir), {recursive: true, force: true});
});

function files(text: string): ResolvedSpecFiles {
  const spec = Buffer.from(text);
  return {
    spec,
    provenance: {
      source: {kind: 'bundled', location: 'openapi/meridian.yaml'},
      sha256: sha256(spec),
      title: 'T',
      version: '1',
      operationCount: 1,
      fetchedAt: '2025-01-01T00:00:00.000Z',
    },
  };
}

describe('writeFileAtomically', () => {
  it('creates the directory, replaces the file, and leaves no temporary file', async () => {
    const target = path.join(outDir, 'a', 'file.txt');
    await writeFileAtomically(target, Buffer.from('one'));
    await writeFileAtomically(target, Buffer.from('two'));
    expect(await readFile(target, 'utf8')).toBe('two');
    expect(await readdir(path.dirname(target))).toEqual(['file.txt']);
  });
});

describe('writeSpecAtomically and lastKnownGood', () => {
  it('writes the pair and its last known good copy', async () => {
    const written = files('openapi: 3.1.0\n');
    await writeSpecAtomically(outDir, written);
    expect(await readFile(path.join(outDir, 'provenance.json'))).toEqual(serializeProvenance(written.provenance));
    expect(await lastKnownGood(outDir)).toEqual(written);
  });

  it('does not trust a copy whose sha256 does not match', async () => {
    await writeSpecAtomically(outDir, files('openapi: 3.1.0\n'));
    await writeFile(path.join(outDir, 'last-known-good', 'openapi.yaml'), 'tampered\n');
    // The current pair is still intact, so it is used instead.
    expect((await lastKnownGood(outDir))?.spec.toString()).toBe('openapi: 3.1.0\n');
    await writeFile(path.join(outDir, 'openapi.yaml'), 'tampered too\n');
    expect(await lastKnownGood(outDir)).toBeUndefined();
  });

  it('is undefined when nothing was ever resolved', async () => {
    expect(await lastKnownGood(outDir)).toBeUndefined();
  });
});

describe('restoreLastKnownGood', () => {
  it('rewrites only what differs', async () => {
    const good = files('openapi: 3.1.0\n');
    await writeSpecAtomically(outDir, good);
    expect(await restoreLastKnownGood(outDir, good)).toBe(false);
    await rm(path.join(outDir, 'openapi.yaml'));
    expect(await restoreLastKnownGood(outDir, good)).toBe(true);
    expect(await readFile(path.join(outDir, 'openapi.yaml'))).toEqual(good.spec);
  });
});
