import {jsonValueAsText, textOf} from './model-text';
import {renderMarkdown, summaryText, wellFormed, createSlugger} from './markdown';
import {assignPageIds, SCHEMA_PAGES_DIR, type PagedOperation} from './page-ids';
import {displaySummary} from './page-outline';
import {sampleFromSchema} from './sample';
import {jsonText, schemaNode, type SchemaDirection} from './schema';
import {asString, isHttpMethod, isObject, type JsonObject, type SpecDocument} from './spec-document';
import type {
  CallbackModel,
  ExampleModel,
  HeaderModel,
  MediaTypeModel,
  OperationPageModel,
  OverviewPageModel,
  ParameterLocation,
  ParameterModel,
  ResponseModel,
  RichText,
  SampleRequest,
  SecurityRequirementModel,
  OAuthFlowModel,
  SecuritySchemeModel,
  ServerModel,
  ServerVariableModel,
  TagPageModel,
  TocEntry,
} from './types';

const PARAMETER_LOCATIONS: ParameterLocation[] = ['path', 'query', 'header', 'cookie'];


/** Only web and mail links from the spec become hrefs. */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value, 'https://relative.invalid');
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? wellFormed(value) : undefined;
  } catch {
    return undefined;
  }
}

function isJsonMediaType(mediaType: string): boolean {
  return /^application\/(.+\+)?json\b/i.test(mediaType) || /\/json$/i.test(mediaType);
}

function exampleText(value: unknown, mediaType: string): string {
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

export function serverModels(spec: SpecDocument, ...levels: unknown[]): ServerModel[] {
  const servers = levels.find((level) => Array.isArray(level) && level.length > 0) as unknown[] | undefined;
  if (!servers) return [{url: '/'}];
  return servers.filter(isObject).map((server) => {
    const template = asString(server.url) ?? '/';
    let url = template;
    const variables: ServerVariableModel[] = [];
    for (const [name, variable] of Object.entries(isObject(server.variables) ? server.variables : {})) {
      const fallback = String((isObject(variable) ? variable.default : undefined) ?? '');
      url = url.split(`{${name}}`).join(fallback);
      // Only the variables the URL uses can be filled in.
      if (!template.includes(`{${name}}`)) continue;
      const model: ServerVariableModel = {name: wellFormed(name), default: wellFormed(fallback)};
      if (isObject(variable) && Array.isArray(variable.enum) && variable.enum.length > 0) model.enum = variable.enum.map((value) => wellFormed(String(value ?? '')));
      const description = isObject(variable) ? asString(variable.description) : undefined;
      if (description) model.description = wellFormed(description);
      variables.push(model);
    }
    const model: ServerModel = {url: wellFormed(url)};
    const description = asString(server.description);
    if (description) model.description = wellFormed(description);
    if (variables.length > 0) {
      model.template = wellFormed(template);
      model.variables = variables;
    }
    return model;
  });
}

function securitySchemeKind(scheme: JsonObject): string {
  const type = asString(scheme.type) ?? 'unknown';
  if (type === 'http') return `http ${asString(scheme.scheme) ?? ''}`.trim();
  if (type === 'apiKey') return `apiKey (${asString(scheme.in) ?? 'header'} ${asString(scheme.name) ?? ''})`.trim();
  return type;
}

function securityModels(spec: SpecDocument, requirements: unknown): SecurityRequirementModel[][] {
  if (!Array.isArray(requirements)) return [];
  const schemes = spec.securitySchemes();
  return requirements.filter(isObject).map((requirement) =>
    Object.entries(requirement).map(([key, scopes]) => {
      const scheme = schemes.get(key) ?? {};
      const model: SecurityRequirementModel = {
        scheme: wellFormed(key),
        kind: wellFormed(securitySchemeKind(scheme)),
        scopes: Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string').map(wellFormed) : [],
      };
      const description = renderMarkdown(scheme.description, {topHeadingLevel: 5});
      if (description) model.description = description;
      return model;
    }),
  );
}

function examplesOf(spec: SpecDocument, holder: JsonObject, mediaType: string, direction: SchemaDirection): ExampleModel[] {
  const examples: ExampleModel[] = [];
  if (isObject(holder.examples)) {
    for (const [name, rawExample] of Object.entries(holder.examples)) {
      const {value: example, unresolvedRef} = spec.resolve(rawExample);
      // Nothing to show; a generated example takes the place of a list of only these.
      if (unresolvedRef) continue;
      const model: ExampleModel = {
        name: wellFormed(name),
        value: example.value !== undefined ? exampleText(example.value, mediaType) : asString(example.externalValue) ? `See ${wellFormed(String(example.externalValue))}` : '',
      };
      const summary = asString(example.summary);
      if (summary) model.summary = wellFormed(summary);
      const description = renderMarkdown(example.description, {topHeadingLevel: 5});
      if (description) model.description = description;
      examples.push(model);
    }
  }
  if (examples.length === 0 && holder.example !== undefined) {
    examples.push({name: 'Example', value: exampleText(holder.example, mediaType)});
  }
  if (examples.length === 0 && holder.schema !== undefined) {
    const sample = sampleFromSchema(spec, holder.schema, direction);
    if (sample !== undefined) examples.push({name: 'Generated from the schema', value: exampleText(sample, mediaType), generated: true});
  }
  return examples;
}

function mediaTypeModels(spec: SpecDocument, content: unknown, direction: SchemaDirection): MediaTypeModel[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([mediaType, rawMedia]) => {
    const media = spec.resolve(rawMedia).value;
    const model: MediaTypeModel = {mediaType: wellFormed(mediaType), examples: examplesOf(spec, media, mediaType, direction)};
    if (media.schema !== undefined) model.schema = schemaNode(spec, media.schema, direction);
    return model;
  });
}

function parameterExample(spec: SpecDocument, parameter: JsonObject): string | undefined {
  if (parameter.example !== undefined) return jsonText(parameter.example);
  if (isObject(parameter.examples)) {
    const first = Object.values(parameter.examples)[0];
    const value = spec.resolve(first).value.value;
    if (value !== undefined) return jsonText(value);
  }
  const sample = sampleFromSchema(spec, parameter.schema ?? {}, 'request');
  return sample === undefined ? undefined : jsonText(sample);
}

/** The `{name}`s of a path template, in order, once each (`/pets/{petId}` → `petId`). */
export function pathTemplateNames(path: string): string[] {
  return [...new Set([...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]))];
}

/** The parameters of an operation, and the `$ref`s of those that do not resolve. */
function parameterModels(
  spec: SpecDocument,
  pathItem: JsonObject,
  operation: JsonObject,
  pathTemplate: string | undefined,
): {parameters: ParameterModel[]; unresolved: string[]} {
  const {parameters, unresolved} = spec.parameters(pathItem, operation);
  const models = parameters.map((parameter) => {
    const location = (PARAMETER_LOCATIONS.includes(parameter.in as ParameterLocation) ? parameter.in : 'query') as ParameterLocation;
    // OpenAPI describes a parameter by `schema` or by `content` (one media type); either may be missing.
    const contentEntry = parameter.schema === undefined && isObject(parameter.content) ? Object.entries(parameter.content)[0] : undefined;
    const media = contentEntry ? spec.resolve(contentEntry[1]).value : {};
    const schemaSource = parameter.schema ?? media.schema;
    const model: ParameterModel = {
      name: wellFormed(String(parameter.name)),
      in: location,
      required: location === 'path' || parameter.required === true,
      schema: schemaNode(spec, schemaSource ?? {}, 'request'),
    };
    if (parameter.deprecated === true) model.deprecated = true;
    const description = renderMarkdown(parameter.description, {topHeadingLevel: 5});
    if (description) model.description = description;
    const example = parameterExample(spec, {
      ...parameter,
      schema: schemaSource,
      example: parameter.example ?? media.example,
      examples: parameter.examples ?? media.examples,
    });
    if (example !== undefined) model.example = example;
    if (typeof parameter.style === 'string') model.style = parameter.style;
    if (typeof parameter.explode === 'boolean') model.explode = parameter.explode;
    if (contentEntry) model.mediaType = wellFormed(contentEntry[0]);
    return model;
  });
  // A path template name nobody declared is still part of the URL: without it
  // the explorer and the code samples would send a literal `{petId}`.
  const declaredInPath = new Set(models.filter((model) => model.in === 'path').map((model) => model.name));
  for (const name of pathTemplate === undefined ? [] : pathTemplateNames(pathTemplate)) {
    if (declaredInPath.has(wellFormed(name))) continue;
    models.push({name: wellFormed(name), in: 'path', required: true, undeclared: true, schema: schemaNode(spec, {type: 'string'}, 'request')});
  }
  return {
    parameters: models.sort((a, b) => PARAMETER_LOCATIONS.indexOf(a.in) - PARAMETER_LOCATIONS.indexOf(b.in)),
    unresolved: unresolved.map(wellFormed),
  };
}

function headerModels(spec: SpecDocument, headers: unknown): HeaderModel[] {
  if (!isObject(headers)) return [];
  return Object.entries(headers).map(([name, raw]) => {
    const {value: header, unresolvedRef} = spec.resolve(raw);
    // The header's name is its key, so it is listed, typed as the reference that is missing.
    const schema = schemaNode(spec, unresolvedRef ? {$ref: unresolvedRef} : header.schema ?? {}, 'response');
    const model: HeaderModel = {name: wellFormed(name), required: header.required === true, schema};
    const description = renderMarkdown(header.description, {topHeadingLevel: 5});
    if (description) model.description = description;
    return model;
  });
}

function responseModels(spec: SpecDocument, responses: unknown): ResponseModel[] {
  if (!isObject(responses)) return [];
  return Object.entries(responses).map(([status, raw]) => {
    // A response that is null (`'304':` with nothing after it) is listed by its status alone.
    const {value: response, unresolvedRef} = spec.resolve(raw);
    const model: ResponseModel = {
      status: wellFormed(status),
      headers: headerModels(spec, response.headers),
      content: mediaTypeModels(spec, response.content, 'response'),
    };
    if (unresolvedRef) model.unresolvedRef = wellFormed(unresolvedRef);
    const description = renderMarkdown(response.description, {topHeadingLevel: 5});
    if (description) model.description = description;
    return model;
  });
}

function callbackModels(spec: SpecDocument, callbacks: unknown): CallbackModel[] {
  if (!isObject(callbacks)) return [];
  const result: CallbackModel[] = [];
  for (const [name, raw] of Object.entries(callbacks)) {
    for (const [expression, rawPathItem] of Object.entries(spec.resolve(raw).value)) {
      const pathItem = spec.resolve(rawPathItem).value;
      for (const [method, rawOperation] of Object.entries(pathItem)) {
        // In the path item's own order, as the page lists them.
        if (!isHttpMethod(method) || !isObject(rawOperation)) continue;
        const operation = spec.resolve(rawOperation).value;
        const summary = asString(operation.summary);
        const model: CallbackModel = {
          name: wellFormed(name),
          expression: wellFormed(expression),
          method,
          ...(summary ? {summary: wellFormed(summary)} : {}),
          // The expression is a runtime URL, not a path template: no path parameters to fill in.
          parameters: parameterModels(spec, pathItem, operation, undefined).parameters,
          responses: responseModels(spec, operation.responses),
        };
        const description = renderMarkdown(operation.description, {topHeadingLevel: 4});
        if (description) model.description = description;
        if (operation.requestBody !== undefined) {
          const body = spec.resolve(operation.requestBody).value;
          model.requestBody = {required: body.required === true, content: mediaTypeModels(spec, body.content, 'request')};
          const bodyDescription = renderMarkdown(body.description, {topHeadingLevel: 5});
          if (bodyDescription) model.requestBody.description = bodyDescription;
        }
        result.push(model);
      }
    }
  }
  return result;
}

/** The request the code samples and the explorer start from: the first
 * server, example parameter values, the first request example. */
export function sampleRequest(page: Omit<OperationPageModel, 'codeSamples'>): SampleRequest {
  let path = page.path;
  const queryString: {name: string; value: string}[] = [];
  const headers: {name: string; value: string}[] = [];
  for (const parameter of page.parameters) {
    const value = jsonValueAsText(parameter.example);
    if (parameter.in === 'path') path = path.split(`{${parameter.name}}`).join(encodeURIComponent(value || parameter.name));
    else if (!parameter.required && parameter.example === undefined) continue;
    else if (parameter.in === 'query' && parameter.required) queryString.push({name: parameter.name, value});
    else if (parameter.in === 'header' && (parameter.required || /^idempotency-key$/i.test(parameter.name))) headers.push({name: parameter.name, value});
  }
  const firstAlternative = page.security.find((alternative) => alternative.length > 0) ?? [];
  for (const requirement of firstAlternative) {
    if (requirement.kind === 'oauth2' || requirement.kind === 'openIdConnect' || requirement.kind === 'http bearer') {
      headers.push({name: 'Authorization', value: 'Bearer YOUR_ACCESS_TOKEN'});
    } else if (requirement.kind === 'http basic') {
      headers.push({name: 'Authorization', value: 'Basic BASE64_USER_COLON_PASSWORD'});
    } else {
      const apiKey = /^apiKey \((header|query|cookie) (.+)\)$/.exec(requirement.kind);
      if (apiKey?.[1] === 'header') headers.push({name: apiKey[2], value: 'YOUR_API_KEY'});
      if (apiKey?.[1] === 'query') queryString.push({name: apiKey[2], value: 'YOUR_API_KEY'});
      if (apiKey?.[1] === 'cookie') headers.push({name: 'Cookie', value: `${apiKey[2]}=YOUR_API_KEY`});
    }
  }
  const success = page.responses.find((response) => /^2/.test(response.status) && response.content.length > 0);
  if (success) headers.push({name: 'Accept', value: success.content[0].mediaType});
  const body = page.requestBody?.content[0];
  const request: SampleRequest = {
    method: page.method.toUpperCase(),
    url: `${(page.servers[0]?.url ?? '').replace(/\/+$/, '')}${path}`,
    queryString,
    headers,
  };
  if (body) {
    headers.push({name: 'Content-Type', value: body.mediaType});
    request.postData = {mimeType: body.mediaType, text: body.examples[0]?.value ?? ''};
  }
  return request;
}

/** Everything an operation page shows, from the spec: `entry` is one of
 * `assignPageIds(spec).operations`, which gives the page its id. */
export function operationPageModel(spec: SpecDocument, entry: PagedOperation): Omit<OperationPageModel, 'codeSamples'> {
  const {operation, pathItem, path, method} = entry;
  const description = renderMarkdown(operation.description, {topHeadingLevel: 3});
  const summary = wellFormed(displaySummary(operation, method, path));
  const requestBody = operation.requestBody !== undefined ? spec.resolve(operation.requestBody) : undefined;
  // A webhook's "path" is an event name, not a URL template.
  const parameters = parameterModels(spec, pathItem, operation, entry.kind === 'webhook' ? undefined : path);
  const model: Omit<OperationPageModel, 'codeSamples'> = {
    kind: 'operation',
    id: entry.pageId,
    method,
    path: wellFormed(path),
    summary,
    plainDescription: summaryText(description) || summary,
    deprecated: operation.deprecated === true,
    tags: Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string').map(wellFormed) : [],
    servers: serverModels(spec, operation.servers, pathItem.servers, spec.root.servers),
    security: securityModels(spec, spec.security(operation)),
    parameters: parameters.parameters,
    responses: responseModels(spec, operation.responses),
    callbacks: callbackModels(spec, operation.callbacks),
    authSchemes: authSchemes(spec),
  };
  const operationId = asString(operation.operationId);
  if (operationId) model.operationId = wellFormed(operationId);
  if (description) model.description = description;
  if (parameters.unresolved.length > 0) model.unresolvedParameters = parameters.unresolved;
  if (requestBody) {
    const {value: body, unresolvedRef} = requestBody;
    model.requestBody = {
      required: body.required === true,
      content: mediaTypeModels(spec, body.content, 'request'),
    };
    const bodyDescription = renderMarkdown(body.description, {topHeadingLevel: 4});
    if (bodyDescription) model.requestBody.description = bodyDescription;
    if (unresolvedRef) model.requestBody.unresolvedRef = wellFormed(unresolvedRef);
  }
  return model;
}

/** The `x-codeSamples` (Redoc) / `x-code-samples` an operation carries itself. */
export function declaredCodeSamples(operation: JsonObject): {lang: string; label: string; source: string}[] {
  const list = operation['x-codeSamples'] ?? operation['x-code-samples'];
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).flatMap((sample) => {
    const source = asString(sample.source);
    const lang = asString(sample.lang) ?? 'text';
    return source ? [{lang: wellFormed(lang), label: wellFormed(asString(sample.label) ?? lang), source: wellFormed(source)}] : [];
  });
}

export function securitySchemeModels(spec: SpecDocument, {withDescriptions = true}: {withDescriptions?: boolean} = {}): SecuritySchemeModel[] {
  return [...spec.securitySchemes()].map(([key, scheme]) => {
    const flows = isObject(scheme.flows) ? scheme.flows : {};
    const model: SecuritySchemeModel = {
      key: wellFormed(key),
      kind: wellFormed(securitySchemeKind(scheme)),
      type: wellFormed(asString(scheme.type) ?? 'unknown'),
      flows: Object.entries(flows).filter(([, flow]) => isObject(flow)).map(([type, rawFlow]) => {
        const flow = rawFlow as JsonObject;
        const scopes = isObject(flow.scopes) ? flow.scopes : {};
        const model: OAuthFlowModel = {
          type: wellFormed(type),
          scopes: Object.entries(scopes).map(([name, description]) => ({name: wellFormed(name), description: wellFormed(String(description ?? ''))})),
        };
        for (const field of ['tokenUrl', 'authorizationUrl', 'refreshUrl'] as const) {
          const url = safeUrl(flow[field]);
          if (url) model[field] = url;
        }
        return model;
      }),
    };
    const location = asString(scheme.in);
    if (model.type === 'apiKey' && (location === 'header' || location === 'query' || location === 'cookie')) model.in = location;
    const name = asString(scheme.name);
    if (model.type === 'apiKey' && name) model.name = wellFormed(name);
    const httpScheme = asString(scheme.scheme);
    if (model.type === 'http' && httpScheme) model.scheme = wellFormed(httpScheme.toLowerCase());
    const bearerFormat = asString(scheme.bearerFormat);
    if (model.type === 'http' && bearerFormat) model.bearerFormat = wellFormed(bearerFormat);
    const discovery = safeUrl(scheme.openIdConnectUrl);
    if (model.type === 'openIdConnect' && discovery) model.openIdConnectUrl = discovery;
    if (withDescriptions) {
      const description = renderMarkdown(scheme.description, {topHeadingLevel: 4});
      if (description) model.description = description;
    }
    return model;
  });
}

const authSchemesBySpec = new WeakMap<SpecDocument, SecuritySchemeModel[]>();

/** The security schemes each operation page carries for the Authorize panel: one list per spec. */
function authSchemes(spec: SpecDocument): SecuritySchemeModel[] {
  let schemes = authSchemesBySpec.get(spec);
  if (!schemes) {
    schemes = securitySchemeModels(spec, {withDescriptions: false});
    authSchemesBySpec.set(spec, schemes);
  }
  return schemes;
}

/** Every tag an operation or webhook uses (declared ones first, in
 * declaration order), with its page id and its operations. */
export function tagGroups(spec: SpecDocument): TagGroup[] {
  const cached = tagGroupsBySpec.get(spec);
  if (cached) return cached;
  const ids = assignPageIds(spec);
  // One pass over the operations: every tag page asks for its group, and a
  // filter per tag made that tags × tags × operations for a large API.
  const operationsByTag = new Map<string, PagedOperation[]>(ids.tags.map((tag) => [tag.name, []]));
  for (const operation of ids.operations) {
    for (const tag of new Set(operation.tags)) operationsByTag.get(tag)?.push(operation);
  }
  const groups = ids.tags.map((tag) => ({
    name: tag.name,
    pageId: tag.pageId,
    ...(tag.description !== undefined ? {description: tag.description} : {}),
    operations: operationsByTag.get(tag.name) ?? [],
  }));
  tagGroupsBySpec.set(spec, groups);
  return groups;
}

interface TagGroup {
  name: string;
  pageId: string;
  description?: string;
  operations: PagedOperation[];
}

const tagGroupsBySpec = new WeakMap<SpecDocument, TagGroup[]>();

/** `info.description` as the overview page shows it, with the heading ids its
 * table of contents and links into it (spec-link-context.ts) use. */
export function overviewDescription(spec: SpecDocument): RichText {
  return renderMarkdown(spec.info.description, {topHeadingLevel: 2, slugger: createSlugger()});
}

export function overviewPageModel(spec: SpecDocument, id: string, apiDocsBasePath: string): OverviewPageModel {
  const info = spec.info;
  const description = overviewDescription(spec);
  const toc: TocEntry[] = [];
  const collect = (nodes: NonNullable<typeof description>['children']) => {
    for (const node of nodes) {
      if (node.type !== 'element') continue;
      const level = /^h([23])$/.exec(node.tagName);
      if (level && typeof node.properties.id === 'string') {
        toc.push({value: textOf(node), id: node.properties.id, level: Number(level[1])});
      }
      collect(node.children);
    }
  };
  if (description) collect(description.children);
  const contact = isObject(info.contact) ? info.contact : undefined;
  const license = isObject(info.license) ? info.license : undefined;
  const title = wellFormed(asString(info.title) ?? 'API');
  const model: OverviewPageModel = {
    kind: 'overview',
    id,
    title,
    version: wellFormed(String(info.version ?? '')),
    plainDescription: summaryText(description) || title,
    toc,
    servers: serverModels(spec, spec.root.servers),
    securitySchemes: securitySchemeModels(spec),
    tags: tagGroups(spec)
      .map((group) => ({
        name: wellFormed(group.name),
        summary: summaryText(renderMarkdown(group.description)),
        permalink: `${apiDocsBasePath}/${group.pageId}`,
        operationCount: group.operations.length,
      })),
  };
  if (description) model.description = description;
  const schemaCount = assignPageIds(spec).schemas.length;
  if (schemaCount > 0) model.schemas = {permalink: `${apiDocsBasePath}/${SCHEMA_PAGES_DIR}`, count: schemaCount};
  if (contact) {
    model.contact = {};
    if (asString(contact.name)) model.contact.name = wellFormed(String(contact.name));
    if (asString(contact.email) && /^[^\s@<>]+@[^\s@<>]+$/.test(String(contact.email))) model.contact.email = String(contact.email);
    if (safeUrl(contact.url)) model.contact.url = safeUrl(contact.url);
  }
  if (license && asString(license.name)) {
    model.license = {name: wellFormed(String(license.name))};
    const url = safeUrl(license.url) ?? (asString(license.identifier) ? `https://spdx.org/licenses/${encodeURIComponent(String(license.identifier))}.html` : undefined);
    if (url) model.license.url = url;
  }
  if (safeUrl(info.termsOfService)) model.termsOfService = safeUrl(info.termsOfService);
  return model;
}

export function tagPageModel(spec: SpecDocument, tagName: string, apiDocsBasePath: string): TagPageModel {
  const group = tagGroups(spec).find((candidate) => candidate.name === tagName);
  // Only a tag that some operation or webhook uses has a page (page-ids.ts).
  if (!group) throw new Error(`[api-pages] no operation or webhook uses the tag "${tagName}", so it has no page`);
  const description = renderMarkdown(group.description, {topHeadingLevel: 2});
  return {
    kind: 'tag',
    id: group.pageId,
    name: wellFormed(tagName),
    plainDescription: summaryText(description) || `Operations tagged ${wellFormed(tagName)}.`,
    ...(description ? {description} : {}),
    operations: group.operations.map(({operation, method, path, pageId, kind}) => ({
      id: pageId,
      permalink: `${apiDocsBasePath}/${pageId}`,
      method: kind === 'webhook' ? 'event' : method,
      path: wellFormed(path),
      summary: wellFormed(displaySummary(operation, method, path, kind)),
      deprecated: operation.deprecated === true,
    })),
  };
}
