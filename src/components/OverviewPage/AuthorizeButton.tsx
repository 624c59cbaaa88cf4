import {lazy, Suspense, useEffect, useRef, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {isSignInReturn} from '@site/src/components/ApiExplorer/explorer-storage';
import type {SecuritySchemeModel, ServerModel} from '@site/src/openapi/models/model-types';

// The panel is the explorer's code: downloaded on the first click only.
const loadPanel = () => import('@site/src/components/ApiExplorer/StandaloneAuthorize');
const StandaloneAuthorize = lazy(loadPanel);

/** "Authorize" on the overview: the same panel, and the same session, as the explorers'. */
export default function AuthorizeButton({servers, schemes}: {servers: ServerModel[]; schemes: SecuritySchemeModel[]}): ReactNode {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Back from a sign-in started here: the panel finishes it.
  useEffect(() => {
    if (isSignInReturn(window.location.search)) setOpen(true);
  }, []);
  // Focus goes back to the button once the panel is gone.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--primary button--sm"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadPanel().catch(() => undefined)}
        onFocus={() => void loadPanel().catch(() => undefined)}>
        Authorize
      </button>
      {open ? (
        <ErrorBoundary fallback={({error}) => <p role="alert">The Authorize panel could not load ({error.message}). Reload the page to try again.</p>}>
          <Suspense fallback={<span role="status">Loading the Authorize panel…</span>}>
            <StandaloneAuthorize servers={servers} schemes={schemes} onClose={close} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </>
  );
}
