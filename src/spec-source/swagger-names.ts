import {decodePointerSegment, escapePointerSegment, isObject} from '../spec-reader/spec-document';
import type {OpenApiDocument} from './validate-spec.js';

/**
 * swagger2openapi turns each security scheme, parameter and response name
 * into a URL-safe one (`api key` → `api_key`), and gives up on the whole
 * document when two names end up the same. Such names are renamed here
 * first, to a free name the converter keeps, with every use of them; the
 * author is told the new name at the definition.
 */

/** A definition renamed before the conversion. */
export interface SwaggerRename {
  /** JSON Pointer of the definition in the Swagger 2.0 document (`/securityDefinitions/api key`). */
  pointer: string;
  what: string;
  from: string;
  to: string;
  /** The name it would have had, which another definition has. */
  taken: string;
}

const SECTIONS = [
  {key: 'securityDefinitions', what: 'security scheme', refPrefix: undefined},
  {key: 'parameters', what: 'parameter', refPrefix: '#/parameters/'},
  {key: 'responses', what: 'response', refPrefix: '#/responses/'},
] as const;

/** The converter's name for `name` (oas-kit-common's `sanitise`, which swagger2openapi 7 uses). */
export function sanitisedName(name: string): string {
  const components = name.replace('[]', 'Array').split('/');
  components[0] = (components[0] ?? '').replace(/[^A-Za-z0-9_\-.]+|\s+/gm, '_');
  return components.join('/');
}

/**
 * A copy of `swagger` in which no two definitions of a section get the same
 * converted name, and what was renamed; `swagger` itself is left as it was.
 */
export function withDistinctSanitisedNames(swagger: OpenApiDocument): {document: OpenApiDocument; renames: SwaggerRename[]} {
  const renames: SwaggerRename[] = [];
  let document = swagger;
  for (const section of SECTIONS) {
    const definitions = document[section.key];
    if (!isObject(definitions)) continue;
    const renamed = new Map<string, string>();
    // Names as the converter will leave them, in the order it goes through them.
    const claimed = new Set(Object.keys(definitions).filter((name) => sanitisedName(name) === name));
    for (const name of Object.keys(definitions)) {
      const target = sanitisedName(name);
      if (target === name) continue;
      if (!claimed.has(target)) {
        claimed.add(target);
        continue;
      }
      let suffix = 2;
      while (claimed.has(`${target}_${suffix}`) || Object.hasOwn(definitions, `${target}_${suffix}`)) suffix += 1;
      const to = `${target}_${suffix}`;
      claimed.add(to);
      renamed.set(name, to);
      renames.push({pointer: `/${section.key}/${escapePointerSegment(name)}`, what: section.what, from: name, to, taken: target});
    }
    if (renamed.size === 0) continue;
    if (document === swagger) document = structuredClone(swagger);
    document[section.key] = Object.fromEntries(Object.entries(document[section.key] as Record<string, unknown>).map(([name, value]) => [renamed.get(name) ?? name, value]));
    if (section.refPrefix === undefined) renameSecurityRequirements(document, renamed);
    else renameRefs(document, section.refPrefix, renamed);
  }
  return {document, renames};
}

/** Security requirements name schemes as keys, at the top level and in each operation. */
function renameSecurityRequirements(document: OpenApiDocument, renamed: ReadonlyMap<string, string>): void {
  const rename = (requirements: unknown): unknown =>
    Array.isArray(requirements)
      ? requirements.map((requirement) =>
          isObject(requirement) ? Object.fromEntries(Object.entries(requirement).map(([name, scopes]) => [renamed.get(name) ?? name, scopes])) : requirement,
        )
      : requirements;
  if ('security' in document) document.security = rename(document.security);
  const paths = document.paths;
  if (!isObject(paths)) return;
  for (const pathItem of Object.values(paths)) {
    if (!isObject(pathItem)) continue;
    for (const operation of Object.values(pathItem)) {
      if (isObject(operation) && 'security' in operation) operation.security = rename(operation.security);
    }
  }
}

/** Every `$ref` to a renamed definition (`#/parameters/<name>`), however its name is escaped. */
function renameRefs(document: OpenApiDocument, prefix: string, renamed: ReadonlyMap<string, string>): void {
  const seen = new Set<object>();
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (isObject(value) && typeof value.$ref === 'string' && value.$ref.startsWith(prefix)) {
      const segment = value.$ref.slice(prefix.length);
      const to = segment.includes('/') ? undefined : renamed.get(decodePointerSegment(segment));
      if (to !== undefined) value.$ref = `${prefix}${escapePointerSegment(to)}`;
    }
    for (const child of Object.values(value)) walk(child);
  };
  walk(document);
}
