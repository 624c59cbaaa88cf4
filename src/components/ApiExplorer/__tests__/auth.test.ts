import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {readFileSync} from 'node:fs';
import {operationPageModel} from '@site/src/openapi/models/model';
import {serverModels} from '@site/src/openapi/models/model-urls';
import {assignPageIds} from '@site/src/openapi/generation/page-ids';
import {SpecDocument} from '@site/src/spec-reader/spec-document';
import type {OperationPageModel, SecuritySchemeModel} from '@site/src/openapi/models/model-types';
import {applyCredentials, base64, chooseRequirement, isFilled, resolveAgainst, scopeChecks} from '../auth';
import {EMPTY_SESSION, type ExplorerSession} from '../explorer-storage';
import {clientCredentialsBody, codeChallenge, flowsWithButton, readTokenReply} from '../oauth';
import {curlCommand} from '../request-failure';
import {sampleSubstitutions, substitute} from '../sample-credentials';
import {resolvedServerUrl, serverChoices, serverKey} from '../server-url';

const spec = new SpecDocument(parse(readFileSync(new URL('../../../../tests/fixtures/auth.yaml', import.meta.url), 'utf8')));
function page(operationId: string): OperationPageModel {
  const entry = assignPageIds(spec).byOperationId(operationId);
  if (!entry) throw new Error(operationId);
  return {...operationPageModel(spec, entry), codeSamples: []};
}
const scheme = (key: string): SecuritySchemeModel => page('public').authSchemes.find((candidate) => candidate.key === key)!;

describe('the page model of security schemes and servers', () => {
  it('gives every scheme of the description, with where and how it is sent', () => {
    const schemes = page('public').authSchemes;
    expect(schemes.map((candidate) => candidate.key)).toEqual(['headerKey', 'queryKey', 'cookieKey', 'basicAuth', 'bearerAuth', 'oauth', 'oidc', 'mtls']);
    expect(scheme('headerKey')).toEqual({key: 'headerKey', kind: 'apiKey (header X-API-Key)', type: 'apiKey', in: 'header', name: 'X-API-Key', flows: []});
    expect(scheme('bearerAuth')).toMatchObject({type: 'http', scheme: 'bearer', bearerFormat: 'opaque'});
    expect(scheme('oidc')).toMatchObject({type: 'openIdConnect', openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration'});
    expect(scheme('oauth').flows.map((flow) => [flow.type, flow.tokenUrl, flow.authorizationUrl])).toEqual([
      ['clientCredentials', '/oauth/token', undefined],
      ['authorizationCode', '/oauth/token', '/oauth/authorize'],
      ['implicit', undefined, 'https://auth.example.com/authorize'],
      ['password', 'https://auth.example.com/token', undefined],
    ]);
    // Descriptions stay on the overview: operation pages carry the schemes without them.
    expect(schemes.every((candidate) => candidate.description === undefined)).toBe(true);
  });

  it('keeps a templated server URL with its variables, enum and defaults', () => {
    expect(page('public').servers).toEqual([
      {
        url: 'http://127.0.0.1:9/v1',
        description: 'Local test API',
        template: 'http://127.0.0.1:{port}/{version}',
        variables: [
          {name: 'port', default: '9', description: 'port of the local API'},
          {name: 'version', default: 'v1', enum: ['v1', 'v2']},
        ],
      },
    ]);
    // Variables the URL does not use cannot be filled in; numbers are written as text.
    expect(serverModels(spec, [{url: 'https://{region}.example.com', variables: {region: {default: 'eu', enum: ['eu', 'us', 1]}, unused: {default: 'x'}}}])).toEqual([
      {url: 'https://eu.example.com', template: 'https://{region}.example.com', variables: [{name: 'region', default: 'eu', enum: ['eu', 'us', '1']}]},
    ]);
  });
});

describe('chooseRequirement', () => {
  const listThings = page('listThings');

  it('says when an operation needs nothing', () => {
    expect(chooseRequirement(page('public').security, page('public').authSchemes, {})).toEqual({kind: 'public'});
  });

  it('takes the first alternative whose schemes are all filled in', () => {
    expect(chooseRequirement(listThings.security, listThings.authSchemes, {})).toMatchObject({kind: 'missing'});
    expect(chooseRequirement(listThings.security, listThings.authSchemes, {oidc: {token: 't'}})).toMatchObject({kind: 'use', index: 1});
    expect(chooseRequirement(listThings.security, listThings.authSchemes, {oidc: {token: 't'}, oauth: {token: 'u'}})).toMatchObject({kind: 'use', index: 0});
  });

  it('does not use an expired token', () => {
    const now = 1_000_000;
    expect(chooseRequirement(listThings.security, listThings.authSchemes, {oauth: {token: 'u', expiresAt: now}}, now)).toMatchObject({kind: 'missing'});
  });

  it('needs every scheme of a requirement', () => {
    const both = page('both');
    expect(chooseRequirement(both.security, both.authSchemes, {headerKey: {apiKey: 'k'}})).toMatchObject({kind: 'missing'});
    expect(chooseRequirement(both.security, both.authSchemes, {headerKey: {apiKey: 'k'}, bearerAuth: {token: 't'}})).toMatchObject({kind: 'use', index: 0});
  });

  it('sends nothing for an optional requirement left empty', () => {
    const security = [[{scheme: 'headerKey', kind: 'apiKey', scopes: []}], []];
    expect(chooseRequirement(security, [scheme('headerKey')], {})).toEqual({kind: 'optional'});
    expect(chooseRequirement(security, [scheme('headerKey')], {headerKey: {apiKey: 'k'}})).toMatchObject({kind: 'use'});
  });

  it('knows what each kind of scheme needs', () => {
    expect(isFilled(scheme('basicAuth'), {password: 'p'})).toBe(false);
    expect(isFilled(scheme('basicAuth'), {username: 'u'})).toBe(true);
    expect(isFilled(scheme('mtls'), undefined)).toBe(true);
    expect(isFilled(undefined, {token: 't'})).toBe(false);
    expect(isFilled({key: 'x', kind: 'apiKey', type: 'apiKey', flows: []}, {apiKey: 'k'})).toBe(false);
  });
});

describe('applyCredentials', () => {
  it('puts each scheme where the description says, all schemes of the requirement together', () => {
    const schemes = page('public').authSchemes;
    const alternative = ['headerKey', 'queryKey', 'cookieKey', 'bearerAuth'].map((key) => ({scheme: key, kind: '', scopes: []}));
    expect(applyCredentials(alternative, schemes, {headerKey: {apiKey: 'h'}, queryKey: {apiKey: 'q'}, cookieKey: {apiKey: 'c'}, bearerAuth: {token: 't'}})).toEqual({
      headers: {'X-API-Key': 'h', Authorization: 'Bearer t'},
      query: {api_key: 'q'},
      cookies: {session_key: 'c'},
    });
  });

  it('encodes basic credentials as UTF-8 base64, and sends OAuth tokens as bearer tokens', () => {
    const schemes = page('public').authSchemes;
    expect(applyCredentials([{scheme: 'basicAuth', kind: '', scopes: []}], schemes, {basicAuth: {username: 'zoë', password: 'p:w'}}).headers).toEqual({
      Authorization: `Basic ${Buffer.from('zoë:p:w', 'utf8').toString('base64')}`,
    });
    expect(applyCredentials([{scheme: 'oauth', kind: '', scopes: []}], schemes, {oauth: {token: 'tok'}}).headers).toEqual({Authorization: 'Bearer tok'});
    expect(base64('ü')).toBe('w7w=');
  });

  it('writes other HTTP schemes as the scheme name and what the reader typed', () => {
    const digest: SecuritySchemeModel = {key: 'd', kind: 'http digest', type: 'http', scheme: 'digest', flows: []};
    expect(applyCredentials([{scheme: 'd', kind: '', scopes: []}], [digest], {d: {token: 'username="a"'}}).headers).toEqual({Authorization: 'Digest username="a"'});
  });
});

describe('scopeChecks', () => {
  it('compares the scopes needed with those granted, when known', () => {
    const createThing = page('createThing');
    const alternative = createThing.security[0];
    expect(scopeChecks(alternative, createThing.authSchemes, {oauth: {token: 't', grantedScopes: ['things:read']}})).toEqual([
      {scheme: 'oauth', needed: ['things:write'], granted: ['things:read'], missing: ['things:write']},
    ]);
    expect(scopeChecks(alternative, createThing.authSchemes, {oauth: {token: 't'}})).toEqual([{scheme: 'oauth', needed: ['things:write'], missing: []}]);
  });
});

describe('OAuth helpers', () => {
  it('read a token reply: scope and expiry when given, the asked scopes otherwise', () => {
    expect(readTokenReply(200, '{"access_token":"a","expires_in":60,"scope":"x y"}', [], 1000)).toEqual({credential: {token: 'a', grantedScopes: ['x', 'y'], expiresAt: 61_000}});
    expect(readTokenReply(200, '{"access_token":"a"}', ['x'])).toEqual({credential: {token: 'a', grantedScopes: ['x']}});
    expect(readTokenReply(401, '{"error":"invalid_client","error_description":"Wrong secret."}', [])).toEqual({error: 'The token URL answered 401 (invalid_client): Wrong secret.'});
    expect(readTokenReply(502, '<html>', [])).toEqual({error: 'The token URL answered 502 with a body that is not JSON.'});
  });

  it('write the client credentials form', () => {
    expect(clientCredentialsBody('id 1', 's&t', ['a:b', 'c'])).toBe('grant_type=client_credentials&client_id=id+1&client_secret=s%26t&scope=a%3Ab+c');
    expect(clientCredentialsBody('i', 's', [])).toBe('grant_type=client_credentials&client_id=i&client_secret=s');
  });

  it('compute the PKCE S256 challenge of RFC 7636, appendix B', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('offer a button only for flows the browser can run', () => {
    expect(flowsWithButton(scheme('oauth').flows).map((flow) => flow.type)).toEqual(['clientCredentials', 'authorizationCode']);
  });

  it('resolve a relative token URL against the chosen server', () => {
    expect(resolveAgainst('/oauth/token', 'http://127.0.0.1:5000/v1')).toBe('http://127.0.0.1:5000/oauth/token');
    expect(resolveAgainst('https://auth.example.com/t', 'http://127.0.0.1:5000/v1')).toBe('https://auth.example.com/t');
  });
});

describe('servers', () => {
  const [local, sandbox] = [serverChoices(page('public'))[1], serverChoices(page('public'))[0]];

  it('fills a template with the reader\'s values, defaults for the rest', () => {
    expect(resolvedServerUrl(local, {port: '4321'})).toBe('http://127.0.0.1:4321/v1');
    expect(resolvedServerUrl(local, {port: '', version: 'v2'})).toBe('http://127.0.0.1:9/v2');
  });

  it('keys credentials by origin and path, so another port or path gets none of them', () => {
    expect(sandbox.sandbox).toBe(true);
    expect(serverKey(sandbox, 'http://127.0.0.1:9/v1')).toBe('sandbox');
    expect(serverKey(local, 'http://127.0.0.1:4321/v1/')).toBe('http://127.0.0.1:4321/v1');
    expect(serverKey(local, 'http://127.0.0.1:4322/v1')).not.toBe(serverKey(local, 'http://127.0.0.1:4321/v1'));
  });
});

describe('the code samples with the reader\'s credentials', () => {
  const both = page('both');
  const session = (overrides: Partial<ExplorerSession>): ExplorerSession => ({
    ...EMPTY_SESSION,
    server: 'http://127.0.0.1:{port}/{version}',
    variables: {'http://127.0.0.1:{port}/{version}': {port: '4321'}},
    credentials: {'http://127.0.0.1:4321/v1': {headerKey: {apiKey: 'my-key'}, bearerAuth: {token: 'my-token'}}},
    ...overrides,
  });

  it('are never substituted unless asked', () => {
    expect(sampleSubstitutions(both, session({}))).toBeNull();
  });

  it('replace the placeholders of the requirement the samples show, and the server URL', () => {
    const pairs = sampleSubstitutions(both, session({samplesUseCredentials: true}))!;
    expect(pairs).toEqual([
      ['YOUR_API_KEY', 'my-key'],
      ['YOUR_ACCESS_TOKEN', 'my-token'],
      ['http://127.0.0.1:9/v1', 'http://127.0.0.1:4321/v1'],
    ]);
    expect(substitute("curl 'http://127.0.0.1:9/v1/both' -H 'X-API-Key: YOUR_API_KEY' -H 'Authorization: Bearer YOUR_ACCESS_TOKEN'", pairs)).toBe(
      "curl 'http://127.0.0.1:4321/v1/both' -H 'X-API-Key: my-key' -H 'Authorization: Bearer my-token'",
    );
  });

  it('use the credentials of the chosen server only', () => {
    expect(sampleSubstitutions(both, session({samplesUseCredentials: true, variables: {'http://127.0.0.1:{port}/{version}': {port: '1'}}}))).toEqual([
      ['http://127.0.0.1:9/v1', 'http://127.0.0.1:1/v1'],
    ]);
  });
});

describe('curlCommand', () => {
  it('quotes every part for a POSIX shell', () => {
    expect(
      curlCommand({method: 'POST', url: "http://h/x?q=it's", headers: {Authorization: 'Bearer t'}, cookies: {k: 'v'}, body: '{"a":"b\'c"}'}),
    ).toBe(
      `curl --request POST 'http://h/x?q=it'\\''s' \\\n  --header 'Authorization: Bearer t' \\\n  --cookie k=v \\\n  --data '{"a":"b'\\''c"}'`,
    );
    expect(curlCommand({method: 'GET', url: 'http://h/', headers: {}, cookies: {}, body: 'ignored'})).toBe('curl --request GET http://h/');
  });

  it('keeps spec text in its shell word: a method, a file body and URL globs (issue 47)', () => {
    expect(curlCommand({method: 'GET;id', url: 'http://h/{a}[1]', headers: {}, cookies: {}})).toBe(
      `curl --request 'GET;id' 'http://h/{a}[1]' \\\n  --globoff`,
    );
    expect(curlCommand({method: 'POST', url: 'http://h/', headers: {'X-A\n$(id)': '`id`'}, cookies: {}, body: '@/etc/passwd'})).toBe(
      `curl --request POST http://h/ \\\n  --header 'X-A\n$(id): \`id\`' \\\n  --data-raw @/etc/passwd`,
    );
  });
});
