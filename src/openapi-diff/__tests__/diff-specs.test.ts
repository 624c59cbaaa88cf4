import {describe, expect, it} from 'vitest';

import {diffSpecs} from '../diff-specs';
import {RULES} from '../rules';
import {changesBetween, jsonContent, operationWithBodies, specWith, specWithOperation, summarise} from './fixtures';

const OK = {'200': {description: 'OK'}};

describe('diffSpecs: operations', () => {
  const list = {operationId: 'listThings', summary: 'List things', responses: OK};
  const remove = {operationId: 'deleteThing', summary: 'Delete a thing', responses: {'204': {description: 'Gone'}}};

  it('reports an added operation as compatible, with its operationId and summary', () => {
    const diff = diffSpecs(specWith({'/v1/things': {get: list}}), specWith({'/v1/things': {get: list}, '/v1/things/{id}': {delete: remove}}));
    expect(diff.added).toEqual([
      {
        operation: {method: 'DELETE', path: '/v1/things/{id}', operationId: 'deleteThing', summary: 'Delete a thing'},
        changes: [
          {
            kind: 'operation-added',
            breaking: false,
            message: 'The operation was added.',
            explanation: 'A new operation does not affect existing clients.',
          },
        ],
      },
    ]);
    expect(diff.removed).toEqual([]);
    expect(diff.changed).toEqual([]);
    expect(diff.counts).toEqual({added: 1, removed: 0, changed: 0, breaking: 0, nonBreaking: 1});
  });

  it('reports a removed operation as breaking', () => {
    const diff = diffSpecs(specWith({'/v1/things': {get: list}, '/v1/things/{id}': {delete: remove}}), specWith({'/v1/things': {get: list}}));
    expect(diff.removed).toEqual([
      {
        operation: {method: 'DELETE', path: '/v1/things/{id}', operationId: 'deleteThing', summary: 'Delete a thing'},
        changes: [
          {
            kind: 'operation-removed',
            breaking: true,
            message: 'The operation was removed.',
            explanation: 'Removing an operation breaks every client that calls it.',
          },
        ],
      },
    ]);
    expect(diff.counts).toEqual({added: 0, removed: 1, changed: 0, breaking: 1, nonBreaking: 0});
  });

  it('matches operations by method and path, ignoring renamed path parameters', () => {
    const before = specWith({'/v1/things/{id}': {delete: {...remove, parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}]}}});
    const after = specWith({
      '/v1/things/{thingId}': {delete: {...remove, parameters: [{name: 'thingId', in: 'path', required: true, schema: {type: 'string'}}]}},
    });
    expect(diffSpecs(before, after).counts).toEqual({added: 0, removed: 0, changed: 0, breaking: 0, nonBreaking: 0});
  });

  it('reports nothing for identical documents and records both versions', () => {
    const document = specWith({'/v1/things': {get: list}});
    const diff = diffSpecs(document, {...document, info: {title: 'Fixture API', version: '1.1.0'}});
    expect(diff).toEqual({
      oldVersion: '1.0.0',
      newVersion: '1.1.0',
      added: [],
      removed: [],
      changed: [],
      counts: {added: 0, removed: 0, changed: 0, breaking: 0, nonBreaking: 0},
    });
  });

  it('reports an operation that became deprecated, and one that stopped being deprecated, as compatible', () => {
    expect(changesBetween({responses: OK}, {deprecated: true, responses: OK})).toEqual([
      {
        kind: 'operation-deprecated',
        breaking: false,
        message: 'The operation is deprecated.',
        explanation: 'Deprecation warns clients before a removal; the operation still works.',
      },
    ]);
    expect(summarise(changesBetween({deprecated: true, responses: OK}, {responses: OK}))).toEqual([
      ['compatible', 'The operation is no longer deprecated.'],
    ]);
  });
});

describe('diffSpecs: parameters', () => {
  const query = (name: string, schema: unknown, required = false): Record<string, unknown> => ({name, in: 'query', required, schema});

  it('reports a new required parameter as breaking and a new optional one as compatible', () => {
    const changes = changesBetween(
      {parameters: [], responses: OK},
      {parameters: [query('state', {type: 'string'}, true), query('limit', {type: 'integer'})], responses: OK},
    );
    expect(changes).toEqual([
      {
        kind: 'parameter-added',
        breaking: true,
        message: 'Added required query parameter `state`.',
        explanation: 'A new required parameter breaks existing requests that do not send it.',
      },
      {
        kind: 'parameter-added',
        breaking: false,
        message: 'Added optional query parameter `limit`.',
        explanation: 'A new optional parameter does not affect existing requests.',
      },
    ]);
  });

  it('reports a removed parameter as breaking', () => {
    expect(changesBetween({parameters: [query('email', {type: 'string'})], responses: OK}, {responses: OK})).toEqual([
      {
        kind: 'parameter-removed',
        breaking: true,
        message: 'Removed query parameter `email`.',
        explanation: 'Removing a parameter breaks clients that send it: the API may reject it, or ignore it and return different results.',
      },
    ]);
  });

  it('reports a parameter that moved to another location as breaking', () => {
    const changes = changesBetween(
      {parameters: [query('Idempotency-Key', {type: 'string'})], responses: OK},
      {parameters: [{name: 'Idempotency-Key', in: 'header', schema: {type: 'string'}}], responses: OK},
    );
    expect(changes).toEqual([
      {
        kind: 'parameter-location-changed',
        breaking: true,
        message: 'Parameter `Idempotency-Key` moved from query to header.',
        explanation: 'Requests that send the parameter in its old place break.',
      },
    ]);
  });

  it('reports a parameter that became required as breaking, and one that became optional as compatible', () => {
    const required = changesBetween({parameters: [query('q', {type: 'string'})], responses: OK}, {parameters: [query('q', {type: 'string'}, true)], responses: OK});
    expect(required).toEqual([
      {
        kind: 'parameter-required-changed',
        breaking: true,
        message: 'Query parameter `q` became required.',
        explanation: 'Making a parameter required breaks existing requests that leave it out.',
      },
    ]);
    const optional = changesBetween({parameters: [query('q', {type: 'string'}, true)], responses: OK}, {parameters: [query('q', {type: 'string'})], responses: OK});
    expect(optional).toEqual([
      {
        kind: 'parameter-required-changed',
        breaking: false,
        message: 'Query parameter `q` became optional.',
        explanation: 'Making a parameter optional does not affect requests that send it.',
      },
    ]);
  });

  it('reports a narrowed parameter type as breaking and a widened one as compatible', () => {
    expect(
      summarise(changesBetween({parameters: [query('page', {type: 'string'})], responses: OK}, {parameters: [query('page', {type: 'integer'})], responses: OK})),
    ).toEqual([['breaking', 'Query parameter `page` changed type from `string` to `integer`.']]);
    const widened = changesBetween({parameters: [query('amount', {type: 'integer'})], responses: OK}, {parameters: [query('amount', {type: 'number'})], responses: OK});
    expect(widened).toEqual([
      {
        kind: 'parameter-type-changed',
        breaking: false,
        message: 'Query parameter `amount` changed type from `integer` to `number`.',
        explanation: 'The new type accepts every value the old type accepted.',
      },
    ]);
  });

  it('reports added enum values as compatible and removed ones as breaking, also on array items', () => {
    const changes = changesBetween(
      {parameters: [query('state', {type: 'string', enum: ['open', 'done']})], responses: OK},
      {parameters: [query('state', {type: 'string', enum: ['open', 'in_progress', 'blocked']})], responses: OK},
    );
    expect(changes).toEqual([
      {
        kind: 'parameter-enum-values-added',
        breaking: false,
        message: 'Query parameter `state` accepts the new values `in_progress` and `blocked`.',
        explanation: 'Accepting more values does not affect existing requests.',
      },
      {
        kind: 'parameter-enum-values-removed',
        breaking: true,
        message: 'Query parameter `state` no longer accepts the value `done`.',
        explanation: 'Requests that send a removed value are now rejected.',
      },
    ]);
    const arrayItems = changesBetween(
      {parameters: [query('type', {type: 'array', items: {type: 'string', enum: ['a']}})], responses: OK},
      {parameters: [query('type', {type: 'array', items: {type: 'string', enum: ['a', 'b']}})], responses: OK},
    );
    expect(summarise(arrayItems)).toEqual([['compatible', 'Query parameter `type` accepts the new value `b`.']]);
  });

  it('lets operation parameters override path-level ones and matches headers case-insensitively', () => {
    const before = specWith({
      '/v1/things': {
        parameters: [{name: 'X-Trace', in: 'header', schema: {type: 'string'}}],
        post: {operationId: 'createThing', parameters: [{name: 'x-trace', in: 'header', required: true, schema: {type: 'string'}}], responses: OK},
      },
    });
    const after = specWith({
      '/v1/things': {post: {operationId: 'createThing', parameters: [{name: 'X-TRACE', in: 'header', schema: {type: 'string'}}], responses: OK}},
    });
    expect(summarise(diffSpecs(before, after).changed[0]?.changes ?? [])).toEqual([
      ['compatible', 'Header parameter `X-TRACE` became optional.'],
    ]);
  });
});

describe('diffSpecs: request bodies', () => {
  const body = (schema: unknown, required = true): Record<string, unknown> => ({requestBody: {required, ...jsonContent(schema)}, responses: OK});

  it('reports a new required body as breaking and a new optional one as compatible', () => {
    expect(changesBetween({responses: OK}, body({type: 'object'}))).toEqual([
      {
        kind: 'request-body-added',
        breaking: true,
        message: 'Added required request body.',
        explanation: 'A new required request body breaks existing requests, which do not send one.',
      },
    ]);
    expect(summarise(changesBetween({responses: OK}, body({type: 'object'}, false)))).toEqual([['compatible', 'Added optional request body.']]);
  });

  it('reports a removed body as breaking', () => {
    expect(changesBetween(body({type: 'object'}), {responses: OK})).toEqual([
      {
        kind: 'request-body-removed',
        breaking: true,
        message: 'Removed request body.',
        explanation: 'Clients that send a body may have their requests rejected, or their data ignored.',
      },
    ]);
  });

  it('reports a body that became required as breaking and one that became optional as compatible', () => {
    expect(changesBetween(body({type: 'object'}, false), body({type: 'object'}))).toEqual([
      {
        kind: 'request-body-required-changed',
        breaking: true,
        message: 'The request body became required.',
        explanation: 'Making the request body required breaks existing requests that leave it out.',
      },
    ]);
    expect(summarise(changesBetween(body({type: 'object'}), body({type: 'object'}, false)))).toEqual([
      ['compatible', 'The request body became optional.'],
    ]);
  });

  it('reports media types: a removed one is breaking, an added one compatible', () => {
    const form = {requestBody: {required: true, content: {'application/x-www-form-urlencoded': {schema: {type: 'object'}}}}, responses: OK};
    expect(summarise(changesBetween(form, body({type: 'object'})))).toEqual([
      ['breaking', 'The request body no longer accepts `application/x-www-form-urlencoded`.'],
      ['compatible', 'The request body also accepts `application/json`.'],
    ]);
    expect(changesBetween(form, body({type: 'object'})).map((change) => change.kind)).toEqual([
      'request-media-type-removed',
      'request-media-type-added',
    ]);
  });

  it('reports nested added fields by dotted path: required ones breaking, optional ones compatible', () => {
    const before = {type: 'object', properties: {address: {type: 'object', properties: {street: {type: 'string'}}}}};
    const after = {
      type: 'object',
      properties: {
        address: {
          type: 'object',
          required: ['postcode'],
          properties: {street: {type: 'string'}, postcode: {type: 'string'}, country: {type: 'string'}},
        },
      },
    };
    expect(changesBetween(body(before), body(after))).toEqual([
      {
        kind: 'request-field-added',
        breaking: true,
        message: 'Added required request field `address.postcode`.',
        explanation: 'A new required request field breaks existing requests that do not send it.',
        field: {in: 'request', path: 'address.postcode'},
      },
      {
        kind: 'request-field-added',
        breaking: false,
        message: 'Added optional request field `address.country`.',
        explanation: 'A new optional request field does not affect existing requests.',
        field: {in: 'request', path: 'address.country'},
      },
    ]);
  });

  it('reports a removed field once, not once per child, and follows array items', () => {
    const before = {
      type: 'object',
      properties: {
        items: {type: 'array', items: {type: 'object', properties: {sku: {type: 'string'}, size: {type: 'object', properties: {cm: {type: 'number'}}}}}},
      },
    };
    const after = {type: 'object', properties: {items: {type: 'array', items: {type: 'object', properties: {sku: {type: 'string'}}}}}};
    expect(changesBetween(body(before), body(after))).toEqual([
      {
        kind: 'request-field-removed',
        breaking: true,
        message: 'Removed request field `items[].size`.',
        explanation: 'Removing a request field breaks clients that send it: the API may reject it or ignore it.',
        field: {in: 'request', path: 'items[].size'},
      },
    ]);
  });

  it('reports a renamed field as a breaking removal plus an added field', () => {
    const before = {type: 'object', properties: {due_date: {type: 'string'}}};
    const after = {type: 'object', properties: {due_at: {type: 'string'}}};
    expect(summarise(changesBetween(body(before), body(after)))).toEqual([
      ['breaking', 'Removed request field `due_date`.'],
      ['compatible', 'Added optional request field `due_at`.'],
    ]);
  });

  it('reports a field that became required as breaking and one that became optional as compatible', () => {
    const optional = {type: 'object', properties: {email: {type: 'string'}}};
    const required = {type: 'object', required: ['email'], properties: {email: {type: 'string'}}};
    expect(changesBetween(body(optional), body(required))).toEqual([
      {
        kind: 'request-field-required-changed',
        breaking: true,
        message: 'Request field `email` became required.',
        explanation: 'Making a request field required breaks existing requests that leave it out.',
        field: {in: 'request', path: 'email'},
      },
    ]);
    expect(changesBetween(body(required), body(optional))).toEqual([
      {
        kind: 'request-field-required-changed',
        breaking: false,
        message: 'Request field `email` became optional.',
        explanation: 'Making a request field optional does not affect requests that send it.',
        field: {in: 'request', path: 'email'},
      },
    ]);
  });

  it('reports type changes by direction: narrowing a request field breaks, widening does not', () => {
    const field = (type: unknown): unknown => ({type: 'object', properties: {phone: {type}}});
    expect(changesBetween(body(field(['string', 'null'])), body(field('string')))).toEqual([
      {
        kind: 'request-field-type-changed',
        breaking: true,
        message: 'Request field `phone` changed type from `string | null` to `string`.',
        explanation: 'Requests that send values of the old type are now rejected.',
        field: {in: 'request', path: 'phone'},
      },
    ]);
    expect(summarise(changesBetween(body(field('string')), body(field(['string', 'null']))))).toEqual([
      ['compatible', 'Request field `phone` changed type from `string` to `string | null`.'],
    ]);
    expect(summarise(changesBetween(body({type: 'object'}), body({type: 'array'})))).toEqual([
      ['breaking', 'The request body changed type from `object` to `array`.'],
    ]);
  });

  it('reads OpenAPI 3.0 `nullable` as a null type', () => {
    const field = (schema: unknown): unknown => ({type: 'object', properties: {phone: schema}});
    expect(summarise(changesBetween(body(field({type: 'string'})), body(field({type: 'string', nullable: true}))))).toEqual([
      ['compatible', 'Request field `phone` changed type from `string` to `string | null`.'],
    ]);
  });

  it('reports enum values of request fields: added compatible, removed breaking', () => {
    const field = (values: string[]): unknown => ({type: 'object', properties: {state: {type: 'string', enum: values}}});
    expect(changesBetween(body(field(['open', 'completed', 'cancelled'])), body(field(['open', 'cancelled', 'on_hold'])))).toEqual([
      {
        kind: 'request-field-enum-values-added',
        breaking: false,
        message: 'Request field `state` accepts the new value `on_hold`.',
        explanation: 'Accepting more values does not affect existing requests.',
        field: {in: 'request', path: 'state'},
      },
      {
        kind: 'request-field-enum-values-removed',
        breaking: true,
        message: 'Request field `state` no longer accepts the value `completed`.',
        explanation: 'Requests that send a removed value are now rejected.',
        field: {in: 'request', path: 'state'},
      },
    ]);
  });

  it('ignores readOnly fields in requests', () => {
    const before = {type: 'object', properties: {name: {type: 'string'}}};
    const after = {type: 'object', required: ['id'], properties: {name: {type: 'string'}, id: {type: 'string', readOnly: true}}};
    expect(changesBetween(body(before), body(after))).toEqual([]);
  });

  it('says a field change once when several media types carry the same schema', () => {
    const schema = (properties: Record<string, unknown>): unknown => ({type: 'object', properties});
    const twoTypes = (properties: Record<string, unknown>): Record<string, unknown> => ({
      requestBody: {
        required: true,
        content: {'application/json': {schema: schema(properties)}, 'application/merge-patch+json': {schema: schema(properties)}},
      },
      responses: OK,
    });
    expect(summarise(changesBetween(twoTypes({a: {type: 'string'}}), twoTypes({})))).toEqual([['breaking', 'Removed request field `a`.']]);
  });
});

describe('diffSpecs: responses', () => {
  const responds = (responses: Record<string, unknown>): Record<string, unknown> => ({responses});
  const ok = (schema: unknown): Record<string, unknown> => ({'200': {description: 'OK', ...jsonContent(schema)}});

  it('reports an added status code as compatible', () => {
    expect(changesBetween(responds(OK), responds({...OK, '409': {description: 'Conflict'}}))).toEqual([
      {
        kind: 'response-status-added',
        breaking: false,
        message: 'Added response `409`.',
        explanation: 'Clients should handle status codes they do not know by their class (2xx, 4xx, 5xx).',
      },
    ]);
  });

  it('reports a removed success status as breaking and a removed error status as compatible', () => {
    expect(changesBetween(responds({...OK, '201': {description: 'Created'}}), responds(OK))).toEqual([
      {
        kind: 'response-status-removed',
        breaking: true,
        message: 'Removed response `201`.',
        explanation: 'Clients that expect this success response will not get it any more.',
      },
    ]);
    expect(changesBetween(responds({...OK, '404': {description: 'Not found'}}), responds(OK))).toEqual([
      {
        kind: 'response-status-removed',
        breaking: false,
        message: 'Removed response `404`.',
        explanation: 'The API no longer sends this error; client code that handles it is simply unused.',
      },
    ]);
  });

  it('reports response media types: a removed one is breaking, an added one compatible', () => {
    const csv = {'200': {description: 'OK', content: {'text/csv': {schema: {type: 'string'}}}}};
    expect(summarise(changesBetween(responds(csv), responds(ok({type: 'object'}))))).toEqual([
      ['breaking', 'The `200` response no longer returns `text/csv`.'],
      ['compatible', 'The `200` response can also return `application/json`.'],
    ]);
  });

  it('reports a removed response field as breaking and an added one as compatible', () => {
    const before = {type: 'object', properties: {metrics: {type: 'object', properties: {sent: {type: 'integer'}, complained: {type: 'integer'}}}}};
    const after = {type: 'object', properties: {metrics: {type: 'object', properties: {sent: {type: 'integer'}, opened: {type: 'integer'}}}}};
    expect(changesBetween(responds(ok(before)), responds(ok(after)))).toEqual([
      {
        kind: 'response-field-removed',
        breaking: true,
        message: 'Removed field `metrics.complained` from the `200` response.',
        explanation: 'Removing a response field breaks clients that read it.',
        field: {in: 'response', status: '200', path: 'metrics.complained'},
      },
      {
        kind: 'response-field-added',
        breaking: false,
        message: 'Added field `metrics.opened` to the `200` response.',
        explanation: 'Clients ignore response fields they do not know, so a new field does not affect them.',
        field: {in: 'response', status: '200', path: 'metrics.opened'},
      },
    ]);
  });

  it('reports a response field that became optional as breaking and one that became required as compatible', () => {
    const optional = {type: 'object', properties: {email: {type: 'string'}}};
    const required = {type: 'object', required: ['email'], properties: {email: {type: 'string'}}};
    expect(changesBetween(responds(ok(required)), responds(ok(optional)))).toEqual([
      {
        kind: 'response-field-required-changed',
        breaking: true,
        message: 'Field `email` of the `200` response became optional.',
        explanation: 'Clients that expect the field in every response break when it is missing.',
        field: {in: 'response', status: '200', path: 'email'},
      },
    ]);
    expect(changesBetween(responds(ok(optional)), responds(ok(required)))).toEqual([
      {
        kind: 'response-field-required-changed',
        breaking: false,
        message: 'Field `email` of the `200` response became required.',
        explanation: 'A field that is now always present does not affect clients.',
        field: {in: 'response', status: '200', path: 'email'},
      },
    ]);
  });

  it('reports type changes by direction: widening a response field breaks, narrowing does not', () => {
    const field = (type: unknown): unknown => ({type: 'object', properties: {data: {type: 'array', items: {type: 'object', properties: {id: {type}}}}}});
    expect(changesBetween(responds(ok(field('string'))), responds(ok(field(['string', 'integer']))))).toEqual([
      {
        kind: 'response-field-type-changed',
        breaking: true,
        message: 'Field `data[].id` of the `200` response changed type from `string` to `string | integer`.',
        explanation: 'Clients that parse the old type break on values of the new type.',
        field: {in: 'response', status: '200', path: 'data[].id'},
      },
    ]);
    expect(changesBetween(responds(ok(field(['string', 'null']))), responds(ok(field('string'))))).toEqual([
      {
        kind: 'response-field-type-changed',
        breaking: false,
        message: 'Field `data[].id` of the `200` response changed type from `string | null` to `string`.',
        explanation: 'Every value of the new type was already possible, so clients already handle it.',
        field: {in: 'response', status: '200', path: 'data[].id'},
      },
    ]);
  });

  it('reports enum values of response fields as compatible either way, and says why', () => {
    const field = (values: string[]): unknown => ({type: 'object', properties: {type: {type: 'string', enum: values}}});
    expect(changesBetween(responds(ok(field(['call', 'email']))), responds(ok(field(['call', 'review']))))).toEqual([
      {
        kind: 'response-field-enum-values-added',
        breaking: false,
        message: 'Field `type` of the `200` response can have the new value `review`.',
        explanation: 'Clients must handle values they do not recognise; one that switches exhaustively over the values should add the new ones.',
        field: {in: 'response', status: '200', path: 'type'},
      },
      {
        kind: 'response-field-enum-values-removed',
        breaking: false,
        message: 'Field `type` of the `200` response no longer has the value `email`.',
        explanation: 'Clients no longer receive the value; code that handles it is simply unused.',
        field: {in: 'response', status: '200', path: 'type'},
      },
    ]);
  });

  it('ignores writeOnly fields in responses', () => {
    const before = {type: 'object', properties: {id: {type: 'string'}, secret: {type: 'string', writeOnly: true}}};
    const after = {type: 'object', properties: {id: {type: 'string'}}};
    expect(changesBetween(responds(ok(before)), responds(ok(after)))).toEqual([]);
  });

  it('treats the variants of a oneOf as one set of fields, so a new variant adds fields and enum values', () => {
    const event = (type: string, extra: Record<string, unknown>): unknown => ({
      type: 'object',
      required: ['type', ...Object.keys(extra)],
      properties: {type: {type: 'string', enum: [type]}, ...extra},
    });
    const list = (variants: unknown[]): unknown => ({type: 'object', properties: {data: {type: 'array', items: {oneOf: variants}}}});
    const before = list([event('email_sent', {subject: {type: 'string'}})]);
    const after = list([event('email_sent', {subject: {type: 'string'}}), event('tag_added', {tag_id: {type: 'string'}})]);
    expect(summarise(changesBetween(responds(ok(before)), responds(ok(after))))).toEqual([
      ['compatible', 'Field `data[].type` of the `200` response can have the new value `tag_added`.'],
      ['compatible', 'Added field `data[].tag_id` to the `200` response.'],
    ]);
  });

  it('merges allOf members into one object', () => {
    const base = {type: 'object', required: ['id'], properties: {id: {type: 'string'}}};
    const before = {allOf: [base, {type: 'object', properties: {name: {type: 'string'}}}]};
    const after = {allOf: [base, {type: 'object', required: ['name'], properties: {name: {type: 'string'}}}]};
    expect(summarise(changesBetween(responds(ok(before)), responds(ok(after))))).toEqual([
      ['compatible', 'Field `name` of the `200` response became required.'],
    ]);
  });
});

describe('diffSpecs: security', () => {
  const secured = (security: unknown): Record<string, unknown> => ({security, responses: OK});

  it('reports a new scope as breaking and a dropped scope as compatible', () => {
    const changes = changesBetween(secured([{oauth2: ['campaigns:read']}, {bearerAuth: []}]), secured([{oauth2: ['reports:read']}, {bearerAuth: []}]));
    expect(changes).toEqual([
      {
        kind: 'security-scopes-added',
        breaking: true,
        message: 'Requires the `oauth2` scope `reports:read`.',
        explanation: 'Tokens without the new scope are refused with 403 Forbidden.',
      },
      {
        kind: 'security-scopes-removed',
        breaking: false,
        message: 'No longer requires the `oauth2` scope `campaigns:read`.',
        explanation: 'Tokens that carry the scope keep working.',
      },
    ]);
  });

  it('reports a removed scheme as breaking and an added alternative as compatible', () => {
    expect(changesBetween(secured([{oauth2: []}, {apiKey: []}]), secured([{oauth2: []}, {bearerAuth: []}]))).toEqual([
      {
        kind: 'security-scheme-removed',
        breaking: true,
        message: 'No longer accepts the security scheme `apiKey`.',
        explanation: 'Clients that authenticate with the removed scheme are refused.',
      },
      {
        kind: 'security-scheme-added',
        breaking: false,
        message: 'Accepts the security scheme `bearerAuth`.',
        explanation: 'The new scheme is an alternative; clients can keep authenticating as before.',
      },
    ]);
  });

  it('reports newly required authentication as breaking and dropped authentication as compatible', () => {
    expect(changesBetween(secured([]), secured([{oauth2: ['things:write']}, {bearerAuth: []}]))).toEqual([
      {
        kind: 'security-required',
        breaking: true,
        message: 'Now requires authentication with `oauth2` or `bearerAuth`.',
        explanation: 'Clients that call the operation without credentials are now refused with 401 Unauthorized.',
      },
    ]);
    expect(changesBetween(secured([{oauth2: []}]), secured([{}, {oauth2: []}]))).toEqual([
      {
        kind: 'security-no-longer-required',
        breaking: false,
        message: 'No longer requires authentication.',
        explanation: 'Clients that send credentials keep working.',
      },
    ]);
  });

  it('uses the document-level security for operations that do not set their own', () => {
    const before = specWithOperation({responses: OK}, {security: [{oauth2: ['things:read']}]});
    const after = specWithOperation({responses: OK}, {security: [{oauth2: ['things:read', 'things:admin']}]});
    expect(summarise(diffSpecs(before, after).changed[0]?.changes ?? [])).toEqual([['breaking', 'Requires the `oauth2` scope `things:admin`.']]);
  });
});

describe('diffSpecs: references', () => {
  it('compares what $refs point to, so moving a schema into components is not a change', () => {
    const inline = specWithOperation(operationWithBodies({type: 'object', properties: {name: {type: 'string'}}}));
    const viaRef = specWithOperation(operationWithBodies({$ref: '#/components/schemas/Thing'}), {
      components: {schemas: {Thing: {type: 'object', properties: {name: {type: 'string'}}}}},
    });
    expect(diffSpecs(inline, viaRef).counts.changed).toBe(0);
  });

  it('sees a change made inside a referenced schema in every operation that uses it', () => {
    const thing = (properties: Record<string, unknown>): Record<string, unknown> => ({components: {schemas: {Thing: {type: 'object', properties}}}});
    const operation = {requestBody: {$ref: '#/components/requestBodies/Thing'}, responses: OK};
    const requestBodies = {requestBodies: {Thing: {required: true, ...jsonContent({$ref: '#/components/schemas/Thing'})}}};
    const before = specWithOperation(operation, {components: {...thing({name: {type: 'string'}}).components as object, ...requestBodies}});
    const after = specWithOperation(operation, {components: {...thing({}).components as object, ...requestBodies}});
    expect(summarise(diffSpecs(before, after).changed[0]?.changes ?? [])).toEqual([['breaking', 'Removed request field `name`.']]);
  });

  it('finishes on recursive schemas and still sees changes in them', () => {
    const node = (extra: Record<string, unknown>): Record<string, unknown> => ({
      components: {
        schemas: {
          Node: {type: 'object', properties: {name: {type: 'string'}, children: {type: 'array', items: {$ref: '#/components/schemas/Node'}}, ...extra}},
        },
      },
    });
    const operation = {responses: {'200': {description: 'OK', ...jsonContent({$ref: '#/components/schemas/Node'})}}};
    const diff = diffSpecs(specWithOperation(operation, node({})), specWithOperation(operation, node({size: {type: 'integer'}})));
    expect(summarise(diff.changed[0]?.changes ?? [])).toEqual([['compatible', 'Added field `size` to the `200` response.']]);
  });
});

describe('RULES', () => {
  it('explains every rule in one sentence or two, ending with a full stop', () => {
    for (const [name, rule] of Object.entries(RULES)) {
      expect(rule.explanation, name).toMatch(/^[A-Z].*\.$/);
    }
  });
});
