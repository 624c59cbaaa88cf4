import type {Nodes, Table} from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {describe, expect, it} from 'vitest';

import {operationToMarkdown} from '..';
import type {OperationPageModel, SchemaNode} from '../../models/model-types';
import {code, createContactPage, h, p, root, SITE, stringNode} from './fixtures';

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
        '| `lifecycle_stage` | `string` | No | | one of: `lead`, `client`; default `lead` |',
        '| `address` | `object` | No | | |',
        '| `address.postcode` | `string` | Yes | | pattern `^[A-Z0-9 ]+$` |',
        '| `tags` | `Tag[]` | No | | max items 10 |',
        '| `tags[].id` | `string` | Yes | | |',
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
        '| `id` | `string` | Yes | | |',
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
      '| `custom_attributes` | `object` | No | | |',
      '| `custom_attributes.<key>` | `string` | No | | |',
      '| `matrix` | `Cell[][]` | No | | |',
      '| `matrix[][].v` | `string` | No | | |',
      '| `events` | `TimelineEvent[]` | No | | |',
      '| `events[].subject` | `string` | No | | when `type` is `email_sent` |',
      '| `events[].text` | `string` | No | | in variant *Note* |',
      '| `parent` | `Contact` | No | Same structure as `Contact`. | |',
    ]);
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

  it('writes callbacks: each request, its payload and the answers, a multi-block answer on its line', () => {
    const markdown = operationToMarkdown(
      {
        ...createContactPage,
        callbacks: [
          {
            name: 'onEvent',
            expression: '{$request.body#/callbackUrl}',
            method: 'post',
            summary: 'Event delivered',
            description: root(p('We send ', h('strong', {}, 'one'), ' request per event.')),
            parameters: [{name: 'X-Signature', in: 'header', required: true, schema: stringNode(), description: root(p('HMAC of the body.'))}],
            requestBody: {required: true, content: [{mediaType: 'application/json', schema: {types: ['object'], typeLabel: 'Event', properties: [{name: 'id', required: true, ...stringNode()}]}, examples: []}]},
            responses: [
              {status: '204', description: root(p('Received; ', code('retry'), ' stops.'), h('ul', {}, h('li', {}, 'one'), h('li', {}, 'two'))), headers: [], content: []},
              {status: '5XX', headers: [], content: []},
            ],
          },
        ],
        codeSamples: [],
      },
      SITE,
    );
    expect(markdown.slice(markdown.indexOf('## Callbacks'))).toBe(
      [
        '## Callbacks',
        '',
        '- `onEvent`: `POST {$request.body#/callbackUrl}`: Event delivered',
        '',
        '### Event delivered',
        '',
        '`POST {$request.body#/callbackUrl}`',
        '',
        'We send **one** request per event.',
        '',
        '#### Headers and parameters',
        '',
        '| Name | Type | Required | Description |',
        '| --- | --- | --- | --- |',
        '| `X-Signature` | `string` | Yes | HMAC of the body. |',
        '',
        '#### Payload',
        '',
        '##### `application/json`',
        '',
        '| Field | Type | Required | Description | Constraints |',
        '| --- | --- | --- | --- | --- |',
        '| `id` | `string` | Yes | | |',
        '',
        '#### Responses your server should return',
        '',
        '- `204`: Received; `retry` stops. - one - two',
        '- `5XX`',
        '',
      ].join('\n'),
    );
  });

  it('keeps text from the API description as text wherever the twin puts it: heading, list, table cell, code span, fence', () => {
    const hostile = '# *not* ~~struck~~ | <b>x</b> [l](javascript:x) `tick` 1. _u_';
    const markdown = operationToMarkdown(
      {
        ...createContactPage,
        description: null,
        requestBody: undefined,
        summary: hostile,
        servers: [{url: 'https://api.example.com/a|b', description: hostile}],
        security: [[{scheme: hostile, kind: hostile, scopes: [hostile]}]],
        parameters: [{name: hostile, in: 'query', required: false, schema: stringNode({typeLabel: hostile, enum: [{value: JSON.stringify(hostile)}]}), example: JSON.stringify(hostile)}],
        responses: [{status: '200', headers: [], content: [{mediaType: 'application/json', schema: stringNode(), examples: [{name: hostile, summary: hostile, value: '```'}]}]}],
        codeSamples: [{id: 'curl', label: hostile, language: 'bash', code: 'echo "```"'}],
      },
      SITE,
    );
    const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown);
    const textOf = (node: Nodes): string => ('value' in node ? node.value : 'children' in node ? node.children.map(textOf).join('') : '');
    const types = new Set<string>();
    const collect = (node: Nodes) => {
      types.add(node.type);
      if ('children' in node) node.children.forEach(collect);
    };
    collect(tree);
    // None of the markup in the text became markup; the twin's own is there.
    expect([...types].filter((type) => ['emphasis', 'delete', 'html', 'link', 'image'].includes(type))).toEqual([]);
    expect(tree.children[0]).toEqual(expect.objectContaining({type: 'heading', depth: 1}));
    expect(textOf(tree.children[0])).toBe(hostile);
    const table = tree.children.find((node): node is Table => node.type === 'table');
    expect(table?.children.map((row) => row.children.length)).toEqual([5, 5]);
    expect(table?.children[1].children.map(textOf)).toEqual([hostile, hostile, 'No', `Constraints: one of: ${hostile}.`, hostile]);
    expect(markdown).toContain(`\`\`\`\`bash\necho "\`\`\`"\n\`\`\`\``);
  });
});
