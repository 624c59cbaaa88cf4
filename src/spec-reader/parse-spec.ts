import {createHash} from 'node:crypto';
import {Document, LineCounter, isAlias, isMap, isPair, isScalar, isSeq, parseDocument, visit} from 'yaml';

import {SpecDocument, escapePointerSegment, isObject} from './spec-document';
import {SpecSourceError} from './spec-errors.js';
import {exactJson, parseWithCache} from './parsed-spec-cache';
import {wellFormed} from './well-formed';

/**
 * Cap on alias expansion while turning YAML into data. A real spec uses a
 * handful of anchors; a "billion laughs" document needs thousands, and `yaml`
 * stops as soon as the count is passed instead of building the expansion.
 *
 * One policy for all spec text, through `parseSpecText`: what the spec step
 * receives, the release snapshots the changelog compares, and
 * `.spec/openapi.yaml` wherever a later step reads it (`readResolvedSpec`),
 * so no step reads that file more loosely or more strictly than the step
 * that accepted it.
 */
export const MAX_ALIAS_COUNT = 100;

/**
 * Levels of nesting the build reads. Real descriptions stay within a few
 * dozen, and every later step (linter, page generator, YAML writer) recurses
 * per level: a deeper document would end one of them with a stack overflow.
 */
export const MAX_NESTING_DEPTH = 500;

const TOO_DEEP = `nested too deeply (the build reads at most ${MAX_NESTING_DEPTH} levels)`;

export interface ParseSpecOptions {
  /** What the text is, for messages: "body" for HTTP, "file" for a path. */
  what?: 'body' | 'file';
  /** The Content-Type the server sent, if any; only used to name HTML or XML. */
  contentType?: string | undefined;
}

/**
 * Bytes to text. Specs are UTF-8; anything else (UTF-16, binary, broken
 * encoding) is named instead of being parsed into nonsense.
 */
export function decodeSpecBytes(bytes: Uint8Array, what: 'body' | 'file' = 'body'): string {
  if (bytes.length === 0) throw new SpecSourceError(`${what} is empty`);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new SpecSourceError(`${what} is UTF-16 text; save or serve the spec as UTF-8`);
  }
  if (bytes.subarray(0, 8192).includes(0)) {
    throw new SpecSourceError(`${what} is binary data, not YAML`);
  }
  try {
    // TextDecoder drops a UTF-8 byte order mark by default.
    return new TextDecoder('utf-8', {fatal: true}).decode(bytes);
  } catch {
    throw new SpecSourceError(`${what} is not valid UTF-8 text`);
  }
}

const HTML_START = /^<(?:!doctype\s+html|html|head|body|meta|title|script|style|div|!--)[\s>/]/i;

/**
 * Parses a spec written in YAML (core schema, standard tags only, limited
 * aliases) or JSON. Returns plain data; says what is wrong otherwise, with the
 * line and column for YAML errors.
 */
export function parseSpecText(text: string, options: ParseSpecOptions = {}): unknown {
  const what = options.what ?? 'body';
  const start = text.trimStart();
  if (start === '') throw new SpecSourceError(`${what} is empty`);

  // A proxy that lost its session answers with a login page and status 200.
  if (start.startsWith('<')) {
    const contentType = options.contentType?.toLowerCase() ?? '';
    if (HTML_START.test(start) || contentType.includes('html')) {
      throw new SpecSourceError(`${what} is HTML, not YAML (a login or error page?)`);
    }
    if (start.startsWith('<?xml') || contentType.includes('xml')) {
      throw new SpecSourceError(`${what} is XML, not YAML`);
    }
  }

  // JSON is valid YAML, but JSON.parse is much faster on a large document. If
  // it fails, the YAML parser below reports the error with a line and column.
  if (start.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      // fall through
    }
    if (value !== undefined) {
      const deepAt = jsonTooDeepAt(text);
      if (deepAt !== undefined) {
        const lines = text.slice(0, deepAt).split('\n');
        throw new SpecSourceError(`YAML error at line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}: ${TOO_DEEP}`);
      }
      return value;
    }
  }

  const lineCounter = new LineCounter();
  const document = parseDocument(text, {
    schema: 'core',
    customTags: [],
    // Without this, `yaml` would still honour YAML 1.1 tags such as !!binary
    // and !!timestamp when written out explicitly.
    resolveKnownTags: false,
    // Merge keys (`<<: *base`) as the docs generator's parser (js-yaml through
    // @redocly/openapi-core) reads them, so both see the same document.
    merge: true,
    uniqueKeys: true,
    prettyErrors: false,
    lineCounter,
  });

  const at = (offset: number): string => {
    const {line, col} = lineCounter.linePos(offset);
    return `line ${line}, column ${col}`;
  };
  // The parser recurses per level, and catches its own stack overflow as an error at the spot.
  const describe = (message: string): string => (message.includes('Maximum call stack size exceeded') ? TOO_DEEP : message);
  const [firstError] = document.errors;
  if (firstError !== undefined) {
    throw new SpecSourceError(`YAML error at ${at(firstError.pos[0])}: ${describe(firstError.message)}`, {
      details: document.errors.slice(1, 10).map((error) => `YAML error at ${at(error.pos[0])}: ${describe(error.message)}`),
    });
  }
  const deepAt = yamlTooDeepAt(document.contents);
  if (deepAt !== undefined) throw new SpecSourceError(`YAML error at ${at(deepAt)}: ${TOO_DEEP}`);
  // Unknown tags are only warnings in `yaml`, and the value would silently
  // become a plain string. A tag in a spec is a mistake or an attack: refuse.
  const unknownTag = document.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (unknownTag !== undefined) {
    const tag = /Unresolved tag: (\S+)/.exec(unknownTag.message)?.[1]?.replace('tag:yaml.org,2002:', '!!') ?? '';
    throw new SpecSourceError(
      `YAML error at ${at(unknownTag.pos[0])}: unknown tag ${tag} (only the standard YAML core tags are allowed)`,
    );
  }

  let value: unknown;
  try {
    value = document.toJS({maxAliasCount: MAX_ALIAS_COUNT});
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/alias count/i.test(message)) {
      const bombAt = aliasBombAt(document);
      throw new SpecSourceError(
        `YAML error${bombAt === undefined ? '' : ` at ${at(bombAt)}`}: too many alias expansions (limit ${MAX_ALIAS_COUNT}); the document looks like an alias bomb`,
      );
    }
    const mergeAt = /Merge sources/.test(message) ? badMergeAt(document) : undefined;
    if (mergeAt !== undefined) {
      throw new SpecSourceError(`YAML error at ${at(mergeAt)}: a merge key (<<) takes a mapping, an alias of one, or a list of them`);
    }
    throw new SpecSourceError(`YAML error: ${message}`);
  }
  if (value === null || value === undefined) throw new SpecSourceError(`${what} has no content (only comments or null)`);

  const cycle = findCycle(value);
  if (cycle !== undefined) {
    throw new SpecSourceError(
      `YAML error: the alias at ${cycle} contains itself; use $ref for recursive schemas`,
    );
  }
  return value;
}

/** Offset of the first merge key (`<<`) whose value is not a mapping or a list of them: `yaml` names no place. */
function badMergeAt(document: Document): number | undefined {
  const isMergeable = (node: unknown): boolean => isMap(node) || (isAlias(node) && isMap(node.resolve(document)));
  let found: number | undefined;
  visit(document, {
    Pair(_, pair) {
      const key = pair.key;
      if (!isScalar(key) || !(typeof key.value === 'symbol' && key.value.description === '<<')) return undefined;
      const value = pair.value;
      if (isMergeable(value) || (isSeq(value) && value.items.every(isMergeable))) return undefined;
      found = key.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return found;
}

/** Offset of the first `{` or `[` of JSON text nested deeper than MAX_NESTING_DEPTH. */
function jsonTooDeepAt(text: string): number | undefined {
  // Brackets and quotes only: the text between them, strings above all, is skipped natively.
  const token = /[{}[\]"]/g;
  let depth = 0;
  for (let match = token.exec(text); match !== null; match = token.exec(text)) {
    const char = match[0];
    if (char === '"') {
      let end = match.index;
      do {
        end = text.indexOf('"', end + 1);
        if (end === -1) return undefined;
      } while (isEscaped(text, end));
      token.lastIndex = end + 1;
    } else if (char === '{' || char === '[') {
      depth += 1;
      if (depth > MAX_NESTING_DEPTH) return match.index;
    } else {
      depth -= 1;
    }
  }
  return undefined;
}

/** Whether the character at `index` follows an odd number of backslashes. */
function isEscaped(text: string, index: number): boolean {
  let backslashes = 0;
  for (let at = index - 1; text[at] === '\\'; at -= 1) backslashes += 1;
  return backslashes % 2 === 1;
}

/** Offset of the first YAML mapping or sequence nested deeper than MAX_NESTING_DEPTH; a loop, not recursion, so depth cannot end it. */
function yamlTooDeepAt(root: unknown): number | undefined {
  const pending: [unknown, number][] = [[root, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth > MAX_NESTING_DEPTH) return node.range?.[0] ?? 0;
    for (const item of node.items as unknown[]) {
      if (isPair(item)) pending.push([item.key, depth + 1], [item.value, depth + 1]);
      else pending.push([item, depth + 1]);
    }
  }
  return undefined;
}

/**
 * Offset of the alias at which expanding the document's aliases in order
 * reaches MAX_ALIAS_COUNT, each alias counting itself and every alias inside
 * what it names (else the alias that expands most); `yaml` says only that
 * the cap was passed, not where.
 */
function aliasBombAt(document: Document): number | undefined {
  const expansions = new Map<unknown, number>();
  const expansionsOf = (target: unknown): number => {
    const known = expansions.get(target);
    if (known !== undefined) return known;
    expansions.set(target, 0); // an alias inside its own anchor is refused elsewhere
    let count = 0;
    visit(target as Parameters<typeof visit>[0], {
      Alias(_key, alias) {
        count = Math.min(count + 1 + expansionsOf(alias.resolve(document)), Number.MAX_SAFE_INTEGER);
      },
    });
    expansions.set(target, count);
    return count;
  };
  // `yaml` counts an anchor's own value as one use, so the cap is reached, not passed, by aliases alone.
  let total = 0;
  let found: number | undefined;
  let largest: {at: number | undefined; expansions: number} = {at: undefined, expansions: -1};
  visit(document, {
    Alias(_key, alias) {
      const expansions = 1 + expansionsOf(alias.resolve(document));
      if (expansions > largest.expansions) largest = {at: alias.range?.[0], expansions};
      total += expansions;
      if (total < MAX_ALIAS_COUNT) return undefined;
      found = alias.range?.[0];
      return visit.BREAK;
    },
  });
  return found ?? largest.at;
}

/**
 * The data of the resolved spec's text, parsed with `parseSpecText`, the
 * parser that accepted it; from the JSON cache next to `file` when a reader
 * before parsed the same text (./parsed-spec-cache.ts).
 */
export function parseResolvedSpecText(text: string, file: string): unknown {
  if (text.length > RECENT_TEXT_LIMIT) return parseWithCache(text, file, (source) => parseSpecText(source, {what: 'file'}));
  const sha256 = createHash('sha256').update(text).digest('hex');
  const known = recentTexts.get(sha256);
  if (known !== undefined) return JSON.parse(known) as unknown;
  const document = parseWithCache(text, file, (source) => parseSpecText(source, {what: 'file'}), sha256);
  const json = exactJson(document);
  if (json !== undefined) {
    if (recentTexts.size >= RECENT_TEXTS) recentTexts.delete(recentTexts.keys().next().value as string);
    recentTexts.set(sha256, json);
  }
  return document;
}

/**
 * Data of small texts this process parsed lately, as JSON, by SHA-256:
 * `npm start` reads the release snapshots again on every save of the
 * description, and they rarely change. Only small texts, so that a large
 * description's build never holds a second copy of its data.
 */
const recentTexts = new Map<string, string>();
export const RECENT_TEXT_LIMIT = 2 * 1024 * 1024;
const RECENT_TEXTS = 16;

/**
 * The resolved spec (`.spec/openapi.yaml`, written by `npm run spec`) as the
 * build-time steps read it (`parseResolvedSpecText`). `prefix` and `file`
 * name the reader and the file in the error.
 */
export function readResolvedSpec(text: string, {prefix, file}: {prefix: string; file: string}): SpecDocument {
  let document: unknown;
  try {
    document = parseResolvedSpecText(text, file);
  } catch (error) {
    throw new Error(`${prefix} ${file} cannot be read (${(error as Error).message}); run "npm run spec".`);
  }
  if (!isObject(document)) throw new Error(`${prefix} ${file} is not an OpenAPI document; run "npm run spec".`);
  return new SpecDocument(document);
}

/**
 * The JSON pointer where data refers back to one of its own ancestors (a YAML
 * anchor used inside itself). JSON cannot represent that, and everything
 * downstream would loop.
 */
export function findCycle(root: unknown): string | undefined {
  const onPath = new Set<object>();
  const done = new Set<object>();
  const walk = (value: unknown, pointer: string): string | undefined => {
    if (value === null || typeof value !== 'object') return undefined;
    if (onPath.has(value)) return pointer === '' ? '/' : pointer;
    // Shared but acyclic (an alias used twice) is fine, and checked once.
    if (done.has(value)) return undefined;
    onPath.add(value);
    for (const [key, child] of Object.entries(value)) {
      const found = walk(child, `${pointer}/${escapePointerSegment(key)}`);
      if (found !== undefined) return found;
    }
    onPath.delete(value);
    done.add(value);
    return undefined;
  };
  return walk(root, '');
}

/**
 * The resolved spec as YAML, written from the data that was validated rather
 * than copied from the source bytes: what the docs generator reads is then
 * exactly what passed the checks, JSON and converted Swagger come out in one
 * form, and no YAML dialect differences (merge keys, tags) can creep in.
 * Objects shared through aliases stay as anchors, so the size stays close to
 * the source, unless that many aliases would not pass the alias cap.
 */
export function serializeSpec(spec: unknown): string {
  let document = yamlDocumentOf(spec, true);
  // Objects can be shared in ways no YAML source had (Swagger 2 conversion,
  // our own checks): one object in 150 places becomes an anchor with 150
  // aliases, which the cap above refuses when a later step reads the file.
  // Such a file is written without aliases, so every step reads what the
  // spec step wrote with the same parser.
  if (document.aliasCount > 0) {
    try {
      document.yaml.toJS({maxAliasCount: MAX_ALIAS_COUNT});
    } catch {
      document = yamlDocumentOf(spec, false);
    }
  }
  return document.yaml.toString({lineWidth: 0});
}

function yamlDocumentOf(spec: unknown, aliasDuplicateObjects: boolean): {yaml: Document; aliasCount: number} {
  const yaml = new Document(spec, {aliasDuplicateObjects});
  let aliasCount = 0;
  // A literal "<<" key (quoted in the source) must stay quoted, or the
  // generator's YAML parser would read it as a merge key.
  visit(yaml, {
    Alias() {
      aliasCount += 1;
    },
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === '<<') pair.key.type = 'QUOTE_DOUBLE';
    },
    // A lone surrogate ("\ud800" in a double-quoted YAML string) is not a
    // character: Rspack's JSON parser refuses it in any data a plugin derives
    // from the spec, so the published spec holds U+FFFD instead.
    Scalar(_, scalar) {
      if (typeof scalar.value === 'string') scalar.value = wellFormed(scalar.value);
    },
  });
  return {yaml, aliasCount};
}
