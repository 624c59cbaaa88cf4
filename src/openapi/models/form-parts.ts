/**
 * The parts of a `multipart/form-data` example: which fields are files (a
 * `format: binary` string, or 3.1's `contentMediaType` without
 * `contentEncoding`), each file of an array its own part, objects and
 * arrays of other values one JSON part (OpenAPI's default encoding), and
 * each part's Content-Type from `encoding.<field>.contentType` where given.
 * The code samples, the explorer, the example panel and the Markdown twin
 * all read a multipart body through these parts.
 */
import {ownValue} from '../../spec-reader/own-keys';
import {mergeAllOf} from './schema-model';
import {asString, isObject, type JsonObject, type SpecDocument} from '../../spec-reader/spec-document';
import {wellFormed} from '../../spec-reader/well-formed';
import type {FormPart} from './model-types';

/** Media types whose examples are written as parts. */
export function isMultipartFormData(mediaType: string): boolean {
  return mediaType.split(';')[0].trim().toLowerCase() === 'multipart/form-data';
}

/** A file's extension for the media types uploads most often have, so the placeholder path reads as that kind of file. */
const EXTENSIONS = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/svg+xml', 'svg'],
  ['application/pdf', 'pdf'],
  ['text/plain', 'txt'],
  ['text/csv', 'csv'],
  ['application/json', 'json'],
  ['application/xml', 'xml'],
  ['text/xml', 'xml'],
  ['application/zip', 'zip'],
]);

/** The folder the samples' placeholder file paths are in. */
export const PLACEHOLDER_FOLDER = 'path/to/';

function resolvedSchema(spec: SpecDocument, schema: unknown): JsonObject {
  const {value} = spec.resolve(schema);
  return mergeAllOf(spec, value);
}

function allowsString(schema: JsonObject): boolean {
  return schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
}

/** Whether a field is a file: binary content, as OpenAPI 3.0 (`format: binary`) and 3.1 (`contentMediaType` alone) write it. */
export function isFileSchema(schema: JsonObject): boolean {
  if (schema.format === 'binary') return true;
  return allowsString(schema) && typeof schema.contentMediaType === 'string' && schema.contentEncoding === undefined;
}

/** The first media type of an `encoding.contentType` list (`image/png, image/jpeg`); a range such as `image/*` names no type to send. */
function declaredContentType(encoding: unknown): string | undefined {
  const first = asString(isObject(encoding) ? encoding.contentType : undefined)?.split(',')[0].trim();
  return first && !first.includes('*') ? wellFormed(first) : undefined;
}

/** A file name that reads as what the field holds: the example's own name when it is one (`avatar.png`), else the field's name and the type's extension. */
function placeholderFileName(field: string, example: unknown, contentType: string | undefined, index: number): string {
  if (typeof example === 'string' && /^[\w-][\w.-]{0,60}\.[A-Za-z0-9]{1,8}$/.test(example)) return example;
  const base = field.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'file';
  const extension = contentType === undefined ? undefined : EXTENSIONS.get(contentType.split(';')[0].trim().toLowerCase());
  return `${base}${index > 0 ? `-${index + 1}` : ''}${extension ? `.${extension}` : ''}`;
}

function textValue(value: unknown): string {
  if (typeof value === 'string') return wellFormed(value);
  if (value === null || value === undefined) return '';
  return wellFormed(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/**
 * The parts of an example value of a multipart body, in the example's order,
 * or undefined when the example is not an object of fields (a 3.2
 * `serializedValue` is already the text sent).
 */
export function formParts(spec: SpecDocument, schema: unknown, encoding: unknown, example: unknown): FormPart[] | undefined {
  if (!isObject(example)) return undefined;
  const objectSchema = schema === undefined ? {} : resolvedSchema(spec, schema);
  const properties = isObject(objectSchema.properties) ? objectSchema.properties : {};
  const encodings = isObject(encoding) ? encoding : {};
  const parts: FormPart[] = [];
  for (const [rawName, value] of Object.entries(example)) {
    const name = wellFormed(rawName);
    const property = resolvedSchema(spec, ownValue(properties, rawName) ?? {});
    const contentType = declaredContentType(ownValue(encodings, rawName));
    const items = isObject(property.items) ? resolvedSchema(spec, property.items) : undefined;
    if (isFileSchema(property)) {
      parts.push({name, fileName: placeholderFileName(rawName, value, contentType, 0), ...(contentType ? {contentType} : {})});
    } else if (items && isFileSchema(items)) {
      const files = Array.isArray(value) && value.length > 0 ? value : [undefined];
      files.forEach((file, index) => parts.push({name, fileName: placeholderFileName(rawName, file, contentType, index), ...(contentType ? {contentType} : {})}));
    } else {
      const structured = typeof value === 'object' && value !== null;
      const partType = contentType ?? (structured ? 'application/json' : undefined);
      parts.push({name, value: textValue(value), ...(partType ? {contentType: partType} : {})});
    }
  }
  return parts;
}

/** A name or file name in a Content-Disposition header, as browsers write it (the HTML standard's multipart/form-data encoding). */
export function dispositionText(text: string): string {
  return wellFormed(text).replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** The Content-Disposition (and Content-Type) lines of a part, without the line break that ends its headers. */
export function partHeaderLines(part: FormPart): string[] {
  const fileName = part.fileName === undefined ? '' : `; filename="${dispositionText(part.fileName)}"`;
  const lines = [`Content-Disposition: form-data; name="${dispositionText(part.name)}"${fileName}`];
  if (part.contentType !== undefined) lines.push(`Content-Type: ${part.contentType.replace(/[\r\n]+/g, ' ')}`);
  return lines;
}

/** How a page shows a file's contents in a body: they are the reader's own file. */
export function fileContentsText(part: FormPart): string {
  return `<contents of ${PLACEHOLDER_FOLDER}${part.fileName ?? ''}>`;
}

/** The boundary a page shows between parts; a client chooses its own when it sends. */
export const SHOWN_BOUNDARY = 'boundary';

/** The body as it is sent, with each part named, its headers and its value, and a file's contents named: what the example panel and the Markdown twin show. */
export function multipartText(parts: FormPart[]): string {
  const lines: string[] = [];
  for (const part of parts) {
    lines.push(`--${SHOWN_BOUNDARY}`, ...partHeaderLines(part), '', part.fileName === undefined ? (part.value ?? '') : fileContentsText(part));
  }
  lines.push(`--${SHOWN_BOUNDARY}--`);
  return lines.join('\n');
}
