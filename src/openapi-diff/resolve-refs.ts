type JsonObject = {[key: string]: unknown};

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Decodes one JSON Pointer token (RFC 6901) taken from a URI fragment. */
function decodePointerToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Not percent-encoded after all; use the token as written.
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~');
}

const NOTHING = Symbol('nothing');

function lookupPointer(root: unknown, ref: string): unknown {
  const tokens = ref.slice(1).split('/').slice(1).map(decodePointerToken);
  let node: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(node) && /^\d+$/.test(token) && Number(token) < node.length) {
      node = node[Number(token)];
    } else if (isJsonObject(node) && Object.hasOwn(node, token)) {
      node = node[token];
    } else {
      return NOTHING;
    }
  }
  return node;
}

/**
 * Returns a copy of `document` in which every internal `$ref` is replaced by
 * what it points to, so that comparing two specs compares what clients see
 * rather than how each file happens to be factored into components.
 *
 * Every use of one `$ref` target becomes the same object. A schema that refers
 * to itself therefore turns into an object graph with a cycle instead of an
 * endless tree, and walkers detect the cycle by object identity.
 *
 * A reference that does not resolve (it points to nothing, or outside the
 * document: the site publishes such descriptions with the problem listed)
 * stays as it is written, `{$ref: "…"}`, and is compared as written: a
 * changed target string is a change, nothing is followed or fetched.
 */
export function dereference(document: unknown): unknown {
  // Copies by original object. Registering a copy before filling it is what
  // makes the walk finish on cycles: a reference back to an object that is
  // still being copied gets that (unfinished) copy, so the copy has the same
  // cycle. It also keeps shared objects shared, and lets a document that
  // already contains cycles (one dereferenced before) be copied again.
  const copies = new Map<object, unknown>();
  const unfinished = new Set<unknown>();
  const followingRefs = new Set<string>();

  function resolveRef(ref: string): unknown {
    const target = ref.startsWith('#') ? lookupPointer(document, ref) : NOTHING;
    if (target === NOTHING) return {$ref: ref};
    if (typeof target === 'object' && target !== null && copies.has(target)) return copies.get(target);
    // A chain of $refs that comes back to itself without any schema in between
    // constrains nothing.
    if (followingRefs.has(ref)) return {};
    followingRefs.add(ref);
    const resolved = resolveNode(target);
    followingRefs.delete(ref);
    return resolved;
  }

  function resolveNode(node: unknown): unknown {
    if (typeof node !== 'object' || node === null) return node;
    if (copies.has(node)) return copies.get(node);
    if (Array.isArray(node)) {
      const copy: unknown[] = [];
      copies.set(node, copy);
      unfinished.add(copy);
      for (const item of node) copy.push(resolveNode(item));
      unfinished.delete(copy);
      return copy;
    }
    const record = node as JsonObject;
    const ref = record.$ref;
    if (typeof ref === 'string') {
      const target = resolveRef(ref);
      const siblings = Object.entries(record).filter(([key]) => key !== '$ref');
      // OpenAPI 3.1 lets `description` and friends sit next to `$ref` and
      // override the target's. A target still being copied (a cycle) is used
      // as it is: copying it now would copy a half-built object.
      if (siblings.length === 0 || !isJsonObject(target) || unfinished.has(target)) return target;
      const merged: JsonObject = {...target};
      for (const [key, value] of siblings) merged[key] = resolveNode(value);
      return merged;
    }
    const copy: JsonObject = {};
    copies.set(node, copy);
    unfinished.add(copy);
    for (const [key, value] of Object.entries(record)) copy[key] = resolveNode(value);
    unfinished.delete(copy);
    return copy;
  }

  return resolveNode(document);
}
