import type {SecurityRequirementModel, SecuritySchemeModel} from '@site/src/openapi/models/model-types';
import {ownValue, setOwn} from '@site/src/spec-reader/own-keys';
import type {Credentials, SchemeCredential} from './explorer-storage';

/**
 * How the explorer authenticates a request: which of the operation's
 * security requirements the reader's credentials satisfy, and what that puts
 * on the request. Pure functions, shared by the form, the sandbox and tests.
 */

/** UTF-8 safe base64 (btoa only takes Latin-1). */
export function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether a token-carrying credential is past its expiry. */
export function isExpired(credential: SchemeCredential | undefined, now = Date.now()): boolean {
  return credential?.expiresAt !== undefined && credential.expiresAt <= now;
}

/** Whether the reader filled in what the scheme needs. */
export function isFilled(scheme: SecuritySchemeModel | undefined, credential: SchemeCredential | undefined, now = Date.now()): boolean {
  if (!scheme) return false;
  switch (scheme.type) {
    case 'apiKey':
      return Boolean(scheme.in && scheme.name && credential?.apiKey);
    case 'http':
      return scheme.scheme === 'basic' ? Boolean(credential?.username) : Boolean(credential?.token);
    case 'oauth2':
    case 'openIdConnect':
      return Boolean(credential?.token) && !isExpired(credential, now);
    // The browser presents its own client certificate, if it has one; nothing to fill in.
    case 'mutualTLS':
      return true;
    default:
      return false;
  }
}

export type RequirementChoice =
  /** The operation needs no authorization (`security: []` or none declared). */
  | {kind: 'public'}
  /** This alternative is filled in and is sent. */
  | {kind: 'use'; index: number; alternative: SecurityRequirementModel[]}
  /** Nothing is filled in, and the operation allows anonymous requests. */
  | {kind: 'optional'}
  /** None of the alternatives is filled in. */
  | {kind: 'missing'; alternatives: SecurityRequirementModel[][]};

/**
 * The first alternative, in the description's order, whose schemes are all
 * filled in. An empty alternative (`{}`) only wins when nothing is filled in:
 * a reader who signed in means to send their credentials.
 */
export function chooseRequirement(
  security: SecurityRequirementModel[][],
  schemes: SecuritySchemeModel[],
  credentials: Credentials,
  now = Date.now(),
): RequirementChoice {
  const byKey = new Map(schemes.map((scheme) => [scheme.key, scheme]));
  const alternatives = security.filter((alternative) => alternative.length > 0);
  if (alternatives.length === 0) return {kind: 'public'};
  const index = security.findIndex(
    (alternative) => alternative.length > 0 && alternative.every((requirement) => isFilled(byKey.get(requirement.scheme), ownValue(credentials, requirement.scheme), now)),
  );
  if (index >= 0) return {kind: 'use', index, alternative: security[index]};
  if (security.some((alternative) => alternative.length === 0)) return {kind: 'optional'};
  return {kind: 'missing', alternatives};
}

export interface AppliedCredentials {
  headers: Record<string, string>;
  query: Record<string, string>;
  cookies: Record<string, string>;
}

function authorizationValue(scheme: SecuritySchemeModel, credential: SchemeCredential): string | undefined {
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return `Bearer ${credential.token}`;
  if (scheme.type !== 'http') return undefined;
  if (scheme.scheme === 'basic') return `Basic ${base64(`${credential.username ?? ''}:${credential.password ?? ''}`)}`;
  if (scheme.scheme === 'bearer') return `Bearer ${credential.token}`;
  // Any other HTTP scheme (digest, hoba, a vendor's own): the reader types what follows the scheme name.
  const name = scheme.scheme ?? '';
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${credential.token}`;
}

/** What the chosen alternative puts on the request: every one of its schemes, together. */
export function applyCredentials(alternative: SecurityRequirementModel[], schemes: SecuritySchemeModel[], credentials: Credentials): AppliedCredentials {
  const applied: AppliedCredentials = {headers: {}, query: {}, cookies: {}};
  for (const requirement of alternative) {
    const scheme = schemes.find((candidate) => candidate.key === requirement.scheme);
    const credential = ownValue(credentials, requirement.scheme);
    if (!scheme || !credential) continue;
    if (scheme.type === 'apiKey' && scheme.name && credential.apiKey) {
      if (scheme.in === 'header') setOwn(applied.headers, scheme.name, credential.apiKey);
      else if (scheme.in === 'query') setOwn(applied.query, scheme.name, credential.apiKey);
      else if (scheme.in === 'cookie') setOwn(applied.cookies, scheme.name, credential.apiKey);
      continue;
    }
    const authorization = authorizationValue(scheme, credential);
    if (authorization) applied.headers.Authorization = authorization;
  }
  return applied;
}

export interface ScopeCheck {
  scheme: string;
  needed: string[];
  /** Undefined when the token's scopes are unknown (a pasted token). */
  granted?: string[];
  missing: string[];
}

/** For each OAuth scheme of the alternative: the scopes the operation needs and what the token has. */
export function scopeChecks(alternative: SecurityRequirementModel[], schemes: SecuritySchemeModel[], credentials: Credentials): ScopeCheck[] {
  return alternative.flatMap((requirement) => {
    const scheme = schemes.find((candidate) => candidate.key === requirement.scheme);
    if (!scheme || (scheme.type !== 'oauth2' && scheme.type !== 'openIdConnect')) return [];
    const granted = ownValue(credentials, requirement.scheme)?.grantedScopes;
    return [{
      scheme: requirement.scheme,
      needed: requirement.scopes,
      ...(granted ? {granted} : {}),
      missing: granted ? requirement.scopes.filter((scope) => !granted.includes(scope)) : [],
    }];
  });
}

/** Resolves a URL from the description (a token URL may be relative) against the chosen server. */
export function resolveAgainst(url: string, base: string): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.href;
  return new URL(url, new URL(base || '/', origin)).href;
}
