import {exec as execJsonPath, type JsonValue} from 'jsonpath-rfc9535';
import {LineCounter, isMap, isPair, isScalar, isSeq, parseDocument, type Node as YamlNode} from 'yaml';

import {isObject} from '../spec-reader/spec-document';
import type {OverlayFile} from './spec-config.js';
import {SpecSourceError} from '../spec-reader/spec-errors.js';
import {plural} from './format-units.js';
import {decodeSpecBytes, parseSpecText, serializeSpec} from '../spec-reader/parse-spec.js';
import type {SpecProblem} from './problems.js';
import {convertSwagger2} from './validate-spec.js';
import {sha256} from './write-spec.js';

/**
 * OpenAPI Overlay 1.0 (https://spec.openapis.org/overlay/v1.0.0.html) in the
 * spec step: SPEC_OVERLAYS names overlay files that change the description
 * after it is fetched and before it is checked, each action on the result of
 * the one before. Targets are RFC 9535 JSONPath (jsonpath-rfc9535, the engine
 * Redocly's own overlay support uses). An overlay that is not valid, or an
 * action that cannot apply, is a located problem in the overlay file and is
 * skipped; only an overlay file that cannot be read is refused.
 */

/** An overlay file as read, before it is parsed: parsing problems are located problems, not refusals. */
export interface LoadedOverlay {
  location: string;
  bytes: Buffer;
  sha256: string;
}

/** One overlay's entry in `.spec/provenance.json`, in the order applied. */
export interface AppliedOverlay {
  path: string;
  sha256: string;
  actionsApplied: number;
  actionsSkipped: number;
}

export interface OverlaidDescription {
  /** The description after every action that applied. */
  document: unknown;
  /** What the description's own problems are located in: the document as it will be published. */
  text: string;
  /** False when no action applied: the description stays as received, with the author's lines. */
  changed: boolean;
  overlays: AppliedOverlay[];
  problems: SpecProblem[];
  notices: string[];
}

/** The overlay version this step applies: 1.0.x, as a string. */
const SUPPORTED_OVERLAY = /^1\.0\.\d+$/;

/** Reads every overlay file; one that is missing or unreadable refuses the description, naming the file. */
export async function readOverlays(
  files: readonly OverlayFile[],
  readFile: (path: string) => Promise<Buffer>,
): Promise<LoadedOverlay[]> {
  const loaded: LoadedOverlay[] = [];
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = await readFile(file.path);
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      throw new SpecSourceError(`overlay ${file.location} from SPEC_OVERLAYS: ${cause}`, {
        hint: `Check SPEC_OVERLAYS (${file.location} resolves to ${file.path}), or leave that file out of it.`,
      });
    }
    loaded.push({location: file.location, bytes, sha256: sha256(bytes)});
  }
  return loaded;
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null || value === undefined) return 'nothing';
  if (isObject(value)) return 'a mapping';
  return `${typeof value === 'string' ? 'the string' : `the ${typeof value}`} ${JSON.stringify(value)}`;
}

/** Where a JSON Pointer is in a YAML (or JSON) text: its value, or the nearest ancestor that is there. */
function locator(yaml: ReturnType<typeof parseDocument>, lineCounter: LineCounter) {
  return (pointer: string): {line: number; column: number} | undefined => {
    let node: unknown = yaml.contents;
    let found: YamlNode | undefined = isMap(node) || isSeq(node) || isScalar(node) ? node : undefined;
    for (const segment of pointer.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
        node = pair?.value ?? undefined;
      } else if (isSeq(node)) {
        node = node.items[Number(segment)];
      } else {
        node = undefined;
      }
      if (!(isMap(node) || isSeq(node) || isScalar(node))) break;
      found = node;
    }
    const offset = found?.range?.[0];
    if (offset === undefined) return undefined;
    const {line, col} = lineCounter.linePos(offset);
    return {line, column: col};
  };
}

/** Which node a target selected: its keys from the root, and the normalized path (RFC 9535) for messages. */
interface Selected {
  keys: (string | number)[];
  normalizedPath: string;
}

/** The library's path keys are escaped as in a normalized path; this is the key itself. */
function unescapeNormalizedKey(key: string): string {
  const simple: Record<string, string> = {b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', "'": "'", '\\': '\\'};
  return key.replace(/\\(?:u([0-9a-fA-F]{4})|(.))/g, (_, hex: string | undefined, char: string) =>
    hex === undefined ? (simple[char] ?? char) : String.fromCharCode(parseInt(hex, 16)),
  );
}

function select(document: unknown, expression: string): Selected[] {
  const selected = new Map<string, Selected>();
  execJsonPath(document as JsonValue, expression, (_, path) => {
    const normalizedPath = `$${path.map((key) => (typeof key === 'number' ? `[${key}]` : `['${key}']`)).join('')}`;
    // A target can select one node twice (a union, or `..`); the action changes it once.
    if (!selected.has(normalizedPath)) {
      selected.set(normalizedPath, {normalizedPath, keys: path.map((key) => (typeof key === 'number' ? key : unescapeNormalizedKey(key)))});
    }
  });
  return [...selected.values()];
}

type Container = Record<string, unknown> | unknown[];

/**
 * Changes the description without touching the parsed original: objects
 * shared through YAML aliases are copied where an action changes them, so an
 * action changes the place its target names and no other.
 */
class CopyOnWrite {
  private readonly owned = new WeakSet<object>();

  constructor(readonly root: Container) {
    this.owned.add(root);
  }

  /** The container at `keys`, made this document's own on the way down. */
  own(keys: readonly (string | number)[]): Container {
    let node: Container = this.root;
    for (const key of keys) {
      const child = (node as Record<string | number, unknown>)[key] as Container;
      if (!this.owned.has(child)) {
        const copy: Container = Array.isArray(child) ? [...child] : {...child};
        this.owned.add(copy);
        setOwn(node, key, copy);
        node = copy;
      } else {
        node = child;
      }
    }
    return node;
  }
}

// A description may have a key such as `__proto__`; assignment would call the setter instead.
function setOwn(container: Container, key: string | number, value: unknown): void {
  Object.defineProperty(container, key, {value, writable: true, enumerable: true, configurable: true});
}

function valueAt(root: unknown, keys: readonly (string | number)[]): unknown {
  return keys.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);
}

/** Overlay 1.0 merge: objects recursively, arrays appended, anything else replaced. */
function mergeInto(target: Record<string, unknown>, update: Record<string, unknown>, keys: (string | number)[], writer: CopyOnWrite): void {
  for (const [key, value] of Object.entries(update)) {
    const existing = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isObject(existing) && isObject(value)) {
      mergeInto(writer.own([...keys, key]) as Record<string, unknown>, value, [...keys, key], writer);
    } else if (Array.isArray(existing) && Array.isArray(value)) {
      setOwn(target, key, [...existing, ...structuredClone(value)]);
    } else {
      setOwn(target, key, structuredClone(value));
    }
  }
}

interface ActionOutcome {
  applied: boolean;
  problem?: {pointer: string; message: string};
}

function applyAction(writer: CopyOnWrite, action: unknown, at: string): ActionOutcome {
  const skip = (pointer: string, message: string): ActionOutcome => ({applied: false, problem: {pointer, message}});
  if (!isObject(action)) return skip(at, `an action must be a mapping with a target and an update or remove, not ${describeValue(action)}; skipped`);
  if (!Object.hasOwn(action, 'target')) return skip(at, 'required field "target" is missing; action skipped');
  const {target} = action;
  if (typeof target !== 'string') return skip(`${at}/target`, `target must be a JSONPath expression (a string), not ${describeValue(target)}; action skipped`);
  if (action.remove !== undefined && typeof action.remove !== 'boolean') {
    return skip(`${at}/remove`, `remove must be true or false, not ${describeValue(action.remove)}; action skipped`);
  }
  // Overlay 1.0: update "has no impact if the remove field of this action object is true".
  const remove = action.remove === true;
  if (!remove && action.update === undefined) return skip(at, 'the action has neither an update nor remove: true, so it would do nothing; skipped');

  let selected: Selected[];
  try {
    selected = select(writer.root, target);
  } catch (error) {
    const cause = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
    return skip(`${at}/target`, `"${target}" is not a valid JSONPath expression (RFC 9535): ${cause}; action skipped`);
  }
  if (selected.length === 0) return skip(`${at}/target`, `"${target}" matches nothing in the description; action skipped`);

  if (remove) {
    if (selected.some(({keys}) => keys.length === 0)) return skip(`${at}/target`, `"${target}" selects the whole description, which cannot be removed; action skipped`);
    // Deepest first, and items of one list from the highest index down, so
    // that no removal moves or detaches a node another one still has to reach.
    const index = (keys: (string | number)[]) => {
      const last = keys.at(-1);
      return typeof last === 'number' ? last : -1;
    };
    const ordered = [...selected].sort((a, b) => b.keys.length - a.keys.length || index(b.keys) - index(a.keys));
    for (const {keys} of ordered) {
      const parent = writer.own(keys.slice(0, -1));
      const key = keys.at(-1) as string | number;
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    }
    return {applied: true};
  }

  // Checked for every selected node first, so an action applies wholly or not at all.
  const {update} = action;
  for (const {keys, normalizedPath} of selected) {
    const node = valueAt(writer.root, keys);
    if (isObject(node) && !isObject(update)) {
      return skip(`${at}/update`, `update must be a mapping to merge into the object at ${normalizedPath}, not ${describeValue(update)}; action skipped`);
    }
    if (!isObject(node) && !Array.isArray(node)) {
      return skip(`${at}/target`, `"${target}" selects ${describeValue(node)} at ${normalizedPath}, and an update applies to objects and lists only; action skipped`);
    }
  }
  for (const {keys} of selected) {
    const node = writer.own(keys);
    if (Array.isArray(node)) node.push(...(Array.isArray(update) ? structuredClone(update) : [structuredClone(update)]));
    else mergeInto(node, update as Record<string, unknown>, keys, writer);
  }
  return {applied: true};
}

interface ParsedOverlay {
  actions: unknown[];
  problems: {pointer: string; message: string}[];
  /** Where a pointer is in the overlay's text. */
  locate: (pointer: string) => {line: number; column: number} | undefined;
}

/** Parses and checks one overlay document; `actions` is empty when the overlay as a whole is skipped. */
function parseOverlay(bytes: Buffer): ParsedOverlay {
  const nowhere = () => undefined;
  const refused = (message: string, locate: ParsedOverlay['locate'] = nowhere): ParsedOverlay => ({actions: [], problems: [{pointer: '', message: `${message}; overlay skipped`}], locate});
  let text: string;
  try {
    text = decodeSpecBytes(bytes, 'file');
  } catch (error) {
    return refused((error as Error).message);
  }
  const lineCounter = new LineCounter();
  const yaml = parseDocument(text, {schema: 'core', customTags: [], resolveKnownTags: false, uniqueKeys: true, prettyErrors: false, lineCounter});
  const locate = locator(yaml, lineCounter);
  const [yamlError] = yaml.errors;
  if (yamlError !== undefined) {
    const {line, col} = lineCounter.linePos(yamlError.pos[0]);
    return {actions: [], problems: [{pointer: '', message: `not YAML or JSON: ${yamlError.message}; overlay skipped`}], locate: () => ({line, column: col})};
  }
  // The same parser, with the same limits, as every description the spec step reads.
  let overlay: unknown;
  try {
    overlay = parseSpecText(text, {what: 'file'});
  } catch (error) {
    return refused((error as Error).message, locate);
  }
  if (!isObject(overlay)) return refused(`not an Overlay document (the document is ${describeValue(overlay)}, not a mapping)`, locate);
  if (!Object.hasOwn(overlay, 'overlay')) return refused('not an Overlay document (no overlay field)', locate);
  const problems: ParsedOverlay['problems'] = [];
  const skipAll = (pointer: string, message: string): ParsedOverlay => ({actions: [], problems: [...problems, {pointer, message: `${message}; overlay skipped`}], locate});
  if (typeof overlay.overlay !== 'string' || !SUPPORTED_OVERLAY.test(overlay.overlay)) {
    return skipAll('/overlay', `overlay must be the version 1.0.x as a string (such as "1.0.0"), not ${describeValue(overlay.overlay)}`);
  }
  // Only a label for people: an overlay without it is still applied.
  const {info} = overlay;
  if (!isObject(info)) problems.push({pointer: Object.hasOwn(overlay, 'info') ? '/info' : '', message: 'required field "info" (with title and version) is missing; applied all the same'});
  else {
    for (const field of ['title', 'version']) {
      if (typeof info[field] !== 'string') problems.push({pointer: '/info', message: `required field "info.${field}" (a string) is missing; applied all the same`});
    }
  }
  if (!Object.hasOwn(overlay, 'actions')) return skipAll('', 'required field "actions" is missing');
  const {actions} = overlay;
  if (!Array.isArray(actions)) return skipAll('/actions', `actions must be a list, not ${describeValue(actions)}`);
  if (actions.length === 0) problems.push({pointer: '/actions', message: 'actions is empty, so the overlay changes nothing'});
  return {actions, problems, locate};
}

/**
 * Applies the overlays to a parsed description, in order. A Swagger 2.0
 * description is converted first, so that overlays are always written against
 * OpenAPI 3.x: the form the site publishes, whatever form the source has today.
 */
export async function applyOverlays(description: unknown, overlays: readonly LoadedOverlay[]): Promise<OverlaidDescription> {
  const notices: string[] = [];
  let base = description;
  if (isObject(description) && description.swagger === '2.0' && !('openapi' in description)) {
    base = await convertSwagger2(description);
    notices.push(`Converted Swagger 2.0 to OpenAPI ${String((base as Record<string, unknown>).openapi)} with swagger2openapi before applying the overlays; the converted document is used.`);
  }
  const problems: SpecProblem[] = [];
  const applied: AppliedOverlay[] = [];
  // Overlays apply to mappings only; anything else is refused when the description is checked.
  const writer = isObject(base) ? new CopyOnWrite({...base}) : undefined;
  for (const overlay of overlays) {
    const parsed = parseOverlay(overlay.bytes);
    let actionsApplied = 0;
    const located = (problem: {pointer: string; message: string}): SpecProblem => {
      const at = parsed.locate(problem.pointer);
      return {kind: 'overlay', file: overlay.location, pointer: problem.pointer, ...(at ? {line: at.line, column: at.column} : {}), message: problem.message};
    };
    problems.push(...parsed.problems.map(located));
    for (const [index, action] of parsed.actions.entries()) {
      const outcome = writer === undefined ? {applied: false} : applyAction(writer, action, `/actions/${index}`);
      if (outcome.applied) actionsApplied += 1;
      if (outcome.problem) problems.push(located(outcome.problem));
    }
    const total = parsed.actions.length === 0 ? countActions(overlay.bytes) : parsed.actions.length;
    applied.push({path: overlay.location, sha256: overlay.sha256, actionsApplied, actionsSkipped: total - actionsApplied});
  }
  const changed = writer !== undefined && applied.some((overlay) => overlay.actionsApplied > 0);
  if (!changed) return {document: description, text: '', changed, overlays: applied, problems, notices: []};
  const document = writer.root;
  notices.push(
    `Applied ${plural(overlays.length, 'overlay')} from SPEC_OVERLAYS: ${applied.map((overlay) => `${overlay.path} (${plural(overlay.actionsApplied, 'action')}${overlay.actionsSkipped > 0 ? `, ${overlay.actionsSkipped} skipped` : ''})`).join(', ')}; problems in the description are located in the published openapi.yaml, which they changed.`,
  );
  return {document, text: serializeSpec(document), changed, overlays: applied, problems, notices};
}

/** The actions of an overlay skipped as a whole, for provenance: as many as its `actions` list has, if it has one. */
function countActions(bytes: Buffer): number {
  try {
    const overlay = parseSpecText(decodeSpecBytes(bytes, 'file'), {what: 'file'});
    return isObject(overlay) && Array.isArray(overlay.actions) ? overlay.actions.length : 0;
  } catch {
    return 0;
  }
}
