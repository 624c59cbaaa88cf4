import {wellFormed} from './well-formed';
import {asString, isObject, type SpecDocument} from './spec-document';
import type {ServerModel, ServerVariableModel} from './types';

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
