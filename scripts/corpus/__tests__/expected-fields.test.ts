import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';

import {checkFieldsAndSchemas} from '../check-build';
import {anchorOf, expectedPages, expectedSchemas} from '../expected-fields';

const ref = (name: string) => ({$ref: `#/components/schemas/${name}`});

const spec = {
  openapi: '3.1.0',
  paths: {
    '/pets': {
      post: {
        summary: 'Add a pet',
        parameters: [{name: 'X-Trace', in: 'header', schema: {type: 'string'}}],
        requestBody: {content: {'application/json': {schema: ref('Pet')}}},
        responses: {'201': {description: 'ok', headers: {Location: {schema: {type: 'string'}}}, content: {'application/json': {schema: ref('Pet')}}}},
      },
    },
  },
  webhooks: {petAdopted: {post: {summary: 'Pet adopted', requestBody: {content: {'application/json': {schema: {type: 'object', properties: {pet: ref('Pet')}}}}}}}},
  components: {
    schemas: {
      Pet: {
        allOf: [ref('Animal'), {type: 'object', properties: {id: {type: 'string', readOnly: true}, name: {type: 'string'}, friend: {allOf: [ref('Pet')]}, tags: {type: 'array', items: ref('Tag')}}}],
      },
      Animal: {type: 'object', properties: {species: {type: 'string'}}},
      Tag: {type: 'object', properties: {label: {type: 'string'}}},
    },
  },
};

const idsOf = (root: string, fields: {steps: string[]}[]) => fields.map((field) => anchorOf(root, field.steps));

describe('expected fields (walked from the description alone)', () => {
  it('merges allOf members, leaves read-only fields out of a request, and stops where a schema embeds itself', () => {
    const [page] = expectedPages(spec);
    const body = page.roots.find((root) => root.root === 'request-body')!;
    expect(idsOf(body.root, body.fields)).toEqual([
      'request-body.species',
      'request-body.name',
      'request-body.friend',
      'request-body.tags',
      'request-body.tags[].label',
    ]);
    const created = page.roots.find((root) => root.root === 'response-201')!;
    expect(idsOf(created.root, created.fields)).toContain('response-201.id');
    expect(page.roots.map((root) => root.rootField).filter(Boolean)).toEqual(['header.X-Trace', 'response-201-headers.Location']);
  });

  it('lists webhooks as pages and every named schema with its own fields', () => {
    expect(expectedPages(spec).map(({kind, path, title}) => ({kind, path, title}))).toEqual([
      {kind: 'operation', path: '/pets', title: 'Add a pet'},
      {kind: 'webhook', path: 'petAdopted', title: 'Pet adopted'},
    ]);
    expect(expectedSchemas(spec).map((schema) => schema.name)).toEqual(['Pet', 'Animal', 'Tag']);
  });
});

describe('checkFieldsAndSchemas', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fields-check-'));
  afterAll(() => rmSync(dir, {recursive: true, force: true}));

  const html = (heading: string, ids: string[], text = '') =>
    `<html><body><article><h1>${heading}</h1><p>${text}</p>${ids.map((id) => `<li id="${id}">x</li>`).join('')}</article></body></html>`;
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), content);
  };
  const pets = ['request-body.species', 'request-body.name', 'request-body.friend', 'request-body.tags', 'header.X-Trace', 'response-201-headers.Location'];
  const created = ['response-201.species', 'response-201.id', 'response-201.name', 'response-201.friend', 'response-201.tags', 'response-201.tags[].label'];
  write('docs/api/schemas/pet.html', html('Pet', ['schema.species', 'schema.id', 'schema.name', 'schema.friend', 'schema.tags']));
  write('docs/api/schemas/animal.html', html('Animal', ['schema.species']));
  write('docs/api/schemas/tag.html', html('Tag', ['schema.label']));
  write('docs/api/pet-adopted.html', html('Pet adopted', ['request-body.pet'], 'POST petAdopted'));

  it('passes when every field is on its page, or on the page of the named schema the page stops at', () => {
    // The request body stops at `tags` (Tag[]): its `label` is on Tag's page. The webhook stops at `pet`.
    write('docs/api/add-pet.html', html('Add a pet', [...pets, ...created], 'POST /pets'));
    const check = checkFieldsAndSchemas(dir, spec);
    expect(check.problems).toEqual([]);
    expect(check).toMatchObject({schemaPages: 3, webhookPages: 1});
  });

  it('names a field that is on no page, and a schema or webhook without a page', () => {
    write('docs/api/add-pet.html', html('Add a pet', [...pets, ...created].filter((id) => id !== 'response-201.name'), 'POST /pets'));
    rmSync(path.join(dir, 'docs/api/schemas/animal.html'));
    rmSync(path.join(dir, 'docs/api/pet-adopted.html'));
    expect(checkFieldsAndSchemas(dir, spec).problems).toEqual([
      '1 named schema has no page: Animal',
      'webhook petAdopted (POST) "Pet adopted" has no page',
      '1 field is on no page: /docs/api/add-pet: response-201.name',
    ]);
  });
});
