import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';

// Content checks for the bundled API description. `redocly lint` checks that the document is
// valid OpenAPI and that examples match their schemas; these tests check what the docs site
// and its readers rely on: the exact set of operations, and that every part is documented.

type JsonObject = {[key: string]: unknown};

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function loadSpec(): JsonObject {
  const document: unknown = parse(readFileSync(new URL('../meridian.yaml', import.meta.url), 'utf8'));
  if (!isObject(document)) throw new Error('openapi/meridian.yaml does not hold a YAML mapping');
  return document;
}

const spec = loadSpec();

// Its own list and walk, not src/spec-reader/spec-document.ts's, on purpose: these tests check the file, whichever code reads it.
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const EXPECTED_OPERATIONS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['listActions', 'get', '/v1/actions', 'Actions'],
  ['createAction', 'post', '/v1/actions', 'Actions'],
  ['getAction', 'get', '/v1/actions/{actionId}', 'Actions'],
  ['updateAction', 'patch', '/v1/actions/{actionId}', 'Actions'],
  ['deleteAction', 'delete', '/v1/actions/{actionId}', 'Actions'],
  ['completeAction', 'post', '/v1/actions/{actionId}/complete', 'Actions'],
  ['listContacts', 'get', '/v1/contacts', 'Contacts'],
  ['createContact', 'post', '/v1/contacts', 'Contacts'],
  ['getContact', 'get', '/v1/contacts/{contactId}', 'Contacts'],
  ['updateContact', 'patch', '/v1/contacts/{contactId}', 'Contacts'],
  ['deleteContact', 'delete', '/v1/contacts/{contactId}', 'Contacts'],
  ['createContactTag', 'post', '/v1/contacts/{contactId}/tags', 'Contact Tags'],
  ['deleteContactTag', 'delete', '/v1/contacts/{contactId}/tags/{tagId}', 'Contact Tags'],
  ['listTags', 'get', '/v1/tags', 'Tags'],
  ['createTag', 'post', '/v1/tags', 'Tags'],
  ['listUsers', 'get', '/v1/users', 'Users'],
  ['getUser', 'get', '/v1/users/{userId}', 'Users'],
  ['deleteUser', 'delete', '/v1/users/{userId}', 'Users'],
  ['listCampaigns', 'get', '/v1/campaigns', 'Campaigns'],
  ['getCampaignReport', 'get', '/v1/campaigns/{campaignId}/report', 'Campaign Reports'],
  ['listReplies', 'get', '/v1/replies', 'Replies'],
  ['listAttributes', 'get', '/v1/attributes', 'Attributes'],
  ['getContactTimeline', 'get', '/v1/contacts/{contactId}/timeline', 'Contact Timeline'],
  ['getAccessToken', 'post', '/v1/oauth/token', 'Access Tokens'],
];

const EXPECTED_TAGS = [
  'Access Tokens',
  'Contacts',
  'Contact Tags',
  'Contact Timeline',
  'Attributes',
  'Tags',
  'Actions',
  'Campaigns',
  'Campaign Reports',
  'Replies',
  'Users',
];

const CREATING_POSTS = ['createAction', 'createContact', 'createContactTag', 'createTag', 'completeAction'];

const LIST_OPERATIONS = [
  'listActions',
  'listContacts',
  'listTags',
  'listUsers',
  'listCampaigns',
  'listReplies',
  'listAttributes',
  'getContactTimeline',
];

/** Follows a local `$ref` such as `#/components/schemas/Contact`. */
function resolvePointer(ref: string): unknown {
  if (!ref.startsWith('#/')) {
    throw new Error(`Only local $refs are expected in the bundled description, got ${ref}`);
  }
  let node: unknown = spec;
  for (const rawSegment of ref.slice(2).split('/')) {
    const segment = rawSegment.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(node) || !(segment in node)) {
      throw new Error(`$ref ${ref} does not resolve (no "${segment}")`);
    }
    node = node[segment];
  }
  return node;
}

/** Returns the object itself, or what its `$ref` (chain) points to. */
function deref(value: unknown): JsonObject {
  let node = value;
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string'; hops += 1) {
    if (hops > 10) throw new Error(`$ref chain too long at ${String(node.$ref)}`);
    node = resolvePointer(node.$ref);
  }
  if (!isObject(node)) throw new Error(`Expected an object, got ${JSON.stringify(value)}`);
  return node;
}

const asObject = (value: unknown): JsonObject => (isObject(value) ? value : {});
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0;

interface Operation {
  id: string;
  method: string;
  path: string;
  node: JsonObject;
  pathItem: JsonObject;
}

const operations: Operation[] = Object.entries(asObject(spec.paths)).flatMap(([path, pathItem]) =>
  Object.entries(asObject(pathItem))
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, node]) => ({
      id: String(asObject(node).operationId),
      method,
      path,
      node: asObject(node),
      pathItem: asObject(pathItem),
    })),
);

const operationById = (id: string): Operation => {
  const operation = operations.find((candidate) => candidate.id === id);
  if (!operation) throw new Error(`No operation with operationId ${id}`);
  return operation;
};

/** Operation-level parameters plus path-level ones, dereferenced. */
const parametersOf = (operation: Operation): JsonObject[] =>
  [...asArray(operation.pathItem.parameters), ...asArray(operation.node.parameters)].map(deref);

const responsesOf = (operation: Operation): Array<[string, JsonObject]> =>
  Object.entries(asObject(operation.node.responses)).map(([status, response]) => [
    status,
    deref(response),
  ]);

const hasExample = (holder: JsonObject): boolean =>
  holder.example !== undefined ||
  (isObject(holder.examples) && Object.keys(holder.examples).length > 0);

/**
 * Visits every schema in the document: component schemas, schemas of parameters, headers and
 * media types, and every subschema below them. `$ref`s are not followed, so each schema is
 * visited where it is written.
 */
function visitSchemas(visit: (schema: JsonObject, where: string) => void): void {
  const walkSchema = (schema: unknown, where: string): void => {
    if (!isObject(schema) || typeof schema.$ref === 'string') {
      if (isObject(schema)) visit(schema, where);
      return;
    }
    visit(schema, where);
    for (const [name, property] of Object.entries(asObject(schema.properties))) {
      walkSchema(property, `${where}.properties.${name}`);
    }
    for (const keyword of ['items', 'additionalProperties', 'not', 'contains', 'propertyNames']) {
      if (isObject(schema[keyword])) walkSchema(schema[keyword], `${where}.${keyword}`);
    }
    for (const keyword of ['allOf', 'oneOf', 'anyOf', 'prefixItems']) {
      asArray(schema[keyword]).forEach((subschema, index) =>
        walkSchema(subschema, `${where}.${keyword}[${index}]`),
      );
    }
  };
  const walkDocument = (node: unknown, where: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walkDocument(item, `${where}[${index}]`));
      return;
    }
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      // Example values are data, not schemas.
      if (key === 'example' || key === 'examples') continue;
      if (key === 'schema') walkSchema(value, `${where}.schema`);
      else walkDocument(value, `${where}.${key}`);
    }
  };
  for (const [name, schema] of Object.entries(asObject(asObject(spec.components).schemas))) {
    walkSchema(schema, `components.schemas.${name}`);
  }
  walkDocument(spec.paths, 'paths');
  for (const [section, entries] of Object.entries(asObject(spec.components))) {
    if (section !== 'schemas') walkDocument(entries, `components.${section}`);
  }
}

/**
 * Every human-readable text that the docs site turns into MDX: `description` and `summary`
 * anywhere outside example values.
 */
function collectProse(): Array<{where: string; text: string}> {
  const texts: Array<{where: string; text: string}> = [];
  const walk = (node: unknown, where: string, inExampleValue: boolean): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${where}[${index}]`, inExampleValue));
      return;
    }
    if (!isObject(node) || inExampleValue) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example' || key === 'value' || key === 'x-codeSamples') continue;
      if ((key === 'description' || key === 'summary') && typeof value === 'string') {
        texts.push({where: `${where}.${key}`, text: value});
        continue;
      }
      walk(value, `${where}.${key}`, false);
    }
  };
  walk(spec, '#', false);
  return texts;
}

/** Removes fenced code blocks and inline code spans, where braces and angle brackets are safe. */
const stripCode = (markdown: string): string =>
  markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

describe('openapi/meridian.yaml', () => {
  describe('document', () => {
    it('is OpenAPI 3.1.0 titled "Meridian API" with a semantic version', () => {
      const info = asObject(spec.info);
      expect(spec.openapi).toBe('3.1.0');
      expect(info.title).toBe('Meridian API');
      expect(info.version).toMatch(/^\d+\.\d+\.\d+$/);
    });

    it('names a contact and a licence with URLs on .example domains', () => {
      const info = asObject(spec.info);
      const contact = asObject(info.contact);
      const license = asObject(info.license);
      expect(contact.name).toEqual(expect.any(String));
      expect(contact.email).toMatch(/@[a-z0-9.-]+\.example$/);
      expect(new URL(String(contact.url)).hostname).toMatch(/\.example$/);
      expect(license.name).toEqual(expect.any(String));
      expect(new URL(String(license.url)).hostname).toMatch(/\.example$/);
    });

    it('has a getting-started guide in info.description', () => {
      const description = String(asObject(spec.info).description);
      const headings = [...description.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
      const required = [
        'Base URLs',
        'Authentication',
        'Pagination',
        'Errors',
        'Rate limits',
        'Idempotency',
        'Versioning',
        'Dates and times',
        'IDs',
      ];
      expect(required.filter((heading) => !headings.includes(heading))).toEqual([]);
      expect(description).toContain('curl https://api.meridian.example/v1/oauth/token');
      expect(description).toContain('grant_type=client_credentials');
      expect(description).toContain('application/problem+json');
      expect(description).toContain('Idempotency-Key');
      for (const header of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']) {
        expect(description).toContain(header);
      }
    });

    it('lists the production and sandbox servers, on .example domains only', () => {
      const servers = asArray(spec.servers).map(asObject);
      expect(servers.map(({url, description}) => ({url, description}))).toEqual([
        {url: 'https://api.meridian.example', description: 'Production'},
        {url: 'https://sandbox.api.meridian.example', description: 'Sandbox'},
      ]);
      const offDomain = servers
        .map(({url}) => String(url))
        .filter((url) => !new URL(url).hostname.endsWith('.example'));
      expect(offDomain).toEqual([]);
    });

    it('resolves every $ref', () => {
      const broken: string[] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(walk);
        if (!isObject(node)) return;
        if (typeof node.$ref === 'string') {
          try {
            resolvePointer(node.$ref);
          } catch (error) {
            broken.push((error as Error).message);
          }
        }
        Object.values(node).forEach(walk);
      };
      walk(spec);
      expect(broken).toEqual([]);
    });

    it('keeps prose MDX-safe: no raw HTML, JSX or braces outside code', () => {
      const offenders = collectProse()
        .filter(({text}) => /[<{}]/.test(stripCode(text)))
        .map(({where}) => where);
      expect(offenders).toEqual([]);
    });
  });

  describe('operations', () => {
    it('are exactly the 24 expected operationIds, methods, paths and tags', () => {
      const actual = operations
        .map(({id, method, path, node}) => `${id} ${method.toUpperCase()} ${path} [${asArray(node.tags).join(', ')}]`)
        .sort();
      const expected = EXPECTED_OPERATIONS.map(
        ([id, method, path, tag]) => `${id} ${method.toUpperCase()} ${path} [${tag}]`,
      ).sort();
      expect(actual).toEqual(expected);
    });

    it('each have a summary and a description of several sentences', () => {
      const offenders = operations.flatMap(({id, node}) => {
        const problems: string[] = [];
        if (!isNonEmptyString(node.summary)) problems.push(`${id}: no summary`);
        else if (node.summary.length > 60) problems.push(`${id}: summary longer than 60 characters`);
        const sentences = String(node.description ?? '').match(/[.!?](\s|$)/g) ?? [];
        if (sentences.length < 2) problems.push(`${id}: description has fewer than 2 sentences`);
        return problems;
      });
      expect(offenders).toEqual([]);
    });

    it('each have a 2xx response, with an example for every media type it returns', () => {
      const offenders = operations.flatMap((operation) => {
        const successes = responsesOf(operation).filter(([status]) => /^2\d\d$/.test(status));
        if (successes.length === 0) return [`${operation.id}: no 2xx response`];
        return successes.flatMap(([status, response]) => {
          const content = asObject(response.content);
          if (status === '204') {
            return Object.keys(content).length > 0 ? [`${operation.id} 204: has a body`] : [];
          }
          if (Object.keys(content).length === 0) return [`${operation.id} ${status}: no content`];
          return Object.entries(content)
            .filter(([, mediaType]) => !hasExample(asObject(mediaType)))
            .map(([mediaTypeName]) => `${operation.id} ${status} ${mediaTypeName}: no example`);
        });
      });
      expect(offenders).toEqual([]);
    });

    it('each describe their errors as application/problem+json with an example', () => {
      const offenders = operations.flatMap((operation) =>
        responsesOf(operation)
          .filter(([status]) => /^[45]\d\d$/.test(status))
          .flatMap(([status, response]) => {
            const content = asObject(response.content);
            const mediaTypes = Object.keys(content);
            if (mediaTypes.length !== 1 || mediaTypes[0] !== 'application/problem+json') {
              return [`${operation.id} ${status}: media types ${JSON.stringify(mediaTypes)}`];
            }
            const mediaType = asObject(content['application/problem+json']);
            const schema = deref(mediaType.schema);
            const properties = Object.keys(asObject(schema.properties));
            const missing = ['type', 'title', 'status', 'detail', 'instance'].filter(
              (name) => !properties.includes(name),
            );
            const problems: string[] = [];
            if (missing.length > 0) problems.push(`${operation.id} ${status}: schema lacks ${missing.join(', ')}`);
            if (!hasExample(mediaType)) problems.push(`${operation.id} ${status}: no example`);
            if (!isNonEmptyString(response.description)) problems.push(`${operation.id} ${status}: no description`);
            return problems;
          }),
      );
      expect(offenders).toEqual([]);
    });

    it('each declare the errors their shape makes possible', () => {
      const offenders = operations.flatMap((operation) => {
        const statuses = responsesOf(operation).map(([status]) => status);
        const takesBody = operation.node.requestBody !== undefined;
        const isTokenRequest = operation.id === 'getAccessToken';
        const expected = ['401', '429', '500'];
        if (!isTokenRequest) expected.push('403');
        if (operation.path.includes('{')) expected.push('404');
        if (takesBody || LIST_OPERATIONS.includes(operation.id)) expected.push('400');
        if (takesBody && !isTokenRequest) expected.push('422');
        // An Idempotency-Key retried while the first request runs answers 409.
        if (CREATING_POSTS.includes(operation.id)) expected.push('409');
        return expected
          .filter((status) => !statuses.includes(status))
          .map((status) => `${operation.id}: no ${status} response`);
      });
      expect(offenders).toEqual([]);
    });

    it('each give every parameter a description and an example', () => {
      const offenders = operations.flatMap((operation) =>
        parametersOf(operation).flatMap((parameter) => {
          const name = `${operation.id} ${String(parameter.in)} ${String(parameter.name)}`;
          const problems: string[] = [];
          if (!isNonEmptyString(parameter.description)) problems.push(`${name}: no description`);
          if (!hasExample(parameter)) problems.push(`${name}: no example`);
          if (!isObject(parameter.schema)) problems.push(`${name}: no schema`);
          return problems;
        }),
      );
      expect(offenders).toEqual([]);
    });

    it('each give every request body media type at least one named example', () => {
      const offenders = operations.flatMap((operation) => {
        if (operation.node.requestBody === undefined) return [];
        const content = asObject(deref(operation.node.requestBody).content);
        if (Object.keys(content).length === 0) return [`${operation.id}: request body without content`];
        return Object.entries(content).flatMap(([mediaTypeName, mediaType]) => {
          const examples = Object.entries(asObject(asObject(mediaType).examples));
          if (examples.length === 0) return [`${operation.id} ${mediaTypeName}: no named examples`];
          return examples
            .map(([exampleName, example]) => [exampleName, deref(example)] as const)
            .filter(([, example]) => example.value === undefined || !isNonEmptyString(example.summary))
            .map(([exampleName]) => `${operation.id} ${mediaTypeName} ${exampleName}: needs a summary and a value`);
        });
      });
      expect(offenders).toEqual([]);
    });

    it('accept an Idempotency-Key header on every creating POST', () => {
      const missing = CREATING_POSTS.filter(
        (id) =>
          !parametersOf(operationById(id)).some(
            (parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key',
          ),
      );
      expect(missing).toEqual([]);
    });

    it('paginate every list with limit and cursor, a list envelope and a Link header', () => {
      const offenders = LIST_OPERATIONS.flatMap((id) => {
        const operation = operationById(id);
        const problems: string[] = [];
        const queryNames = parametersOf(operation)
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name);
        if (!queryNames.includes('limit')) problems.push(`${id}: no limit parameter`);
        if (!queryNames.includes('cursor')) problems.push(`${id}: no cursor parameter`);
        const ok = deref(asObject(operation.node.responses)['200']);
        if (!('Link' in asObject(ok.headers))) problems.push(`${id}: 200 has no Link header`);
        const schema = deref(asObject(asObject(asObject(ok.content)['application/json']).schema));
        const properties = asObject(schema.properties);
        for (const name of ['data', 'has_more', 'next_cursor']) {
          if (!(name in properties)) problems.push(`${id}: envelope has no ${name}`);
        }
        if (asObject(properties.data).type !== 'array') problems.push(`${id}: data is not an array`);
        return problems;
      });
      expect(offenders).toEqual([]);
    });

    it('bound limit to 1..100 with a default of 25', () => {
      const limit = deref({$ref: '#/components/parameters/Limit'});
      expect(limit.schema).toMatchObject({type: 'integer', minimum: 1, maximum: 100, default: 25});
    });
  });

  describe('security', () => {
    const securitySchemes = asObject(asObject(spec.components).securitySchemes);
    const oauth2 = asObject(securitySchemes.oauth2);
    const clientCredentials = asObject(asObject(oauth2.flows).clientCredentials);
    const definedScopes = Object.keys(asObject(clientCredentials.scopes));

    it('defines oauth2 client credentials with per-resource scopes, and bearer auth', () => {
      expect(oauth2.type).toBe('oauth2');
      expect(clientCredentials.tokenUrl).toBe('https://api.meridian.example/v1/oauth/token');
      const expectedScopes = [
        'contacts:read',
        'contacts:write',
        'actions:read',
        'actions:write',
        'tags:read',
        'tags:write',
        'users:read',
        'users:write',
        'campaigns:read',
        'reports:read',
        'replies:read',
        'attributes:read',
        'timeline:read',
      ];
      expect(expectedScopes.filter((scope) => !definedScopes.includes(scope))).toEqual([]);
      expect(securitySchemes.bearerAuth).toMatchObject({type: 'http', scheme: 'bearer'});
    });

    it('requires oauth2 with defined scopes on every operation except getAccessToken', () => {
      const offenders = operations
        .filter(({id}) => id !== 'getAccessToken')
        .flatMap(({id, node}) => {
          const requirements = asArray(node.security).map(asObject);
          const oauthRequirement = requirements.find((requirement) => 'oauth2' in requirement);
          if (!oauthRequirement) return [`${id}: no oauth2 requirement`];
          const scopes = asArray(oauthRequirement.oauth2).map(String);
          if (scopes.length === 0) return [`${id}: oauth2 requirement without scopes`];
          return scopes
            .filter((scope) => !definedScopes.includes(scope))
            .map((scope) => `${id}: undefined scope ${scope}`);
        });
      expect(offenders).toEqual([]);
    });

    it('lets getAccessToken run without a token and take a form-encoded body', () => {
      const operation = operationById('getAccessToken');
      expect(operation.node.security).toEqual([]);
      const content = asObject(deref(operation.node.requestBody).content);
      expect(Object.keys(content)).toEqual(['application/x-www-form-urlencoded']);
      const schema = deref(asObject(content['application/x-www-form-urlencoded']).schema);
      expect(Object.keys(asObject(schema.properties))).toEqual(
        expect.arrayContaining(['grant_type', 'client_id', 'client_secret', 'scope']),
      );
      expect(asObject(asObject(schema.properties).grant_type).enum).toEqual(['client_credentials']);
    });
  });

  describe('tags', () => {
    const declared = asArray(spec.tags).map(asObject);

    it('declares the expected tags, each with a description', () => {
      expect(declared.map(({name}) => name)).toEqual(EXPECTED_TAGS);
      const undescribed = declared
        .filter(({description}) => !isNonEmptyString(description))
        .map(({name}) => name);
      expect(undescribed).toEqual([]);
    });

    it('declares every tag an operation uses, and uses every declared tag', () => {
      const declaredNames = declared.map(({name}) => String(name));
      const used = new Set(operations.flatMap(({node}) => asArray(node.tags).map(String)));
      expect([...used].filter((tag) => !declaredNames.includes(tag))).toEqual([]);
      expect(declaredNames.filter((tag) => !used.has(tag))).toEqual([]);
    });
  });

  describe('components', () => {
    const components = asObject(spec.components);

    it('gives every schema property a description, at every depth', () => {
      const offenders: string[] = [];
      visitSchemas((schema, where) => {
        for (const [name, property] of Object.entries(asObject(schema.properties))) {
          if (!isObject(property)) continue;
          const described =
            isNonEmptyString(property.description) ||
            (typeof property.$ref === 'string' && isNonEmptyString(deref(property).description));
          if (!described) offenders.push(`${where}.properties.${name}`);
        }
      });
      expect(offenders).toEqual([]);
    });

    it('describes every component schema', () => {
      const undescribed = Object.entries(asObject(components.schemas))
        .filter(([, schema]) => !isNonEmptyString(asObject(schema).description))
        .map(([name]) => name);
      expect(undescribed).toEqual([]);
    });

    it('has the shared schemas the reference documents', () => {
      const required = [
        'Action',
        'ActionCreate',
        'ActionUpdate',
        'ActionCompletion',
        'Contact',
        'ContactCreate',
        'ContactUpdate',
        'Tag',
        'TagCreate',
        'ContactTag',
        'User',
        'Campaign',
        'CampaignReport',
        'Reply',
        'Attribute',
        'TimelineEvent',
        'AccessToken',
        'Problem',
      ];
      expect(required.filter((name) => !(name in asObject(components.schemas)))).toEqual([]);
    });

    it('models RFC 9457 problems, with validation errors', () => {
      const problem = deref({$ref: '#/components/schemas/Problem'});
      expect(Object.keys(asObject(problem.properties))).toEqual(
        expect.arrayContaining(['type', 'title', 'status', 'detail', 'instance', 'errors']),
      );
      expect(asObject(asObject(problem.properties).errors).type).toBe('array');
    });

    it('shares one problem+json response per error status', () => {
      const expected: Record<string, string> = {
        BadRequest: '400',
        Unauthorized: '401',
        Forbidden: '403',
        NotFound: '404',
        Conflict: '409',
        UnprocessableEntity: '422',
        TooManyRequests: '429',
        InternalServerError: '500',
      };
      const responses = asObject(components.responses);
      const offenders = Object.entries(expected).flatMap(([name, status]) => {
        if (!(name in responses)) return [`${name}: missing`];
        const content = asObject(asObject(responses[name]).content);
        const problems: string[] = [];
        if (!('application/problem+json' in content)) problems.push(`${name}: not problem+json`);
        const examples = Object.values(asObject(asObject(content['application/problem+json']).examples));
        const wrongStatus = examples.filter((example) => asObject(asObject(example).value).status !== Number(status));
        if (examples.length === 0) problems.push(`${name}: no examples`);
        if (wrongStatus.length > 0) problems.push(`${name}: example status is not ${status}`);
        return problems;
      });
      expect(offenders).toEqual([]);
    });

    it('tells a rate-limited client when to retry', () => {
      const headers = Object.keys(asObject(deref({$ref: '#/components/responses/TooManyRequests'}).headers));
      expect(headers).toEqual(
        expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
      );
    });

    it('models the timeline as a union discriminated on type, one schema per event type', () => {
      const timelineEvent = deref({$ref: '#/components/schemas/TimelineEvent'});
      const variants = asArray(timelineEvent.oneOf).map(asObject);
      const discriminator = asObject(timelineEvent.discriminator);
      expect(variants.length).toBeGreaterThanOrEqual(4);
      expect(discriminator.propertyName).toBe('type');
      const mapping = asObject(discriminator.mapping);
      const offenders = variants.flatMap((variant) => {
        const ref = String(variant.$ref);
        const typeValues = asArray(asObject(asObject(deref(variant).properties).type).enum);
        if (typeValues.length !== 1) return [`${ref}: type must allow exactly one value`];
        const eventType = String(typeValues[0]);
        return mapping[eventType] === ref ? [] : [`${ref}: discriminator maps ${eventType} elsewhere`];
      });
      expect(offenders).toEqual([]);
      expect(Object.keys(mapping)).toEqual(
        expect.arrayContaining(['email_sent', 'reply_received', 'action_completed', 'tag_added']),
      );
    });

    it('keys contact custom attributes by attribute key', () => {
      const contact = deref({$ref: '#/components/schemas/Contact'});
      const customAttributes = deref(asObject(contact.properties).custom_attributes);
      expect(customAttributes.type).toBe('object');
      expect(isObject(customAttributes.additionalProperties)).toBe(true);
    });
  });
});
