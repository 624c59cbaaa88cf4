import {describe, expect, it} from 'vitest';
import {MAX_SAMPLE_BYTES, sampleFromSchema} from '../sample';
import {SpecDocument} from '../../../spec-reader/spec-document';

/** Entities that embed the next level's entities in four fields, nine levels deep (no cycle): Microsoft Graph's shape. */
function nestedEntities(): SpecDocument {
  const schemas: Record<string, unknown> = {};
  for (let level = 0; level < 9; level += 1) {
    const next = level < 8 ? {$ref: `#/components/schemas/Level${level + 1}`} : {type: 'string', example: 'leaf value'};
    schemas[`Level${level}`] = {
      type: 'object',
      properties: {id: {type: 'string', example: `id-${level}`}, owner: next, parent: next, children: {type: 'array', items: next}, related: next},
    };
  }
  return new SpecDocument({openapi: '3.0.3', info: {title: 'T', version: '1'}, paths: {}, components: {schemas}});
}

describe('sampleFromSchema size', () => {
  it('keeps an example of embedded entities under the size limit, shallower but with the top fields', () => {
    const value = sampleFromSchema(nestedEntities(), {$ref: '#/components/schemas/Level0'}, 'response') as Record<string, unknown>;
    const text = JSON.stringify(value);
    expect(text.length).toBeLessThanOrEqual(MAX_SAMPLE_BYTES);
    expect(Object.keys(value)).toEqual(['id', 'owner', 'parent', 'children', 'related']);
    expect(value.id).toBe('id-0');
  });

  it('leaves a small example as deep as before', () => {
    const spec = nestedEntities();
    const value = sampleFromSchema(spec, {$ref: '#/components/schemas/Level6'}, 'response');
    // Levels 6, 7 and 8: every leaf is there.
    expect(JSON.stringify(value)).toContain('"leaf value"');
    expect(JSON.stringify(value).length).toBeLessThan(MAX_SAMPLE_BYTES);
  });
});
