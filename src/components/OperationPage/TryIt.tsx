import {lazy, Suspense, useEffect, useId, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import Heading from '@theme/Heading';
import ExplorerSkeleton from '@site/src/components/ApiExplorer/Skeleton';
import {isSignInReturn} from '@site/src/components/ApiExplorer/explorer-storage';
import type {OperationPageModel} from '@site/src/openapi/types';
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
  page: OperationPageModel;
}

/** "Try it": the button that loads the API explorer, and the explorer once opened. */
export default function TryIt({page}: TryItProps): ReactNode {
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
  const toggle = () => {
    setOpened(true);
    setShown(!shown);
  };
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
          onPointerEnter={preloadApiExplorer}
          onFocus={preloadApiExplorer}>
          {shown ? 'Hide the API explorer' : 'Open the API explorer'}
        </button>
      </div>
      <p className={styles.muted}>Send this request to the sandbox, which answers from the examples, or to a real server with your credentials (Authorize).</p>
      <div id={panelId} hidden={!shown}>
        {opened ? (
          // The placeholder has the form's size: nothing below moves when the form arrives.
          <ErrorBoundary
            fallback={({error}) => (
              <p role="alert" className={styles.explorerError}>
                The API explorer could not load ({error.message}). Reload the page to try again.
              </p>
            )}>
            <Suspense fallback={<ExplorerSkeleton page={page} />}>
              <ApiExplorer page={page} />
            </Suspense>
          </ErrorBoundary>
        ) : null}
      </div>
    </section>
  );
}
