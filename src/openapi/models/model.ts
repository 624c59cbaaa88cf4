import {jsonValueAsText} from './model-text';
import {renderMarkdown, summaryText, type SpecTextOptions} from './markdown';
import {wellFormed} from '../../spec-reader/well-formed';
import {mediaTypeModels, parameterModels, responseModels} from './model-operation-parts';
import {authSchemes, securityModels} from './model-security';
import {serverModels} from './model-urls';
import type {PagedOperation} from '../generation/page-ids';
import {displaySummary, leadSummary} from '../generation/page-outline';
import {asString, isObject, pathItemOperations, requestMethod, type JsonObject, type SpecDocument} from '../../spec-reader/spec-document';
import type {LinkContext} from '../links/spec-links';
import type {CallbackModel, OperationPageModel, SampleRequest} from './model-types';

/** The model of an operation (or webhook) page: what it shows, from the spec,
 * and the request its code samples and explorer start from. Its parts are in
 * model-operation-parts.ts, its security in model-security.ts. */

function callbackModels(spec: SpecDocument, callbacks: unknown, links: LinkContext | undefined): CallbackModel[] {
  if (!isObject(callbacks)) return [];
  const result: CallbackModel[] = [];
  for (const [name, raw] of Object.entries(callbacks)) {
    for (const [expression, rawPathItem] of Object.entries(spec.resolve(raw).value)) {
      const pathItem = spec.resolve(rawPathItem).value;
      // In the path item's own order, as the page lists them.
      for (const {method, operation: rawOperation} of pathItemOperations(pathItem, {documentOrder: true})) {
        const operation = spec.resolve(rawOperation).value;
        const summary = asString(operation.summary);
        const model: CallbackModel = {
          name: wellFormed(name),
          expression: wellFormed(expression),
          method,
          ...(summary ? {summary: wellFormed(summary)} : {}),
          // The expression is a runtime URL, not a path template: no path parameters to fill in.
          parameters: parameterModels(spec, pathItem, operation, undefined, links).parameters,
          responses: responseModels(spec, operation.responses, links),
        };
        const description = renderMarkdown(operation.description, {topHeadingLevel: 4, links});
        if (description) model.description = description;
        if (operation.requestBody !== undefined) {
          const body = spec.resolve(operation.requestBody).value;
          model.requestBody = {required: body.required === true, content: mediaTypeModels(spec, body.content, 'request', links)};
          const bodyDescription = renderMarkdown(body.description, {topHeadingLevel: 5, links});
          if (bodyDescription) model.requestBody.description = bodyDescription;
        }
        result.push(model);
      }
    }
  }
  return result;
}

const tagKindsBySpec = new WeakMap<SpecDocument, Map<string, string>>();

/** The `kind` (OpenAPI 3.2) of each declared tag that has one, by name, as page models name tags. */
function declaredTagKinds(spec: SpecDocument): Map<string, string> {
  let kinds = tagKindsBySpec.get(spec);
  if (!kinds) {
    kinds = new Map();
    for (const [name, tag] of spec.declaredTags()) {
      const kind = asString(tag.kind);
      if (kind !== undefined && !kinds.has(wellFormed(name))) kinds.set(wellFormed(name), kind);
    }
    tagKindsBySpec.set(spec, kinds);
  }
  return kinds;
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
    else if (parameter.in === 'querystring') new URLSearchParams(value).forEach((fieldValue, name) => queryString.push({name, value: fieldValue}));
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
    method: page.requestMethod,
    url: `${(page.servers[0]?.url ?? '').replace(/\/+$/, '')}${path}`,
    queryString,
    headers,
  };
  const parts = body?.examples[0]?.parts;
  if (body && parts) {
    // A multipart body's Content-Type carries the boundary, which each client writes itself.
    request.postData = {mimeType: body.mediaType, text: body.examples[0].value, params: parts};
  } else if (body) {
    headers.push({name: 'Content-Type', value: body.mediaType});
    request.postData = {mimeType: body.mediaType, text: body.examples[0]?.value ?? ''};
  }
  return request;
}

/** Everything an operation page shows, from the spec: `entry` is one of
 * `assignPageIds(spec).operations`, which gives the page its id; `links`, the
 * links of the API whose page it is (without it, links are shown as written). */
export function operationPageModel(spec: SpecDocument, entry: PagedOperation, {links}: SpecTextOptions = {}): Omit<OperationPageModel, 'codeSamples'> {
  const {operation, pathItem, path, method} = entry;
  // A summary that is a paragraph, not a title, leads the description, so nothing is lost.
  const lead = leadSummary(operation);
  const ownDescription = asString(operation.description);
  const description = renderMarkdown(lead && ownDescription?.trim() ? `${lead}\n\n${ownDescription}` : (lead ?? operation.description), {topHeadingLevel: 2, links});
  const summary = wellFormed(displaySummary(operation, method, path, entry.kind));
  const requestBody = operation.requestBody !== undefined ? spec.resolve(operation.requestBody) : undefined;
  // A webhook's "path" is an event name, not a URL template.
  const parameters = parameterModels(spec, pathItem, operation, entry.kind === 'webhook' ? undefined : path, links);
  const model: Omit<OperationPageModel, 'codeSamples'> = {
    kind: 'operation',
    id: entry.pageId,
    method,
    requestMethod: wellFormed(requestMethod(entry)),
    path: wellFormed(path),
    summary,
    plainDescription: summaryText(description) || summary,
    deprecated: operation.deprecated === true,
    tags: Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string').map(wellFormed) : [],
    servers: serverModels(spec, operation.servers, pathItem.servers, spec.root.servers),
    security: securityModels(spec, spec.security(operation), links),
    parameters: parameters.parameters,
    responses: responseModels(spec, operation.responses, links),
    callbacks: callbackModels(spec, operation.callbacks, links),
    authSchemes: authSchemes(spec),
  };
  const tagBadges = model.tags.flatMap((name) => {
    const kind = declaredTagKinds(spec).get(name);
    return kind !== undefined && kind !== 'nav' ? [{name, kind: wellFormed(kind)}] : [];
  });
  if (tagBadges.length > 0) model.tagBadges = tagBadges;
  const operationId = asString(operation.operationId);
  if (operationId) model.operationId = wellFormed(operationId);
  if (description) model.description = description;
  if (parameters.unresolved.length > 0) model.unresolvedParameters = parameters.unresolved;
  if (requestBody) {
    const {value: body, unresolvedRef} = requestBody;
    model.requestBody = {
      required: body.required === true,
      content: mediaTypeModels(spec, body.content, 'request', links),
    };
    const bodyDescription = renderMarkdown(body.description, {topHeadingLevel: 3, links});
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
