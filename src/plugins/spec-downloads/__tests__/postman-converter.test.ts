import {describe, expect, it} from 'vitest';

// First: the wrapper must be in place before the converter's code loads, as in the site.
import {convertV2, type CollectionResult} from '../postman-converter';
import {convertV2WithTypes} from 'openapi-to-postmanv2';

type Convert = typeof convertV2;

function convert(converter: Convert, document: object): Promise<CollectionResult & {extractedTypes?: Record<string, unknown>}> {
  return new Promise((resolve, reject) => {
    converter({type: 'json', data: document}, {folderStrategy: 'Tags'}, (error, result) => (error || !result ? reject(error) : resolve(result)));
  });
}

describe("the Postman converter without openapi-to-postmanv2's per-request types", () => {
  const document = {
    openapi: '3.0.3',
    info: {title: 'Two operations', version: '1'},
    servers: [{url: 'https://api.example.com'}],
    paths: {
      '/things': {
        get: {operationId: 'listThings', tags: ['things'], responses: {200: {description: 'ok', content: {'application/json': {schema: {type: 'array', items: {type: 'string'}}}}}}},
        post: {
          operationId: 'createThing',
          tags: ['things'],
          requestBody: {content: {'application/json': {schema: {type: 'object', properties: {name: {type: 'string'}}}}}},
          responses: {201: {description: 'created'}},
        },
      },
    },
  };

  it('took effect: the converter gathers no per-request types (copying them was quadratic)', async () => {
    // convertV2WithTypes runs the same code as convertV2 and returns the types it gathered:
    // without the wrapper, one entry per request ("get/things", "post/things").
    const result = await convert(convertV2WithTypes, document);
    expect(result.result).toBe(true);
    expect(result.extractedTypes).toEqual({});
  });

  it('converts every request, in the folder of its tag', async () => {
    const result = await convert(convertV2, document);
    const folders = (result.output?.[0]?.data as {item: {name: string; item: {request: {method: string}}[]}[]}).item;
    expect(folders.map((folder) => folder.name)).toEqual(['things']);
    expect(folders[0]!.item.map((item) => item.request.method)).toEqual(['GET', 'POST']);
  });
});
