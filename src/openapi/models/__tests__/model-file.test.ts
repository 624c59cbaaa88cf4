import {describe, expect, it} from 'vitest';
import {decodePageModel, encodePageModel, parsePageModel} from '../model-file';
import type {RichTextRoot, SchemaNode} from '../model-types';

const text = (value: string): RichTextRoot => ({
  type: 'root',
  children: [{type: 'element', tagName: 'p', properties: {}, children: [{type: 'text', value}]}],
});

/** A schema node the size of a real one: shared when it repeats. */
const user = (): SchemaNode => ({
  types: ['object'],
  typeLabel: 'simple-user',
  refName: 'simple-user',
  title: 'Simple User',
  description: text('A GitHub user.'),
  properties: [
    {types: ['string'], typeLabel: 'string', example: '"octocat"', name: 'login', required: true},
    {types: ['integer'], typeLabel: 'integer', description: text('Unique identifier of the user'), name: 'id', required: true},
    {types: ['string', 'null'], typeLabel: 'string | null', name: 'email', required: false},
  ],
});

const roundTrip = (model: unknown) => parsePageModel(JSON.stringify(encodePageModel(model)));

describe('page model files', () => {
  it('write a repeated schema once, keeping each use\'s name and required flag, and read back the same model', () => {
    const model = {
      kind: 'operation',
      id: 'pull-request-review-requested',
      requestBody: {
        content: [
          {
            mediaType: 'application/json',
            schema: {
              types: ['object'],
              typeLabel: 'object',
              properties: [
                {...user(), name: 'sender', required: true},
                {...user(), name: 'assignee', required: false},
                {...user(), name: 'requested_reviewer'},
                {types: ['array'], typeLabel: 'simple-user[]', name: 'assignees', required: true, items: user()},
              ],
            },
          },
        ],
      },
    };
    const encoded = JSON.stringify(encodePageModel(model));
    expect(encoded.match(/Simple User/g)).toHaveLength(1);
    expect(encoded.length).toBeLessThan(JSON.stringify(model).length / 2);
    const decoded = parsePageModel<typeof model>(encoded);
    expect(decoded).toEqual(model);
    // Key for key, in order, when a use's keys come last, as schema-model.ts writes them.
    expect(JSON.stringify(decoded)).toBe(JSON.stringify(model));
    const [sender, assignee, , list] = decoded.requestBody.content[0].schema.properties;
    // One object for the parts every use shares.
    expect(sender.properties).toBe(assignee.properties);
    expect(sender.properties).toBe((list.items as SchemaNode).properties);
  });

  it('tells apart repeats whose fields differ only in being required', () => {
    const owner = (required: boolean) => ({types: ['object'], typeLabel: 'object', title: 'Owner', properties: [{types: ['string'], typeLabel: 'string', name: 'login', required}]});
    const model = {kind: 'schema', list: [owner(true), owner(false), owner(true)]};
    expect(roundTrip(model)).toEqual(model);
  });

  it('writes descriptions as arrays and reads them back as syntax trees', () => {
    const description: RichTextRoot = {
      type: 'root',
      children: [
        {type: 'element', tagName: 'p', properties: {}, children: [
          {type: 'text', value: 'See '},
          {type: 'element', tagName: 'a', properties: {href: 'https://example.com', className: ['external', 2]}, children: [{type: 'text', value: 'the guide'}]},
          {type: 'text', value: '.'},
        ]},
        {type: 'text', value: '\n'},
        {type: 'element', tagName: 'hr', properties: {}, children: []},
      ],
    };
    const model = {kind: 'tag', name: 'Contacts', description};
    const encoded = encodePageModel(model) as {description: unknown};
    expect(encoded.description).toEqual({$h: [['p', 0, 'See ', ['a', {href: 'https://example.com', className: ['external', 2]}, 'the guide'], '.'], '\n', ['hr', 0]]});
    expect(roundTrip(model)).toEqual(model);
  });

  it('leaves a tree with anything beyond the RichText subset as it is', () => {
    const model = {
      kind: 'tag',
      a: {type: 'root', children: [{type: 'text', value: 'x', position: 1}]},
      b: {type: 'root', children: [], data: true},
      c: {type: 'root', children: [{type: 'comment', value: 'x'}]},
    };
    const encoded = JSON.stringify(encodePageModel(model));
    expect(encoded).not.toContain('$h');
    expect(roundTrip(model)).toEqual(model);
  });

  it('reads keys from the description that look like its own markers as they were', () => {
    const link = '/docs/api/schemas/a-long-enough-name-to-be-worth-sharing-if-it-were-ever-repeated';
    const model = {
      kind: 'operation',
      schemaLinks: {$s: link, $h: link, $shared: link, $$double: link, '$': link, plain: link},
      mapping: [{$s: 0}, {$h: ['p', 0, 'x']}, {$shared: []}],
    };
    const decoded = roundTrip(model);
    expect(decoded).toEqual(model);
    expect(Object.keys((decoded as typeof model).schemaLinks)).toEqual(Object.keys(model.schemaLinks));
  });

  it('shares one object used at two places of a model, and nests shared subtrees', () => {
    const shared = user();
    const outer = {types: ['object'], typeLabel: 'event', title: 'Event', properties: [{...shared, name: 'actor'}, {...shared, name: 'target'}]};
    const model = {kind: 'schema', a: shared, b: shared, events: [outer, outer, {...outer, title: 'Other event'}]};
    const encoded = encodePageModel(model) as {$shared: unknown[]};
    expect(encoded.$shared.length).toBeGreaterThanOrEqual(2);
    expect(roundTrip(model)).toEqual(model);
  });

  it('reads a model written before this form, and leaves values other than objects alone', () => {
    const model = {kind: 'overview', title: 'Meridian', tags: ['a', 'b'], n: 3, none: null};
    expect(decodePageModel(JSON.parse(JSON.stringify(model)))).toEqual(model);
    expect(decodePageModel(null)).toBeNull();
    expect(decodePageModel([{a: 1}])).toEqual([{a: 1}]);
    expect(JSON.stringify(encodePageModel(model))).toBe(JSON.stringify(model));
  });

  it('names a reference with nothing in the table', () => {
    expect(() => decodePageModel({kind: 'schema', node: {$s: 3}})).toThrow('page model: shared subtree 3 is not in the table');
  });

  it('reads back every random model it writes', () => {
    // Seeded: the same models on every run.
    let seed = 20261207;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
    const keys = ['name', 'required', 'types', 'typeLabel', '$s', '$h', '$shared', '$$x', 'type', 'children', 'value', 'properties', 'tagName', 'k'];
    const pool: unknown[] = [];
    const value = (depth: number): unknown => {
      const roll = random();
      if (depth > 4 || roll < 0.3) return pick(['', 'text', '$s', 0, 1.5, true, false, null]);
      if (roll < 0.4 && pool.length > 0) return structuredClone(pick(pool));
      if (roll < 0.5) return text(pick(['a', 'b', '$h']));
      if (roll < 0.6) return Array.from({length: Math.floor(random() * 4)}, () => value(depth + 1));
      const object: Record<string, unknown> = {};
      if (random() < 0.5) Object.assign(object, {types: ['string'], typeLabel: pick(['string', 'object'])});
      for (let i = Math.floor(random() * 5); i > 0; i--) object[pick(keys)] = value(depth + 1);
      if (random() < 0.3) pool.push(object);
      return object;
    };
    for (let i = 0; i < 1500; i++) {
      const model = {kind: 'operation', body: value(0), again: pool.length > 0 ? structuredClone(pick(pool)) : null};
      expect(roundTrip(model)).toEqual(model);
    }
  });
});
