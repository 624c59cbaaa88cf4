import {readFileSync} from 'node:fs';

import {decodeSpecBytes, parseResolvedSpecText} from '../spec-reader/parse-spec';
import {dereference, isObject} from '../spec-reader/spec-document';

/** A spec file that cannot be read or is not an OpenAPI 3.x document; the message names the file. */
export class SpecLoadError extends Error {
  readonly file: string;

  constructor(file: string, cause: string) {
    super(`${file}: ${cause}`);
    this.name = 'SpecLoadError';
    this.file = file;
  }
}

function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory, not a file';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads an OpenAPI 3.x document written in YAML or JSON. Parsing goes through
 * the same safe parser as `npm run spec` (core schema, capped aliases), so a
 * file that the build accepts is read here in exactly the same way; the
 * resolved spec's data comes from its parse cache when an earlier step of the
 * build parsed the same text (src/spec-reader/parsed-spec-cache.ts).
 */
export function loadSpecFile(file: string): Record<string, unknown> {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new SpecLoadError(file, describeReadError(error));
  }
  let document: unknown;
  try {
    // The resolved spec (.spec/openapi.yaml) from the parse cache the build's other readers share.
    document = parseResolvedSpecText(decodeSpecBytes(bytes, 'file'), file);
  } catch (error) {
    throw new SpecLoadError(file, error instanceof Error ? error.message : String(error));
  }
  if (!isObject(document)) throw new SpecLoadError(file, 'is not a YAML or JSON mapping');
  const version = document.openapi;
  if (typeof version !== 'string' || !/^3\.\d+/.test(version)) {
    throw new SpecLoadError(file, `is not an OpenAPI 3.x document (openapi: ${JSON.stringify(version ?? null)})`);
  }
  try {
    // Only to name the file now: a broken $ref found later, inside the diff,
    // could not say which of the two documents holds it.
    dereference(document);
  } catch (error) {
    throw new SpecLoadError(file, error instanceof Error ? error.message : String(error));
  }
  return document;
}
