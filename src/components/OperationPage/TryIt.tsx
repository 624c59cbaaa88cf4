import {lazy, Suspense, useEffect, useId, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import Heading from '@theme/Heading';
import ExplorerSkeleton from '@site/src/components/ApiExplorer/Skeleton';
import {isSignInReturn} from '@site/src/components/ApiExplorer/explorer-storage';
import type {OperationPageCore, OperationPageModel} from '@site/src/openapi/models/model-types';
import {isOperationPageCore} from '@site/src/openapi/models/page-core';
import styles from './styles.module.css';

// The explorer (form, request sending, sandbox) is only downloaded when a
// reader asks for it, so operation pages stay light. Pointing at or focusing
// the button starts the download, so it is usually there by the click.
const loadApiExplorer = () => import('@site/src/components/ApiExplorer');
const ApiExplorer = lazy(loadApiExplorer);
function preloadApiExplorer(): void {
  // A failed preload is not an error yet: the click loads again and shows it.
  loadApiExplorer().catch(() => undefined);
}

export interface TryItProps {
  /** The full model, or on a first visit the core: the explorer waits for the full one. */
  page: OperationPageModel | OperationPageCore;
  /** Whether `page` is the full model, and how to ask for it. */
  ready: boolean;
  onWant: () => void;
  /** Why the full model could not be fetched, if it could not. */
  loadError?: Error;
}

/** Why the explorer is not there: its code or the page's model could not be fetched. */
function ExplorerError({error}: {error: Error}): ReactNode {
  return (
    <p role="alert" className={styles.explorerError}>
      The API explorer could not load ({error.message}). Reload the page to try again.
    </p>
  );
}

/** "Try it": the button that loads the API explorer, and the explorer once opened. */
export default function TryIt({page, ready, onWant, loadError}: TryItProps): ReactNode {
  // Once opened the explorer stays mounted, so hiding it keeps what the reader typed.
  const [opened, setOpened] = useState(false);
  const [shown, setShown] = useState(false);
  const panelId = useId();
  // Back from an OAuth sign-in started in the explorer: open it, it finishes the sign-in.
  useEffect(() => {
    if (!isSignInReturn(window.location.search)) return;
    setOpened(true);
    setShown(true);
  }, []);
  // Opened before the page's full model is here (a sign-in return, or a click right after load): fetch it.
  useEffect(() => {
    if (opened && !ready) onWant();
  }, [opened, ready, onWant]);
  const toggle = () => {
    setOpened(true);
    setShown(!shown);
  };
  const preload = () => {
    preloadApiExplorer();
    onWant();
  };
  const detail = isOperationPageCore(page) ? null : page;
  return (
    <section className={styles.tryIt} aria-labelledby="try-it">
      <div className={styles.tryItHeader}>
        <Heading as="h2" id="try-it" className={styles.asideHeading}>
          Try it
        </Heading>
        <button
          type="button"
          className="button button--primary button--sm"
          aria-expanded={shown}
          aria-controls={panelId}
          onClick={toggle}
          onPointerEnter={preload}
          onFocus={preload}>
          {shown ? 'Hide the API explorer' : 'Open the API explorer'}
        </button>
      </div>
      <p className={styles.muted}>Send this request to the sandbox, which answers from the examples, or to a real server with your credentials (Authorize).</p>
      <div id={panelId} hidden={!shown}>
        {opened && detail ? (
          // The placeholder has the form's size: nothing below moves when the form arrives.
          <ErrorBoundary fallback={({error}) => <ExplorerError error={error} />}>
            <Suspense fallback={<ExplorerSkeleton page={detail} />}>
              <ApiExplorer page={detail} />
            </Suspense>
          </ErrorBoundary>
        ) : null}
        {opened && !detail ? (
          loadError ? (
            <ExplorerError error={loadError} />
          ) : (
            <button type="button" className="button button--primary" disabled>
              <span role="status">Loading the API explorer…</span>
            </button>
          )
        ) : null}
      </div>
    </section>
  );
}
