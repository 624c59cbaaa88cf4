import {createHash, randomBytes} from 'node:crypto';
import {mkdir, open, readFile, rename, unlink} from 'node:fs/promises';
import path from 'node:path';

import type {SpecSourceKind} from './spec-config.js';
import type {AppliedOverlay} from './overlays.js';

export const SPEC_FILE_NAME = 'openapi.yaml';
export const PROVENANCE_FILE_NAME = 'provenance.json';
export const LAST_KNOWN_GOOD_DIR = 'last-known-good';
/** Written from the spec next to it, never kept as last known good: recomputed when the spec is restored. */
export const PROBLEMS_FILE_NAME = 'problems.json';
export const PAGE_OUTLINE_FILE_NAME = 'page-outline.json';

/** `.spec/provenance.json`: where the spec in `.spec/openapi.yaml` came from. */
export interface SpecProvenance {
  source: {kind: SpecSourceKind; location: string};
  /** sha256 of the bytes of `openapi.yaml`, hex. */
  sha256: string;
  title: string;
  version: string;
  operationCount: number;
  /** Webhooks (OpenAPI 3.1 `webhooks`, or `x-webhooks`); absent when there are none. */
  webhookCount?: number;
  /** The SPEC_OVERLAYS applied, in order, with how many of each one's actions applied; absent when none was set. */
  overlays?: AppliedOverlay[];
  /** When the spec was fetched or read, ISO 8601. */
  fetchedAt: string;
}

export interface ResolvedSpecFiles {
  spec: Buffer;
  provenance: SpecProvenance;
}

/** Files derived from the spec: `problems.json` and `page-outline.json`. */
export type DerivedFiles = Record<typeof PROBLEMS_FILE_NAME | typeof PAGE_OUTLINE_FILE_NAME, Buffer>;

/** Writes the files derived from the spec now in `outDir`, each atomically. */
export async function writeDerivedFiles(outDir: string, files: DerivedFiles): Promise<void> {
  for (const [name, bytes] of Object.entries(files)) await writeFileAtomically(path.join(outDir, name), bytes);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function serializeProvenance(provenance: SpecProvenance): Buffer {
  return Buffer.from(`${JSON.stringify(provenance, null, 2)}\n`, 'utf8');
}

/**
 * Writes a file so that readers see either the old or the new content, never a
 * part: a temporary file in the same directory (same file system, so the
 * rename is atomic), flushed to disk, then renamed over the target.
 */
export async function writeFileAtomically(target: string, data: Uint8Array): Promise<void> {
  await mkdir(path.dirname(target), {recursive: true});
  const temporary = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * Publishes a checked spec: `openapi.yaml` first, then the `provenance.json`
 * that describes it and the derived files, then the spec pair as the last
 * known good copy. Each file is replaced atomically; the pair is checked by
 * sha256 when read back.
 */
export async function writeSpecAtomically(outDir: string, files: ResolvedSpecFiles & {derived?: DerivedFiles}): Promise<void> {
  const provenance = serializeProvenance(files.provenance);
  await writeFileAtomically(path.join(outDir, SPEC_FILE_NAME), files.spec);
  await writeFileAtomically(path.join(outDir, PROVENANCE_FILE_NAME), provenance);
  if (files.derived) await writeDerivedFiles(outDir, files.derived);
  const lastGoodDir = path.join(outDir, LAST_KNOWN_GOOD_DIR);
  await writeFileAtomically(path.join(lastGoodDir, SPEC_FILE_NAME), files.spec);
  await writeFileAtomically(path.join(lastGoodDir, PROVENANCE_FILE_NAME), provenance);
}

function isProvenance(value: unknown): value is SpecProvenance {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  const source = candidate.source as Record<string, unknown> | undefined;
  return (
    typeof source === 'object' &&
    source !== null &&
    ['file', 'proxy', 'bundled'].includes(String(source.kind)) &&
    typeof source.location === 'string' &&
    typeof candidate.sha256 === 'string' &&
    typeof candidate.title === 'string' &&
    typeof candidate.version === 'string' &&
    typeof candidate.operationCount === 'number' &&
    typeof candidate.fetchedAt === 'string' &&
    !Number.isNaN(Date.parse(candidate.fetchedAt))
  );
}

async function readPair(dir: string): Promise<ResolvedSpecFiles | undefined> {
  let spec: Buffer;
  let provenance: unknown;
  try {
    spec = await readFile(path.join(dir, SPEC_FILE_NAME));
    provenance = JSON.parse(await readFile(path.join(dir, PROVENANCE_FILE_NAME), 'utf8')) as unknown;
  } catch {
    return undefined;
  }
  // A pair is trusted only if the provenance describes these very bytes: an
  // interrupted write or a hand edit must not be mistaken for a good spec.
  if (!isProvenance(provenance) || provenance.sha256 !== sha256(spec)) return undefined;
  return {spec, provenance};
}

/**
 * The last spec that passed every check: the copy in `.spec/last-known-good/`,
 * or else the current `.spec/` pair if it is intact. Undefined if neither.
 */
export async function lastKnownGood(outDir: string): Promise<ResolvedSpecFiles | undefined> {
  return (await readPair(path.join(outDir, LAST_KNOWN_GOOD_DIR))) ?? (await readPair(outDir));
}

/**
 * Puts the last known good pair back in `.spec/` where it differs (deleted or
 * edited by hand); leaves identical files alone. Returns whether anything was
 * written.
 */
export async function restoreLastKnownGood(outDir: string, good: ResolvedSpecFiles): Promise<boolean> {
  const wanted: [string, Buffer][] = [
    [path.join(outDir, SPEC_FILE_NAME), good.spec],
    [path.join(outDir, PROVENANCE_FILE_NAME), serializeProvenance(good.provenance)],
  ];
  let restored = false;
  for (const [target, bytes] of wanted) {
    const current = await readFile(target).catch(() => undefined);
    if (current === undefined || !current.equals(bytes)) {
      await writeFileAtomically(target, bytes);
      restored = true;
    }
  }
  return restored;
}
