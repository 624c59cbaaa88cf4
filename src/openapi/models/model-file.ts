/**
 * The file form of a page model (`<id>.page.json`): the model's JSON with two
 * repetitions written once.
 *
 * - A subtree that occurs more than once in a model is written once, in the
 *   table `$shared`, and referred to as `{"$s": <index>}`. A schema node's
 *   place in its parent (`name`, `required`) stays at each use:
 *   `{"$s": 4, "name": "owner", "required": true}`. Webhook payloads repeat
 *   `simple-user` and `repository` dozens of times in one model.
 * - A description's syntax tree (`RichText`) is written as nested arrays,
 *   `{"$h": [["p", 0, "Text ", ["code", 0, "id"]]]}`: an element is
 *   `[tagName, properties or 0, ...children]` and a text node is its string.
 *
 * Every other object key that starts with `$` gets one `$` more, so a key from
 * the description (a schema name in `schemaLinks`, a discriminator's mapping)
 * is never read as either form. `decodePageModel` gives back a value equal to
 * the model that was encoded; the repeated subtrees are then one object,
 * shared by each place that uses it, so nothing may change a decoded model.
 */

/** The table of shared subtrees, at the top level of an encoded model. */
const SHARED_KEY = '$shared';
/** A shared subtree's use. */
const SHARED_REF = '$s';
/** A description's syntax tree in its array form. */
const HAST_KEY = '$h';
/** A subtree is shared when its JSON is at least this long: a reference costs about 10 bytes. */
const MIN_SHARED_SIZE = 64;
/** A schema node's keys that say where it is used, not what it is (src/openapi/models/model-types.ts, SchemaNode). */
const PER_USE_KEYS = ['name', 'required'] as const;

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type JsonObject = {[key: string]: Json};

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A schema node (types and typeLabel), whose name and required flag belong to its use. */
function isSchemaNode(value: JsonObject): boolean {
  return Array.isArray(value.types) && typeof value.typeLabel === 'string';
}

/** A hast node of the RichText subset, with no key beyond the subset's: such trees alone take the array form. */
function isRichTextNode(value: unknown): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  if (value.type === 'text') return keys.length === 2 && typeof value.value === 'string';
  if (value.type !== 'element') return false;
  return (
    keys.length === 4 &&
    typeof value.tagName === 'string' &&
    isObject(value.properties) &&
    Array.isArray(value.children) &&
    value.children.every(isRichTextNode)
  );
}

function isRichTextRoot(value: JsonObject): boolean {
  return value.type === 'root' && Object.keys(value).length === 2 && Array.isArray(value.children) && value.children.every(isRichTextNode);
}

function compactRichText(node: JsonObject): Json {
  if (node.type === 'text') return node.value;
  const properties = node.properties as JsonObject;
  return [node.tagName, Object.keys(properties).length === 0 ? 0 : properties, ...(node.children as JsonObject[]).map(compactRichText)];
}

function expandRichText(node: Json): Json {
  if (typeof node === 'string') return {type: 'text', value: node};
  const [tagName, properties, ...children] = node as Json[];
  return {type: 'element', tagName, properties: properties === 0 ? {} : properties, children: children.map(expandRichText)};
}

interface SubtreeFacts {
  /** Identifies the subtree's content: equal subtrees have equal ids. */
  id: number;
  /** About the length of its JSON. */
  size: number;
}

/**
 * Numbers every object and array of a model by content, bottom-up, so that
 * finding repeats is linear in the model's size: a parent's signature names
 * its children by their ids, not by their text.
 */
class SubtreeIndex {
  private readonly ids = new Map<string, number>();
  /** Strings and keys by number, so that a signature names each by a few characters whatever its length. */
  private readonly strings = new Map<string, number>();
  readonly facts = new Map<object, SubtreeFacts>();
  /** Uses of each id. */
  readonly counts: number[] = [];

  /** The value's signature as its parent names it: its id, and a schema node's per-use keys, which its id leaves out. */
  visit(value: Json): string {
    if (typeof value === 'string') return `s${this.stringId(value)}`;
    if (typeof value !== 'object' || value === null) return String(value);
    const known = this.facts.get(value);
    if (known) {
      // The same object at a second place of the model: another use.
      this.counts[known.id]++;
      return this.reference(value, known.id);
    }
    let signature: string;
    let size = 2;
    if (Array.isArray(value)) {
      signature = '[';
      for (const item of value) {
        signature += `${this.visit(item)},`;
        size += this.sizeOf(item) + 1;
      }
    } else {
      // A schema node's name and required flag are not part of what is shared.
      const schemaNode = isSchemaNode(value);
      signature = '{';
      for (const key in value) {
        const item = value[key];
        const child = this.visit(item);
        size += key.length + 4 + this.sizeOf(item);
        if (!(schemaNode && (key === 'name' || key === 'required'))) signature += `${this.stringId(key)}:${child},`;
      }
    }
    let id = this.ids.get(signature);
    if (id === undefined) {
      id = this.counts.length;
      this.ids.set(signature, id);
      this.counts.push(0);
    }
    this.counts[id]++;
    this.facts.set(value, {id, size});
    return this.reference(value, id);
  }

  private stringId(text: string): number {
    let id = this.strings.get(text);
    if (id === undefined) {
      id = this.strings.size;
      this.strings.set(text, id);
    }
    return id;
  }

  private reference(value: Json[] | JsonObject, id: number): string {
    if (Array.isArray(value) || !isSchemaNode(value)) return `@${id}`;
    return `@${id}(${PER_USE_KEYS.map((key) => this.visit(value[key] ?? null)).join(',')})`;
  }

  private sizeOf(value: Json): number {
    if (typeof value === 'object' && value !== null) return this.facts.get(value)!.size;
    return typeof value === 'string' ? value.length + 2 : String(value).length;
  }
}

/** The model in its file form (see above), as a value for JSON.stringify. */
export function encodePageModel(model: unknown): unknown {
  const index = new SubtreeIndex();
  index.visit(model as Json);
  const shared: Json[] = [];
  const sharedIndex = new Map<number, number>();

  const encode = (value: Json, top = false): Json => {
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) return value.map((item) => encode(item));
    const facts = index.facts.get(value)!;
    const schemaNode = isSchemaNode(value);
    if (!top && index.counts[facts.id] > 1 && facts.size >= MIN_SHARED_SIZE) {
      let at = sharedIndex.get(facts.id);
      if (at === undefined) {
        // Its own shared parts first, so each entry refers only to entries before it.
        const entry = encodeObject(value, schemaNode);
        at = shared.length;
        shared.push(entry);
        sharedIndex.set(facts.id, at);
      }
      const use: JsonObject = {[SHARED_REF]: at};
      if (schemaNode) for (const key of PER_USE_KEYS) if (key in value) use[key] = value[key];
      return use;
    }
    return encodeObject(value, false);
  };

  /** An object's own form; without its per-use keys when it is a shared schema node. */
  const encodeObject = (value: JsonObject, withoutUse: boolean): JsonObject => {
    if (isRichTextRoot(value)) return {[HAST_KEY]: (value.children as JsonObject[]).map(compactRichText)};
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      if (withoutUse && (PER_USE_KEYS as readonly string[]).includes(key)) continue;
      out[key.startsWith('$') ? `$${key}` : key] = encode(item);
    }
    return out;
  };

  const body = encode(model as Json, true);
  return isObject(body) && shared.length > 0 ? {[SHARED_KEY]: shared, ...body} : body;
}

/**
 * The model a file holds (see above), from its parsed JSON. Files written
 * before this form, with no `$` key, decode to themselves.
 */
export function decodePageModel<T = unknown>(value: unknown): T {
  const table: Json[] = [];

  const decode = (item: Json): Json => {
    if (typeof item !== 'object' || item === null) return item;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) item[i] = decode(item[i]);
      return item;
    }
    if (SHARED_REF in item) {
      const base = table[item[SHARED_REF] as number];
      if (base === undefined) throw new Error(`page model: shared subtree ${String(item[SHARED_REF])} is not in the table`);
      const keys = Object.keys(item);
      if (keys.length === 1) return base;
      const use: JsonObject = {...(base as JsonObject)};
      for (const key of keys) if (key !== SHARED_REF) use[key] = item[key];
      return use;
    }
    if (HAST_KEY in item) return {type: 'root', children: (item[HAST_KEY] as Json[]).map(expandRichText)};
    let escaped = false;
    for (const key in item) {
      if (key.startsWith('$')) escaped = true;
      else item[key] = decode(item[key]);
    }
    if (!escaped) return item;
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(item)) out[key.startsWith('$') ? key.slice(1) : key] = key.startsWith('$') ? decode(child) : child;
    return out;
  };

  if (!isObject(value as Json)) return decode(value as Json) as T;
  const model = value as JsonObject;
  const entries = model[SHARED_KEY];
  if (Array.isArray(entries)) {
    for (const entry of entries) table.push(decode(entry));
    delete model[SHARED_KEY];
  }
  return decode(model) as T;
}

/** A page model file's text, parsed and decoded. */
export function parsePageModel<T = unknown>(text: string): T {
  return decodePageModel<T>(JSON.parse(text));
}
