import {bodyAnchor, callbackAnchorPrefix, childAnchor, parameterAnchor, responseHeaderAnchor, SCHEMA_PAGE_ANCHOR} from '../links/field-anchors';
import {renderMarkdown, summaryText, type SpecTextOptions} from './markdown';
import {wellFormed} from '../../spec-reader/well-formed';
import {operationPageModel} from './model';
import {hasChildren} from './model-text';
import {assignPageIds, type PagedOperation} from '../generation/page-ids';
import {ownValue} from '../../spec-reader/own-keys';
import {sampleFromSchema} from './sample';
import {jsonText, ownFieldsNode} from './schema-model';
import type {JsonObject, SpecDocument} from '../../spec-reader/spec-document';
import type {LinkContext} from '../links/spec-links';
import type {ExampleModel, OperationPageModel, SchemaNode, SchemaPageModel, SchemaUser} from './model-types';

/**
 * Schema pages (`/docs/api/schemas/<name>`) and their "Used by" lists.
 *
 * Uses are read from the page models, so every field listed is one the
 * operation page renders, with the id it renders (field-anchors.ts): an
 * operation's fields as its page shows them (named schemas expanded up to
 * the tree's size budget), a schema's own fields as its page shows them.
 */

/** Users listed on one schema page; a schema every operation returns (a
 * common error, a user object) would otherwise list the whole API. */
export const SCHEMA_USERS_SHOWN = 200;
/** Fields listed per user: where one operation uses a schema in many fields, the first few say enough. */
export const SCHEMA_USER_FIELDS_SHOWN = 5;

type OperationModel = Omit<OperationPageModel, 'codeSamples'>;

interface Use {
  name: string;
  path: string;
  anchor: string;
}

function isObjectNode(value: SchemaNode | true | undefined): value is SchemaNode {
  return value !== undefined && value !== true;
}

/** The named schemas a field's own type names: itself, the items of an array (of arrays), the options of a oneOf. */
function namedTypes(node: SchemaNode): string[] {
  const names: string[] = [];
  if (node.refName) names.push(node.refName);
  let items = node.types.includes('array') ? node.items : undefined;
  // `Step[][]` names Step as `Step[]` does; the tree's depth bounds the walk.
  while (items && !items.refName && items.types.includes('array')) items = items.items;
  if (items?.refName) names.push(items.refName);
  for (const option of node.variants?.options ?? []) if (option.schema.refName) names.push(option.schema.refName);
  return names;
}

const joinPath = (path: string, part: string) => (path ? `${path}${part.startsWith('[') || part.startsWith('(') ? '' : '.'}${part}` : part);

/** Every field below `node` with the id SchemaBody gives it, the named schemas its type names. Mirrors SchemaBody. */
function collectUses(node: SchemaNode, anchor: string, path: string, uses: Use[], depth = 0): void {
  if (depth > 64) return;
  const field = (child: SchemaNode, childAnchorId: string, childPath: string) => {
    for (const name of namedTypes(child)) uses.push({name, path: childPath, anchor: childAnchorId});
    if (hasChildren(child)) collectUses(child, childAnchorId, childPath, uses, depth + 1);
  };
  for (const property of node.properties ?? []) {
    field(property, childAnchor.property(anchor, property.name ?? ''), joinPath(path, property.name ?? ''));
  }
  if (isObjectNode(node.additionalProperties)) field(node.additionalProperties, childAnchor.anyKey(anchor), joinPath(path, '<any key>'));
  for (const {pattern, schema} of node.patternProperties ?? []) field(schema, childAnchor.pattern(anchor, pattern), joinPath(path, `<${pattern}>`));
  if (node.prefixItems && node.prefixItems.length > 0) {
    node.prefixItems.forEach((item, index) => field(item, childAnchor.position(anchor, index), joinPath(path, `[${index}]`)));
    if (node.items) field(node.items, childAnchor.items(anchor), joinPath(path, '[]'));
  } else if (node.items && !node.properties && hasChildren(node.items)) {
    collectUses(node.items, childAnchor.items(anchor), joinPath(path, '[]'), uses, depth + 1);
  }
  node.variants?.options.forEach((option, index) => collectUses(option.schema, childAnchor.option(anchor, index), path, uses, depth + 1));
}

/** The uses of named schemas on an operation page: parameters, bodies,
 * response headers, and the same in each of its callbacks. */
export function operationUses(page: OperationModel): Use[] {
  const uses = partUses(page, '', '');
  page.callbacks.forEach((callback, index) => {
    uses.push(...partUses({parameters: callback.parameters, requestBody: callback.requestBody, responses: callback.responses}, callbackAnchorPrefix(index), `callback ${callback.name}: `));
  });
  return uses;
}

function partUses(
  page: Pick<OperationModel, 'parameters' | 'responses'> & {requestBody?: {content: OperationModel['responses'][number]['content']}},
  prefix: string,
  labelPrefix: string,
): Use[] {
  const uses: Use[] = [];
  for (const parameter of page.parameters) {
    const anchor = `${prefix}${parameterAnchor(parameter.in, parameter.name)}`;
    for (const name of namedTypes(parameter.schema)) uses.push({name, path: `${labelPrefix}${parameter.name} (${parameter.in} parameter)`, anchor});
    collectUses(parameter.schema, anchor, `${labelPrefix}${parameter.name}`, uses);
  }
  const body = (content: OperationModel['responses'][number]['content'], kind: {kind: 'request'} | {kind: 'response'; status: string}, label: string) => {
    content.forEach((media, index) => {
      if (!media.schema) return;
      const anchor = `${prefix}${bodyAnchor(kind, media.mediaType, index)}`;
      const what = content.length > 1 ? `${label} (${media.mediaType})` : label;
      for (const name of namedTypes(media.schema)) uses.push({name, path: `${labelPrefix}${what}`, anchor});
      const fields: Use[] = [];
      collectUses(media.schema, anchor, '', fields);
      uses.push(...fields.map((use) => ({...use, path: `${labelPrefix}${use.path}`})));
    });
  };
  if (page.requestBody) body(page.requestBody.content, {kind: 'request'}, 'request body');
  for (const response of page.responses) {
    for (const header of response.headers) {
      for (const name of namedTypes(header.schema)) {
        uses.push({name, path: `${labelPrefix}${header.name} (header of the ${response.status} response)`, anchor: `${prefix}${responseHeaderAnchor(response.status, header.name)}`});
      }
    }
    body(response.content, {kind: 'response', status: response.status}, `${response.status} response`);
  }
  return uses;
}

/** Every named schema a tree names, for the type links of its page. */
export function namedSchemasIn(roots: (SchemaNode | undefined)[]): Set<string> {
  const names = new Set<string>();
  const stack = roots.filter((root): root is SchemaNode => root !== undefined);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.refName) names.add(node.refName);
    if (node.notExpandedRef) names.add(node.notExpandedRef);
    if (node.circularRef) names.add(node.circularRef);
    stack.push(...(node.properties ?? []), ...(node.prefixItems ?? []), ...(node.patternProperties ?? []).map((entry) => entry.schema));
    if (node.items) stack.push(node.items);
    if (isObjectNode(node.additionalProperties)) stack.push(node.additionalProperties);
    for (const option of node.variants?.options ?? []) stack.push(option.schema);
  }
  return names;
}

/** Routes of the schema pages of the schemas an operation page names. */
export function schemaLinksFor(spec: SpecDocument, page: OperationModel, apiDocsBasePath: string): Record<string, string> {
  const roots = [
    ...page.parameters.map((parameter) => parameter.schema),
    ...(page.requestBody?.content ?? []).map((media) => media.schema),
    ...page.responses.flatMap((response) => [...response.content.map((media) => media.schema), ...response.headers.map((header) => header.schema)]),
    ...page.callbacks.flatMap((callback) => [
      ...callback.parameters.map((parameter) => parameter.schema),
      ...(callback.requestBody?.content ?? []).map((media) => media.schema),
      ...callback.responses.flatMap((response) => [...response.content.map((media) => media.schema), ...response.headers.map((header) => header.schema)]),
    ]),
  ];
  return linksTo(spec, namedSchemasIn(roots), apiDocsBasePath);
}

function linksTo(spec: SpecDocument, names: Iterable<string>, apiDocsBasePath: string): Record<string, string> {
  const ids = assignPageIds(spec);
  // Built with Object.fromEntries: a schema named `__proto__` stays an own key.
  return Object.fromEntries(
    [...names].sort().flatMap((name) => {
      const pageId = ids.schemaPageId(name);
      return pageId ? [[name, `${apiDocsBasePath}/${pageId}`]] : [];
    }),
  );
}

function componentSchema(spec: SpecDocument, name: string): JsonObject {
  return spec.resolve(ownValue(spec.components('schemas'), name)).value;
}

/** The named schemas an `allOf` of this schema names directly. */
function allOfNames(spec: SpecDocument, name: string): string[] {
  const schema = componentSchema(spec, name);
  if (!Array.isArray(schema.allOf)) return [];
  return schema.allOf.flatMap((member) => {
    const {ref, refName} = spec.resolve(member);
    return ref?.startsWith('#/components/schemas/') && refName ? [refName] : [];
  });
}

/**
 * Who uses each named schema, for one spec. Operation pages hand in the
 * models they built (`addOperation`); any not handed in are built when the
 * first schema page asks, so the lists do not depend on the order pages are generated in.
 */
export class SchemaUsageIndex {
  private readonly operationUses = new Map<string, {entry: PagedOperation; title: string; uses: Use[]}>();
  private readonly ownTrees = new Map<string, SchemaNode>();
  private users?: Map<string, SchemaUser[]>;

  /** The links of the API whose pages these are: its schema pages render text with them. */
  readonly links: LinkContext | undefined;

  constructor(
    private readonly spec: SpecDocument,
    private readonly apiDocsBasePath: string,
    {links}: SpecTextOptions = {},
  ) {
    this.links = links;
  }

  addOperation(entry: PagedOperation, page: OperationModel): void {
    this.operationUses.set(entry.pageId, {entry, title: page.summary, uses: operationUses(page)});
    this.users = undefined;
  }

  /** The tree of a named schema's own fields (built once). */
  ownTree(name: string): SchemaNode {
    let tree = this.ownTrees.get(name);
    if (!tree) {
      tree = ownFieldsNode(this.spec, name, {links: this.links});
      this.ownTrees.set(name, tree);
    }
    return tree;
  }

  usersOf(name: string): SchemaUser[] {
    return this.allUsers().get(name) ?? [];
  }

  private allUsers(): Map<string, SchemaUser[]> {
    if (this.users) return this.users;
    const ids = assignPageIds(this.spec);
    const users = new Map<string, SchemaUser[]>();
    const add = (name: string, user: Omit<SchemaUser, 'fields'>, fields: {path: string; anchor: string}[]) => {
      const list = users.get(name) ?? [];
      list.push({...user, fields});
      users.set(name, list);
    };
    const group = (uses: Use[]) => {
      const byName = new Map<string, {path: string; anchor: string}[]>();
      for (const use of uses) {
        const fields = byName.get(use.name) ?? [];
        if (!fields.some((field) => field.anchor === use.anchor)) fields.push({path: use.path, anchor: use.anchor});
        byName.set(use.name, fields);
      }
      return byName;
    };
    for (const entry of ids.operations) {
      if (!this.operationUses.has(entry.pageId)) this.addOperation(entry, operationPageModel(this.spec, entry, {links: this.links}));
      const {title, uses} = this.operationUses.get(entry.pageId)!;
      for (const [name, fields] of group(uses)) {
        add(name, {
          kind: entry.kind,
          permalink: `${this.apiDocsBasePath}/${entry.pageId}`,
          title,
          endpoint: entry.kind === 'webhook' ? wellFormed(entry.path) : `${entry.method.toUpperCase()} ${wellFormed(entry.path)}`,
        }, fields);
      }
    }
    for (const schema of ids.schemas) {
      const uses: Use[] = [];
      const tree = this.ownTree(schema.name);
      collectUses(tree, SCHEMA_PAGE_ANCHOR, '', uses);
      for (const option of tree.variants?.options ?? []) if (option.schema.refName) uses.push({name: option.schema.refName, path: 'one of its variants', anchor: ''});
      for (const base of allOfNames(this.spec, schema.name)) uses.push({name: base, path: 'composed with allOf', anchor: ''});
      for (const [name, fields] of group(uses)) {
        if (name === schema.name) continue;
        add(name, {kind: 'schema', permalink: `${this.apiDocsBasePath}/${schema.pageId}`, title: wellFormed(schema.name)}, fields);
      }
    }
    this.users = users;
    return users;
  }
}

function schemaExamples(spec: SpecDocument, name: string): ExampleModel[] {
  const schema = componentSchema(spec, name);
  const given = schema.example !== undefined ? [schema.example] : Array.isArray(schema.examples) ? schema.examples : [];
  if (given.length > 0) return given.map((value, index) => ({name: given.length > 1 ? `Example ${index + 1}` : 'Example', value: jsonText(value, 2)}));
  const sample = sampleFromSchema(spec, {$ref: `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`}, 'response');
  return sample === undefined ? [] : [{name: 'Example', value: jsonText(sample, 2), generated: true}];
}

/** Everything a schema page shows, its text rendered with the index's links. */
export function schemaPageModel(spec: SpecDocument, index: SchemaUsageIndex, name: string, apiDocsBasePath: string): SchemaPageModel {
  const pageId = assignPageIds(spec).schemaPageId(name);
  if (!pageId) throw new Error(`[api-pages] the description has no schema "${name}" under components.schemas.`);
  const schema = index.ownTree(name);
  const description = renderMarkdown(componentSchema(spec, name).description, {topHeadingLevel: 3, links: index.links});
  const allUsers = index.usersOf(name);
  const usedBy = allUsers.slice(0, SCHEMA_USERS_SHOWN).map((user) =>
    user.fields.length > SCHEMA_USER_FIELDS_SHOWN
      ? {...user, fields: user.fields.slice(0, SCHEMA_USER_FIELDS_SHOWN), moreFields: user.fields.length - SCHEMA_USER_FIELDS_SHOWN}
      : user,
  );
  const allOf = allOfNames(spec, name);
  const model: SchemaPageModel = {
    kind: 'schema',
    id: pageId,
    name: wellFormed(name),
    plainDescription: summaryText(description) || `The ${wellFormed(name)} schema of the API.`,
    schema: description ? {...schema, description} : schema,
    allOf: allOf.map(wellFormed),
    examples: schemaExamples(spec, name),
    usedBy,
    schemaLinks: linksTo(spec, [...namedSchemasIn([schema]), ...allOf, name], apiDocsBasePath),
  };
  if (allUsers.length > usedBy.length) model.moreUsers = allUsers.length - usedBy.length;
  return model;
}
