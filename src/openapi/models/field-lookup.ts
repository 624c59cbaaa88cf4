import {bodyAnchor, childAnchor} from '../links/field-anchors';
import {hasChildren} from './model-text';
import type {MediaTypeModel, OperationPageModel, SchemaNode} from './model-types';

/**
 * Finds a field named by a dotted path (`address.postcode`, `items[].sku`,
 * `''` for the body itself; the changelog's diff writes paths so, with
 * `oneOf`/`anyOf` options folded in) on an operation page, and returns its
 * id there (field-anchors.ts), or undefined when the page does not show it.
 */
export function findFieldAnchor(
  page: Pick<OperationPageModel, 'requestBody' | 'responses'>,
  field: {in: 'request' | 'response'; status?: string; path: string},
): string | undefined {
  const content: MediaTypeModel[] =
    field.in === 'request' ? (page.requestBody?.content ?? []) : (page.responses.find((response) => response.status === field.status)?.content ?? []);
  const body = field.in === 'request' ? ({kind: 'request'} as const) : ({kind: 'response', status: field.status ?? ''} as const);
  for (const [index, media] of content.entries()) {
    if (!media.schema) continue;
    const root = bodyAnchor(body, media.mediaType, index);
    if (field.path === '') return root;
    const found = findBelow(media.schema, root, field.path, 0);
    if (found) return found;
  }
  return undefined;
}

/** The id of the field at `path` below `node` (whose own id is `anchor`), as SchemaBody renders it. */
function findBelow(node: SchemaNode, anchor: string, path: string, depth: number): string | undefined {
  if (depth > 64) return undefined;
  for (const property of node.properties ?? []) {
    const name = property.name ?? '';
    if (!path.startsWith(name)) continue;
    const rest = path.slice(name.length);
    const id = childAnchor.property(anchor, name);
    if (rest === '') return id;
    if (!hasChildren(property) && !property.items) continue;
    const found = rest.startsWith('.') ? findBelow(property, id, rest.slice(1), depth + 1) : rest.startsWith('[]') ? findItems(property, id, rest, depth) : undefined;
    if (found) return found;
  }
  if (path.startsWith('[]')) {
    const found = findItems(node, anchor, path, depth);
    if (found) return found;
  }
  for (const [index, option] of (node.variants?.options ?? []).entries()) {
    const found = findBelow(option.schema, childAnchor.option(anchor, index), path, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** `[]…` below an array field with id `anchor`: the items are not a field of their own, their fields are. */
function findItems(node: SchemaNode, anchor: string, path: string, depth: number, field = anchor): string | undefined {
  const rest = path.slice(2);
  // The array's items themselves: the array field is where a reader finds them.
  if (rest === '') return field;
  if (!node.items || node.properties || !hasChildren(node.items)) return undefined;
  const itemsAnchor = childAnchor.items(anchor);
  if (rest.startsWith('.')) return findBelow(node.items, itemsAnchor, rest.slice(1), depth + 1);
  if (rest.startsWith('[]')) return findItems(node.items, itemsAnchor, rest, depth + 1, field);
  return undefined;
}
