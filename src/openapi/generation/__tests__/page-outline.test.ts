import {describe, expect, it} from 'vitest';

import {pageOutline} from '../page-outline';
import {SpecDocument, type JsonObject} from '../../../spec-reader/spec-document';
import {parseSpecText} from '../../../spec-reader/parse-spec';

// YAML, so that `__proto__` is an own key as in a parsed description.
const webhooks = new SpecDocument(
  parseSpecText(`
openapi: 3.1.0
info: {title: Hooks, version: '1'}
webhooks:
  contactCreated: {post: {responses: {'200': {description: ok}}}}
  __proto__: {post: {responses: {'200': {description: ok}}}}
  constructor: {post: {responses: {'200': {description: ok}}}}
  toString: {post: {responses: {'200': {description: ok}}}}
`) as JsonObject,
);

describe('the page outline', () => {
  it('keeps a webhook named __proto__ or constructor, and leaves Object.prototype alone', () => {
    const outline = pageOutline(webhooks);
    const hooks = outline.webhooks as JsonObject;
    expect(Object.keys(hooks)).toEqual(['contactCreated', '__proto__', 'constructor', 'toString']);
    expect(Object.hasOwn(hooks, '__proto__') && Object.keys(hooks.__proto__ as JsonObject)).toEqual(['post']);
    expect(({} as JsonObject).post).toBeUndefined();
    expect(JSON.parse(JSON.stringify(outline)).webhooks).toEqual(JSON.parse(JSON.stringify(hooks)));
  });
});
