import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import Heading from '@theme/Heading';
import Admonition from '@theme/Admonition';
import RichText from '@site/src/components/RichText';
import {SchemaLinksContext, TARGET_IN_CLOSED_DETAILS_CSS} from '@site/src/components/FieldLink';
import HydrateOnDemand from '@site/src/components/HydrateOnDemand';
import type {OperationPageModel} from '@site/src/openapi/types';
import {pageModelOf} from '@site/src/client/page-model';
import {hasContentTypeChoice, REQUEST_CONTENT_TYPE_PARAM} from '@site/src/hooks/useRequestContentType';
import Aside from './Aside';
import {MediaTypes} from './Bodies';
import Callbacks from './Callbacks';
import ExpandAll from './ExpandAll';
import MethodBadge from './MethodBadge';
import Parameters from './Parameters';
import {UnresolvedReference} from './ResponseDetails';
import Responses from './Responses';
import Security from './Security';
import styles from './styles.module.css';

/** With JavaScript off, every tab panel is shown, so nothing is hidden behind a tab, nor a field a URL points at. */
const NO_SCRIPT_CSS = `.tabs-container [role="tabpanel"][hidden]{display:block!important}${TARGET_IN_CLOSED_DETAILS_CSS}`;

/** An API operation, fully server-rendered from its build-time model: the layout; each section is a file of this folder. */
export default function OperationPage(props: {page: OperationPageModel}): ReactNode {
  const page = pageModelOf(props.page);
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
        {/* Summary, operationId and `METHOD /path` weigh most in the search
            index and are the page's metadata there (src/components/SiteSearch). */}
        <Heading as="h1" className={styles.title} data-pagefind-weight="10">
          {page.summary}
        </Heading>
        <div className={styles.endpoint} data-pagefind-weight="10" data-pagefind-meta={`method:${page.method.toUpperCase()}`}>
          <MethodBadge method={page.method} />{' '}
          <code className={styles.path}>
            <span className={styles.server} data-pagefind-ignore="">{server}</span>
            <span data-pagefind-meta="path">{page.path}</span>
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
              <dd><code data-pagefind-meta="operationId" data-pagefind-weight="10">{page.operationId}</code></dd>
            </div>
          ) : null}
          {page.tags.length > 0 ? (
            <div>
              <dt>Tags</dt>
              <dd data-pagefind-meta="section">{page.tags.join(', ')}</dd>
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
                <MediaTypes content={page.requestBody.content} queryString={REQUEST_CONTENT_TYPE_PARAM} body={{kind: 'request'}} />
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
