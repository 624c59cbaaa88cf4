import {describe, expect, it} from 'vitest';
import {SpecDocument} from '../../../spec-reader/spec-document';
import {apiResourcesFromSpec, firstSentence, provenanceFrom} from '../resources';
import {validateOptions} from '../resources-options';

const spec = new SpecDocument({
  openapi: '3.1.0',
  info: {title: 'Meridian API', version: '1.0.0'},
  tags: [
    {name: 'Contact Tags', description: 'Attach **tags** to contacts. Removing one keeps the tag.'},
    {name: 'Unused', description: 'No operation uses this tag.'},
    {name: 'Contacts', description: 'People you work with.'},
  ],
  paths: {
    '/v1/contacts': {
      get: {tags: ['Contacts']},
      post: {tags: ['Contacts']},
      parameters: [],
    },
    '/v1/contacts/{id}/tags': {post: {tags: ['Contact Tags']}},
    '/v1/webhooks': {put: {tags: ['Webhooks']}},
  },
});

describe('apiResourcesFromSpec', () => {
  it('lists declared tags in order, then undeclared ones, skipping tags with no operation', () => {
    expect(apiResourcesFromSpec(spec, '/docs/api')).toEqual([
      {name: 'Contact Tags', summary: 'Attach tags to contacts.', permalink: '/docs/api/contact-tags', operationCount: 1},
      {name: 'Contacts', summary: 'People you work with.', permalink: '/docs/api/contacts', operationCount: 2},
      {name: 'Webhooks', summary: '', permalink: '/docs/api/webhooks', operationCount: 1},
    ]);
  });

  it('ignores a trailing slash on the base path', () => {
    expect(apiResourcesFromSpec(spec, '/docs/api/')[0].permalink).toBe('/docs/api/contact-tags');
  });
});

describe('firstSentence', () => {
  it('strips Markdown, links, code and HTML', () => {
    expect(firstSentence('Use [the token](/docs/x) with `Bearer`. More text.')).toBe('Use the token with Bearer.');
    expect(firstSentence('<b>Bold</b> claim! Next.')).toBe('Bold claim!');
    expect(firstSentence('```\ncode\n```\nAfter code.')).toBe('After code.');
  });

  it('cuts a long text without a sentence end at 200 characters', () => {
    const result = firstSentence('word '.repeat(100));
    expect(result.length).toBe(200);
    expect(result.endsWith('…')).toBe(true);
  });
});

describe('provenanceFrom', () => {
  it('reads version, fetch time and source kind', () => {
    expect(
      provenanceFrom({version: '2.3.0', fetchedAt: '2026-11-22T01:00:00.000Z', source: {kind: 'proxy'}}),
    ).toEqual({version: '2.3.0', fetchedAt: '2026-11-22T01:00:00.000Z', sourceKind: 'proxy'});
  });

  it('tolerates a missing or malformed record', () => {
    expect(provenanceFrom(null)).toEqual({version: null, fetchedAt: null, sourceKind: null});
    expect(provenanceFrom({version: 3})).toEqual({version: null, fetchedAt: null, sourceKind: null});
  });
});

describe('validateOptions', () => {
  it('names the option and the bad value', () => {
    expect(() => validateOptions({provenancePath: 'p'})).toThrow(
      '[api-resources] option "specPath" must be a non-empty path, got undefined',
    );
    expect(() => validateOptions({specPath: 's', provenancePath: 'p', apiDocsBasePath: 'docs'})).toThrow(
      '[api-resources] option "apiDocsBasePath" must start with "/", got "docs"',
    );
    expect(() => validateOptions(null)).toThrow('[api-resources] options must be an object, got null');
  });

  it('fills in the default base path', () => {
    expect(validateOptions({specPath: 's', provenancePath: 'p'})).toEqual({
      specPath: 's',
      provenancePath: 'p',
      apiDocsBasePath: '/docs/api',
    });
  });
});
