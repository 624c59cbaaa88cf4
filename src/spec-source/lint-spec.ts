import type * as RedoclyCore from '@redocly/openapi-core';
import type {Document as RedoclyDocument, NormalizedProblem} from '@redocly/openapi-core';

import {decodePointerSegment, escapePointerSegment, isObject, unescapePointerSegment, valueAtRef} from '../spec-reader/spec-document';
import type {ProblemKind, SpecProblem} from './problems.js';

/**
 * Checks a description against the OpenAPI schema with Redocly's linter
 * (`@redocly/openapi-core`, the engine of `redocly lint`), which reports each
 * problem at a JSON Pointer and a line and column of the source text. Only
 * two rules: `struct` (the schema of the OpenAPI version the document
 * declares) and `no-unresolved-refs`. Style rules are the API team's business.
 *
 * References outside the document are never fetched: the description must
 * stand alone, and a build must not read files or hosts it does not control.
 */

type Redocly = typeof RedoclyCore;

let redocly: Promise<Redocly> | undefined;
// ESM-only package; this module also runs as CommonJS under tsx.
const loadRedocly = (): Promise<Redocly> => (redocly ??= import('@redocly/openapi-core'));

/** A located source text: Redocly's, so our own problems use the same locator. */
export interface LintSource {
  document: RedoclyDocument;
  /** Line and column (1-based) of the value, or of its key when `onKey`, at a JSON Pointer. */
  locate(pointer: string, onKey?: boolean): {line: number; column: number} | undefined;
}

const SOURCE_NAME = '/openapi-description';

/**
 * `parsed` is the document as the spec step read it: Redocly's own YAML
 * parser refuses some text the spec step accepts (nesting deeper than 100
 * levels), and then lints that instead, located in the same text.
 */
export async function lintSource(text: string, parsed?: unknown): Promise<LintSource> {
  const {makeDocumentFromString, getLineColLocation, Source} = await loadRedocly();
  let document: RedoclyDocument;
  try {
    document = makeDocumentFromString(text, SOURCE_NAME);
  } catch (error) {
    if (parsed === undefined) throw error;
    document = {source: new Source(SOURCE_NAME, text), parsed: structuredClone(parsed)};
  }
  // `openapi: 3.1` unquoted is a number, and "3.1" lacks its patch number:
  // Redocly refuses to lint either at all. The spec step reads them as the
  // version they spell (with a problem), and so does the linter here.
  const lintedRoot = document.parsed as Record<string, unknown> | null;
  if (lintedRoot !== null && typeof lintedRoot === 'object' && /^3\.\d+$/.test(String(lintedRoot.openapi))) lintedRoot.openapi = `${String(lintedRoot.openapi)}.0`;
  return {
    document,
    locate(pointer, onKey = false) {
      try {
        const {start} = getLineColLocation({source: document.source, pointer: `#${pointer}`, reportOnKey: onKey});
        return {line: start.line, column: start.col};
      } catch {
        return undefined;
      }
    },
  };
}

/** Lints the text as it was received; `label` names the version in messages ("OpenAPI 3.0"). */
export async function lintSpec(source: LintSource, label: string): Promise<SpecProblem[]> {
  const {createConfig, lintDocument, BaseResolver, detectSpec, getTypes} = await loadRedocly();
  const config = await createConfig({rules: {struct: 'error', 'no-unresolved-refs': 'error'}});
  class LocalOnlyResolver extends BaseResolver {
    override async resolveDocument(): Promise<never> {
      throw new Error('it points outside the document, and the build does not follow such references');
    }
  }
  // Redocly stops at the first `$ref` loop and lints nothing else: each loop
  // is our problem at its `$ref`, and the linter sees the loop cut open.
  const loops = refLoops(source.document.parsed);
  const document = loops.length === 0 ? source.document : {source: source.document.source, parsed: withoutRefs(source.document.parsed, loops)};
  let found: NormalizedProblem[];
  try {
    const specVersion = detectSpec(document.parsed);
    found = await lintDocument({document, config, externalRefResolver: new LocalOnlyResolver(), customTypes: fixedTypes(getTypes(specVersion))});
  } catch (error) {
    // The linter gave up on the whole document; what could be parsed is still published.
    const message = (error as Error).message.replace(` in "${SOURCE_NAME}"`, '');
    return [...loops.map((loop) => loopProblem(loop, source)), {kind: 'schema', pointer: '', message: `could not be checked against the ${label} schema: ${message}`}];
  }
  const cut = new Set(loops.map((loop) => loop.pointer));
  return [
    ...loops.map((loop) => loopProblem(loop, source)),
    // A node whose `$ref` was cut is already reported; what it lacks without it is not news.
    ...found.map((problem) => toSpecProblem(problem, source, label)).filter((problem) => !cut.has(problem.pointer)),
  ];
}

/**
 * Redocly's OpenAPI 3.2 types name the scopes of the `deviceAuthorization`
 * flow with a type name, "string", that its type table lacks, so every 3.2
 * description with that flow fails to lint at all ("Unknown type name found:
 * string"); `redocly lint` bundles a later openapi-core where scopes are a
 * map of strings, as in the other flows.
 * TODO: drop when the @redocly/openapi-core dependency (2.64 here) is
 * upgraded to a release with that fix, as `redocly lint` 2.77 bundles it.
 */
function fixedTypes<T extends Record<string, unknown> | undefined>(types: T): T {
  const deviceAuthorization = types?.DeviceAuthorization as {properties?: Record<string, unknown>} | undefined;
  if (types === undefined || deviceAuthorization?.properties === undefined) return types;
  const scopes = deviceAuthorization.properties.scopes as {name?: unknown} | undefined;
  if (scopes?.name !== 'stringMap') return types;
  return {
    ...types,
    DeviceAuthorization: {...deviceAuthorization, properties: {...deviceAuthorization.properties, scopes: {type: 'object', additionalProperties: {type: 'string'}}}},
  };
}

/** A `$ref` whose chain of references comes back to it, so it never reaches a definition. */
interface RefLoop {
  /** Pointer of the object holding the `$ref`. */
  pointer: string;
  ref: string;
  /** Pointers of the objects on the loop, starting with this one. */
  path: string[];
}

/** Every object on a `$ref` loop (`A` → `A`, or `A` → `B` → `A`), in document order. */
export function refLoops(root: unknown): RefLoop[] {
  const seen = new Set<object>();
  // Pointers of the `$ref` objects only: building one for every node would cost more than the rest.
  const pointers = new Map<object, string>();
  const refs: object[] = [];
  const keys: string[] = [];
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (isObject(value) && typeof value.$ref === 'string') {
      refs.push(value);
      pointers.set(value, keys.map((key) => `/${escapePointerSegment(key)}`).join(''));
    }
    for (const key of Object.keys(value)) {
      keys.push(key);
      walk((value as Record<string, unknown>)[key]);
      keys.pop();
    }
  };
  walk(root);
  const loops: RefLoop[] = [];
  for (const start of refs) {
    const chain = loopThrough(root, start);
    if (chain === undefined) continue;
    const path = chain.map((node) => pointers.get(node) ?? '');
    loops.push({pointer: path[0] ?? '', ref: (start as {$ref: string}).$ref, path});
  }
  return loops;
}

/**
 * The `$ref` objects met from `start` until it comes back to `start`, or
 * undefined when it does not. A `$ref` met on the way to a pointer's target
 * (`#/components/schemas/A/properties/id` through `A: {$ref: …}`) is followed,
 * as Redocly follows it.
 */
function loopThrough(root: unknown, start: object): object[] | undefined {
  const chain: object[] = [];
  let closed = false;
  const follow = (node: unknown): unknown => {
    let current = node;
    while (isObject(current) && typeof current.$ref === 'string') {
      if (chain.includes(current)) {
        closed = current === start;
        return undefined;
      }
      chain.push(current);
      current = target(current.$ref);
      if (closed) return undefined;
    }
    return current;
  };
  const target = (ref: string): unknown => {
    if (ref !== '#' && !ref.startsWith('#/')) return undefined;
    let current = root;
    for (const segment of ref.slice(1).split('/').filter(Boolean)) {
      current = follow(current);
      if (closed) return undefined;
      const key = decodePointerSegment(segment);
      if (Array.isArray(current) && /^(?:0|[1-9]\d*)$/.test(key)) current = current[Number(key)];
      else if (isObject(current) && Object.hasOwn(current, key)) current = current[key];
      else return undefined;
    }
    return current;
  };
  follow(start);
  return closed ? chain : undefined;
}

function withoutRefs(parsed: unknown, loops: readonly RefLoop[]): unknown {
  const copy = structuredClone(parsed);
  for (const loop of loops) {
    const node = valueAtRef(copy, `#${loop.pointer}`);
    if (isObject(node)) delete node.$ref;
  }
  return copy;
}

function loopProblem(loop: RefLoop, source: LintSource): SpecProblem {
  const at = source.locate(loop.pointer);
  const how = loop.path.length === 1 ? 'points to itself' : `comes back to itself (${[...loop.path, loop.pointer].map((pointer) => `#${pointer}`).join(' → ')})`;
  return {
    kind: 'reference',
    pointer: loop.pointer,
    ...(at ? {line: at.line, column: at.column} : {}),
    message: `$ref "${loop.ref}" ${how}, so it never reaches a definition; shown as an unresolved reference where it is used`,
  };
}

const KIND_BY_RULE: Record<string, ProblemKind> = {struct: 'schema', spec: 'schema', 'no-unresolved-refs': 'reference'};

function toSpecProblem(problem: NormalizedProblem, source: LintSource, label: string): SpecProblem {
  const location = problem.location[0];
  const pointer = location && 'pointer' in location && typeof location.pointer === 'string' ? location.pointer.replace(/^#/, '') : '';
  const reportOnKey = location?.reportOnKey === true;
  const at = source.locate(pointer, reportOnKey);
  const kind = KIND_BY_RULE[problem.ruleId] ?? 'schema';
  return {
    kind,
    pointer,
    ...(at ? {line: at.line, column: at.column} : {}),
    message: plainMessage(problem, label, refAt(source.document.parsed, pointer)),
    rule: problem.ruleId,
  };
}

function refAt(document: unknown, pointer: string): string | undefined {
  let current: unknown = document;
  for (const segment of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[unescapePointerSegment(segment)];
  }
  if (typeof current === 'string') return current;
  const ref = current !== null && typeof current === 'object' ? (current as Record<string, unknown>).$ref : undefined;
  return typeof ref === 'string' ? ref : undefined;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

/** Redocly's wording, turned into what it means for the published page. */
export function plainMessage(problem: Pick<NormalizedProblem, 'message' | 'ruleId'>, label: string, ref?: string): string {
  const message = problem.message.trim().replace(/\.$/, '');
  if (problem.ruleId === 'no-unresolved-refs') {
    const target = ref === undefined ? 'this $ref' : `$ref "${ref}"`;
    const why = /points outside the document/.test(message)
      ? 'points outside the document, and the build does not follow such references'
      : 'points to nothing in the document';
    return `${target} ${why}; shown as an unresolved reference where it is used`;
  }
  let match = /^Property `(.+)` is not expected here$/.exec(message);
  if (match) return `"${match[1]}" is not ${article(label)} keyword here; ignored`;
  match = /^The field `(.+)` must be present on this level$/.exec(message);
  if (match) return `required field "${match[1]}" is missing; the page shows what is there`;
  match = /^Expected type `(.+?)` \((\w+)\) but got `(\w+)`$/.exec(message);
  if (match) return `expected ${article(match[1])} ${match[2] === 'object' ? 'object' : match[2]}, found ${match[3] === 'null' ? 'nothing' : article(match[3])}; shown as far as it can be`;
  match = /^Expected type `(\w+)` but got `(\w+)`$/.exec(message);
  if (match) return `expected ${article(match[1])}, found ${match[2] === 'null' ? 'nothing' : article(match[2])}; shown as far as it can be`;
  match = /^`type` can be one of the following only: (.+)$/.exec(message);
  if (match) return `"type" must be one of ${match[1].replace(/"/g, '')} in ${label}; shown as written`;
  match = /^Must contain at least one of the following fields: (.+)$/.exec(message);
  if (match) return `needs one of the fields ${match[1]}; shown with what it has`;
  return `${message} (${label} schema, rule ${problem.ruleId})`;
}
