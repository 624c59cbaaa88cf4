import {describe, expect, it} from 'vitest';

import {resolveReference} from '../site-references';
import {SpecDocument} from '../../../spec-reader/spec-document';
import {miniMeridian} from '../../test-helpers/mini-meridian';

describe('resolveReference', () => {
  const spec = new SpecDocument(miniMeridian);

  it('links an operationId to its page, labelled with its summary, else its method and path', () => {
    expect(resolveReference(spec, {operation: 'getAccessToken'}, '/docs/api')).toEqual({
      permalink: '/docs/api/get-access-token',
      found: true,
      label: 'Get an access token',
    });
    expect(resolveReference(spec, {operation: 'ping'}, '/docs/api')).toEqual({permalink: '/docs/api/ping', found: true, label: 'GET /v1/ping'});
  });

  it('labels the link with the method and path when the summary is a paragraph, not a title', () => {
    const paragraph = new SpecDocument({
      openapi: '3.1.0',
      info: {title: 'T', version: '1'},
      paths: {'/v1/hooks': {get: {operationId: 'listHooks', summary: 'Lists hooks.\n\nSee [hooks](https://example.com/hooks).', responses: {'200': {description: 'OK'}}}}},
    });
    expect(resolveReference(paragraph, {operation: 'listHooks'}, '/docs/api')).toEqual({permalink: '/docs/api/list-hooks', found: true, label: 'GET /v1/hooks'});
  });

  it('links a tag to its page and the overview to the overview', () => {
    expect(resolveReference(spec, {tag: 'Contacts'}, '/docs/api')).toEqual({permalink: '/docs/api/contacts', found: true, label: 'Contacts'});
    expect(resolveReference(spec, {overview: true}, '/docs/api')).toEqual({permalink: '/docs/api/meridian-api', found: true, label: 'Meridian API'});
  });

  it('falls back to the overview for an operationId or tag the description does not have (a declared tag no operation uses has no page)', () => {
    const overview = {permalink: '/docs/api/meridian-api', found: false, label: 'Meridian API'};
    expect(resolveReference(spec, {operation: 'getCampaignReport'}, '/docs/api')).toEqual(overview);
    expect(resolveReference(spec, {tag: 'Unused'}, '/docs/api')).toEqual(overview);
    expect(resolveReference(spec, {tag: 'contacts'}, '/docs/api')).toEqual(overview);
  });

  it('links everything to the docs home without a description', () => {
    expect(resolveReference(undefined, {operation: 'getAccessToken'}, '/docs/api')).toEqual({permalink: '/docs', found: false});
    expect(resolveReference(undefined, {overview: true}, '/docs/api')).toEqual({permalink: '/docs', found: false});
  });

  it('uses the page ids of page-ids.ts, suffixes included', () => {
    // The tag "Get access token" claims get-access-token first, so the operation's page is get-access-token-2.
    const clash = new SpecDocument({
      ...miniMeridian,
      paths: {'/v1/oauth/token': {post: {operationId: 'getAccessToken', tags: ['Get access token'], responses: {}}}},
    });
    expect(resolveReference(clash, {operation: 'getAccessToken'}, '/docs/api').permalink).toBe('/docs/api/get-access-token-2');
    expect(resolveReference(clash, {tag: 'Get access token'}, '/docs/api').permalink).toBe('/docs/api/get-access-token');
  });
});
