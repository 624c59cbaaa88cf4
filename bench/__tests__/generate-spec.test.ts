import {readFileSync} from 'node:fs';
import path from 'node:path';

import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';

import {HTTP_METHODS} from '../../src/spec-reader/spec-document';
import {countOperations, extendSpec, generateSpec, type JsonObject} from '../generate-spec';

const bundled = parse(readFileSync(path.join(__dirname, '../../openapi/meridian.yaml'), 'utf8'), {maxAliasCount: 100}) as JsonObject;

function operations(spec: JsonObject): JsonObject[] {
  return Object.values(spec.paths as JsonObject).flatMap((pathItem) =>
    HTTP_METHODS.map((method) => (pathItem as JsonObject)[method]).filter((operation): operation is JsonObject => operation !== undefined),
  );
}

/** Every `$ref` string in a document. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refs(item, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refs(item, found);
    }
  }
  return found;
}

function resolves(spec: JsonObject, ref: string): boolean {
  let target: unknown = spec;
  for (const key of ref.replace(/^#\//, '').split('/')) {
    if (typeof target !== 'object' || target === null || !(key in target)) return false;
    target = (target as Record<string, unknown>)[key];
  }
  return true;
}

describe('generateSpec', () => {
  it.each([1, 7, 24, 250, 1000])('has exactly %i operations with unique operationIds', (operationCount) => {
    const spec = generateSpec({operationCount});
    expect(countOperations(spec)).toBe(operationCount);
    const ids = operations(spec).map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(operationCount);
  });

  it('groups about ten operations per tag, and every operation has a declared tag', () => {
    const spec = generateSpec({operationCount: 1000});
    const tags = (spec.tags as JsonObject[]).map((tag) => tag.name);
    expect(tags).toHaveLength(100);
    for (const operation of operations(spec)) expect(tags).toContain((operation.tags as string[])[0]);
  });

  it('is deterministic for a seed and varies with it', () => {
    expect(generateSpec({operationCount: 100, seed: 7})).toEqual(generateSpec({operationCount: 100, seed: 7}));
    expect(generateSpec({operationCount: 100, seed: 7})).not.toEqual(generateSpec({operationCount: 100, seed: 8}));
  });

  it('has the shapes of a real API: $refs that resolve, enums, oneOf, problem+json, described parameters', () => {
    const spec = generateSpec({operationCount: 250});
    const allRefs = refs(spec);
    expect(allRefs.length).toBeGreaterThan(1000);
    expect(allRefs.filter((ref) => !resolves(spec, ref))).toEqual([]);
    const text = JSON.stringify(spec);
    expect(text).toContain('"oneOf"');
    expect(text).toContain('"enum"');
    expect(text).toContain('application/problem+json');
    const parameters = operations(spec).flatMap((operation) => (operation.parameters as JsonObject[] | undefined) ?? []);
    const inline = parameters.filter((parameter) => parameter.$ref === undefined);
    expect(inline.length).toBeGreaterThan(0);
    for (const parameter of inline) {
      expect(parameter.description).toEqual(expect.any(String));
      expect(parameter.example).toBeDefined();
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const {validate} = await import('@readme/openapi-parser');
    const spec = generateSpec({operationCount: 250});
    expect(spec.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(spec) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('refuses an operation count that is not a positive integer', () => {
    expect(() => generateSpec({operationCount: 0})).toThrow('[bench] operationCount must be a positive integer, got 0');
  });
});

describe('extendSpec', () => {
  it('grows the bundled spec to exactly N operations and keeps its own', () => {
    const spec = extendSpec(bundled, {operationCount: 250});
    expect(countOperations(spec)).toBe(250);
    const ids = operations(spec).map((operation) => operation.operationId);
    expect(ids).toContain('createContact');
    expect(new Set(ids).size).toBe(250);
    expect((spec.info as JsonObject).title).toBe((bundled.info as JsonObject).title);
    expect(refs(spec).filter((ref) => !resolves(spec, ref))).toEqual([]);
  });

  it('returns a copy of the base when N is its own size', () => {
    const spec = extendSpec(bundled, {operationCount: countOperations(bundled)});
    expect(spec).toEqual(bundled);
    expect(spec).not.toBe(bundled);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const {validate} = await import('@readme/openapi-parser');
    const result = await validate(structuredClone(extendSpec(bundled, {operationCount: 120})) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('refuses fewer operations than the base has', () => {
    expect(() => extendSpec(bundled, {operationCount: 10})).toThrow(
      "[bench] operationCount must be an integer of at least 24 (the base spec's operations), got 10",
    );
  });
});
