// Temporary site roots: a directory with the bundled spec and, optionally, a
// last known good spec resolved by the real code.
import {mkdir, mkdtemp, readFile, readdir, rm, copyFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import {resolveSpec} from '../../resolve-spec.js';
import {PAGE_OUTLINE_FILE_NAME, PROBLEMS_FILE_NAME, writeSpecAtomically} from '../../write-spec.js';
import type {DerivedFiles, SpecProvenance} from '../../write-spec.js';
import {FIXTURES} from './run-cli.js';
import {writeVersions} from '../../../versions/versions-index.js';

const created: string[] = [];

/** Age of the seeded last known good spec: the warning must say "3 h 12 min ago". */
export const SEED_AGE_MS = (3 * 60 + 12) * 60_000;

export async function makeSiteRoot(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'meridian-spec-'));
  created.push(root);
  await mkdir(path.join(root, 'openapi'));
  await copyFile(path.join(FIXTURES, 'petstore-3.0.yaml'), path.join(root, 'openapi', 'meridian.yaml'));
  return root;
}

export interface SeededSpec {
  spec: Buffer;
  provenanceText: string;
  provenance: SpecProvenance;
}

let template: Promise<SeededSpec & {derived: DerivedFiles}> | undefined;

async function resolveTemplate(): Promise<SeededSpec & {derived: DerivedFiles}> {
  const root = await makeSiteRoot();
  const result = await resolveSpec({env: {}, root});
  if (result.exitCode !== 0) throw new Error('resolving the bundled test spec failed');
  const derived = {
    [PROBLEMS_FILE_NAME]: await readFile(path.join(root, '.spec', PROBLEMS_FILE_NAME)),
    [PAGE_OUTLINE_FILE_NAME]: await readFile(path.join(root, '.spec', PAGE_OUTLINE_FILE_NAME)),
  };
  return {...(await readResolved(root)), derived};
}

/**
 * Gives `<root>/.spec` a last known good spec: the bundled spec (and the files derived from it) as resolveSpec
 * wrote it, fetched 3 h 12 min ago. It is resolved once per test file and
 * then written with the real writeSpecAtomically, so tests do not all pay for
 * validation (which would also stall the servers sharing this thread).
 */
export async function seedLastKnownGood(root: string): Promise<SeededSpec> {
  template ??= resolveTemplate();
  const {spec, provenance, derived} = await template;
  await writeSpecAtomically(path.join(root, '.spec'), {
    spec,
    provenance: {...provenance, fetchedAt: new Date(Date.now() - SEED_AGE_MS).toISOString()},
    derived,
  });
  // What `npm run spec` (scripts/spec.ts) writes after the spec: the versions index, here with no release.
  await writeVersions(root, [], {version: provenance.version, title: provenance.title});
  return readResolved(root);
}

export async function readResolved(root: string): Promise<SeededSpec> {
  const spec = await readFile(path.join(root, '.spec', 'openapi.yaml'));
  const provenanceText = await readFile(path.join(root, '.spec', 'provenance.json'), 'utf8');
  return {spec, provenanceText, provenance: JSON.parse(provenanceText) as SpecProvenance};
}

/** Every file under `<root>/.spec` with its bytes, to check nothing changed. */
export async function snapshotSpecDir(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, {withFileTypes: true});
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else result[path.relative(root, full)] = (await readFile(full)).toString('base64');
    }
  };
  await walk(path.join(root, '.spec'));
  return result;
}

export async function removeSiteRoots(): Promise<void> {
  await Promise.all(created.splice(0).map((root) => rm(root, {recursive: true, force: true})));
}

export async function fixture(name: string): Promise<string> {
  return readFile(path.join(FIXTURES, name), 'utf8');
}
