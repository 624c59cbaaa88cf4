import {useCallback, useEffect, useState, useSyncExternalStore} from 'react';
import {ownValue, setOwn} from '@site/src/spec-reader/own-keys';
import {clearSession, EMPTY_SESSION, isSignInReturn, readSession, subscribeToSession, writeSession, type ExplorerSession, type SchemeCredential} from './explorer-storage';
import {completeSignInOnce} from './oauth';

/**
 * The explorer's session as React state shared by every explorer and
 * Authorize panel of the tab: one cached value, re-read when any of them (or
 * another tab, for remembered sessions) changes it.
 */

let cached: ExplorerSession | undefined;

function subscribe(onChange: () => void): () => void {
  return subscribeToSession(() => {
    cached = undefined;
    onChange();
  });
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
  // A scheme named `__proto__` must stay a key of its own, stored with the others.
  if (credential === undefined) delete forServer[scheme];
  else setOwn(forServer, scheme, credential);
  return {...session, credentials: {...session.credentials, [server]: forServer}};
}

/**
 * Back from an authorization-code sign-in: exchanges the code (once per page
 * load, whichever panel asks first), keeps the token, and gives the outcome
 * in words; undefined until then, or when this load is no such return.
 */
export function useSignInReturn(update: (change: (session: ExplorerSession) => ExplorerSession) => void): string | undefined {
  const [notice, setNotice] = useState<string | undefined>();
  useEffect(() => {
    if (!isSignInReturn(window.location.search)) return;
    void completeSignInOnce().then((result) => {
      const {credential, scheme, serverKey} = result;
      if (credential && scheme && serverKey) {
        update((current) => withCredential(current, serverKey, scheme, {...ownValue(current.credentials[serverKey], scheme), ...credential}));
      }
      setNotice(result.error ?? `Signed in: ${scheme} has a token.`);
    });
  }, [update]);
  return notice;
}
