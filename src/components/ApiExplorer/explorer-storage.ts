/**
 * What the explorer keeps for the browsing session: the server the reader
 * chose, the values of its variables, and the credentials typed in the
 * Authorize panel, per server. One JSON value under one key, in
 * sessionStorage, or in localStorage when the reader ticked "remember on this
 * device" (and then only there).
 *
 * This file is imported by first-load code (code samples with the reader's
 * credentials, the return from an OAuth sign-in), so it stays small and pure.
 */

export const STORAGE_KEY = 'meridian-explorer:v1';
/** sessionStorage: an OAuth authorization-code sign-in on its way (state, PKCE verifier). */
export const PENDING_SIGN_IN_KEY = 'meridian-explorer:v1:sign-in';
/** Fired on window whenever the stored value changes in this tab. */
export const CHANGE_EVENT = 'meridian-explorer-change';

export interface SchemeCredential {
  /** apiKey. */
  apiKey?: string;
  /** http basic. */
  username?: string;
  password?: string;
  /** http bearer (and other http schemes), oauth2, openIdConnect. */
  token?: string;
  /** oauth2: the client the token is asked for. */
  clientId?: string;
  clientSecret?: string;
  /** oauth2: scopes the reader asked for. */
  scopes?: string[];
  /** Scopes the token was granted, when its issuer said (unknown for a pasted token). */
  grantedScopes?: string[];
  /** When the token expires (ms since the epoch), when its issuer said. */
  expiresAt?: number;
  /** How the token was obtained: `clientCredentials`, `authorizationCode`, `sandbox`. */
  obtainedBy?: string;
}

/** Credentials by security scheme key. */
export type Credentials = Record<string, SchemeCredential>;

export interface ExplorerSession {
  /** The chosen server: `sandbox`, `custom`, or a server's URL template. */
  server?: string;
  customUrl?: string;
  /** Values of server variables, by URL template, then variable name. */
  variables: Record<string, Record<string, string>>;
  /** Credentials by server (see serverKey in ./auth). */
  credentials: Record<string, Credentials>;
  /** The reader asked to see their own credentials in the page's code samples. */
  samplesUseCredentials?: boolean;
  /** Kept in localStorage rather than sessionStorage. */
  remember?: boolean;
}

export const EMPTY_SESSION: ExplorerSession = {variables: {}, credentials: {}};

function storages(): {session?: Storage; local?: Storage} {
  if (typeof window === 'undefined') return {};
  const found: {session?: Storage; local?: Storage} = {};
  // Either may be missing or refuse access (privacy modes, sandboxed frames).
  try {
    found.session = window.sessionStorage;
  } catch {
    /* not available */
  }
  try {
    found.local = window.localStorage;
  } catch {
    /* not available */
  }
  return found;
}

function parse(text: string | null | undefined): ExplorerSession | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<ExplorerSession> | null;
    if (!value || typeof value !== 'object') return undefined;
    return {
      ...value,
      variables: value.variables && typeof value.variables === 'object' ? value.variables : {},
      credentials: value.credentials && typeof value.credentials === 'object' ? value.credentials : {},
    };
  } catch {
    return undefined;
  }
}

/** The stored session: localStorage when remembered, else sessionStorage, else empty. */
export function readSession(): ExplorerSession {
  const {session, local} = storages();
  try {
    return parse(local?.getItem(STORAGE_KEY)) ?? parse(session?.getItem(STORAGE_KEY)) ?? EMPTY_SESSION;
  } catch {
    return EMPTY_SESSION;
  }
}

/** Stores the session where the reader asked for it, and removes it from the other storage. */
export function writeSession(value: ExplorerSession): void {
  const {session, local} = storages();
  const [keep, drop] = value.remember ? [local, session] : [session, local];
  try {
    drop?.removeItem(STORAGE_KEY);
    keep?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    /* full or refused: the session lives in memory only */
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Forgets everything: both storages and any sign-in on its way. */
export function clearSession(): void {
  const {session, local} = storages();
  try {
    local?.removeItem(STORAGE_KEY);
    session?.removeItem(STORAGE_KEY);
    session?.removeItem(PENDING_SIGN_IN_KEY);
  } catch {
    /* nothing stored */
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls `listener` whenever the session changes, in this tab or (remembered sessions) another; returns the unsubscribe. */
export function subscribeToSession(listener: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

/** Whether this page load is the return from an authorization-code sign-in the explorer started. */
export function isSignInReturn(search: string): boolean {
  if (typeof window === 'undefined' || !/[?&]state=/.test(search)) return false;
  try {
    return window.sessionStorage.getItem(PENDING_SIGN_IN_KEY) !== null;
  } catch {
    return false;
  }
}
