import {describe, expect, it} from 'vitest';

import type {MediaTypeModel, OperationPageModel} from '@site/src/openapi/models/model-types';
import {describedParts, formDataOf, formFields, formPartsOf, initialFormValues} from '../multipart-fields';
import {curlCommand} from '../request-failure';
import {respondFromSandbox} from '../sandbox';

const MEDIA: MediaTypeModel = {
  mediaType: 'multipart/form-data',
  schema: {
    types: ['object'],
    typeLabel: 'object',
    properties: [
      {name: 'metadata', required: true, types: ['string'], typeLabel: 'string'},
      {name: 'file', required: true, types: ['string'], typeLabel: 'string<binary>'},
      {name: 'pages', types: ['string'], typeLabel: 'string<binary>'},
    ],
  },
  examples: [
    {
      name: 'Generated from the schema',
      value: '',
      parts: [
        {name: 'metadata', value: '{"a":1}', contentType: 'application/json'},
        {name: 'file', fileName: 'file.png', contentType: 'image/png'},
        {name: 'pages', fileName: 'pages'},
        {name: 'pages', fileName: 'pages-2'},
      ],
    },
  ],
};

describe('the explorer form of a multipart body', () => {
  const fields = formFields(MEDIA)!;

  it('has one field per name, a repeated file name taking several files', () => {
    expect(fields).toEqual([
      {name: 'metadata', file: false, multiple: false, contentType: 'application/json', example: '{"a":1}'},
      {name: 'file', file: true, multiple: false, contentType: 'image/png', example: ''},
      {name: 'pages', file: true, multiple: true, example: ''},
    ]);
    expect(formFields({mediaType: 'application/json', examples: [{name: 'Example', value: '{}'}]})).toBeUndefined();
  });

  it('sends FormData with each chosen file and the declared part types', async () => {
    const values = initialFormValues(fields);
    values.set('file', [new File(['PNG'], 'me.png')]);
    values.set('pages', [new File(['1'], 'one.txt'), new File(['2'], 'two.txt')]);
    const form = formDataOf(formPartsOf(fields, values));
    const metadata = form.get('metadata') as File;
    expect(metadata.type).toBe('application/json');
    expect(await metadata.text()).toBe('{"a":1}');
    const file = form.get('file') as File;
    expect([file.name, file.type, await file.text()]).toEqual(['me.png', 'image/png', 'PNG']);
    expect(form.getAll('pages').map((page) => (page as File).name)).toEqual(['one.txt', 'two.txt']);
  });

  it('gives the cURL command of a refused request one --form per part, files by their names', () => {
    const values = initialFormValues(fields);
    values.set('file', [new File(['PNG'], 'me.png')]);
    const curl = curlCommand({method: 'POST', url: 'https://api.example/up', headers: {}, cookies: {}, form: describedParts(formPartsOf(fields, values))});
    expect(curl).toBe(["curl --request POST https://api.example/up", `--form 'metadata={"a":1};type=application/json'`, "--form 'file=@me.png;type=image/png'"].join(' \\\n  '));
  });

  it('is answered by the sandbox with the required fields that were not sent', () => {
    const page = {
      method: 'post',
      requestMethod: 'POST',
      path: '/up',
      servers: [],
      parameters: [],
      security: [],
      authSchemes: [],
      requestBody: {required: true, content: [MEDIA]},
      responses: [{status: '201', headers: [], content: []}],
    } as unknown as OperationPageModel;
    const request = {method: 'POST', path: '/up', pathParameters: {}, query: {}, headers: {}, contentType: 'multipart/form-data'};
    const refused = respondFromSandbox(page, {...request, form: formPartsOf(fields, initialFormValues(fields))});
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).errors).toEqual([{pointer: '/file', detail: 'The form field "file" is required.'}]);
    const values = initialFormValues(fields);
    values.set('file', [new File(['PNG'], 'me.png')]);
    expect(respondFromSandbox(page, {...request, form: formPartsOf(fields, values)}).status).toBe(201);
  });
});
