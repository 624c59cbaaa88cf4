import {wellFormed} from '../../spec-reader/well-formed';
import {asString, isObject, type SpecDocument} from '../../spec-reader/spec-document';
import type {ServerModel, ServerVariableModel} from './model-types';

/**
 * URLs from the spec as the page models hold them: links (only web and mail
 * ones become hrefs) and servers, with their variables filled in.
 */

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

/** The document's own URL, OpenAPI 3.2's `$self`, when it is an absolute web URL. */
function selfUrl(spec: SpecDocument): URL | undefined {
  const self = asString(spec.root.$self);
  if (self === undefined) return undefined;
  try {
    const url = new URL(self);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A relative server URL resolved against `$self`, as OpenAPI resolves it against the document's location; its `{variables}` kept. */
function againstSelf(template: string, self: URL | undefined): string {
  if (!self || /^[a-z][a-z0-9+.-]*:/i.test(template)) return template;
  try {
    return new URL(template, self).href.replace(/%7B([^%/]*)%7D/g, '{$1}');
  } catch {
    return template;
  }
}

export function serverModels(spec: SpecDocument, ...levels: unknown[]): ServerModel[] {
  const servers = levels.find((level) => Array.isArray(level) && level.length > 0) as unknown[] | undefined;
  const self = selfUrl(spec);
  if (!servers) return [{url: self ? againstSelf('/', self) : '/'}];
  return servers.filter(isObject).map((server) => {
    const template = againstSelf(asString(server.url) ?? '/', self);
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
