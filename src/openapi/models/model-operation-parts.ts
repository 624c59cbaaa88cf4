import {renderMarkdown} from './markdown';
import {wellFormed} from '../../spec-reader/well-formed';
import {formParts, isMultipartFormData, multipartText} from './form-parts';
import {sampleFromSchema} from './sample';
import {jsonText, schemaNode, type SchemaDirection} from './schema-model';
import {asString, isObject, type JsonObject, type SpecDocument} from '../../spec-reader/spec-document';
import type {LinkContext} from '../links/spec-links';
import type {ExampleModel, HeaderModel, MediaTypeModel, ParameterLocation, ParameterModel, ResponseModel, StreamFraming} from './model-types';

/** The parts of an operation (or a callback) as its page shows them:
 * parameters, request and response bodies with their examples, headers. */

const PARAMETER_LOCATIONS: ParameterLocation[] = ['path', 'query', 'querystring', 'header', 'cookie'];

function isJsonMediaType(mediaType: string): boolean {
  return /^application\/(.+\+)?json\b/i.test(mediaType) || /\/json$/i.test(mediaType);
}

/** How a sequential media type (OpenAPI 3.2's `itemSchema`) frames its items. */
export function streamFraming(mediaType: string): StreamFraming {
  const essence = mediaType.split(';')[0].trim().toLowerCase();
  if (essence === 'text/event-stream') return 'event-stream';
  if (essence === 'application/json-seq') return 'json-seq';
  return 'json-lines';
}

const SSE_FIELDS = new Set(['data', 'event', 'id', 'retry']);

/** One server-sent event: an item with SSE's own fields (`event`, `data`, …) as
 * those lines, anything else as JSON in a `data:` line (multi-line data one line each). */
function serverSentEvent(item: unknown): string {
  const fields = isObject(item) && 'data' in item && Object.keys(item).every((key) => SSE_FIELDS.has(key)) ? item : {data: item};
  const lines: string[] = [];
  for (const [field, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    for (const line of text.split(/\r\n|\r|\n/)) lines.push(`${field}: ${line}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Items written in their media type's framing: SSE events, one JSON text per
 * line, or each after an RS character (RFC 7464, `application/json-seq`). */
export function streamText(items: unknown[], mediaType: string): string {
  const framing = streamFraming(mediaType);
  if (framing === 'event-stream') return wellFormed(items.map(serverSentEvent).join('\n'));
  if (framing === 'json-seq') return wellFormed(items.map((item) => `\u001e${JSON.stringify(item)}\n`).join(''));
  return wellFormed(items.map((item) => `${JSON.stringify(item)}\n`).join(''));
}

/** How an example shows json-seq's record separator (U+001E): the Unicode symbol for it. */
export const RECORD_SEPARATOR_SYMBOL = '\u241e';

/** Items a stream's generated example shows. */
const STREAM_SAMPLE_ITEMS = 3;

function exampleText(value: unknown, mediaType: string, stream = false): string {
  // A stream's example is the stream as sent (text), or its items (an array, or one item).
  if (stream) return typeof value === 'string' ? wellFormed(value) : streamText(Array.isArray(value) ? value : [value], mediaType);
  if (typeof value === 'string' && !isJsonMediaType(mediaType)) return wellFormed(value);
  if (/x-www-form-urlencoded/i.test(mediaType) && isObject(value)) {
    return wellFormed(
      Object.entries(value)
        .map(([key, field]) => `${encodeURIComponent(key)}=${encodeURIComponent(typeof field === 'string' ? field : JSON.stringify(field))}`)
        .join('&'),
    );
  }
  return jsonText(value, 2);
}

/** An Example Object's value: 3.2's `serializedValue` as written (it is already the
 * text sent), else `dataValue` or `value`, else a pointer to `externalValue`. */
function exampleObjectText(example: JsonObject, mediaType: string, stream: boolean): string {
  const serialized = asString(example.serializedValue);
  if (serialized !== undefined) return wellFormed(serialized);
  const value = example.dataValue ?? example.value;
  if (value !== undefined) return exampleText(value, mediaType, stream);
  return asString(example.externalValue) ? `See ${wellFormed(String(example.externalValue))}` : '';
}

function examplesOf(spec: SpecDocument, holder: JsonObject, mediaType: string, direction: SchemaDirection, links: LinkContext | undefined): ExampleModel[] {
  const examples: ExampleModel[] = [];
  const stream = holder.itemSchema !== undefined;
  if (isObject(holder.examples)) {
    for (const [name, rawExample] of Object.entries(holder.examples)) {
      const {value: example, unresolvedRef} = spec.resolve(rawExample);
      // Nothing to show; a generated example takes the place of a list of only these.
      if (unresolvedRef) continue;
      const model: ExampleModel = {
        name: wellFormed(name),
        value: exampleObjectText(example, mediaType, stream),
      };
      const summary = asString(example.summary);
      if (summary) model.summary = wellFormed(summary);
      const description = renderMarkdown(example.description, {topHeadingLevel: 5, links});
      if (description) model.description = description;
      examples.push(model);
    }
  }
  if (examples.length === 0 && holder.example !== undefined) {
    examples.push({name: 'Example', value: exampleText(holder.example, mediaType, stream)});
  }
  if (examples.length === 0 && stream) {
    const item = sampleFromSchema(spec, holder.itemSchema, direction);
    if (item !== undefined) {
      const items = Array.from({length: STREAM_SAMPLE_ITEMS}, () => item);
      examples.push({name: 'Generated from the schema', value: streamText(items, mediaType), generated: true});
    }
  } else if (examples.length === 0 && holder.schema !== undefined) {
    const sample = sampleFromSchema(spec, holder.schema, direction);
    if (sample !== undefined) examples.push({name: 'Generated from the schema', value: exampleText(sample, mediaType), generated: true});
  }
  return examples;
}

/** Each example of a multipart body written as its parts: a JSON text labelled multipart is no body any client sends. */
function withFormParts(spec: SpecDocument, media: JsonObject, examples: ExampleModel[]): ExampleModel[] {
  return examples.map((example) => {
    let value: unknown;
    try {
      value = JSON.parse(example.value);
    } catch {
      return example;
    }
    const parts = formParts(spec, media.schema, media.encoding, value);
    return parts ? {...example, value: multipartText(parts), parts} : example;
  });
}

export function mediaTypeModels(spec: SpecDocument, content: unknown, direction: SchemaDirection, links: LinkContext | undefined): MediaTypeModel[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([mediaType, rawMedia]) => {
    const media = spec.resolve(rawMedia).value;
    const examples = examplesOf(spec, media, mediaType, direction, links);
    const model: MediaTypeModel = {mediaType: wellFormed(mediaType), examples: isMultipartFormData(mediaType) && media.itemSchema === undefined ? withFormParts(spec, media, examples) : examples};
    // A sequential media type (3.2) describes each item of the stream, which is what a reader needs to parse.
    if (media.itemSchema !== undefined) {
      model.schema = schemaNode(spec, media.itemSchema, direction, {links});
      model.stream = streamFraming(mediaType);
      // HTML does not allow the control character RS in text: pages and twins show its symbol, ␞.
      if (model.stream === 'json-seq') model.examples = model.examples.map((example) => ({...example, value: example.value.split('\u001e').join(RECORD_SEPARATOR_SYMBOL)}));
    } else if (media.schema !== undefined) model.schema = schemaNode(spec, media.schema, direction, {links});
    return model;
  });
}

export interface ParameterValueSource {
  schema: unknown;
  example: unknown;
  examples: unknown;
  /** The media type of `content`, when the value is described there. */
  mediaType?: string;
}

/**
 * What a parameter or a header (`$ref` followed) says of its value: its schema
 * and its own examples, taken from itself or, when it has no `schema`, from
 * its one `content` media type (OpenAPI allows either, and either may be
 * missing). The pages and the Postman collection both read a parameter
 * through this, so that they agree on whether the spec gives an example.
 */
export function parameterValueSource(spec: SpecDocument, parameter: JsonObject): ParameterValueSource {
  const contentEntry = parameter.schema === undefined && isObject(parameter.content) ? Object.entries(parameter.content)[0] : undefined;
  const media = contentEntry ? spec.resolve(contentEntry[1]).value : {};
  return {
    schema: parameter.schema ?? media.schema,
    example: parameter.example ?? media.example,
    examples: parameter.examples ?? media.examples,
    ...(contentEntry ? {mediaType: contentEntry[0]} : {}),
  };
}

/** The value a parameter's page shows and its samples send: the spec's
 * example, else the first of its examples, else one made from its schema. */
function parameterExample(spec: SpecDocument, source: ParameterValueSource): string | undefined {
  if (source.example !== undefined) return jsonText(source.example);
  if (isObject(source.examples)) {
    const first = Object.values(source.examples)[0];
    const example = spec.resolve(first).value;
    const value = example.dataValue ?? example.value;
    if (value !== undefined) return jsonText(value);
  }
  const sample = sampleFromSchema(spec, source.schema ?? {}, 'request');
  return sample === undefined ? undefined : jsonText(sample);
}

/**
 * A `querystring` parameter's value as the query string it is sent as: an
 * object form-encoded (arrays as repeated names), as an HTML form sends it,
 * for `application/x-www-form-urlencoded` or no media type; text as written;
 * anything else its JSON, percent-encoded.
 */
export function querystringText(value: unknown, mediaType: string | undefined): string {
  if (typeof value === 'string') return value.replace(/^\?/, '');
  if (isObject(value) && (mediaType === undefined || /x-www-form-urlencoded/i.test(mediaType))) {
    const pairs = new URLSearchParams();
    for (const [name, field] of Object.entries(value)) {
      for (const item of Array.isArray(field) ? field : [field]) pairs.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
    return pairs.toString();
  }
  return value === undefined ? '' : encodeURIComponent(JSON.stringify(value));
}

/** The `{name}`s of a path template, in order, once each (`/pets/{petId}` → `petId`). */
export function pathTemplateNames(path: string): string[] {
  return [...new Set([...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]))];
}

/** The parameters of an operation, and the `$ref`s of those that do not resolve. */
export function parameterModels(
  spec: SpecDocument,
  pathItem: JsonObject,
  operation: JsonObject,
  pathTemplate: string | undefined,
  links: LinkContext | undefined,
): {parameters: ParameterModel[]; unresolved: string[]} {
  const {parameters, unresolved} = spec.parameters(pathItem, operation);
  const models = parameters.map((parameter) => {
    const location = (PARAMETER_LOCATIONS.includes(parameter.in as ParameterLocation) ? parameter.in : 'query') as ParameterLocation;
    const source = parameterValueSource(spec, parameter);
    const model: ParameterModel = {
      name: wellFormed(String(parameter.name)),
      in: location,
      required: location === 'path' || parameter.required === true,
      schema: schemaNode(spec, source.schema ?? {}, 'request', {links}),
    };
    if (parameter.deprecated === true) model.deprecated = true;
    const description = renderMarkdown(parameter.description, {topHeadingLevel: 5, links});
    if (description) model.description = description;
    const example = parameterExample(spec, source);
    // The explorer and the samples send a query string parameter's example as the whole query string.
    if (example !== undefined) model.example = location === 'querystring' ? jsonText(querystringText(JSON.parse(example), source.mediaType)) : example;
    if (typeof parameter.style === 'string') model.style = parameter.style;
    if (typeof parameter.explode === 'boolean') model.explode = parameter.explode;
    if (source.mediaType !== undefined) model.mediaType = wellFormed(source.mediaType);
    return model;
  });
  // A path template name nobody declared is still part of the URL: without it
  // the explorer and the code samples would send a literal `{petId}`.
  const declaredInPath = new Set(models.filter((model) => model.in === 'path').map((model) => model.name));
  for (const name of pathTemplate === undefined ? [] : pathTemplateNames(pathTemplate)) {
    if (declaredInPath.has(wellFormed(name))) continue;
    models.push({name: wellFormed(name), in: 'path', required: true, undeclared: true, schema: schemaNode(spec, {type: 'string'}, 'request', {links})});
  }
  return {
    parameters: models.sort((a, b) => PARAMETER_LOCATIONS.indexOf(a.in) - PARAMETER_LOCATIONS.indexOf(b.in)),
    unresolved: unresolved.map(wellFormed),
  };
}

function headerModels(spec: SpecDocument, headers: unknown, links: LinkContext | undefined): HeaderModel[] {
  if (!isObject(headers)) return [];
  return Object.entries(headers).map(([name, raw]) => {
    const {value: header, unresolvedRef} = spec.resolve(raw);
    // The header's name is its key, so it is listed, typed as the reference that is missing.
    const schema = schemaNode(spec, unresolvedRef ? {$ref: unresolvedRef} : header.schema ?? {}, 'response', {links});
    const model: HeaderModel = {name: wellFormed(name), required: header.required === true, schema};
    const description = renderMarkdown(header.description, {topHeadingLevel: 5, links});
    if (description) model.description = description;
    return model;
  });
}

export function responseModels(spec: SpecDocument, responses: unknown, links: LinkContext | undefined): ResponseModel[] {
  if (!isObject(responses)) return [];
  return Object.entries(responses).map(([status, raw]) => {
    // A response that is null (`'304':` with nothing after it) is listed by its status alone.
    const {value: response, unresolvedRef} = spec.resolve(raw);
    const model: ResponseModel = {
      status: wellFormed(status),
      headers: headerModels(spec, response.headers, links),
      content: mediaTypeModels(spec, response.content, 'response', links),
    };
    if (unresolvedRef) model.unresolvedRef = wellFormed(unresolvedRef);
    const summary = asString(response.summary)?.trim();
    if (summary) model.summary = wellFormed(summary);
    const description = renderMarkdown(response.description, {topHeadingLevel: 5, links});
    if (description) model.description = description;
    return model;
  });
}
