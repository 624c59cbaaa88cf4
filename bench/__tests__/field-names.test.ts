import {readFileSync} from 'node:fs';
import path from 'node:path';

import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';

import {SpecDocument, type JsonObject} from '../../src/spec-reader/spec-document';
import {checkFieldNames, elementTexts, requestBodyPropertyNames, resolveRef} from '../field-names';

const bundled = new SpecDocument(parse(readFileSync(path.join(__dirname, '../../openapi/meridian.yaml'), 'utf8')) as JsonObject);

describe('requestBodyPropertyNames', () => {
  it("lists createContact's body properties after resolving its $ref", () => {
    expect(requestBodyPropertyNames(bundled, 'createContact')).toEqual([
      'first_name',
      'last_name',
      'email',
      'phone',
      'company',
      'job_title',
      'lifecycle_stage',
      'owner_id',
      'tag_ids',
      'consent',
      'custom_attributes',
    ]);
  });

  it('merges allOf parts and names a missing operation', () => {
    const spec = new SpecDocument({
      paths: {'/a': {post: {operationId: 'a', requestBody: {content: {'application/json': {schema: {allOf: [{$ref: '#/components/schemas/A'}, {properties: {b: {}}}]}}}}}}},
      components: {schemas: {A: {properties: {a: {}}}}},
    });
    expect(requestBodyPropertyNames(spec, 'a')).toEqual(['a', 'b']);
    expect(() => requestBodyPropertyNames(spec, 'missing')).toThrow('[bench] no operation "missing" in the spec');
    expect(() => resolveRef(spec, {$ref: '#/components/schemas/B'})).toThrow('[bench] $ref "#/components/schemas/B" does not resolve');
  });
});

describe('checkFieldNames', () => {
  it('counts names rendered in their own element, not mentions in prose, code blocks or scripts', () => {
    const html = `<!doctype html><html><head><script>var s = {"phone": 1};</script><style>.email{}</style></head>
      <body><p>Only <code>email</code> is required.</p>
      <ul><li><strong class="prop">first_name</strong><span>string</span></li>
      <li><code class=fieldName>last&#95;name</code> <img src="x.png"> required</li></ul>
      <pre><code><span>phone</span></code></pre></body></html>`;
    expect(elementTexts(html)).toEqual(['first_name', 'string', 'last_name', 'required']);
    expect(checkFieldNames(html, ['first_name', 'last_name', 'email', 'phone'])).toEqual({
      names: ['first_name', 'last_name', 'email', 'phone'],
      found: ['first_name', 'last_name'],
      missing: ['email', 'phone'],
    });
  });

  it('ends a paragraph where minified HTML leaves out </p>', () => {
    expect(elementTexts('<div><p>Send <code>tag_ids</code><div><code>tag_ids</code><dd>array</div></div>')).toEqual(['tag_ids', 'array']);
  });

  it('reads attributes that contain ">"', () => {
    expect(elementTexts('<span title="a > b">owner_id</span>')).toEqual(['owner_id']);
  });
});
