/**
 * The render model of the API reference: what `npm run gen` writes next to each
 * generated page (`docs/api/<id>.page.json`) and what the page components,
 * the Markdown twins and llms.txt read. Plain JSON, no functions, no cycles;
 * its file form is ./model-file.ts's.
 *
 * Spec text never reaches MDX: descriptions are Markdown parsed and sanitised
 * at build time into a small HTML syntax tree (`RichText`), rendered by React.
 */

/** A sanitised HTML syntax tree (hast subset: root, element, text). */
export type RichText = RichTextRoot | null;

export interface RichTextRoot {
  type: 'root';
  children: RichTextNode[];
}

export type RichTextNode = RichTextElement | RichTextLeaf;

export interface RichTextElement {
  type: 'element';
  tagName: string;
  properties: Record<string, string | number | boolean | (string | number)[]>;
  children: RichTextNode[];
}

export interface RichTextLeaf {
  type: 'text';
  value: string;
}

/** Validation rules of a schema, kept structured so that both the constraint
 * labels on the page and the sandbox's request validation read them. */
export interface SchemaRules {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
}

export interface EnumValue {
  /** JSON-encoded value, e.g. `"open"` or `3`. */
  value: string;
  description?: RichText;
}

export interface SchemaVariants {
  kind: 'oneOf' | 'anyOf';
  /** Discriminator property and, per option label, its value. */
  discriminator?: {propertyName: string; mapping: Record<string, string>};
  options: {label: string; schema: SchemaNode}[];
}

export interface SchemaNode {
  /** Property name when this node is an object property. */
  name?: string;
  required?: boolean;
  /** JSON types this node accepts ("string", "null", ...); empty means any. */
  types: string[];
  /** Human label of the type, e.g. `string<date-time>`, `Contact[]`, `string | null`. */
  typeLabel: string;
  /** Component name when the schema came from `#/components/schemas/<name>`. */
  refName?: string;
  title?: string;
  description?: RichText;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  rules?: SchemaRules;
  enum?: EnumValue[];
  /** JSON-encoded constant, default and example values. */
  const?: string;
  default?: string;
  example?: string;
  properties?: SchemaNode[];
  /** `additionalProperties`: a schema, or `true` for any value. */
  additionalProperties?: SchemaNode | true;
  /** `additionalProperties: false`: no property beyond those declared. */
  noAdditionalProperties?: boolean;
  /** With noAdditionalProperties: declared properties this direction does not show (read-only in a request). */
  hiddenProperties?: string[];
  /** `patternProperties`: the properties whose names match a regular expression. */
  patternProperties?: {pattern: string; schema: SchemaNode}[];
  /** Every item's schema; with `prefixItems`, the schema of the items after the positional ones. */
  items?: SchemaNode;
  /** Positional item types: `prefixItems`, or the list form of `items` (OpenAPI 3.0, with `additionalItems`). */
  prefixItems?: SchemaNode[];
  /** With `prefixItems`: no items may follow the positional ones (`items: false`, `additionalItems: false`). */
  noExtraItems?: boolean;
  variants?: SchemaVariants;
  /** Set instead of children when the schema refers back to an ancestor. */
  circularRef?: string;
  /** Set instead of children when the tree had reached its size budget
   * (SCHEMA_NODE_BUDGET): the named schema whose fields are not repeated here. */
  notExpandedRef?: string;
  /** A `$ref` of this schema, or of one of its `allOf` parts, that does not
   * resolve within the description: what it would define is not shown. */
  unresolvedRef?: string;
}

export interface ExampleModel {
  /** Key of a named example, or "Example" / "Generated from the schema". */
  name: string;
  summary?: string;
  description?: RichText;
  /** The example as text: pretty-printed JSON, or the raw string for other media types. */
  value: string;
  /** True when no example was given and this one was generated from the schema. */
  generated?: boolean;
  /** A `multipart/form-data` example's parts, in order (`value` is then the body as sent, each part named). */
  parts?: FormPart[];
}

/** One part of a `multipart/form-data` body, as HAR's `postData.params` has it: a file when it has `fileName`. */
export interface FormPart {
  name: string;
  /** A text part's value (objects and arrays as JSON). */
  value?: string;
  /** A file part's placeholder file name; the samples read it from `path/to/<fileName>`. */
  fileName?: string;
  /** The part's Content-Type, from `encoding.<name>.contentType` or the default for JSON parts. */
  contentType?: string;
}

/** How a stream's items are written: SSE events, one JSON text per line (`application/jsonl`, `application/x-ndjson`), or RS-prefixed JSON texts (`application/json-seq`). */
export type StreamFraming = 'event-stream' | 'json-lines' | 'json-seq';

export interface MediaTypeModel {
  mediaType: string;
  /** With `stream`, the schema of each item (OpenAPI 3.2's `itemSchema`). */
  schema?: SchemaNode;
  /** The body is a stream of `schema` items, framed so; its examples are framed items. */
  stream?: StreamFraming;
  examples: ExampleModel[];
}

/** `querystring` (OpenAPI 3.2): one parameter whose `content` describes the whole query string. */
export type ParameterLocation = 'path' | 'query' | 'querystring' | 'header' | 'cookie';

export interface ParameterModel {
  name: string;
  in: ParameterLocation;
  required: boolean;
  deprecated?: boolean;
  description?: RichText;
  schema: SchemaNode;
  /** JSON-encoded example value used in code samples and the explorer; for
   * `querystring`, the whole query string as it is sent (`q=red&limit=5`). */
  example?: string;
  style?: string;
  explode?: boolean;
  /** Media type of a parameter described by `content` instead of `schema`. */
  mediaType?: string;
  /** A `{name}` of the path template that no parameter declares: listed as a
   * required string so the explorer and code samples can fill it. */
  undeclared?: boolean;
}

export interface HeaderModel {
  name: string;
  required: boolean;
  description?: RichText;
  schema: SchemaNode;
}

export interface ResponseModel {
  /** "200", "4XX" or "default". */
  status: string;
  description?: RichText;
  headers: HeaderModel[];
  content: MediaTypeModel[];
  /** The response is a `$ref` that does not resolve; status is all that is known. */
  unresolvedRef?: string;
  /** OpenAPI 3.2's short label of the response (`summary`), shown next to its status. */
  summary?: string;
}

export interface SecurityRequirementModel {
  /** Security scheme key in `components.securitySchemes`. */
  scheme: string;
  /** `http bearer`, `oauth2`, `apiKey (header X-Key)`, ... */
  kind: string;
  scopes: string[];
  description?: RichText;
  /** The scheme is marked `deprecated: true` (OpenAPI 3.2). */
  deprecated?: boolean;
}

export interface ServerVariableModel {
  name: string;
  default: string;
  /** Allowed values (the explorer offers them as a list). */
  enum?: string[];
  description?: string;
}

export interface ServerModel {
  /** The URL with every variable at its default. */
  url: string;
  description?: string;
  /** The URL as written, with `{variable}` placeholders; only when it has variables. */
  template?: string;
  variables?: ServerVariableModel[];
}

export interface CodeSample {
  /** Stable key, also the tab value: `curl`, `javascript`, `node`, `python`, ... */
  id: string;
  label: string;
  /** Prism language for highlighting. */
  language: string;
  code: string;
}

/** A request the API sends back to the caller (an operation's `callbacks`), shown in a section of the operation's page. */
export interface CallbackModel {
  name: string;
  expression: string;
  method: string;
  summary?: string;
  description?: RichText;
  /** Headers (and other parameters) of the request the API sends. */
  parameters: ParameterModel[];
  /** The payload the reader's server receives. */
  requestBody?: {required: boolean; description?: RichText; content: MediaTypeModel[]};
  /** What the reader's server should answer. */
  responses: ResponseModel[];
}

export interface OperationPageModel {
  kind: 'operation';
  /** Page id, e.g. `create-contact`; the route is `/docs/api/<id>`. */
  id: string;
  operationId?: string;
  method: string;
  /** The method as the explorer and the code samples send it (`GET`, or an additional operation's `Purge` as written). */
  requestMethod: string;
  path: string;
  summary: string;
  description?: RichText;
  /** Plain-text description for meta tags and llms.txt (first paragraph). */
  plainDescription: string;
  deprecated: boolean;
  /** A webhook (OpenAPI `webhooks`): the API sends this request; `path` is the event name. */
  webhook?: boolean;
  tags: string[];
  /** Its tags whose declared `kind` (OpenAPI 3.2) is not `nav` (`audience`, `badge`, …): shown as labels, not navigation. */
  tagBadges?: {name: string; kind: string}[];
  servers: ServerModel[];
  /** Alternatives: any one inner list satisfies the operation. Empty: no auth. */
  security: SecurityRequirementModel[][];
  parameters: ParameterModel[];
  /** `$ref`s of parameters that do not resolve: their name and location are
   * unknown, so they are listed apart and never sent. */
  unresolvedParameters?: string[];
  /** `unresolvedRef`: the body is a `$ref` that does not resolve (`content` is then empty). */
  requestBody?: {required: boolean; description?: RichText; content: MediaTypeModel[]; unresolvedRef?: string};
  /** Empty when the description lists none (`responses: {}` or no `responses`). */
  responses: ResponseModel[];
  callbacks: CallbackModel[];
  codeSamples: CodeSample[];
  /** Routes of the schema pages of the named schemas this page shows, by
   * name: their type labels link there (set by the page generator). */
  schemaLinks?: Record<string, string>;
  /** Every security scheme of the description (without descriptions, which the
   * overview shows), for the explorer's Authorize panel. */
  authSchemes: SecuritySchemeModel[];
}

/**
 * What an operation page needs to hydrate (`<id>.page-core.json`, written
 * next to the full model): its heading, the examples column's outline and
 * what the code samples' credentials use. The parts a reader has not touched
 * yet stay server HTML (HydrateOnDemand) and need the full model only then,
 * so a first visit does not download every schema, example and code sample
 * before the page responds (src/plugins/page-data/client/page-model.ts).
 */
export interface OperationPageCore
  extends Pick<OperationPageModel, 'kind' | 'id' | 'operationId' | 'method' | 'path' | 'summary' | 'deprecated' | 'webhook' | 'tags' | 'tagBadges' | 'servers' | 'security' | 'authSchemes'> {
  /** The code samples' tabs, without their code. */
  codeSamples: Omit<CodeSample, 'code'>[];
  /** Whether the examples column has a request example, and response examples. */
  examples: {request: boolean; responses: boolean};
}

/** An example request, HAR-like, from which the code samples are generated. */
export interface SampleRequest {
  /** As the request sends it: `GET`, or an additional operation's `Purge` as written. */
  method: string;
  /** Absolute URL with path parameters filled in, without the query string. */
  url: string;
  queryString: {name: string; value: string}[];
  headers: {name: string; value: string}[];
  /** `params`: a multipart body's parts, which the samples send as multipart (then `text` is the body as shown). */
  postData?: {mimeType: string; text: string; params?: FormPart[]};
}

export interface TocEntry {
  value: string;
  id: string;
  level: number;
}

export interface OAuthFlowModel {
  /** `clientCredentials`, `authorizationCode`, `implicit`, `password` (or `deviceAuthorization` in 3.2). */
  type: string;
  /** As written: absolute, or relative to the server the reader chose. */
  tokenUrl?: string;
  authorizationUrl?: string;
  refreshUrl?: string;
  /** `deviceAuthorization` (3.2): where the device asks for its user code. */
  deviceAuthorizationUrl?: string;
  scopes: {name: string; description: string}[];
}

export interface SecuritySchemeModel {
  key: string;
  kind: string;
  /** `apiKey`, `http`, `oauth2`, `openIdConnect`, `mutualTLS`, or what the description says. */
  type: string;
  /** apiKey: where the key goes and under which name. */
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  /** http: the scheme, lower case (`basic`, `bearer`, `digest`, ...). */
  scheme?: string;
  bearerFormat?: string;
  openIdConnectUrl?: string;
  /** oauth2 (3.2): the authorization server's metadata document (RFC 8414). */
  oauth2MetadataUrl?: string;
  /** The scheme is marked `deprecated: true` (OpenAPI 3.2). */
  deprecated?: boolean;
  description?: RichText;
  /** OAuth 2.0 flows with their URLs and scopes. */
  flows: OAuthFlowModel[];
}

export interface OverviewPageModel {
  kind: 'overview';
  id: string;
  title: string;
  version: string;
  description?: RichText;
  plainDescription: string;
  /** Headings of the description, for the page's table of contents. */
  toc: TocEntry[];
  servers: ServerModel[];
  securitySchemes: SecuritySchemeModel[];
  contact?: {name?: string; email?: string; url?: string};
  license?: {name: string; url?: string};
  termsOfService?: string;
  tags: {name: string; summary: string; permalink: string; operationCount: number}[];
  /** The index of the schema pages, when the description has named schemas. */
  schemas?: {permalink: string; count: number};
}

export interface TagPageModel {
  kind: 'tag';
  id: string;
  name: string;
  description?: RichText;
  plainDescription: string;
  operations: {id: string; permalink: string; method: string; path: string; summary: string; deprecated: boolean}[];
}

/** A place where a named schema is used: a field (or a whole body) of an
 * operation or webhook page, or another schema. */
export interface SchemaUser {
  kind: 'operation' | 'webhook' | 'schema';
  /** Page route, e.g. `/docs/api/create-contact` or `/docs/api/schemas/contact-list`. */
  permalink: string;
  /** Summary of the operation, or the schema's name. */
  title: string;
  /** `POST /v1/contacts`, or the webhook's event name; absent for schemas. */
  endpoint?: string;
  /** The fields that have the schema's type, each with its field id on that page (field-anchors.ts). */
  fields: {path: string; anchor: string}[];
  /** Fields not listed, past SCHEMA_USER_FIELDS_SHOWN. */
  moreFields?: number;
}

export interface SchemaPageModel {
  kind: 'schema';
  /** Page id, `schemas/<kebab name>`; the route is `/docs/api/<id>`. */
  id: string;
  /** The key in `components.schemas`. */
  name: string;
  plainDescription: string;
  /** The schema with every field, read-only and write-only alike. */
  schema: SchemaNode;
  /** Named schemas an `allOf` composes this one from, in order. */
  allOf: string[];
  examples: ExampleModel[];
  usedBy: SchemaUser[];
  /** Users not listed, past SCHEMA_USERS_SHOWN. */
  moreUsers?: number;
  schemaLinks: Record<string, string>;
}

export type PageModel = OperationPageModel | OverviewPageModel | TagPageModel | SchemaPageModel;
