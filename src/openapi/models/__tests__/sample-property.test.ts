import {describe, expect, it} from 'vitest';
import {validateAgainstSchema} from '@site/src/components/ApiExplorer/validate';
import {mulberry32} from '@site/scripts/seeded-random';
import {sampleFromSchema} from '../sample';
import {schemaNode} from '../schema-model';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';

/**
 * Property: for any schema made of the keywords the pages show (types,
 * formats, lengths, patterns, ranges, multiples, item and property counts,
 * unique items, required fields, enums, nested objects and arrays, named
 * components), the example the site generates passes the sandbox's
 * validation of that schema. Schemas are drawn from a seeded generator, so a
 * failure names a seed that reproduces it.
 */

const PATTERNS = ['^[a-z]{3,8}$', '^[A-Z][0-9]{2}$', '^\\d{4}-\\d{2}$', '^(red|green|blue)$', '^[a-f0-9]{8}$'];
const FORMATS = ['date-time', 'date', 'email', 'uuid', 'uri'];

function draw(random: () => number): <T>(items: readonly T[]) => T {
  return (items) => items[Math.floor(random() * items.length)];
}

function randomSchema(random: () => number, depth: number): JsonObject {
  const pick = draw(random);
  const kinds = depth >= 3 ? ['string', 'integer', 'number', 'boolean'] : ['string', 'integer', 'number', 'boolean', 'object', 'array', 'object'];
  const kind = pick(kinds);
  const chance = (p: number) => random() < p;
  switch (kind) {
    case 'string': {
      if (chance(0.2)) return {type: 'string', format: pick(FORMATS)};
      if (chance(0.25)) return {type: 'string', pattern: pick(PATTERNS)};
      if (chance(0.15)) return {type: 'string', enum: ['alpha', 'beta', 'gamma'].slice(0, 1 + Math.floor(random() * 3))};
      const minLength = chance(0.5) ? Math.floor(random() * 12) : undefined;
      const maxLength = chance(0.5) ? (minLength ?? 0) + Math.floor(random() * 6) : undefined;
      return {type: 'string', ...(minLength !== undefined ? {minLength} : {}), ...(maxLength !== undefined ? {maxLength} : {})};
    }
    case 'integer':
    case 'number': {
      const schema: JsonObject = {type: kind};
      if (chance(0.5)) schema.minimum = Math.floor(random() * 200) - 100;
      if (chance(0.5)) schema.maximum = (typeof schema.minimum === 'number' ? schema.minimum : -100) + 10 + Math.floor(random() * 100);
      if (chance(0.3)) schema.multipleOf = pick([2, 3, 5, 10]);
      if (chance(0.2) && typeof schema.minimum === 'number') {
        schema.exclusiveMinimum = schema.minimum;
        delete schema.minimum;
      }
      return schema;
    }
    case 'boolean':
      return {type: 'boolean'};
    case 'array': {
      const schema: JsonObject = {type: 'array', items: randomSchema(random, depth + 1)};
      if (chance(0.5)) schema.minItems = 1 + Math.floor(random() * 3);
      if (chance(0.3)) schema.maxItems = (typeof schema.minItems === 'number' ? schema.minItems : 0) + Math.floor(random() * 3);
      return schema;
    }
    default: {
      const properties: JsonObject = {};
      const count = 1 + Math.floor(random() * 4);
      for (let index = 0; index < count; index += 1) properties[`field${index}`] = chance(0.2) ? {$ref: '#/components/schemas/Shared'} : randomSchema(random, depth + 1);
      const required = Object.keys(properties).filter(() => chance(0.5));
      return {type: 'object', properties, ...(required.length > 0 ? {required} : {}), ...(chance(0.3) ? {additionalProperties: false} : {})};
    }
  }
}

const SHARED = {type: 'object', required: ['code'], properties: {code: {type: 'string', pattern: '^[A-Z]{3}$'}, rank: {type: 'integer', minimum: 1, maximum: 5}}};
const RUNS = 1_000;

describe('generated examples (property over random schemas)', () => {
  it(`pass the sandbox's validation for ${RUNS} seeded schemas`, () => {
    const failures: string[] = [];
    for (let seed = 1; seed <= RUNS; seed += 1) {
      const random = mulberry32(seed);
      const schema = randomSchema(random, 0);
      const spec = new SpecDocument({openapi: '3.1.0', info: {title: 'p', version: '1'}, paths: {}, components: {schemas: {Shared: SHARED}}});
      for (const direction of ['request', 'response'] as const) {
        const value = sampleFromSchema(spec, schema, direction);
        const problems = validateAgainstSchema(value, schemaNode(spec, schema, direction));
        if (problems.length > 0) failures.push(`seed ${seed} (${direction}): ${JSON.stringify(schema)} → ${JSON.stringify(value)}: ${problems.map((problem) => problem.detail).join(' ')}`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
