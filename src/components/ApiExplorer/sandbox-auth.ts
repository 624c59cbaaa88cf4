import type {OAuthFlowModel, OperationPageModel, ResponseModel, SecurityRequirementModel, SecuritySchemeModel} from '@site/src/openapi/models/model-types';
import {ownValue} from '@site/src/spec-reader/own-keys';
import {base64Url} from './auth';
import type {ExplorerRequest, ExplorerResponse} from './sandbox';

/**
 * The sandbox's authorization server and gatekeeper, played in the browser
 * from the description: it issues tokens the way an OAuth 2.0 client
 * credentials endpoint does, and checks each request's credentials the way
 * the API would (401 without a valid credential, 403 without the scopes),
 * answering with the description's own 401 and 403 responses.
 */

const TOKEN_PREFIX = 'sandbox.';
export const SANDBOX_TOKEN_LIFETIME_S = 3600;

const STATUS_TEXT: Record<number, string> = {200: 'OK', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden'};

interface SandboxToken {
  scopes: string[];
  /** Seconds since the epoch. */
  exp: number;
  client?: string;
}

function fromBase64Url(text: string): string {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** A token only the sandbox understands: its scopes and expiry, readable, and not a secret. */
export function issueSandboxToken(scopes: string[], client: string | undefined, now = Date.now()): {token: string; expiresAt: number} {
  const exp = Math.floor(now / 1000) + SANDBOX_TOKEN_LIFETIME_S;
  const payload: SandboxToken = {scopes, exp, ...(client ? {client} : {})};
  return {token: `${TOKEN_PREFIX}${base64Url(new TextEncoder().encode(JSON.stringify(payload)))}`, expiresAt: exp * 1000};
}

/** The token's content, or why the sandbox refuses it. */
export function readSandboxToken(token: string, now = Date.now()): SandboxToken | {refused: string} {
  if (!token.startsWith(TOKEN_PREFIX)) return {refused: 'The sandbox only accepts tokens it issued: get one with Authorize, "Get a sandbox token".'};
  try {
    const payload = JSON.parse(fromBase64Url(token.slice(TOKEN_PREFIX.length))) as Partial<SandboxToken>;
    if (!Array.isArray(payload.scopes) || typeof payload.exp !== 'number') throw new Error('incomplete');
    if (payload.exp * 1000 <= now) return {refused: `The sandbox token expired at ${new Date(payload.exp * 1000).toISOString()}. Get a new one.`};
    return {scopes: payload.scopes.filter((scope): scope is string => typeof scope === 'string'), exp: payload.exp, ...(payload.client ? {client: payload.client} : {})};
  } catch {
    return {refused: 'The token is malformed: it is not one the sandbox issued.'};
  }
}

/** Whether the sandbox issues the tokens of this description (it has an OAuth 2.0 or OpenID Connect scheme). */
export function sandboxIssuesTokens(schemes: SecuritySchemeModel[]): boolean {
  return schemes.some((scheme) => scheme.type === 'oauth2' || scheme.type === 'openIdConnect');
}

function headerValue(request: ExplorerRequest, name: string): string | undefined {
  return Object.entries(request.headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
}

type Check = {ok: true; scopes?: string[]} | {ok: false; reason: string};

function bearerCheck(request: ExplorerRequest, schemes: SecuritySchemeModel[]): Check {
  const authorization = headerValue(request, 'Authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) return {ok: false, reason: authorization ? 'The Authorization header is not "Bearer <token>".' : 'The request has no Authorization header.'};
  // Without an OAuth scheme the sandbox cannot issue tokens, so it takes any.
  if (!sandboxIssuesTokens(schemes)) return {ok: true};
  const token = readSandboxToken(match[1]);
  return 'refused' in token ? {ok: false, reason: token.refused} : {ok: true, scopes: token.scopes};
}

function schemeCheck(scheme: SecuritySchemeModel | undefined, request: ExplorerRequest, schemes: SecuritySchemeModel[]): Check {
  if (!scheme) return {ok: false, reason: 'The security scheme is not declared in the description.'};
  if (scheme.type === 'apiKey') {
    const name = scheme.name ?? '';
    const value = scheme.in === 'query' ? ownValue(request.query, name) : scheme.in === 'cookie' ? ownValue(request.cookies, name) : headerValue(request, name);
    return value ? {ok: true} : {ok: false, reason: `The API key "${name}" (${scheme.in ?? 'header'}) is missing.`};
  }
  if (scheme.type === 'http' && scheme.scheme === 'basic') {
    const match = /^Basic\s+(\S+)$/i.exec(headerValue(request, 'Authorization') ?? '');
    let decoded = '';
    try {
      decoded = match ? fromBase64Url(match[1]) : '';
    } catch {
      decoded = '';
    }
    const separator = decoded.indexOf(':');
    return separator > 0 ? {ok: true} : {ok: false, reason: 'The request has no "Authorization: Basic" header with a user name and password.'};
  }
  if (scheme.type === 'http' && scheme.scheme === 'bearer') return bearerCheck(request, schemes);
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return bearerCheck(request, schemes);
  if (scheme.type === 'http') {
    const authorization = headerValue(request, 'Authorization') ?? '';
    return authorization.toLowerCase().startsWith(`${scheme.scheme ?? ''} `) ? {ok: true} : {ok: false, reason: `The request has no "Authorization: ${scheme.scheme}" header.`};
  }
  if (scheme.type === 'mutualTLS') return {ok: true};
  return {ok: false, reason: `The sandbox cannot check "${scheme.type}" credentials.`};
}

export type AccessDecision = {allowed: true} | {allowed: false; status: 401 | 403; detail: string; challenge?: string};

function challengeFor(alternative: SecurityRequirementModel[], schemes: SecuritySchemeModel[]): string | undefined {
  const scheme = schemes.find((candidate) => candidate.key === alternative[0]?.scheme);
  if (scheme?.type === 'http' && scheme.scheme === 'basic') return 'Basic realm="sandbox"';
  if (scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect' || (scheme?.type === 'http' && scheme.scheme === 'bearer')) return 'Bearer realm="sandbox"';
  return undefined;
}

/** What the API would say about the request's credentials. */
export function checkAccess(page: Pick<OperationPageModel, 'security' | 'authSchemes'>, request: ExplorerRequest): AccessDecision {
  const alternatives = page.security;
  if (alternatives.length === 0 || alternatives.some((alternative) => alternative.length === 0)) return {allowed: true};
  const byKey = new Map(page.authSchemes.map((scheme) => [scheme.key, scheme]));
  const oauthScopes = alternatives.flatMap((alternative) =>
    alternative.filter((requirement) => requirement.scopes.length > 0 && ['oauth2', 'openIdConnect'].includes(byKey.get(requirement.scheme)?.type ?? '')).map((requirement) => requirement.scopes),
  );
  const reasons: string[] = [];
  let forbidden: string | undefined;
  for (const alternative of alternatives) {
    const checks = alternative.map((requirement) => ({requirement, check: schemeCheck(byKey.get(requirement.scheme), request, page.authSchemes)}));
    const failed = checks.find(({check}) => !check.ok);
    if (failed && !failed.check.ok) {
      reasons.push(`${failed.requirement.scheme}: ${failed.check.reason}`);
      continue;
    }
    const missing = checks.flatMap(({requirement, check}) => {
      if (!check.ok || !check.scopes) return [];
      const granted = check.scopes;
      // A token the sandbox issued carries OAuth scopes whichever scheme sends
      // it: where this requirement names none (a plain bearer scheme), it needs
      // those of one of the operation's OAuth requirements, as on Meridian.
      const needed = requirement.scopes.length > 0 ? [requirement.scopes] : oauthScopes;
      if (needed.length === 0 || needed.some((scopes) => scopes.every((scope) => granted.includes(scope)))) return [];
      return needed[0].filter((scope) => !granted.includes(scope));
    });
    if (missing.length === 0) return {allowed: true};
    forbidden ??= `The token lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} that this operation needs.`;
  }
  if (forbidden) return {allowed: false, status: 403, detail: forbidden};
  const challenge = challengeFor(alternatives[0], page.authSchemes);
  return {allowed: false, status: 401, detail: [...new Set(reasons)].join(' '), ...(challenge ? {challenge} : {})};
}

/** The description's own response for a status: its first example, or a problem of our own with the same members. */
export function describedError(
  responses: ResponseModel[],
  status: 400 | 401 | 403,
  detail: string,
  members: Record<string, string> = {},
  instance?: string,
): ExplorerResponse {
  const response = responses.find((candidate) => candidate.status === String(status)) ?? responses.find((candidate) => candidate.status === '4XX');
  const media = response?.content.find((candidate) => /json/i.test(candidate.mediaType));
  let body: Record<string, unknown> = {type: 'about:blank', title: STATUS_TEXT[status], status, detail};
  const example = media?.examples[0]?.value;
  if (example) {
    try {
      const parsed = JSON.parse(example) as unknown;
      // The shape is the description's; what happened is ours.
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        body = {...(parsed as Record<string, unknown>), status, detail};
        if ('instance' in body && instance) body.instance = instance;
        if ('error_description' in body) body.error_description = detail;
      }
    } catch {
      /* an example that is not JSON: keep our problem */
    }
  }
  return {
    status,
    statusText: STATUS_TEXT[status],
    headers: {'content-type': media?.mediaType ?? 'application/problem+json'},
    body: JSON.stringify({...body, ...members}, null, 2),
    durationMs: 0,
  };
}

/** Form or JSON fields of a token request's body. */
function tokenRequestFields(request: ExplorerRequest): Record<string, string> {
  const body = request.body?.trim() ?? '';
  if (/json/i.test(request.contentType ?? '')) {
    try {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

export interface TokenEndpoint {
  flow: OAuthFlowModel;
  responses: ResponseModel[];
}

/** The client credentials flow whose token URL is this operation (same path, POST), if any. */
export function tokenEndpointOf(page: OperationPageModel): OAuthFlowModel | undefined {
  if (page.method.toLowerCase() !== 'post') return undefined;
  for (const scheme of page.authSchemes) {
    for (const flow of scheme.flows) {
      if (flow.type !== 'clientCredentials' || !flow.tokenUrl) continue;
      const tokenPath = new URL(flow.tokenUrl, 'https://server.invalid').pathname.replace(/\/+$/, '');
      const pagePath = page.path.replace(/\/+$/, '');
      if (tokenPath === pagePath || tokenPath.endsWith(pagePath)) return flow;
    }
  }
  return undefined;
}

/**
 * The client credentials grant (RFC 6749, section 4.4) as the sandbox plays
 * it: any client id and secret are accepted, asked-for scopes must be the
 * flow's, no scope means all of them.
 */
export function respondAsTokenEndpoint({flow, responses}: TokenEndpoint, request: ExplorerRequest, now = Date.now()): ExplorerResponse {
  const fields = tokenRequestFields(request);
  const basic = /^Basic\s+(\S+)$/i.exec(headerValue(request, 'Authorization') ?? '');
  let clientId = fields.client_id;
  let clientSecret = fields.client_secret;
  if (basic) {
    try {
      const decoded = atob(basic[1]);
      clientId ||= decodeURIComponent(decoded.slice(0, decoded.indexOf(':')));
      clientSecret ||= decodeURIComponent(decoded.slice(decoded.indexOf(':') + 1));
    } catch {
      /* not base64: treated as missing */
    }
  }
  if (fields.grant_type !== 'client_credentials') {
    const detail = fields.grant_type ? `The sandbox grants only client_credentials, not "${fields.grant_type}".` : 'The request has no grant_type.';
    return describedError(responses, 400, detail, {error: fields.grant_type ? 'unsupported_grant_type' : 'invalid_request'});
  }
  if (!clientId || !clientSecret) {
    return describedError(responses, 401, 'The client_id or client_secret is missing. The sandbox accepts any non-empty pair.', {error: 'invalid_client'});
  }
  const known = flow.scopes.map((scope) => scope.name);
  const asked = (fields.scope ?? '').split(/\s+/).filter(Boolean);
  const unknown = asked.filter((scope) => !known.includes(scope));
  if (unknown.length > 0) return describedError(responses, 400, `Unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`, {error: 'invalid_scope'});
  const scopes = asked.length > 0 ? asked : known;
  const {token} = issueSandboxToken(scopes, clientId, now);
  return {
    status: 200,
    statusText: 'OK',
    headers: {'content-type': 'application/json', 'cache-control': 'no-store'},
    body: JSON.stringify({access_token: token, token_type: 'Bearer', expires_in: SANDBOX_TOKEN_LIFETIME_S, scope: scopes.join(' ')}, null, 2),
    durationMs: 0,
  };
}
