/**
 * The browser bundle's entry, in place of @docusaurus/core 3.10.2
 * `lib/client/clientEntry.js` (src/plugins/staged-start puts it there).
 *
 * The same app, router, Helmet provider, `window.docusaurus`, recoverable
 * error report and development hot reload as the core's entry; what differs
 * is when the work runs (./staged-start.ts): React DOM's client is a chunk
 * of its own, imported here, and the route's preload runs in a later task.
 * After upgrading Docusaurus, diff the core's entry against this file.
 */
import React, {startTransition} from 'react';
import {HelmetProvider} from 'react-helmet-async';
import {BrowserRouter, HashRouter} from 'react-router-dom';
import siteConfig from '@generated/docusaurus.config';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import App from '@docusaurus/core/lib/client/App.js';
import preload from '@docusaurus/core/lib/client/preload.js';
import docusaurus from '@docusaurus/core/lib/client/docusaurus.js';
import type * as ReactDomClient from 'react-dom/client';
import {HYDRATES_SERVER_HTML, reportHydrationFailure} from '@site/src/client/hydration-state';
import {nextTask, startInSteps} from './staged-start';

type ReactDomClient = typeof ReactDomClient;

function Router({children}: {children: React.ReactNode}) {
  return siteConfig.future.experimental_router === 'hash' ? <HashRouter>{children}</HashRouter> : <BrowserRouter>{children}</BrowserRouter>;
}

function onRecoverableError(error: unknown, errorInfo: unknown): void {
  console.error('Docusaurus React Root onRecoverableError:', error, errorInfo);
  // React rendered the page again without the server's HTML: the parts that kept it render themselves.
  reportHydrationFailure();
}

if (ExecutionEnvironment.canUseDOM) {
  window.docusaurus = docusaurus;
  const container = document.getElementById('__docusaurus')!;
  const app = (
    <HelmetProvider>
      <Router>
        <App />
      </Router>
    </HelmetProvider>
  );
  const render = (ReactDOM: ReactDomClient) => {
    if (window.docusaurusRoot) {
      window.docusaurusRoot.render(app);
    } else if (HYDRATES_SERVER_HTML) {
      // A production build's server HTML; `docusaurus start` renders from nothing.
      window.docusaurusRoot = ReactDOM.hydrateRoot(container, app, {onRecoverableError});
    } else {
      const root = ReactDOM.createRoot(container, {onRecoverableError});
      root.render(app);
      window.docusaurusRoot = root;
    }
  };
  startInSteps<ReactDomClient>({
    loadClient: () => import('react-dom/client'),
    preload: () => preload(window.location.pathname),
    render: (ReactDOM) => startTransition(() => render(ReactDOM)),
    nextTask,
  }).catch((error: unknown) => {
    console.error('The page could not start its scripts; it stays as the server rendered it.', error);
  });
  // Development: the entry accepts its own updates, as the core's does. (Not
  // an optional call: Rspack turned `webpackHot?.accept()` into a call of undefined.)
  const hot = (import.meta as ImportMeta & {webpackHot?: {accept: () => void}}).webpackHot;
  if (hot) hot.accept();
}
