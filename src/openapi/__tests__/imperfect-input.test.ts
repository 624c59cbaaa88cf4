import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';

import {SpecDocument, type JsonObject} from '../spec-document';

/**
 * What the generator does with imperfect descriptions (README, "What the
 * generator does with imperfect input"): one `describe` per rule, each
 * against the operation of tests/fixtures/imperfect.yaml that holds the case,
 * plus small inline documents for the details.
 */

const FIXTURE = path.resolve(__dirname, '../../../tests/fixtures/imperfect.yaml');
const fixture = new SpecDocument(parse(readFileSync(FIXTURE, 'utf8')) as JsonObject);

function spec(document: JsonObject): SpecDocument {
  return new SpecDocument({openapi: '3.0.3', info: {title: 'Test', version: '1'}, paths: {}, ...document});
}

describe('1. $refs that do not resolve', () => {
  const document = spec({
    components: {
      schemas: {
        Pet: {type: 'object'},
        Loop: {$ref: '#/components/schemas/Loop'},
        Title: 'not an object',
      },
    },
  });

  it('reports the ref that gave no object, and never throws or fetches', () => {
    expect(document.resolve({$ref: '#/components/schemas/Missing'})).toEqual({
      value: {},
      refName: 'Missing',
      ref: '#/components/schemas/Missing',
      unresolvedRef: '#/components/schemas/Missing',
    });
    expect(document.resolve({$ref: 'other.yaml#/Pet'}).unresolvedRef).toBe('other.yaml#/Pet');
    expect(document.resolve({$ref: 'https://example.com/schemas/pet.json'}).unresolvedRef).toBe('https://example.com/schemas/pet.json');
    expect(document.resolve({$ref: '#/components/schemas/Title'}).unresolvedRef).toBe('#/components/schemas/Title');
    expect(document.resolve({$ref: '#/components/schemas/Loop'}).unresolvedRef).toBe('#/components/schemas/Loop');
  });

  it('keeps what is written next to an unresolved ref', () => {
    expect(document.resolve({$ref: '#/components/schemas/Missing', description: 'The owner'}).value).toEqual({description: 'The owner'});
  });

  it('leaves refs that resolve unmarked', () => {
    expect(document.resolve({$ref: '#/components/schemas/Pet'})).toEqual({value: {type: 'object'}, refName: 'Pet', ref: '#/components/schemas/Pet'});
    expect(document.resolve({type: 'string'})).toEqual({value: {type: 'string'}, refName: undefined, ref: undefined});
  });

  it('reads bad percent-encoding in a pointer as written instead of throwing URIError', () => {
    expect(document.resolve({$ref: '#/components/schemas/%E0%A4%A'})).toMatchObject({
      value: {},
      refName: '%E0%A4%A',
      unresolvedRef: '#/components/schemas/%E0%A4%A',
    });
    expect(spec({components: {schemas: {'%E0%A4%A': {type: 'string'}}}}).resolve({$ref: '#/components/schemas/%E0%A4%A'}).value).toEqual({type: 'string'});
  });
});
