import {lazy, Suspense, useEffect, useId, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import Admonition from '@theme/Admonition';
import RichText from '@site/src/components/RichText';
import {SchemaLinksContext, TARGET_IN_CLOSED_DETAILS_CSS, useTargetAnchor} from '@site/src/components/FieldLink';
import {bodyAnchor, isAnchorWithin} from '@site/src/openapi/field-anchors';
import HydrateOnDemand from '@site/src/components/HydrateOnDemand';
import ExplorerSkeleton from '@site/src/components/ApiExplorer/Skeleton';
import {isSignInReturn} from '@site/src/components/ApiExplorer/explorer-storage';
import type {OperationPageModel, ResponseModel, SecurityRequirementModel} from '@site/src/openapi/types';
import Callbacks from './Callbacks';
import CodeSamples from './CodeSamples';
import ExpandAll from './ExpandAll';
import ResponseDetails, {UnresolvedReference} from './ResponseDetails';
import MethodBadge from './MethodBadge';
import Parameters from './Parameters';
import {Examples, MediaTypes} from './Bodies';
import {hasContentTypeChoice, REQUEST_CONTENT_TYPE_PARAM, useRequestContentType} from './requestContentType';
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

/** With JavaScript off, every tab panel is shown, so nothing is hidden behind a tab, nor a field a URL points at. */
const NO_SCRIPT_CSS = `.tabs-container [role="tabpanel"][hidden]{display:block!important}${TARGET_IN_CLOSED_DETAILS_CSS}`;

function statusClass(status: string): string {
  if (/^2/.test(status)) return styles.status2xx;
  if (/^3/.test(status)) return styles.status3xx;
  if (/^4/.test(status)) return styles.status4xx;
  if (/^5/.test(status)) return styles.status5xx;
  return styles.statusOther;
}

function Security({security}: {security: SecurityRequirementModel[][]}): ReactNode {
  const alternatives = security.filter((alternative) => alternative.length > 0);
  const optional = security.some((alternative) => alternative.length === 0);
  return (
    <section className={styles.section} aria-labelledby="authorization">
      <Heading as="h2" id="authorization">
        Authorization
      </Heading>
      {alternatives.length === 0 ? (
        <p>No authorization: this operation is public.</p>
      ) : (
        <>
          <p>{alternatives.length > 1 ? 'Any one of these:' : 'Requires:'}</p>
          <ul className={styles.securityList}>
            {alternatives.map((alternative, index) => (
              <li key={index}>
                {alternative.map((requirement, position) => (
                  <span key={requirement.scheme}>
                    {position > 0 ? ' and ' : null}
                    <code>{requirement.scheme}</code> <span className={styles.muted}>({requirement.kind})</span>
                    {requirement.scopes.length > 0 ? (
                      <>
                        {' '}with scope{requirement.scopes.length > 1 ? 's' : ''}{' '}
                        {requirement.scopes.map((scope, scopeIndex) => (
                          <span key={scope}>
                            {scopeIndex > 0 ? ', ' : null}
                            <code>{scope}</code>
                          </span>
                        ))}
                      </>
                    ) : null}
                  </span>
                ))}
              </li>
            ))}
          </ul>
          {optional ? <p>Authorization is optional.</p> : null}
        </>
      )}
    </section>
  );
}

/** The response whose fields hold the URL's target field: its tab is the one shown. */
function useTargetResponse(responses: ResponseModel[]): string | undefined {
  const target = useTargetAnchor();
  if (!target.startsWith('response-')) return undefined;
  return responses.find((response) => {
    const root = bodyAnchor({kind: 'response', status: response.status});
    return isAnchorWithin(target, root) || target.startsWith(`${root}:`) || target.startsWith(`${root}-headers.`);
  })?.status;
}

function Responses({responses}: {responses: ResponseModel[]}): ReactNode {
  const targetStatus = useTargetResponse(responses);
  if (responses.length === 0) {
    // Said rather than left out, so a reader does not look for a section that is not there.
    return (
      <section className={styles.section} aria-labelledby="responses">
        <Heading as="h2" id="responses">
          Responses
        </Heading>
        <p>The API description lists no responses for this operation.</p>
      </section>
    );
  }
  return (
    <section className={styles.section} id="responses-section" aria-labelledby="responses">
      <div className={styles.sectionHeader}>
        <Heading as="h2" id="responses">
          Responses
        </Heading>
        <ExpandAll sectionId="responses-section" />
      </div>
      <ul className={styles.statusSummary} aria-label="Status codes">
        {responses.map((response) => (
          <li key={response.status}>
            <span className={clsx(styles.status, statusClass(response.status))}>{response.status}</span>
          </li>
        ))}
      </ul>
      <Tabs className={styles.responseTabs} defaultValue={targetStatus}>
        {responses.map((response) => (
          <TabItem
            key={response.status}
            value={response.status}
            label={response.status}
            attributes={{className: clsx(styles.statusTab, statusClass(response.status))}}>
            <ResponseDetails response={response} />
          </TabItem>
        ))}
      </Tabs>
    </section>
  );
}

function TryIt({page}: {page: OperationPageModel}): ReactNode {
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

/** The examples of the request content type the reader chose. */
function RequestExample({page}: {page: OperationPageModel}): ReactNode {
  const [media] = useRequestContentType(page.requestBody?.content ?? []);
  if (!media || media.examples.length === 0) return null;
  return (
    <section className={styles.asideBlock} aria-labelledby="request-example">
      <Heading as="h2" id="request-example" className={styles.asideHeading}>
        Request example
      </Heading>
      <Examples examples={media.examples} mediaType={media.mediaType} title={media.mediaType} />
    </section>
  );
}

function Aside({page, contentTypeChosen}: {page: OperationPageModel; contentTypeChosen: boolean}): ReactNode {
  const hasRequestExamples = page.requestBody?.content.some((media) => media.examples.length > 0) ?? false;
  const responseExamples = page.responses.filter((response) => response.content.some((media) => media.examples.length > 0));
  return (
    <aside className={clsx(styles.aside, 'api-examples')} aria-label="Examples">
      {page.codeSamples.length > 0 ? <CodeSamples page={page} /> : null}
      {page.webhook ? null : <TryIt page={page} />}
      {hasRequestExamples ? (
        <HydrateOnDemand eager={contentTypeChosen}>
          <RequestExample page={page} />
        </HydrateOnDemand>
      ) : null}
      {responseExamples.length > 0 ? (
        <HydrateOnDemand>
          <section className={styles.asideBlock} aria-labelledby="response-examples">
            <Heading as="h2" id="response-examples" className={styles.asideHeading}>
              Response examples
            </Heading>
            <Tabs className={styles.responseTabs}>
              {responseExamples.map((response) => (
                <TabItem key={response.status} value={response.status} label={response.status}>
                  {response.content
                    .filter((media) => media.examples.length > 0)
                    .map((media) => (
                      <Examples key={media.mediaType} examples={media.examples} mediaType={media.mediaType} title={media.mediaType} />
                    ))}
                </TabItem>
              ))}
            </Tabs>
          </section>
        </HydrateOnDemand>
      ) : null}
    </aside>
  );
}

/** An API operation, fully server-rendered from its build-time model. */
export default function OperationPage({page}: {page: OperationPageModel}): ReactNode {
  const server = page.servers[0]?.url.replace(/\/+$/, '') ?? '';
  // A content type chosen in the URL changes what the request parts show, so
  // they hydrate with the page instead of on first use.
  const contentTypeChosen = hasContentTypeChoice(useLocation().search);
  return (
    <SchemaLinksContext.Provider value={page.schemaLinks ?? {}}>
    <div className={styles.page}>
      <noscript>
        <style dangerouslySetInnerHTML={{__html: NO_SCRIPT_CSS}} />
      </noscript>
      <header className={styles.header}>
        <Heading as="h1" className={styles.title}>
          {page.summary}
        </Heading>
        <div className={styles.endpoint}>
          <MethodBadge method={page.method} />
          <code className={styles.path}>
            <span className={styles.server}>{server}</span>
            {page.path}
          </code>
        </div>
        <dl className={styles.meta}>
          {page.webhook ? (
            <div>
              <dt>Webhook</dt>
              <dd>The API sends this request to your endpoint.</dd>
            </div>
          ) : null}
          {page.operationId ? (
            <div>
              <dt>Operation ID</dt>
              <dd><code>{page.operationId}</code></dd>
            </div>
          ) : null}
          {page.tags.length > 0 ? (
            <div>
              <dt>Tags</dt>
              <dd>{page.tags.join(', ')}</dd>
            </div>
          ) : null}
        </dl>
        {page.deprecated ? (
          <Admonition type="warning" title="Deprecated">
            This operation is deprecated and may be removed in a future version.
          </Admonition>
        ) : null}
      </header>
      <div className={styles.columns}>
        <div className={styles.main}>
          <HydrateOnDemand>
            <RichText value={page.description} className={styles.description} />
            <Security security={page.security} />
            <Parameters parameters={page.parameters} unresolved={page.unresolvedParameters} />
          </HydrateOnDemand>
          <HydrateOnDemand eager={contentTypeChosen}>
            {page.requestBody ? (
              <section className={styles.section} id="request-body-section" aria-labelledby="request-body">
                <div className={styles.sectionHeader}>
                  <Heading as="h2" id="request-body">
                    Request body{page.requestBody.required ? <span className={styles.requiredNote}> required</span> : null}
                  </Heading>
                  {page.requestBody.content.length > 0 ? <ExpandAll sectionId="request-body-section" /> : null}
                </div>
                {page.requestBody.unresolvedRef ? (
                  <UnresolvedReference reference={page.requestBody.unresolvedRef} what="the request body" />
                ) : null}
                <RichText value={page.requestBody.description} />
                <MediaTypes
                  content={page.requestBody.content}
                  showExamples={false}
                  exampleTitle=""
                  queryString={REQUEST_CONTENT_TYPE_PARAM}
                  body={{kind: 'request'}}
                />
              </section>
            ) : null}
          </HydrateOnDemand>
          <HydrateOnDemand>
            <Responses responses={page.responses} />
            <Callbacks callbacks={page.callbacks} />
          </HydrateOnDemand>
        </div>
        <Aside page={page} contentTypeChosen={contentTypeChosen} />
      </div>
    </div>
    </SchemaLinksContext.Provider>
  );
}
