/**
 * Reading helpers for the render model that both the build (src/openapi) and
 * browser components use, so they carry no dependencies.
 */
import type {RichTextNode, SchemaNode, StreamFraming} from './model-types';

/** The text inside a rich text node, markup dropped. */
export function textOf(node: RichTextNode): string {
  return node.type === 'text' ? node.value : node.children.map(textOf).join('');
}

/** A JSON-encoded model value as a reader types it: strings unquoted, other values as JSON. */
export function jsonValueAsText(jsonValue: string | undefined): string {
  if (jsonValue === undefined) return '';
  try {
    const value: unknown = JSON.parse(jsonValue);
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return jsonValue;
  }
}

/** The field name that stands for the keys a `patternProperties` entry covers. */
export function patternKeyName(pattern: string): string {
  return `<key matching /${pattern}/>`;
}

/** The field name of the items after `count` positional ones (`prefixItems`): `[2…]`. */
export function furtherItemsName(count: number): string {
  return `[${count}…]`;
}

/** Whether a node has children worth a nested list (SchemaView renders its nested part; its fields have ids). */
export function hasChildren(node: SchemaNode): boolean {
  return Boolean(
    (node.properties && node.properties.length > 0) ||
      node.variants ||
      (node.prefixItems && node.prefixItems.length > 0) ||
      (node.patternProperties && node.patternProperties.length > 0) ||
      (node.items && hasChildren(node.items)) ||
      // A map's value type is a field of its own (`<any key>`), even a plain one: it has its own id.
      (node.additionalProperties !== undefined && node.additionalProperties !== true),
  );
}

/** How a stream's items follow one another, as the page and its twin say it after "Stream of X". */
export function streamFramingText(framing: StreamFraming): string {
  if (framing === 'event-stream') return 'one server-sent event per item';
  if (framing === 'json-seq') return 'each item a JSON text after a record separator (RFC 7464), shown as ␞';
  return 'one JSON text per line';
}

/** What a stream's items are named: their schema's name, else their type. */
export function streamItemName(schema: SchemaNode): string {
  return schema.refName ?? schema.typeLabel;
}
