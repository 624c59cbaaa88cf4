import type {OperationPageModel, RichTextElement, RichTextNode, RichTextRoot, SchemaNode} from '../../models/model-types';

// Tiny hast builders, so fixtures read like the HTML they stand for.
export const t = (value: string): RichTextNode => ({type: 'text', value});
export const h = (
  tagName: string,
  properties: RichTextElement['properties'] = {},
  ...children: (RichTextNode | string)[]
): RichTextElement => ({
  type: 'element',
  tagName,
  properties,
  children: children.map((child) => (typeof child === 'string' ? t(child) : child)),
});
export const root = (...children: RichTextNode[]): RichTextRoot => ({type: 'root', children});
export const p = (...children: (RichTextNode | string)[]) => h('p', {}, ...children);
export const code = (text: string) => h('code', {}, text);

export const stringNode = (overrides: Partial<SchemaNode> = {}): SchemaNode => ({types: ['string'], typeLabel: 'string', ...overrides});

export const SITE = {siteUrl: 'https://developer.meridian.example'};

/** A small operation page with a bit of everything. */
export const createContactPage: OperationPageModel = {
  kind: 'operation',
  id: 'create-contact',
  operationId: 'createContact',
  method: 'post',
  requestMethod: 'POST',
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
