import {describe, expect, it} from 'vitest';

import {operationToMarkdown, overviewToMarkdown, richTextToMarkdown, tagToMarkdown} from '../markdown-twin';
import type {OperationPageModel, OverviewPageModel, RichTextElement, RichTextNode, RichTextRoot, SchemaNode, TagPageModel} from '../types';

// Tiny hast builders, so fixtures read like the HTML they stand for.
const t = (value: string): RichTextNode => ({type: 'text', value});
const h = (
  tagName: string,
  properties: RichTextElement['properties'] = {},
  ...children: (RichTextNode | string)[]
): RichTextElement => ({
  type: 'element',
  tagName,
  properties,
  children: children.map((child) => (typeof child === 'string' ? t(child) : child)),
});
const root = (...children: RichTextNode[]): RichTextRoot => ({type: 'root', children});
const p = (...children: (RichTextNode | string)[]) => h('p', {}, ...children);
const code = (text: string) => h('code', {}, text);

const stringNode = (overrides: Partial<SchemaNode> = {}): SchemaNode => ({types: ['string'], typeLabel: 'string', ...overrides});

const createContactPage: OperationPageModel = {
  kind: 'operation',
  id: 'create-contact',
  operationId: 'createContact',
  method: 'post',
  path: '/v1/contacts',
  summary: 'Create a contact',
  description: root(
    p('Creates a contact. Only ', code('email'), ' is ', h('em', {}, 'required'), '; see ', h('a', {href: '/docs/api/list-contacts'}, 'List contacts'), '.'),
  ),
  plainDescription: 'Creates a contact. Only email is required; see List contacts.',
  deprecated: false,
  tags: ['Contacts'],
  servers: [{url: 'https://api.meridian.example', description: 'Production'}],
  security: [[{scheme: 'oauth2', kind: 'oauth2', scopes: ['contacts:write']}]],
  parameters: [
    {
      name: 'notify_owner',
      in: 'query',
      required: false,
      description: root(p('Email the owner.')),
      schema: {types: ['boolean'], typeLabel: 'boolean', default: 'false'},
      example: 'true',
    },
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: root(p('A unique value | per request.')),
      schema: stringNode({rules: {maxLength: 255}}),
      example: '"3f1c2a9e"',
    },
  ],
  requestBody: {
    required: true,
    content: [
      {
        mediaType: 'application/json',
        schema: {
          types: ['object'],
          typeLabel: 'ContactCreate',
          refName: 'ContactCreate',
          properties: [
            {name: 'id', ...stringNode({readOnly: true})},
            {name: 'email', required: true, ...stringNode({typeLabel: 'string<email>', rules: {format: 'email', maxLength: 254}, description: root(p('Email address.'))})},
            {
              name: 'lifecycle_stage',
              ...stringNode({enum: [{value: '"lead"'}, {value: '"client"'}], default: '"lead"'}),
            },
            {
              name: 'address',
              types: ['object'],
              typeLabel: 'object',
              properties: [{name: 'postcode', required: true, ...stringNode({rules: {pattern: '^[A-Z0-9 ]+$'}})}],
            },
            {
              name: 'tags',
              types: ['array'],
              typeLabel: 'Tag[]',
              rules: {maxItems: 10},
              items: {types: ['object'], typeLabel: 'Tag', properties: [{name: 'id', required: true, ...stringNode()}]},
            },
          ],
        },
        examples: [{name: 'Example', value: '{\n  "email": "sofia@example.net"\n}'}],
      },
    ],
  },
  responses: [
    {
      status: '201',
      description: root(p('The contact was created.')),
      headers: [{name: 'Location', required: true, schema: stringNode({typeLabel: 'string<uri>'}), description: root(p('URL of the contact.'))}],
      content: [
        {
          mediaType: 'application/json',
          schema: {types: ['object'], typeLabel: 'Contact', properties: [{name: 'id', required: true, ...stringNode({readOnly: true})}]},
          examples: [{name: 'created', summary: 'A new lead', value: '{\n  "id": "ct_01"\n}'}],
        },
      ],
    },
    {status: '409', description: root(p('A contact with this email exists.')), headers: [], content: []},
  ],
  callbacks: [],
  authSchemes: [],
  codeSamples: [
    {id: 'curl', label: 'cURL', language: 'bash', code: "curl --request POST \\\n  --url https://api.meridian.example/v1/contacts"},
    {id: 'python', label: 'Python', language: 'python', code: 'import requests'},
  ],
};

const SITE = {siteUrl: 'https://developer.meridian.example'};

describe('operationToMarkdown', () => {
  it('writes a small page exactly', () => {
    expect(operationToMarkdown(createContactPage, SITE)).toBe(
      [
        '# Create a contact',
        '',
        '`POST /v1/contacts`',
        '',
        'Creates a contact. Only `email` is *required*; see [List contacts](https://developer.meridian.example/docs/api/list-contacts).',
        '',
        '## Base URLs',
        '',
        '- `https://api.meridian.example`: Production',
        '',
        '## Authentication',
        '',
        '`oauth2` (oauth2), scopes `contacts:write`.',
        '',
        '## Parameters',
        '',
        '### Query parameters',
        '',
        '| Name | Type | Required | Description | Example |',
        '| --- | --- | --- | --- | --- |',
        '| `notify_owner` | `boolean` | No | Email the owner. Constraints: default `false`. | `true` |',
        '',
        '### Header parameters',
        '',
        '| Name | Type | Required | Description | Example |',
        '| --- | --- | --- | --- | --- |',
        '| `Idempotency-Key` | `string` | No | A unique value \\| per request. Constraints: max length 255. | `3f1c2a9e` |',
        '',
        '## Request body',
        '',
        'Required.',
        '',
        '### `application/json`',
        '',
        '| Field | Type | Required | Description | Constraints |',
        '| --- | --- | --- | --- | --- |',
        '| `email` | `string<email>` | Yes | Email address. | max length 254 |',
        '| `lifecycle_stage` | `string` | No |  | one of: `lead`, `client`; default `lead` |',
        '| `address` | `object` | No |  |  |',
        '| `address.postcode` | `string` | Yes |  | pattern `^[A-Z0-9 ]+$` |',
        '| `tags` | `Tag[]` | No |  | max items 10 |',
        '| `tags[].id` | `string` | Yes |  |  |',
        '',
        '**Example**',
        '',
        '```json',
        '{',
        '  "email": "sofia@example.net"',
        '}',
        '```',
        '',
        '## Responses',
        '',
        '### 201 Created',
        '',
        'The contact was created.',
        '',
        '#### Headers',
        '',
        '| Name | Type | Required | Description |',
        '| --- | --- | --- | --- |',
        '| `Location` | `string<uri>` | Yes | URL of the contact. |',
        '',
        '#### `application/json`',
        '',
        '| Field | Type | Required | Description | Constraints |',
        '| --- | --- | --- | --- | --- |',
        '| `id` | `string` | Yes |  |  |',
        '',
        '**Example: created** (A new lead)',
        '',
        '```json',
        '{',
        '  "id": "ct_01"',
        '}',
        '```',
        '',
        '### 409 Conflict',
        '',
        'A contact with this email exists.',
        '',
        '## Code sample',
        '',
        '### cURL',
        '',
        '```bash',
        'curl --request POST \\',
        '  --url https://api.meridian.example/v1/contacts',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('leaves read-only fields out of request bodies and write-only fields out of responses', () => {
    const markdown = operationToMarkdown(createContactPage, SITE);
    const requestTable = markdown.slice(markdown.indexOf('## Request body'), markdown.indexOf('## Responses'));
    expect(requestTable).not.toContain('| `id` |');
  });

  it('includes every code sample on request', () => {
    const markdown = operationToMarkdown(createContactPage, {...SITE, codeSamples: 'all'});
    expect(markdown).toContain('## Code samples\n\n### cURL\n\n```bash\n');
    expect(markdown.endsWith('### Python\n\n```python\nimport requests\n```\n')).toBe(true);
  });

  it('says when an operation needs no authentication, is deprecated, or accepts alternatives', () => {
    const open = operationToMarkdown({...createContactPage, security: [], deprecated: true}, SITE);
    expect(open).toContain('## Authentication\n\nNo authentication.\n');
    expect(open).toContain('`POST /v1/contacts`\n\n> **Deprecated.** This operation will be removed');
    const either = operationToMarkdown(
      {
        ...createContactPage,
        security: [
          [{scheme: 'oauth2', kind: 'oauth2', scopes: ['contacts:write']}],
          [{scheme: 'bearerAuth', kind: 'http bearer', scopes: []}],
        ],
      },
      SITE,
    );
    expect(either).toContain(
      '## Authentication\n\nAny one of:\n\n- `oauth2` (oauth2), scopes `contacts:write`\n- `bearerAuth` (http bearer)\n',
    );
  });

  it('flattens maps, nested arrays, variants and circular references into dotted paths', () => {
    const event: SchemaNode = {
      types: ['object'],
      typeLabel: 'TimelineEvent',
      variants: {
        kind: 'oneOf',
        discriminator: {propertyName: 'type', mapping: {EmailSent: 'email_sent'}},
        options: [
          {label: 'EmailSent', schema: {types: ['object'], typeLabel: 'EmailSent', properties: [{name: 'subject', ...stringNode()}]}},
          {label: 'Note', schema: {types: ['object'], typeLabel: 'Note', properties: [{name: 'text', ...stringNode()}]}},
        ],
      },
    };
    const page: OperationPageModel = {
      ...createContactPage,
      parameters: [],
      requestBody: undefined,
      codeSamples: [],
      responses: [
        {
          status: '200',
          headers: [],
          content: [
            {
              mediaType: 'application/json',
              schema: {
                types: ['object'],
                typeLabel: 'object',
                properties: [
                  {name: 'custom_attributes', types: ['object'], typeLabel: 'object', additionalProperties: stringNode()},
                  {name: 'matrix', types: ['array'], typeLabel: 'Cell[][]', items: {types: ['array'], typeLabel: 'Cell[]', items: {types: ['object'], typeLabel: 'Cell', properties: [{name: 'v', ...stringNode()}]}}},
                  {name: 'events', types: ['array'], typeLabel: 'TimelineEvent[]', items: event},
                  {name: 'parent', types: ['object'], typeLabel: 'Contact', circularRef: 'Contact'},
                ],
              },
              examples: [],
            },
          ],
        },
      ],
    };
    const rows = operationToMarkdown(page, SITE)
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows).toEqual([
      '| `custom_attributes` | `object` | No |  |  |',
      '| `custom_attributes.<key>` | `string` | No |  |  |',
      '| `matrix` | `Cell[][]` | No |  |  |',
      '| `matrix[][].v` | `string` | No |  |  |',
      '| `events` | `TimelineEvent[]` | No |  |  |',
      '| `events[].subject` | `string` | No |  | when `type` is `email_sent` |',
      '| `events[].text` | `string` | No |  | in variant *Note* |',
      '| `parent` | `Contact` | No | Same structure as `Contact`. |  |',
    ]);
  });

  it('writes the answers a callback expects, each description on its line with its inline Markdown', () => {
    const markdown = operationToMarkdown(
      {
        ...createContactPage,
        callbacks: [
          {
            name: 'onEvent',
            expression: '{$request.body#/callbackUrl}',
            method: 'post',
            parameters: [],
            responses: [
              {status: '204', description: root(p('Received; ', code('retry'), ' stops.'), h('ul', {}, h('li', {}, 'one'))), headers: [], content: []},
              {status: '5XX', headers: [], content: []},
            ],
          },
        ],
        codeSamples: [],
      },
      SITE,
    );
    expect(markdown).toContain('#### Responses your server should return\n\n- `204`: Received; `retry` stops. - one\n- `5XX`\n');
  });

  it('describes a body without fields by its type', () => {
    const page: OperationPageModel = {
      ...createContactPage,
      requestBody: {required: false, content: [{mediaType: 'text/csv', schema: stringNode({rules: {maxLength: 1000}}), examples: [{name: 'Example', value: 'a,b'}]}]},
    };
    expect(operationToMarkdown(page, SITE)).toContain(
      '## Request body\n\nOptional.\n\n### `text/csv`\n\nType: `string`. Constraints: max length 1000.\n\n**Example**\n\n```csv\na,b\n```\n',
    );
  });
});

describe('richTextToMarkdown', () => {
  it('converts the block and inline elements that descriptions use', () => {
    const richText = root(
      h('h2', {}, 'Pagination'),
      p('Send ', h('strong', {}, 'both'), ' values, ', h('em', {}, 'never'), ' one, as ', code('cursor'), ' says.'),
      h('ul', {}, t('\n'), h('li', {}, 'first ', h('a', {href: 'https://example.com/a'}, 'link')), t('\n'), h('li', {}, 'second', h('ol', {start: 3}, h('li', {}, 'nested'))), t('\n')),
      h('pre', {}, h('code', {className: ['language-json']}, '{\n  "a": 1\n}\n')),
      h('blockquote', {}, p('Quoted'), p('twice')),
      h(
        'table',
        {},
        h('thead', {}, h('tr', {}, h('th', {}, 'Status'), h('th', {align: 'right'}, 'Meaning'))),
        h('tbody', {}, h('tr', {}, h('td', {}, code('a|b')), h('td', {}, 'x | y'))),
      ),
      h('hr'),
      p('Line one', h('br'), 'line two'),
    );
    expect(richTextToMarkdown(richText)).toBe(
      [
        '## Pagination',
        '',
        'Send **both** values, *never* one, as `cursor` says.',
        '',
        '- first [link](https://example.com/a)',
        '- second',
        '  3. nested',
        '',
        '```json',
        '{',
        '  "a": 1',
        '}',
        '```',
        '',
        '> Quoted',
        '>',
        '> twice',
        '',
        '| Status | Meaning |',
        '| --- | ---: |',
        '| `a\\|b` | x \\| y |',
        '',
        '---',
        '',
        'Line one\nline two',
      ].join('\n'),
    );
  });

  it('writes loose lists with blank lines and indents their continuation', () => {
    const richText = root(h('ol', {}, h('li', {}, p('One'), p('more')), h('li', {}, p('Two'))));
    expect(richTextToMarkdown(richText)).toBe('1. One\n\n   more\n\n2. Two');
  });

  it('escapes text that Markdown would read as markup', () => {
    const richText = root(p('Use *stars*, [brackets], <tags> & created_at but _lead'), p('# not a heading'), p('1. not a list'));
    expect(richTextToMarkdown(richText)).toBe(
      'Use \\*stars\\*, \\[brackets\\], \\<tags> & created_at but \\_lead\n\n\\# not a heading\n\n1\\. not a list',
    );
  });

  it('makes a code span longer than the backticks it holds', () => {
    expect(richTextToMarkdown(root(p(code('a`b'))))).toBe('``a`b``');
    expect(richTextToMarkdown(root(h('pre', {}, h('code', {}, '```\nx\n```'))))).toBe('````\n```\nx\n```\n````');
  });

  it('resolves root-relative links against the site URL when given one', () => {
    const richText = root(p(h('a', {href: '/docs/api/get-contact'}, 'Retrieve')));
    expect(richTextToMarkdown(richText)).toBe('[Retrieve](/docs/api/get-contact)');
    expect(richTextToMarkdown(richText, {siteUrl: 'https://developer.meridian.example/'})).toBe(
      '[Retrieve](https://developer.meridian.example/docs/api/get-contact)',
    );
  });

  it('returns an empty string for no description', () => {
    expect(richTextToMarkdown(null)).toBe('');
    expect(richTextToMarkdown(undefined)).toBe('');
  });
});

describe('overviewToMarkdown and tagToMarkdown', () => {
  it('writes the overview: version, guide, servers, schemes with scopes, resources, contact', () => {
    const overview: OverviewPageModel = {
      kind: 'overview',
      id: 'meridian-api',
      title: 'Meridian API',
      version: '2.3.0',
      description: root(p('The API.')),
      plainDescription: 'The API.',
      toc: [],
      servers: [{url: 'https://api.meridian.example', description: 'Production'}],
      securitySchemes: [
        {
          key: 'oauth2',
          kind: 'oauth2',
          type: 'oauth2',
          description: root(p('Client credentials.')),
          flows: [{type: 'clientCredentials', tokenUrl: 'https://api.meridian.example/v1/oauth/token', scopes: [{name: 'contacts:read', description: 'Read contacts.'}]}],
        },
      ],
      contact: {name: 'Support', email: 'api-support@meridian.example'},
      license: {name: 'Terms', url: 'https://meridian.example/terms'},
      tags: [{name: 'Contacts', summary: 'People.', permalink: '/docs/api/contacts', operationCount: 1}],
    };
    expect(overviewToMarkdown(overview, SITE)).toBe(
      [
        '# Meridian API',
        '',
        'Version `2.3.0`',
        '',
        'The API.',
        '',
        '## Servers',
        '',
        '- `https://api.meridian.example`: Production',
        '',
        '## Authentication schemes',
        '',
        '### `oauth2` (oauth2)',
        '',
        'Client credentials.',
        '',
        'Flow `clientCredentials`, token URL `https://api.meridian.example/v1/oauth/token`.',
        '',
        '| Scope | Grants |',
        '| --- | --- |',
        '| `contacts:read` | Read contacts. |',
        '',
        '## Resources',
        '',
        '- [Contacts](https://developer.meridian.example/docs/api/contacts) (1 operation): People.',
        '',
        '## Contact and licence',
        '',
        '- Contact: Support, api-support@meridian.example',
        '- Licence: [Terms](https://meridian.example/terms)',
        '',
      ].join('\n'),
    );
  });

  it('writes a tag page: description and operations', () => {
    const tag: TagPageModel = {
      kind: 'tag',
      id: 'contacts',
      name: 'Contacts',
      description: root(p('People you advise.')),
      plainDescription: 'People you advise.',
      operations: [
        {id: 'list-contacts', permalink: '/docs/api/list-contacts', method: 'get', path: '/v1/contacts', summary: 'List contacts', deprecated: false},
        {id: 'old', permalink: '/docs/api/old', method: 'delete', path: '/v1/old', summary: 'Old', deprecated: true},
      ],
    };
    expect(tagToMarkdown(tag, SITE)).toBe(
      [
        '# Contacts',
        '',
        'People you advise.',
        '',
        '## Operations',
        '',
        '- [List contacts](https://developer.meridian.example/docs/api/list-contacts): `GET /v1/contacts`',
        '- [Old](https://developer.meridian.example/docs/api/old): `DELETE /v1/old` (deprecated)',
        '',
      ].join('\n'),
    );
  });

  it('writes a shared error body once per page and points back to it', () => {
    const problem: SchemaNode = {types: ['object'], typeLabel: 'Problem', properties: [{name: 'title', required: true, ...stringNode()}]};
    const markdown = operationToMarkdown(
      {
        ...createContactPage,
        responses: ['400', '401'].map((status) => ({
          status,
          headers: [],
          content: [{mediaType: 'application/problem+json', schema: problem, examples: []}],
        })),
      },
      SITE,
    );
    expect(markdown.match(/\| `title` \|/g)).toHaveLength(1);
    expect(markdown).toContain('### 401 Unauthorized\n\n#### `application/problem+json`\n\nSame fields as the `400` response (`application/problem+json`).\n');
  });
});
