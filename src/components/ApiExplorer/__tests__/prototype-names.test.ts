import {describe, expect, it} from 'vitest';
import type {SecurityRequirementModel, SecuritySchemeModel} from '@site/src/openapi/models/model-types';
import {validateAgainstSchema} from '../validate';
import {applyCredentials, chooseRequirement} from '../auth';
import type {Credentials} from '../explorer-storage';
import {checkAccess} from '../sandbox-auth';
import type {ExplorerRequest} from '../sandbox';
import {resolvedServerUrl} from '../server-url';
import {withCredential} from '../session-store';

/** Names of security schemes, API keys and server variables an object reads from Object.prototype. */
const apiKey = (key: string, name: string, where: 'header' | 'query' | 'cookie'): SecuritySchemeModel => ({key, kind: 'apiKey', type: 'apiKey', in: where, name, flows: []});
const requirement = (scheme: string): SecurityRequirementModel => ({scheme, kind: 'apiKey', scopes: []});
const request = (overrides: Partial<ExplorerRequest>): ExplorerRequest => ({method: 'GET', path: '/x', pathParameters: {}, query: {}, headers: {}, cookies: {}, ...overrides});

describe('the explorer with names an object reads from its prototype', () => {
  it('stores, finds and sends the credential of a scheme named __proto__ or constructor', () => {
    const schemes = [apiKey('__proto__', '__proto__', 'query'), apiKey('constructor', 'constructor', 'header')];
    let session = withCredential({variables: {}, credentials: {}}, 'server', '__proto__', {apiKey: 'key-1'});
    session = withCredential(session, 'server', 'constructor', {apiKey: 'key-2'});
    const credentials = session.credentials.server as Credentials;
    expect(JSON.parse(JSON.stringify(credentials))).toEqual(JSON.parse('{"__proto__": {"apiKey": "key-1"}, "constructor": {"apiKey": "key-2"}}'));
    const applied = applyCredentials([requirement('__proto__'), requirement('constructor')], schemes, credentials);
    expect(Object.entries(applied.query)).toEqual([['__proto__', 'key-1']]);
    expect(Object.entries(applied.headers)).toEqual([['constructor', 'key-2']]);
    expect(chooseRequirement([[requirement('constructor')]], schemes, {})).toEqual({kind: 'missing', alternatives: [[requirement('constructor')]]});
  });

  it('refuses a sandbox request without the API key named constructor or toString', () => {
    const page = {security: [[requirement('key')]], authSchemes: [apiKey('key', 'constructor', 'query')]};
    expect(checkAccess(page, request({}))).toEqual({allowed: false, status: 401, detail: 'key: The API key "constructor" (query) is missing.'});
    const cookiePage = {security: [[requirement('key')]], authSchemes: [apiKey('key', 'toString', 'cookie')]};
    expect(checkAccess(cookiePage, request({}))).toEqual({allowed: false, status: 401, detail: 'key: The API key "toString" (cookie) is missing.'});
  });

  it('fills a server variable named constructor with its default, not with the Object function', () => {
    const server = {url: 'https://v1.example.com', template: 'https://{constructor}.example.com', variables: [{name: 'constructor', default: 'v1'}]};
    expect(resolvedServerUrl(server, {})).toBe('https://v1.example.com');
  });

  it('validates a string whose format is named constructor as a string of an unknown format', () => {
    expect(validateAgainstSchema('x', {types: ['string'], typeLabel: 'string<constructor>', rules: {format: 'constructor'}}, '')).toEqual([]);
  });
});
