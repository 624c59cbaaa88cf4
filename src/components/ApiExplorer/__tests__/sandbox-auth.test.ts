import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {readFileSync} from 'node:fs';
import {operationPageModel} from '@site/src/openapi/models/model';
import {assignPageIds} from '@site/src/openapi/generation/page-ids';
import {SpecDocument} from '@site/src/spec-reader/spec-document';
import type {OperationPageModel} from '@site/src/openapi/models/model-types';
import {respondFromSandbox, type ExplorerRequest} from '../sandbox';
import {checkAccess, issueSandboxToken, readSandboxToken, respondAsTokenEndpoint, tokenEndpointOf} from '../sandbox-auth';
import {base64} from '../auth';
import {clientCredentialsBody} from '../oauth';

function pages(file: string): (operationId: string) => OperationPageModel {
  const spec = new SpecDocument(parse(readFileSync(new URL(file, import.meta.url), 'utf8')));
  return (operationId) => {
    const entry = assignPageIds(spec).byOperationId(operationId);
    if (!entry) throw new Error(operationId);
    return {...operationPageModel(spec, entry), codeSamples: []};
  };
}
const meridian = pages('../../../../openapi/meridian.yaml');
const fixture = pages('../../../../tests/fixtures/auth.yaml');

function request(overrides: Partial<ExplorerRequest>): ExplorerRequest {
  return {method: 'GET', path: '/v1/contacts', pathParameters: {}, query: {}, headers: {}, cookies: {}, ...overrides};
}
const bearer = (scopes: string[]) => ({Authorization: `Bearer ${issueSandboxToken(scopes, 'cli').token}`});

describe('sandbox tokens', () => {
  it('carry their scopes and expiry, and expire', () => {
    const now = Date.UTC(2026, 0, 1);
    const {token, expiresAt} = issueSandboxToken(['a:read', 'é'], 'client', now);
    expect(expiresAt).toBe(now + 3_600_000);
    expect(readSandboxToken(token, now)).toEqual({scopes: ['a:read', 'é'], exp: expiresAt / 1000, client: 'client'});
    expect(readSandboxToken(token, expiresAt)).toEqual({refused: expect.stringMatching(/^The sandbox token expired at 2026-01-01T01:00:00.000Z/)});
  });

  it('refuse tokens the sandbox did not issue, and malformed ones', () => {
    expect(readSandboxToken('mrd_at_123')).toEqual({refused: expect.stringMatching(/only accepts tokens it issued/)});
    expect(readSandboxToken('sandbox.%%%')).toEqual({refused: expect.stringMatching(/malformed/)});
    expect(readSandboxToken(`sandbox.${btoa('{"scopes":"x"}')}`)).toEqual({refused: expect.stringMatching(/malformed/)});
  });
});

describe('checkAccess on Meridian (oauth2 with scopes, or a bearer token)', () => {
  const listContacts = meridian('listContacts');

  it('answers 401 without a credential, with the description\'s own problem response', () => {
    const response = respondFromSandbox(listContacts, request({}));
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="sandbox"');
    const body = JSON.parse(response.body) as Record<string, unknown>;
    // The shape (type, title, request_id) is the description's example; what happened is the sandbox's.
    expect(body).toMatchObject({type: 'https://developer.meridian.example/problems/invalid-token', title: 'Your access token is not valid', status: 401, instance: '/v1/contacts'});
    expect(body.detail).toMatch(/oauth2: The request has no Authorization header\./);
    expect(body).toHaveProperty('request_id');
  });

  it('answers 401 to a malformed or foreign token', () => {
    expect(respondFromSandbox(listContacts, request({headers: {Authorization: 'Bearer mrd_at_123'}})).status).toBe(401);
    expect(respondFromSandbox(listContacts, request({headers: {Authorization: 'Token abc'}})).status).toBe(401);
  });

  it('answers 403 to a token without the operation\'s scope, and lets the right one through', () => {
    const denied = respondFromSandbox(listContacts, request({headers: bearer(['tags:read'])}));
    expect(denied.status).toBe(403);
    expect(JSON.parse(denied.body).detail).toBe('The token lacks the scope contacts:read that this operation needs.');
    expect(respondFromSandbox(listContacts, request({headers: bearer(['contacts:read'])})).status).toBe(200);
  });

  it('lets public operations through with nothing', () => {
    const page = meridian('getAccessToken');
    expect(page.security).toEqual([]);
    expect(checkAccess(page, request({}))).toEqual({allowed: true});
  });
});

describe('the sandbox token endpoint (client credentials)', () => {
  const getAccessToken = meridian('getAccessToken');
  const form = (body: string) => request({method: 'POST', path: '/v1/oauth/token', contentType: 'application/x-www-form-urlencoded', body});

  it('is the operation whose path is the flow\'s token URL', () => {
    expect(tokenEndpointOf(getAccessToken)?.type).toBe('clientCredentials');
    expect(tokenEndpointOf(meridian('createContact'))).toBeUndefined();
  });

  it('issues a token with the asked scopes, or all of them', () => {
    const response = respondFromSandbox(getAccessToken, form(clientCredentialsBody('cli_1', 'secret', ['contacts:read'])));
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(response.body) as {access_token: string; scope: string; expires_in: number; token_type: string};
    expect(body).toMatchObject({token_type: 'Bearer', expires_in: 3600, scope: 'contacts:read'});
    expect(readSandboxToken(body.access_token)).toMatchObject({scopes: ['contacts:read'], client: 'cli_1'});
    const all = JSON.parse(respondFromSandbox(getAccessToken, form(clientCredentialsBody('cli_1', 'secret', []))).body) as {scope: string};
    expect(all.scope.split(' ')).toEqual(expect.arrayContaining(['contacts:read', 'timeline:read']));
  });

  it('takes the client from HTTP basic too', () => {
    const response = respondFromSandbox(getAccessToken, {
      ...form('grant_type=client_credentials'),
      headers: {Authorization: `Basic ${base64('cli_2:secret')}`},
    });
    expect(response.status).toBe(200);
  });

  it('refuses a missing client with the description\'s 401 (invalid_client), and bad grants and scopes with 400', () => {
    const missing = respondFromSandbox(getAccessToken, form('grant_type=client_credentials&client_id=cli_1'));
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.body)).toMatchObject({error: 'invalid_client', status: 401});
    expect(JSON.parse(respondFromSandbox(getAccessToken, form('grant_type=password')).body)).toMatchObject({status: 400, error: 'unsupported_grant_type'});
    expect(JSON.parse(respondFromSandbox(getAccessToken, form(clientCredentialsBody('a', 'b', ['nope']))).body)).toMatchObject({
      status: 400,
      error: 'invalid_scope',
      detail: 'Unknown scope: nope.',
    });
  });

  it('answers a JSON token request the same way', () => {
    const flow = tokenEndpointOf(getAccessToken)!;
    const response = respondAsTokenEndpoint(
      {flow, responses: []},
      request({method: 'POST', contentType: 'application/json', body: JSON.stringify({grant_type: 'client_credentials', client_id: 'a', client_secret: 'b'})}),
    );
    expect(response.status).toBe(200);
  });
});

describe('checkAccess for every kind of scheme (tests/fixtures/auth.yaml)', () => {
  it('API keys in a header (any case), the query and a cookie', () => {
    expect(checkAccess(fixture('headerKey'), request({headers: {'x-api-key': 'k'}}))).toEqual({allowed: true});
    expect(checkAccess(fixture('headerKey'), request({query: {api_key: 'k'}}))).toMatchObject({allowed: false, status: 401});
    expect(checkAccess(fixture('queryKey'), request({query: {api_key: 'k'}}))).toEqual({allowed: true});
    expect(checkAccess(fixture('cookieKey'), request({cookies: {session_key: 'k'}}))).toEqual({allowed: true});
    expect(checkAccess(fixture('cookieKey'), request({}))).toMatchObject({status: 401, detail: 'cookieKey: The API key "session_key" (cookie) is missing.'});
  });

  it('HTTP basic needs a user name', () => {
    expect(checkAccess(fixture('basic'), request({headers: {Authorization: `Basic ${base64('ada:pw')}`}}))).toEqual({allowed: true});
    expect(checkAccess(fixture('basic'), request({headers: {Authorization: `Basic ${base64('no-colon')}`}}))).toMatchObject({status: 401, challenge: 'Basic realm="sandbox"'});
  });

  it('two schemes of one requirement must both be there', () => {
    const both = fixture('both');
    const token = bearer([]);
    expect(checkAccess(both, request({headers: {'X-API-Key': 'k'}}))).toMatchObject({status: 401});
    expect(checkAccess(both, request({headers: token}))).toMatchObject({status: 401});
    expect(checkAccess(both, request({headers: {'X-API-Key': 'k', ...token}}))).toEqual({allowed: true});
  });

  it('scopes of OAuth 2.0 and OpenID Connect alternatives', () => {
    expect(checkAccess(fixture('listThings'), request({headers: bearer(['things:read'])}))).toEqual({allowed: true});
    expect(checkAccess(fixture('createThing'), request({headers: bearer(['things:read'])}))).toMatchObject({status: 403});
    expect(checkAccess(fixture('mutual'), request({}))).toEqual({allowed: true});
    expect(checkAccess(fixture('public'), request({}))).toEqual({allowed: true});
  });
});
