import {readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {validateAgainstSchema} from '@site/src/components/ApiExplorer/validate';
import {parseSpecText} from '../../../spec-reader/parse-spec';
import {operationPageModel} from '../model';
import {assignPageIds} from '../../generation/page-ids';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import type {MediaTypeModel, SchemaNode} from '../model-types';

/**
 * Every example the site generates from a schema (openapi-sampler, see
 * ../sample.ts) passes the sandbox's own validation of that schema, over
 * every description we build: the bundled one, the test fixtures and the
 * corpus in ../shared/specs. A generated body the sandbox refuses would send
 * a reader from "Try it" straight to a 422.
 */

const root = path.resolve(__dirname, '../../../..');

function specFiles(directory: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(directory);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const file = path.join(directory, entry);
    if (statSync(file).isDirectory()) return specFiles(file);
    return /\.(ya?ml|json)$/.test(entry) ? [file] : [];
  });
}

const files = [
  path.join(root, 'openapi/meridian.yaml'),
  ...specFiles(path.join(root, 'tests/fixtures')),
  ...specFiles(path.resolve(root, '../shared/specs')),
].filter((file) => /^(openapi|"openapi")\s*:/m.test(readFileSync(file, 'utf8')));

function generatedBodies(file: string): {where: string; media: MediaTypeModel; value: unknown}[] {
  const spec = new SpecDocument(parseSpecText(readFileSync(file, 'utf8'), {what: 'file'}) as JsonObject);
  const found: {where: string; media: MediaTypeModel; value: unknown}[] = [];
  for (const entry of assignPageIds(spec).operations) {
    const page = operationPageModel(spec, entry);
    const bodies = [
      ...(page.requestBody?.content ?? []).map((media) => ({where: `${entry.method} ${entry.path} request ${media.mediaType}`, media})),
      ...page.responses.flatMap((response) => response.content.map((media) => ({where: `${entry.method} ${entry.path} ${response.status} ${media.mediaType}`, media}))),
    ];
    for (const {where, media} of bodies) {
      const example = media.examples.find((candidate) => candidate.generated);
      if (!example || !media.schema || !/json/i.test(media.mediaType)) continue;
      // A stream's example (OpenAPI 3.2 itemSchema) is framed items: each item is checked against the item schema.
      const texts = media.stream ? example.value.split(/[\n␞]/).filter((line) => line.trim() !== '') : [example.value];
      texts.forEach((text, index) => found.push({where: media.stream ? `${where} item ${index}` : where, media, value: JSON.parse(text)}));
    }
  }
  return found;
}

/** The schema node a validation problem's JSON Pointer lands on. */
function nodeAt(node: SchemaNode, pointer: string): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  for (const segment of pointer.split('/').slice(1).map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (!current) return undefined;
    const property: SchemaNode | undefined = current.properties?.find((candidate) => candidate.name === segment);
    if (property) current = property;
    else if (/^\d+$/.test(segment) && (current.prefixItems || current.items)) current = current.prefixItems?.[Number(segment)] ?? current.items;
    else current = current.additionalProperties === true ? undefined : current.additionalProperties;
  }
  return current;
}

const PETSTORE_DEFECTS = {
  reason: 'Pet.petType is `type: string` with a `oneOf` of objects: no value is both (the newPet webhook sends a Pet too).',
  problems: [
    'get /pet/{petId} 200 application/json: /petType must be string, not object.',
    'get /pet/findByStatus 200 application/json: /0/petType must be string, not object.',
    'get /pet/findByTags 200 application/json: /0/petType must be string, not object.',
    'post newPet request application/json: /petType must be string, not object.',
  ],
};

/**
 * Where a description makes a valid example impossible or ambiguous, so no
 * generator can pass: each with the reason. The test fails when one of these
 * starts passing (take it out) as much as when a new problem appears.
 */
const DESCRIPTION_DEFECTS: Record<string, {reason: string; problems: string[]}> = {
  '../shared/specs/openapi-docs-demo/petstore.yaml': PETSTORE_DEFECTS,
  // Its copy in the two-API example (src/apis/README.md).
  'tests/fixtures/apis/petstore.yaml': PETSTORE_DEFECTS,
  '../shared/specs/openapi-docs-demo/petstore-3.1.yaml': PETSTORE_DEFECTS,
  '../shared/specs/openapi-docs-demo/tests/allOf.yaml': {
    reason: '/allof-incompatible-types asks for a string and an integer at once; the GeoJSON feature options overlap, so any feature matches more than one of a oneOf.',
    problems: [
      'get /allof-incompatible-types 200 application/json: /numero must be string, not integer.',
      'get /allof-array-items-oneof-override 200 application/geo+json: /features/0 matches more than one of: PointFeature, PolygonFeature.',
    ],
  },
  '../shared/specs/openapi-docs-demo/tests/oneOf.yaml': {
    reason: 'oneOf options that accept the same values (shared properties, overlapping formats, no discriminator): every value of the first option matches another.',
    problems: [
      'get /oneof-primitive-formats 200 application/json: /oneOfProperty matches more than one of: Option 1, Option 4.',
      'get /oneof-shared-properties 200 application/json: /oneOfProperty matches more than one of: Option 1, Option 2.',
      'get /oneof-with-properties-in-array-item 200 application/json: /0 matches more than one of: Item, Error.',
      'post /oneof-ref-allof-requestbody request application/json: / matches more than one of: UploadRequest, UploadRequestTemplate.',
    ],
  },
};

describe('generated examples validate against their schemas', () => {
  it('covers the bundled description, the fixtures and the corpus', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  for (const file of files) {
    const name = path.relative(root, file);
    it(name, () => {
      const problems = generatedBodies(file).flatMap(({where, media, value}) =>
        validateAgainstSchema(value, media.schema!)
          // A value the description wrote itself (a property's example or default) is the author's, not generated.
          .filter((problem) => {
            const node = nodeAt(media.schema!, problem.pointer);
            return node?.example === undefined && node?.default === undefined;
          })
          .map((problem) => `${where}: ${problem.detail}`),
      );
      expect(problems).toEqual(DESCRIPTION_DEFECTS[name]?.problems ?? []);
    });
  }
});
