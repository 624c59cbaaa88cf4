import {describe, expect, it} from 'vitest';

import {formParts, multipartText} from '../form-parts';
import {SpecDocument} from '../../../spec-reader/spec-document';

const spec = new SpecDocument({openapi: '3.1.0', info: {title: 'T', version: '1'}, paths: {}, components: {schemas: {Upload: {type: 'object', properties: {avatar: {type: 'string', format: 'binary'}}}}}});

describe('formParts', () => {
  it('keeps an example file name that is one, and names a file after its field and type otherwise', () => {
    const schema = {type: 'object', properties: {scan: {type: 'string', format: 'binary'}, photos: {type: 'array', items: {type: 'string', format: 'binary'}}}};
    expect(formParts(spec, schema, {photos: {contentType: 'image/jpeg'}}, {scan: 'invoice-7.pdf', photos: ['', '']})).toEqual([
      {name: 'scan', fileName: 'invoice-7.pdf'},
      {name: 'photos', fileName: 'photos.jpg', contentType: 'image/jpeg'},
      {name: 'photos', fileName: 'photos-2.jpg', contentType: 'image/jpeg'},
    ]);
  });

  it('follows $ref and takes the first type of an encoding list, but no range', () => {
    expect(formParts(spec, {$ref: '#/components/schemas/Upload'}, {avatar: {contentType: 'image/png, image/jpeg'}}, {avatar: 'string'})).toEqual([{name: 'avatar', fileName: 'avatar.png', contentType: 'image/png'}]);
    expect(formParts(spec, {$ref: '#/components/schemas/Upload'}, {avatar: {contentType: 'image/*'}}, {avatar: 'string'})).toEqual([{name: 'avatar', fileName: 'avatar'}]);
  });

  it('names a file with a field name of no letters "file", and sends arrays of text as one JSON part', () => {
    expect(formParts(spec, {type: 'object', properties: {'"': {type: 'string', format: 'binary'}, tags: {type: 'array', items: {type: 'string'}}}}, undefined, {'"': 'x', tags: ['a', 'b']})).toEqual([
      {name: '"', fileName: 'file'},
      {name: 'tags', value: '["a","b"]', contentType: 'application/json'},
    ]);
  });

  it('gives no parts for an example that is not an object of fields', () => {
    expect(formParts(spec, {type: 'object'}, undefined, 'name=x')).toBeUndefined();
  });
});

describe('multipartText', () => {
  it('shows each part with its headers, a file by its path, and names escaped as browsers escape them', () => {
    expect(multipartText([{name: 'meta "x"', value: '{"a":1}', contentType: 'application/json'}, {name: 'file', fileName: 'a\nb.png'}])).toBe(
      [
        '--boundary',
        'Content-Disposition: form-data; name="meta %22x%22"',
        'Content-Type: application/json',
        '',
        '{"a":1}',
        '--boundary',
        'Content-Disposition: form-data; name="file"; filename="a%0Ab.png"',
        '',
        '<contents of path/to/a\nb.png>',
        '--boundary--',
      ].join('\n'),
    );
  });
});
