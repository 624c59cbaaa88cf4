import type {OAuthFlowModel} from '@site/src/openapi/models/model-types';
import {base64Url} from './auth';
import {PENDING_SIGN_IN_KEY, type SchemeCredential} from './explorer-storage';

/**
 * OAuth 2.0 in the browser: the client credentials grant (RFC 6749, 4.4)
 * and the authorization code grant with PKCE (RFC 7636). Secrets go to the
 * token URL only; the token goes to the chosen server only.
 */

export interface TokenReply {
  /** Present when the token URL answered with a token. */
  credential?: SchemeCredential;
  /** What went wrong, in words, with the token URL's own error when it gave one. */
  error?: string;
}

/** Reads a token endpoint's JSON answer (RFC 6749, 5.1 and 5.2). */
export function readTokenReply(status: number, text: string, askedScopes: string[], now = Date.now()): TokenReply {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {error: `The token URL answered ${status} with a body that is not JSON.`};
  }
  if (status >= 200 && status < 300 && typeof body.access_token === 'string' && body.access_token !== '') {
    const expiresIn = Number(body.expires_in);
    // RFC 6749, 5.1: without `scope`, the token has the scopes asked for.
    const granted = typeof body.scope === 'string' ? body.scope.split(/\s+/).filter(Boolean) : askedScopes;
    return {
      credential: {
        token: body.access_token,
        grantedScopes: granted,
        ...(Number.isFinite(expiresIn) && expiresIn > 0 ? {expiresAt: now + expiresIn * 1000} : {}),
      },
    };
  }
  const code = typeof body.error === 'string' ? body.error : undefined;
  const description = typeof body.error_description === 'string' ? body.error_description : typeof body.detail === 'string' ? body.detail : undefined;
  return {error: `The token URL answered ${status}${code ? ` (${code})` : ''}${description ? `: ${description}` : '.'}`};
}

/** The form body of a client credentials token request. */
export function clientCredentialsBody(clientId: string, clientSecret: string, scopes: string[]): string {
  const form = new URLSearchParams({grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret});
  if (scopes.length > 0) form.set('scope', scopes.join(' '));
  return form.toString();
}

/** Asks a real token URL for a token with the client's id and secret. */
export async function requestClientCredentialsToken(tokenUrl: string, clientId: string, clientSecret: string, scopes: string[]): Promise<TokenReply> {
  try {
    const reply = await fetch(tokenUrl, {
      method: 'POST',
      headers: {'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json'},
      body: clientCredentialsBody(clientId, clientSecret, scopes),
      credentials: 'omit',
      redirect: 'error',
    });
    return readTokenReply(reply.status, await reply.text(), scopes);
  } catch (caught) {
    return {
      error: `The token URL ${tokenUrl} could not be reached from this page (${(caught as Error).message}). It may not allow requests from this site (CORS); ask for a token with cURL and paste it instead.`,
    };
  }
}

export interface PendingSignIn {
  state: string;
  verifier: string;
  scheme: string;
  serverKey: string;
  tokenUrl: string;
  clientId: string;
  clientSecret?: string;
  scopes: string[];
  redirectUri: string;
}

function randomText(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** S256 code challenge of a PKCE verifier. */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** The page the sign-in comes back to: this page, without query or fragment. */
export function redirectUri(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

/**
 * Starts an authorization code sign-in: remembers the state and verifier for
 * this tab, then sends the reader to the authorization URL.
 */
export async function startAuthorizationCode(
  flow: Pick<OAuthFlowModel, 'authorizationUrl' | 'tokenUrl'> & {authorizationUrl: string; tokenUrl: string},
  sign: Omit<PendingSignIn, 'state' | 'verifier' | 'redirectUri' | 'tokenUrl'>,
): Promise<void> {
  const pending: PendingSignIn = {...sign, tokenUrl: flow.tokenUrl, state: randomText(16), verifier: randomText(48), redirectUri: redirectUri()};
  const url = new URL(flow.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', pending.clientId);
  url.searchParams.set('redirect_uri', pending.redirectUri);
  if (pending.scopes.length > 0) url.searchParams.set('scope', pending.scopes.join(' '));
  url.searchParams.set('state', pending.state);
  url.searchParams.set('code_challenge', await codeChallenge(pending.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  window.sessionStorage.setItem(PENDING_SIGN_IN_KEY, JSON.stringify(pending));
  window.location.assign(url.href);
}

export interface SignInResult extends TokenReply {
  scheme?: string;
  serverKey?: string;
}

/**
 * Finishes the sign-in this page load returns from: checks the state,
 * exchanges the code for a token, and takes the sign-in's parameters out of
 * the address bar. Called once per return.
 */
export async function completeAuthorizationCode(): Promise<SignInResult> {
  const stored = window.sessionStorage.getItem(PENDING_SIGN_IN_KEY);
  window.sessionStorage.removeItem(PENDING_SIGN_IN_KEY);
  const params = new URLSearchParams(window.location.search);
  const clean = new URL(window.location.href);
  for (const name of ['code', 'state', 'error', 'error_description', 'error_uri', 'iss', 'session_state']) clean.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', clean.href);
  if (!stored) return {error: 'No sign-in was started from this tab.'};
  const pending = JSON.parse(stored) as PendingSignIn;
  const base = {scheme: pending.scheme, serverKey: pending.serverKey};
  if (params.get('state') !== pending.state) return {...base, error: 'The sign-in came back with a state that this tab did not send, so it was ignored.'};
  if (params.get('error')) return {...base, error: `The sign-in was refused (${params.get('error')})${params.get('error_description') ? `: ${params.get('error_description')}` : '.'}`};
  const code = params.get('code');
  if (!code) return {...base, error: 'The sign-in came back without a code.'};
  const form = new URLSearchParams({grant_type: 'authorization_code', code, redirect_uri: pending.redirectUri, client_id: pending.clientId, code_verifier: pending.verifier});
  if (pending.clientSecret) form.set('client_secret', pending.clientSecret);
  try {
    const reply = await fetch(pending.tokenUrl, {
      method: 'POST',
      headers: {'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json'},
      body: form.toString(),
      credentials: 'omit',
      redirect: 'error',
    });
    const result = readTokenReply(reply.status, await reply.text(), pending.scopes);
    if (result.credential) result.credential = {...result.credential, clientId: pending.clientId, scopes: pending.scopes, obtainedBy: 'authorizationCode'};
    return {...base, ...result};
  } catch (caught) {
    return {...base, error: `The token URL ${pending.tokenUrl} could not be reached from this page (${(caught as Error).message}).`};
  }
}

let completing: Promise<SignInResult> | undefined;

/** completeAuthorizationCode, once per page load, whichever panel asks first. */
export function completeSignInOnce(): Promise<SignInResult> {
  completing ??= completeAuthorizationCode();
  return completing;
}

/** Flows the panel offers a button for; the others take a pasted token. */
export function flowsWithButton(flows: OAuthFlowModel[]): OAuthFlowModel[] {
  return flows.filter((flow) => (flow.type === 'clientCredentials' && flow.tokenUrl) || (flow.type === 'authorizationCode' && flow.authorizationUrl && flow.tokenUrl));
}
