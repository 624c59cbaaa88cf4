import {useCallback, useSyncExternalStore} from 'react';
import {CHANGE_EVENT, clearSession, EMPTY_SESSION, readSession, writeSession, type ExplorerSession, type SchemeCredential} from './explorer-storage';

/**
 * The explorer's session as React state shared by every explorer and
 * Authorize panel of the tab: one cached value, re-read when any of them (or
 * another tab, for remembered sessions) changes it.
 */

let cached: ExplorerSession | undefined;

function subscribe(onChange: () => void): () => void {
  const listener = () => {
    cached = undefined;
    onChange();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

function snapshot(): ExplorerSession {
  cached ??= readSession();
  return cached;
}

export function useExplorerSession(): [ExplorerSession, (change: (session: ExplorerSession) => ExplorerSession) => void, () => void] {
  const session = useSyncExternalStore(subscribe, snapshot, () => EMPTY_SESSION);
  const update = useCallback((change: (session: ExplorerSession) => ExplorerSession) => {
    cached = change(snapshot());
    writeSession(cached);
  }, []);
  const signOut = useCallback(() => {
    cached = undefined;
    clearSession();
  }, []);
  return [session, update, signOut];
}

/** Sets one scheme's credential for one server (undefined removes it). */
export function withCredential(session: ExplorerSession, server: string, scheme: string, credential: SchemeCredential | undefined): ExplorerSession {
  const forServer = {...session.credentials[server]};
  if (credential === undefined) delete forServer[scheme];
  else forServer[scheme] = credential;
  return {...session, credentials: {...session.credentials, [server]: forServer}};
}
