import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';

import {operationToMarkdown, overviewToMarkdown, schemaToMarkdown, tagToMarkdown} from '../../markdown-twin';
import {createPageGenerators} from '../page-generators';
import {assignPageIds, SCHEMA_PAGES_DIR} from '../page-ids';
import {pageOutline} from '../page-outline';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import {parseSpecText} from '../../../spec-reader/parse-spec';
import type {OperationPageModel, OverviewPageModel, SchemaPageModel, TagPageModel} from '../../models/model-types';
import {parsePageModel} from '../../models/model-file';

/**
 * Names an object literal in JavaScript reads from its prototype. Written as
 * YAML, so that `__proto__` is an own key as in a parsed description (in an
 * object literal it would set the prototype instead).
 */
const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

const list = (names: string[]) => `[${names.join(', ')}]`;
const properties = HOSTILE.map((name) => `        ${name}: {type: string, example: ${name}-value}`).join('\n');

const HOSTILE_SPEC = `
openapi: 3.1.0
info: {title: Hostile names, version: '1'}
tags:
${HOSTILE.map((name) => `  - name: ${name}`).join('\n')}
security:
  - __proto__: []
paths:
${HOSTILE.map(
  (name) => `  /${name}/{${name}}:
    parameters:
      - {name: ${name}, in: path, required: true, schema: {type: string}}
    post:
      summary: Post ${name}
      tags: [${name}]
      security:
        - ${name}: []
      parameters:
        - {name: ${name}, in: query, schema: {type: string, enum: ${list(HOSTILE)}, x-enum-varnames: ${list(HOSTILE.map((value) => `Var_${value}`))}}}
        - {name: ${name}, in: header, schema: {type: string}}
        - {$ref: '#/components/parameters/${name}'}
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/${name}'}
            examples:
              ${name}: {value: {${name}: body-${name}}}
          ${name}/${name}:
            schema: {type: string}
      callbacks:
        ${name}:
          '{$request.body#/${name}}':
            post:
              requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}}
              responses: {'200': {description: ok}}
      responses:
        '200':
          description: ok
          headers:
            ${name}: {schema: {type: string}}
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Thing'}
          links:
            ${name}: {operationId: ${name}}
        ${name}: {$ref: '#/components/responses/${name}'}`,
).join('\n')}
webhooks:
${HOSTILE.map(
  (name) => `  ${name}:
    post:
      summary: Webhook ${name}
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}}
      responses: {'200': {description: ok}}`,
).join('\n')}
components:
  securitySchemes:
${HOSTILE.map((name) => `    ${name}: {type: apiKey, in: header, name: X-${name}}`).join('\n')}
  parameters:
${HOSTILE.map((name) => `    ${name}: {name: ${name}-ref, in: query, schema: {type: string}}`).join('\n')}
  responses:
${HOSTILE.map((name) => `    ${name}: {description: ${name} response}`).join('\n')}
  schemas:
${HOSTILE.map(
  (name) => `    ${name}:
      type: object
      required: ${list(HOSTILE)}
      properties:
${properties}`,
).join('\n')}
    Thing:
      allOf:
${HOSTILE.map((name) => `        - $ref: '#/components/schemas/${name}'`).join('\n')}
        - type: object
          properties:
            self: {$ref: '#/components/schemas/Thing'}
`;

describe('names a JavaScript object reads from its prototype', () => {
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  const outputDir = mkdtempSync(path.join(tmpdir(), 'hostile-names-'));
  afterAll(() => rmSync(outputDir, {recursive: true, force: true}));
  const specPath = path.join(outputDir, 'openapi.yaml');
  writeFileSync(specPath, HOSTILE_SPEC);
  const spec = new SpecDocument(parseSpecText(HOSTILE_SPEC) as JsonObject);
  const ids = assignPageIds(spec);

  it('reads the description with every name as an own key', () => {
    const paths = spec.paths;
    expect(Object.keys(paths)).toEqual(HOSTILE.map((name) => `/${name}/{${name}}`));
    expect(Object.keys(spec.components('schemas'))).toEqual([...HOSTILE, 'Thing']);
  });

  it('gives every tag, operation, webhook and schema a page in the outline, in document order', () => {
    const outline = pageOutline(spec);
    expect(Object.keys(outline.paths as JsonObject)).toEqual(HOSTILE.map((name) => `/${name}/{${name}}`));
    expect(Object.keys(outline.webhooks as JsonObject)).toEqual(HOSTILE);
    expect(ids.operations.map((entry) => entry.path)).toEqual([...HOSTILE.map((name) => `/${name}/{${name}}`), ...HOSTILE]);
    expect(ids.tags.map((tag) => tag.name)).toEqual(HOSTILE);
    expect(ids.schemas.map((schema) => schema.name)).toEqual([...HOSTILE, 'Thing']);
    expect(({} as JsonObject).post).toBeUndefined();
  });

  it('writes every page model and Markdown twin, and leaves Object.prototype as it was', () => {
    const generators = createPageGenerators({specPath, outputDir, apiDocsBasePath: '/docs/api'});
    const twin = {siteUrl: 'https://example.com'};
    const readModel = <T>(id: string): T => parsePageModel<T>(readFileSync(path.join(outputDir, `${id}.page.json`), 'utf8'));
    for (const entry of ids.operations) {
      generators.createApiPageMD({id: entry.pageId, type: 'api'});
      expect(existsSync(path.join(outputDir, `${entry.pageId}.page-core.json`))).toBe(true);
      expect(operationToMarkdown(readModel<OperationPageModel>(entry.pageId), twin)).toContain(entry.path);
    }
    for (const schema of ids.schemas) {
      generators.createSchemaPageMD({id: schema.pageId.slice(`${SCHEMA_PAGES_DIR}/`.length), type: 'schema'});
      expect(schemaToMarkdown(readModel<SchemaPageModel>(schema.pageId), twin)).toContain(schema.name);
    }
    for (const tag of ids.tags) {
      generators.createTagPageMD({id: tag.pageId, type: 'tag'});
      expect(tagToMarkdown(readModel<TagPageModel>(tag.pageId), twin)).toContain(tag.name);
    }
    generators.createInfoPageMD({id: ids.overviewId, type: 'info'});
    expect(overviewToMarkdown(readModel<OverviewPageModel>(ids.overviewId), twin)).toContain('Hostile names');

    const thing = readModel<SchemaPageModel>(`${SCHEMA_PAGES_DIR}/thing`);
    expect(thing.allOf).toEqual(HOSTILE);
    expect(thing.schema.properties?.map((property) => [property.name, property.required])).toEqual([
      ...HOSTILE.map((name) => [name, true]),
      ['self', false],
    ]);
    const example = JSON.parse(thing.examples[0]?.value ?? '{}') as JsonObject;
    expect(HOSTILE.filter((name) => Object.hasOwn(example, name))).toEqual(HOSTILE);
    expect(thing.usedBy.map((user) => user.kind)).toEqual([...HOSTILE.map(() => 'operation'), ...HOSTILE.map(() => 'webhook')]);
    for (const name of HOSTILE) {
      const schema = readModel<SchemaPageModel>(assignPageIds(spec).schemaPageId(name) ?? '');
      expect(schema.usedBy.map((user) => user.title)).toEqual([`Post ${name}`, 'Thing']);
    }
    const operation = readModel<OperationPageModel>(ids.operations[0]?.pageId ?? '');
    const query = operation.parameters.find((parameter) => parameter.in === 'query' && parameter.name === '__proto__');
    expect(query?.schema.enum?.map((value) => [value.value, value.description?.children[0]])).toEqual(
      HOSTILE.map((name) => [JSON.stringify(name), {type: 'element', tagName: 'p', properties: {}, children: [{type: 'text', value: `Var_${name}`}]}]),
    );

    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as JsonObject).post).toBeUndefined();
  });
});
