// Generates realistic, deterministic OpenAPI 3.1 descriptions of any size, so
// that the build benchmark can measure how the site scales past the 24
// operations of the bundled spec. Pure: no I/O, same seed in, same spec out.
import {mulberry32} from '../scripts/seeded-random';
import {SpecDocument, isObject} from '../src/spec-reader/spec-document';

/** A JSON value as it appears in an OpenAPI document. */
export type JsonValue = string | number | boolean | null | JsonValue[] | {[key: string]: JsonValue};
export type JsonObject = {[key: string]: JsonValue};

export interface GenerateSpecOptions {
  /** Exact number of operations in the document (at least 1). */
  operationCount: number;
  /** Seed of the pseudo-random choices; the same seed gives the same document. */
  seed?: number;
}

export const DEFAULT_SEED = 20_251_122;

/** Operations of one resource, in the order a resource receives them. */
const CRUD = ['list', 'create', 'get', 'update', 'delete'] as const;
type CrudOperation = (typeof CRUD)[number];

/** Two resources per tag, five operations per resource: about N/10 tags. */
const RESOURCES_PER_TAG = 2;

const QUALIFIERS = [
  'client', 'household', 'pension', 'tax', 'estate', 'portfolio', 'compliance', 'adviser', 'branch', 'fund',
  'mortgage', 'insurance', 'savings', 'trust', 'payroll', 'invoice', 'ledger', 'billing', 'audit', 'risk',
  'market', 'cash', 'loan', 'credit', 'retirement', 'wealth', 'partner', 'referral', 'review', 'regulatory',
  'onboarding', 'custody', 'treasury', 'dividend', 'equity', 'bond', 'annuity', 'lending', 'advice', 'planning',
] as const;

const NOUNS: ReadonlyArray<readonly [singular: string, plural: string]> = [
  ['account', 'accounts'], ['holding', 'holdings'], ['transaction', 'transactions'], ['statement', 'statements'],
  ['document', 'documents'], ['note', 'notes'], ['meeting', 'meetings'], ['task', 'tasks'], ['goal', 'goals'],
  ['policy', 'policies'], ['beneficiary', 'beneficiaries'], ['fee', 'fees'], ['mandate', 'mandates'],
  ['instruction', 'instructions'], ['report', 'reports'], ['alert', 'alerts'], ['rule', 'rules'],
  ['schedule', 'schedules'], ['template', 'templates'], ['webhook', 'webhooks'], ['export', 'exports'],
  ['import', 'imports'], ['signature', 'signatures'], ['consent', 'consents'], ['case', 'cases'],
  ['check', 'checks'], ['limit', 'limits'], ['forecast', 'forecasts'], ['quote', 'quotes'], ['order', 'orders'],
  ['position', 'positions'], ['valuation', 'valuations'], ['transfer', 'transfers'], ['payment', 'payments'],
  ['contribution', 'contributions'], ['withdrawal', 'withdrawals'], ['benchmark', 'benchmarks'],
  ['allocation', 'allocations'], ['model', 'models'], ['review', 'reviews'], ['event', 'events'],
  ['snapshot', 'snapshots'], ['rating', 'ratings'], ['score', 'scores'], ['record', 'records'],
  ['request', 'requests'], ['approval', 'approvals'], ['exception', 'exceptions'], ['batch', 'batches'],
  ['channel', 'channels'], ['segment', 'segments'], ['preference', 'preferences'], ['relationship', 'relationships'],
  ['entity', 'entities'], ['address', 'addresses'], ['identity', 'identities'], ['questionnaire', 'questionnaires'],
  ['recommendation', 'recommendations'], ['proposal', 'proposals'], ['agreement', 'agreements'],
];

const STATUSES = [
  ['draft', 'active', 'archived'],
  ['pending', 'approved', 'rejected', 'withdrawn'],
  ['open', 'in_progress', 'resolved', 'closed'],
  ['scheduled', 'running', 'completed', 'failed', 'cancelled'],
] as const;

const CURRENCIES = ['GBP', 'EUR', 'USD', 'CHF', 'SEK'];
const COUNTRIES = ['GB', 'IE', 'DE', 'FR', 'NL', 'SE', 'CH', 'US'];

/** Mulberry32 (scripts/seeded-random.ts): tiny, fast and good enough to vary a fixture deterministically. */
export const createRandom = mulberry32;

interface Resource {
  /** snake_case singular, e.g. `pension_holding`. */
  snake: string;
  /** PascalCase singular, the schema name, e.g. `PensionHolding`. */
  pascal: string;
  /** PascalCase plural, for list operation ids. */
  pascalPlural: string;
  /** Words for summaries, e.g. `pension holding` / `pension holdings`. */
  words: string;
  wordsPlural: string;
  /** kebab-case plural, the collection path segment. */
  kebabPlural: string;
  /** ID prefix, e.g. `phd`. */
  idPrefix: string;
  tag: string;
  operations: CrudOperation[];
  fields: FieldSpec[];
  statuses: readonly string[];
}

interface FieldSpec {
  name: string;
  schema: JsonObject;
  /** Whether a client may set it on create and update. */
  writable: boolean;
  /** Whether create requires it. */
  required: boolean;
  example: JsonValue;
}

const pascal = (words: string[]): string => words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
const title = (words: string[]): string => words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ');

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** A deterministic ULID-like suffix for example IDs. */
function exampleId(random: () => number, prefix: string): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let suffix = '01HZ';
  for (let index = 0; index < 22; index += 1) suffix += alphabet[Math.floor(random() * alphabet.length)];
  return `${prefix}_${suffix}`;
}

function resourceNames(count: number, random: () => number): Array<{qualifier: string; noun: readonly [string, string]}> {
  const names: Array<{qualifier: string; noun: readonly [string, string]}> = [];
  const taken = new Set<string>();
  let round = 0;
  while (names.length < count) {
    const qualifier = pick(random, QUALIFIERS);
    const noun = pick(random, NOUNS);
    // Past the word lists' combinations, a numbered qualifier keeps names unique.
    const roundQualifier = round > 0 ? `${qualifier}${round + 1}` : qualifier;
    const key = `${roundQualifier} ${noun[0]}`;
    if (taken.has(key)) {
      if (taken.size >= QUALIFIERS.length * NOUNS.length * (round + 1) * 0.9) round += 1;
      continue;
    }
    taken.add(key);
    names.push({qualifier: roundQualifier, noun});
  }
  return names;
}

/** Optional fields a resource may carry besides id, status and timestamps. */
function fieldCatalogue(random: () => number, resource: {words: string}): FieldSpec[] {
  const currency = pick(random, CURRENCIES);
  return [
    {
      name: 'name',
      schema: {type: 'string', minLength: 1, maxLength: 200, description: `Display name of the ${resource.words}, shown in the app and in exports.`},
      writable: true,
      required: true,
      example: `${title(resource.words.split(' '))} ${Math.floor(random() * 900) + 100}`,
    },
    {
      name: 'description',
      schema: {type: ['string', 'null'], maxLength: 2000, description: 'Free text for the team. Markdown is not rendered.'},
      writable: true,
      required: false,
      example: 'Reviewed with the client at the annual meeting.',
    },
    {
      name: 'amount',
      schema: {$ref: '#/components/schemas/Money', description: 'Amount in the currency of the account.'},
      writable: true,
      required: false,
      example: {value: '1250.00', currency},
    },
    {
      name: 'address',
      schema: {$ref: '#/components/schemas/PostalAddress', description: 'Postal address used for correspondence.'},
      writable: true,
      required: false,
      example: {line1: '12 Harbour Street', line2: null, city: 'Leith', postal_code: 'EH6 6QN', country: 'GB'},
    },
    {
      name: 'owner',
      schema: {
        type: 'object',
        description: 'The user responsible, and since when.',
        required: ['user_id'],
        properties: {
          user_id: {type: 'string', pattern: '^usr_[0-9A-Za-z]+$', description: 'ID of the responsible user.', example: exampleId(random, 'usr')},
          assigned_at: {type: 'string', format: 'date-time', description: 'When the user became responsible.', example: '2025-03-04T09:30:00Z'},
          team: {
            type: ['object', 'null'],
            description: 'Team of the user, if the workspace uses teams.',
            properties: {
              id: {type: 'string', description: 'ID of the team.', example: exampleId(random, 'team')},
              name: {type: 'string', description: 'Name of the team.', example: 'Edinburgh advisers'},
            },
          },
        },
      },
      writable: true,
      required: false,
      example: {user_id: exampleId(random, 'usr'), assigned_at: '2025-03-04T09:30:00Z', team: null},
    },
    {
      name: 'labels',
      schema: {type: 'array', maxItems: 20, description: 'Free-form labels for filtering.', items: {type: 'string', maxLength: 40, description: 'One label.'}},
      writable: true,
      required: false,
      example: ['priority', 'q3-review'],
    },
    {
      name: 'priority',
      schema: {type: 'integer', minimum: 1, maximum: 5, default: 3, description: 'Priority from 1 (highest) to 5.'},
      writable: true,
      required: false,
      example: 2,
    },
    {
      name: 'rate',
      schema: {type: 'number', minimum: 0, maximum: 100, description: 'Annual rate as a percentage.'},
      writable: true,
      required: false,
      example: 4.25,
    },
    {
      name: 'is_visible_to_client',
      schema: {type: 'boolean', default: false, description: 'Whether the client sees it in the client portal.'},
      writable: true,
      required: false,
      example: true,
    },
    {
      name: 'due_on',
      schema: {type: ['string', 'null'], format: 'date', description: 'Calendar date by which it is due, in the workspace time zone.'},
      writable: true,
      required: false,
      example: '2025-09-30',
    },
    {
      name: 'external_reference',
      schema: {type: ['string', 'null'], maxLength: 100, description: 'Your own identifier, for example the ID in your CRM. Not unique.'},
      writable: true,
      required: false,
      example: 'CRM-004217',
    },
    {
      name: 'delivery',
      schema: {
        description: 'How notifications about it are delivered.',
        oneOf: [{$ref: '#/components/schemas/EmailDelivery'}, {$ref: '#/components/schemas/SmsDelivery'}],
        discriminator: {propertyName: 'channel', mapping: {email: '#/components/schemas/EmailDelivery', sms: '#/components/schemas/SmsDelivery'}},
      },
      writable: true,
      required: false,
      example: {channel: 'email', address: 'ops@example.net'},
    },
    {
      name: 'notes',
      schema: {
        type: 'array',
        description: 'Notes added by the team, oldest first.',
        maxItems: 100,
        items: {
          type: 'object',
          required: ['author_id', 'body'],
          properties: {
            author_id: {type: 'string', description: 'ID of the user who wrote the note.', example: exampleId(random, 'usr')},
            body: {type: 'string', maxLength: 5000, description: 'Text of the note.', example: 'Called the client; documents to follow.'},
            created_at: {type: 'string', format: 'date-time', readOnly: true, description: 'When the note was added.', example: '2025-03-04T09:30:00Z'},
          },
        },
      },
      writable: true,
      required: false,
      example: [{author_id: exampleId(random, 'usr'), body: 'Called the client; documents to follow.'}],
    },
  ];
}

function buildResources(operationCount: number, random: () => number): Resource[] {
  const resourceCount = Math.ceil(operationCount / CRUD.length);
  const names = resourceNames(resourceCount, random);
  const prefixes = new Set<string>();
  const resources: Resource[] = [];
  names.forEach(({qualifier, noun}, index) => {
    const words = [qualifier, noun[0]];
    const wordsPlural = [qualifier, noun[1]];
    let idPrefix = `${qualifier.slice(0, 2)}${noun[0].slice(0, 2)}`;
    for (let suffix = 2; prefixes.has(idPrefix); suffix += 1) idPrefix = `${qualifier.slice(0, 2)}${noun[0].slice(0, 2)}${suffix}`;
    prefixes.add(idPrefix);
    const remaining = operationCount - index * CRUD.length;
    const tagLeader = names[index - (index % RESOURCES_PER_TAG)]!;
    const resourceWords = {words: words.join(' ')};
    const catalogue = fieldCatalogue(random, resourceWords);
    // Every resource has a name; others vary between 4 and 10 extra fields.
    // The oneOf field (delivery) appears on about one resource in four.
    const [nameField, ...optional] = catalogue;
    const chosen = optional.filter((field) => (field.name === 'delivery' ? random() < 0.25 : random() < 0.55));
    resources.push({
      snake: words.join('_'),
      pascal: pascal(words),
      pascalPlural: pascal(wordsPlural),
      words: words.join(' '),
      wordsPlural: wordsPlural.join(' '),
      kebabPlural: wordsPlural.join('-'),
      idPrefix,
      tag: title([tagLeader.qualifier.replace(/\d+$/, (digits) => ` ${digits}`), tagLeader.noun[1]]),
      operations: CRUD.slice(0, Math.min(CRUD.length, remaining)),
      fields: [nameField!, ...chosen],
      statuses: pick(random, STATUSES),
    });
  });
  return resources;
}

const problemResponse = (name: string): JsonObject => ({$ref: `#/components/responses/${name}`});

function resourceSchema(resource: Resource, random: () => number): JsonObject {
  const properties: JsonObject = {
    id: {type: 'string', readOnly: true, pattern: `^${resource.idPrefix}_[0-9A-Za-z]+$`, description: `Unique ID of the ${resource.words}, starting with \`${resource.idPrefix}_\`.`, example: exampleId(random, resource.idPrefix)},
    object: {type: 'string', const: resource.snake, description: 'Type of the object, always the same for this resource.'},
    status: {type: 'string', enum: [...resource.statuses], description: `Where the ${resource.words} is in its life cycle.`, example: resource.statuses[0]!},
  };
  for (const field of resource.fields) properties[field.name] = field.schema;
  properties.metadata = {$ref: '#/components/schemas/Metadata'};
  properties.created_at = {type: 'string', format: 'date-time', readOnly: true, description: 'When it was created, in UTC.', example: '2025-01-15T10:04:05Z'};
  properties.updated_at = {type: 'string', format: 'date-time', readOnly: true, description: 'When it last changed, in UTC.', example: '2025-02-01T16:20:00Z'};
  return {
    type: 'object',
    description: `A ${resource.words} in the workspace.`,
    required: ['id', 'object', 'status', 'name', 'created_at', 'updated_at'],
    properties,
  };
}

function createSchema(resource: Resource): JsonObject {
  const properties: JsonObject = {};
  for (const field of resource.fields) if (field.writable) properties[field.name] = field.schema;
  properties.metadata = {$ref: '#/components/schemas/Metadata'};
  return {
    type: 'object',
    description: `Fields of a new ${resource.words}.`,
    required: resource.fields.filter((field) => field.required).map((field) => field.name),
    properties,
  };
}

function updateSchema(resource: Resource): JsonObject {
  const properties: JsonObject = {
    status: {type: 'string', enum: [...resource.statuses], description: `New status of the ${resource.words}.`},
  };
  for (const field of resource.fields) if (field.writable) properties[field.name] = field.schema;
  return {
    type: 'object',
    description: `Fields to change on a ${resource.words}, as a JSON Merge Patch: leave out what should not change.`,
    minProperties: 1,
    properties,
  };
}

function createExample(resource: Resource): JsonObject {
  const example: JsonObject = {};
  for (const field of resource.fields) if (field.writable) example[field.name] = field.example;
  return example;
}

function idParameter(resource: Resource, random: () => number): JsonObject {
  return {
    name: `${resource.snake}_id`,
    in: 'path',
    required: true,
    description: `ID of the ${resource.words}, as returned when it was created.`,
    schema: {type: 'string', pattern: `^${resource.idPrefix}_[0-9A-Za-z]+$`},
    example: exampleId(random, resource.idPrefix),
  };
}

function operationsOf(resource: Resource, random: () => number): {collection: JsonObject; item: JsonObject} {
  const collection: JsonObject = {};
  const item: JsonObject = {};
  const ref = `#/components/schemas/${resource.pascal}`;
  const scopeRead = `${resource.kebabPlural}:read`;
  const scopeWrite = `${resource.kebabPlural}:write`;
  for (const operation of resource.operations) {
    switch (operation) {
      case 'list':
        collection.get = {
          operationId: `list${resource.pascalPlural}`,
          tags: [resource.tag],
          summary: `List ${resource.wordsPlural}`,
          description: `Returns the ${resource.wordsPlural} of the workspace, newest first, one page at a time. Filter by status or by creation time; filters combine with AND.`,
          security: [{bearerAuth: [scopeRead]}],
          parameters: [
            {$ref: '#/components/parameters/PageSize'},
            {$ref: '#/components/parameters/PageCursor'},
            {
              name: 'status',
              in: 'query',
              description: `Only ${resource.wordsPlural} with this status.`,
              schema: {type: 'string', enum: [...resource.statuses]},
              example: resource.statuses[0]!,
            },
            {
              name: 'created_after',
              in: 'query',
              description: 'Only those created at or after this time (RFC 3339).',
              schema: {type: 'string', format: 'date-time'},
              example: '2025-01-01T00:00:00Z',
            },
          ],
          responses: {
            '200': {
              description: `A page of ${resource.wordsPlural}.`,
              content: {'application/json': {schema: {$ref: `#/components/schemas/${resource.pascal}List`}}},
            },
            '400': problemResponse('ProblemBadRequest'),
            '401': problemResponse('ProblemUnauthorized'),
            '429': problemResponse('ProblemTooManyRequests'),
          },
        };
        break;
      case 'create':
        collection.post = {
          operationId: `create${resource.pascal}`,
          tags: [resource.tag],
          summary: `Create a ${resource.words}`,
          description: `Creates a ${resource.words} and returns it with its new \`id\`. Send an \`Idempotency-Key\` so that a retry cannot create it twice.`,
          security: [{bearerAuth: [scopeWrite]}],
          parameters: [{$ref: '#/components/parameters/IdempotencyKeyHeader'}],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {$ref: `#/components/schemas/${resource.pascal}Create`},
                examples: {typical: {summary: `A typical new ${resource.words}`, value: createExample(resource)}},
              },
            },
          },
          responses: {
            '201': {
              description: `The ${resource.words} was created.`,
              headers: {Location: {description: 'URL of the new resource.', schema: {type: 'string', format: 'uri-reference'}}},
              content: {'application/json': {schema: {$ref: ref}}},
            },
            '401': problemResponse('ProblemUnauthorized'),
            '409': problemResponse('ProblemConflict'),
            '422': problemResponse('ProblemUnprocessableEntity'),
          },
        };
        break;
      case 'get':
        item.get = {
          operationId: `get${resource.pascal}`,
          tags: [resource.tag],
          summary: `Get a ${resource.words}`,
          description: `Returns one ${resource.words} by its ID.`,
          security: [{bearerAuth: [scopeRead]}],
          parameters: [idParameter(resource, random)],
          responses: {
            '200': {description: `The ${resource.words}.`, content: {'application/json': {schema: {$ref: ref}}}},
            '401': problemResponse('ProblemUnauthorized'),
            '404': problemResponse('ProblemNotFound'),
          },
        };
        break;
      case 'update':
        item.patch = {
          operationId: `update${resource.pascal}`,
          tags: [resource.tag],
          summary: `Update a ${resource.words}`,
          description: `Changes the fields you send and leaves the others as they are. Send \`null\` to clear a field that may be empty.`,
          security: [{bearerAuth: [scopeWrite]}],
          parameters: [idParameter(resource, random)],
          requestBody: {
            required: true,
            content: {'application/json': {schema: {$ref: `#/components/schemas/${resource.pascal}Update`}}},
          },
          responses: {
            '200': {description: `The updated ${resource.words}.`, content: {'application/json': {schema: {$ref: ref}}}},
            '401': problemResponse('ProblemUnauthorized'),
            '404': problemResponse('ProblemNotFound'),
            '422': problemResponse('ProblemUnprocessableEntity'),
          },
        };
        break;
      case 'delete':
        item.delete = {
          operationId: `delete${resource.pascal}`,
          tags: [resource.tag],
          summary: `Delete a ${resource.words}`,
          description: `Deletes the ${resource.words}. This cannot be undone; an \`archived\` status is often the better choice.`,
          security: [{bearerAuth: [scopeWrite]}],
          parameters: [idParameter(resource, random)],
          responses: {
            '204': {description: 'Deleted; there is no body.'},
            '401': problemResponse('ProblemUnauthorized'),
            '404': problemResponse('ProblemNotFound'),
            '409': problemResponse('ProblemConflict'),
          },
        };
        break;
    }
  }
  return {collection, item};
}

function problemResponseComponent(status: number, title: string, detail: string, schema = 'ProblemDetails'): JsonObject {
  return {
    description: title,
    content: {
      'application/problem+json': {
        schema: {$ref: `#/components/schemas/${schema}`},
        example: {type: 'about:blank', title, status, detail, request_id: 'req_01HZXA96Y76S8A9RTCV5KWP9DC'},
      },
    },
  };
}

function sharedComponents(): {schemas: JsonObject; responses: JsonObject; parameters: JsonObject} {
  return {
    parameters: {
      PageSize: {name: 'limit', in: 'query', description: 'Maximum number of items on the page.', schema: {type: 'integer', minimum: 1, maximum: 100, default: 25}, example: 25},
      PageCursor: {name: 'cursor', in: 'query', description: 'The `next_cursor` of the previous page. Leave it out for the first page.', schema: {type: 'string'}, example: 'Y3Vyc29yOjEyMw'},
      IdempotencyKeyHeader: {name: 'Idempotency-Key', in: 'header', description: 'A unique key (a UUID) that makes a retry safe: the same key within 24 hours returns the first response.', schema: {type: 'string', maxLength: 255}, example: '4f1c9a3e-2b7d-4c55-9a61-0d2e8f6b7c10'},
    },
    responses: {
      ProblemBadRequest: problemResponseComponent(400, 'Bad request', 'The query parameter "limit" must be between 1 and 100.'),
      ProblemUnauthorized: problemResponseComponent(401, 'Unauthorized', 'The access token is missing, expired or revoked.'),
      ProblemNotFound: problemResponseComponent(404, 'Not found', 'There is no such resource in this workspace.'),
      ProblemConflict: problemResponseComponent(409, 'Conflict', 'The request conflicts with the current state of the resource.'),
      ProblemUnprocessableEntity: problemResponseComponent(422, 'Your request is not valid', '1 field failed validation.', 'ValidationProblem'),
      ProblemTooManyRequests: problemResponseComponent(429, 'Too many requests', 'Wait 12 seconds before trying again.'),
    },
    schemas: {
      ProblemDetails: {
        type: 'object',
        description: 'Problem details (RFC 9457).',
        required: ['type', 'title', 'status'],
        properties: {
          type: {type: 'string', format: 'uri-reference', description: 'URI that identifies the problem type.'},
          title: {type: 'string', description: 'Short summary for people; may change.'},
          status: {type: 'integer', description: 'HTTP status code.'},
          detail: {type: 'string', description: 'Explanation of this occurrence.'},
          instance: {type: 'string', description: 'Path of the request.'},
          request_id: {type: 'string', description: 'ID to quote when contacting support.'},
        },
      },
      ValidationProblem: {
        description: 'Problem details with one entry per invalid field.',
        allOf: [
          {$ref: '#/components/schemas/ProblemDetails'},
          {
            type: 'object',
            properties: {
              errors: {
                type: 'array',
                description: 'The invalid fields.',
                items: {
                  type: 'object',
                  required: ['pointer', 'detail'],
                  properties: {
                    pointer: {type: 'string', description: 'JSON Pointer to the field.', example: '/name'},
                    detail: {type: 'string', description: 'What is wrong with it.', example: 'must not be empty'},
                    code: {type: 'string', enum: ['required', 'invalid_format', 'too_long', 'not_allowed'], description: 'Machine-readable reason.'},
                  },
                },
              },
            },
          },
        ],
      },
      Money: {
        type: 'object',
        description: 'An amount of money. The value is a decimal string to avoid rounding.',
        required: ['value', 'currency'],
        properties: {
          value: {type: 'string', pattern: '^-?[0-9]+(\\.[0-9]{1,4})?$', description: 'Decimal amount.', example: '1250.00'},
          currency: {type: 'string', enum: CURRENCIES, description: 'ISO 4217 currency code.', example: 'GBP'},
        },
      },
      PostalAddress: {
        type: 'object',
        description: 'A postal address.',
        required: ['line1', 'city', 'country'],
        properties: {
          line1: {type: 'string', maxLength: 200, description: 'First line.', example: '12 Harbour Street'},
          line2: {type: ['string', 'null'], maxLength: 200, description: 'Second line, if any.'},
          city: {type: 'string', maxLength: 100, description: 'Town or city.', example: 'Leith'},
          postal_code: {type: ['string', 'null'], maxLength: 20, description: 'Postcode or ZIP code.', example: 'EH6 6QN'},
          country: {type: 'string', enum: COUNTRIES, description: 'ISO 3166-1 alpha-2 country code.', example: 'GB'},
        },
      },
      Metadata: {
        type: 'object',
        description: 'Up to 20 key-value pairs of your own. Keys up to 40 characters, values up to 500.',
        maxProperties: 20,
        additionalProperties: {type: 'string', maxLength: 500},
        example: {crm_id: '004217'},
      },
      EmailDelivery: {
        type: 'object',
        description: 'Delivery by email.',
        required: ['channel', 'address'],
        properties: {
          channel: {type: 'string', const: 'email', description: 'Always `email`.'},
          address: {type: 'string', format: 'email', description: 'Recipient address.', example: 'ops@example.net'},
        },
      },
      SmsDelivery: {
        type: 'object',
        description: 'Delivery by text message.',
        required: ['channel', 'phone'],
        properties: {
          channel: {type: 'string', const: 'sms', description: 'Always `sms`.'},
          phone: {type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$', description: 'Phone number in E.164 format.', example: '+447700900123'},
        },
      },
    },
  };
}

/** An OpenAPI 3.1 document with exactly `operationCount` operations. */
export function generateSpec({operationCount, seed = DEFAULT_SEED}: GenerateSpecOptions): JsonObject {
  if (!Number.isInteger(operationCount) || operationCount < 1) {
    throw new Error(`[bench] operationCount must be a positive integer, got ${String(operationCount)}`);
  }
  const random = createRandom(seed);
  const resources = buildResources(operationCount, random);
  const shared = sharedComponents();
  const schemas: JsonObject = {...shared.schemas};
  const paths: JsonObject = {};
  const tags: JsonObject[] = [];
  const seenTags = new Set<string>();

  for (const resource of resources) {
    if (!seenTags.has(resource.tag)) {
      seenTags.add(resource.tag);
      tags.push({name: resource.tag, description: `Work with ${resource.tag.toLowerCase()} and the records next to them.`});
    }
    schemas[resource.pascal] = resourceSchema(resource, random);
    const {collection, item} = operationsOf(resource, random);
    if (collection.post !== undefined) schemas[`${resource.pascal}Create`] = createSchema(resource);
    if (item.patch !== undefined) schemas[`${resource.pascal}Update`] = updateSchema(resource);
    if (collection.get !== undefined) {
      schemas[`${resource.pascal}List`] = {
        type: 'object',
        description: `A page of ${resource.wordsPlural}.`,
        required: ['data', 'has_more', 'next_cursor'],
        properties: {
          data: {type: 'array', items: {$ref: `#/components/schemas/${resource.pascal}`}, description: 'Items on this page.'},
          has_more: {type: 'boolean', description: 'Whether another page follows.'},
          next_cursor: {type: ['string', 'null'], description: 'Cursor of the next page, or `null` on the last page.'},
        },
      };
    }
    const collectionPath = `/v1/${resource.kebabPlural}`;
    if (Object.keys(collection).length > 0) paths[collectionPath] = collection;
    if (Object.keys(item).length > 0) paths[`${collectionPath}/{${resource.snake}_id}`] = item;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: `Benchmark API (${operationCount} operations)`,
      version: '1.0.0',
      summary: 'A generated API description that stands in for a large product API.',
      description: [
        `Generated by \`bench/generate-spec.ts\` with seed ${seed}: ${resources.length} resources in ${tags.length} tags.`,
        '',
        '## Authentication',
        '',
        'Send a bearer token in the `Authorization` header of every request.',
        '',
        '## Errors',
        '',
        'Errors use problem details (RFC 9457) with the media type `application/problem+json`.',
      ].join('\n'),
      contact: {name: 'API support', email: 'api-support@example.net'},
      license: {name: 'Proprietary', identifier: 'LicenseRef-Proprietary'},
    },
    servers: [{url: 'https://api.example.net', description: 'Production'}],
    security: [{bearerAuth: []}],
    tags,
    paths,
    components: {
      securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer', description: 'An access token from the OAuth 2.0 client credentials flow.'}},
      parameters: shared.parameters,
      responses: shared.responses,
      schemas,
    },
  };
}

/** Number of operations under `paths`, walked as the site walks them. */
export function countOperations(spec: unknown): number {
  return isObject(spec) ? new SpecDocument(spec).operations().length : 0;
}

const COMPONENT_SECTIONS = ['schemas', 'parameters', 'responses', 'securitySchemes'] as const;

function asObject(value: JsonValue | undefined): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}

/**
 * Grows an existing description (the bundled Meridian spec) to exactly
 * `operationCount` operations with generated resources, keeping its own
 * operations, title and links: the site links to some of its pages by name,
 * so a larger API is the product API plus more, not a different API. Throws
 * when a generated path, tag or component name is already taken.
 */
export function extendSpec(base: JsonObject, {operationCount, seed = DEFAULT_SEED}: GenerateSpecOptions): JsonObject {
  const baseCount = countOperations(base);
  if (!Number.isInteger(operationCount) || operationCount < baseCount) {
    throw new Error(`[bench] operationCount must be an integer of at least ${baseCount} (the base spec's operations), got ${String(operationCount)}`);
  }
  const extended = structuredClone(base);
  if (operationCount === baseCount) return extended;
  const generated = generateSpec({operationCount: operationCount - baseCount, seed});

  const paths = asObject(extended.paths);
  for (const [route, pathItem] of Object.entries(asObject(generated.paths))) {
    if (route in paths) throw new Error(`[bench] generated path "${route}" is already in the base spec`);
    paths[route] = pathItem;
  }
  extended.paths = paths;

  const tags = Array.isArray(extended.tags) ? extended.tags : [];
  const tagNames = new Set(tags.map((tag) => asObject(tag).name));
  for (const tag of Array.isArray(generated.tags) ? generated.tags : []) {
    if (tagNames.has(asObject(tag).name)) throw new Error(`[bench] generated tag "${String(asObject(tag).name)}" is already in the base spec`);
    tags.push(tag);
  }
  extended.tags = tags;

  const components = asObject(extended.components);
  const generatedComponents = asObject(generated.components);
  for (const section of COMPONENT_SECTIONS) {
    const target = asObject(components[section]);
    for (const [name, value] of Object.entries(asObject(generatedComponents[section]))) {
      if (section === 'securitySchemes' && name in target) continue;
      if (name in target) throw new Error(`[bench] generated component ${section}/${name} is already in the base spec`);
      target[name] = value;
    }
    components[section] = target;
  }
  extended.components = components;
  return extended;
}
