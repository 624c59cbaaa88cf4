import {Fragment, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import Heading from '@theme/Heading';
import Admonition from '@theme/Admonition';
import RichText from '@site/src/components/RichText';
import {SchemaLinksContext, TARGET_IN_CLOSED_DETAILS_CSS} from '@site/src/components/FieldLink';
import HydrateOnDemand from '@site/src/components/HydrateOnDemand';
import type {OperationPageCore, OperationPageModel} from '@site/src/openapi/models/model-types';
import {isOperationPageCore} from '@site/src/openapi/models/page-core';
import {useFullPageModel} from '@site/src/hooks/useFullPageModel';
import {pageModelOf} from '@site/src/plugins/page-data/client/page-model';
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

/** With JavaScript off, every tab panel is shown, each response under its status code, so nothing is hidden behind a tab, nor a field a URL points at. */
const NO_SCRIPT_CSS = `.tabs-container [role="tabpanel"][hidden]{display:block!important}[data-response-status]{position:static!important;width:auto!important;height:auto!important;margin:1rem 0 0!important;clip-path:none!important;overflow:visible!important;font-weight:700;font-family:var(--ifm-font-family-monospace)}${TARGET_IN_CLOSED_DETAILS_CSS}`;

/** An API operation, fully server-rendered from its build-time model: the layout; each section is a file of this folder. */
export default function OperationPage(props: {page: OperationPageModel | OperationPageCore}): ReactNode {
  // On a first visit the browser has the page's core: the parts below that need the rest stay server HTML until used.
  const {page, full, load, error} = useFullPageModel(pageModelOf(props.page));
  const parts = {ready: full, onWant: load};
  const detail = isOperationPageCore(page) ? null : page;
  const server = page.servers[0]?.url.replace(/\/+$/, '') ?? '';
  // A content type chosen in the URL changes what the request parts show, so
  // they hydrate with the page instead of on first use.
  const contentTypeChosen = hasContentTypeChoice(useLocation().search);
  return (
    <SchemaLinksContext.Provider value={detail?.schemaLinks ?? {}}>
    <div className={styles.page}>
      <noscript>
        <style dangerouslySetInnerHTML={{__html: NO_SCRIPT_CSS}} />
      </noscript>
      <header className={styles.header} data-pagefind-filter={`kind:${page.webhook ? 'webhook' : 'operation'}`} data-pagefind-meta={`kind:${page.webhook ? 'webhook' : 'operation'}`}>
        {/* Summary, operationId and `METHOD /path` weigh most in the search
            index and are the page's metadata there (src/components/SiteSearch);
            its kind and each tag are filters of the search page. */}
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
              <dd data-pagefind-meta="section">
                {page.tags.map((tag, index) => (
                  <Fragment key={tag}>
                    {index > 0 ? ', ' : null}
                    <span data-pagefind-filter="tag">{tag}</span>
                  </Fragment>
                ))}
              </dd>
            </div>
          ) : null}
          {page.tagBadges ? (
            <div>
              <dt>Labels</dt>
              <dd className={styles.tagBadges}>
                {page.tagBadges.map((badge) => (
                  <span key={badge.name} className={styles.tagBadge} title={`Tag of kind ${badge.kind}`}>
                    {badge.name} <small>({badge.kind})</small>
                  </span>
                ))}
              </dd>
            </div>
          ) : null}
        </dl>
        {page.deprecated ? (
          <Admonition type="warning" title="Deprecated">
            This operation is deprecated and may be removed in a future version.
          </Admonition>
        ) : null}
      </header>
      {/* The examples column comes right after the description in the page,
          so that on a phone the code samples and Try it follow the endpoint
          (as on Stripe's and Mintlify's pages) without a script; on wide
          screens grid areas put it in the right-hand column. */}
      <div className={styles.columns}>
        <HydrateOnDemand className={styles.intro} {...parts}>
          {detail ? <RichText value={detail.description} className={styles.description} /> : null}
        </HydrateOnDemand>
        <Aside page={page} contentTypeChosen={contentTypeChosen} {...parts} loadError={error} />
        <div className={styles.main}>
          <HydrateOnDemand {...parts}>
            {detail ? (
              <>
                <Security security={detail.security} />
                <Parameters parameters={detail.parameters} unresolved={detail.unresolvedParameters} />
              </>
            ) : null}
          </HydrateOnDemand>
          <HydrateOnDemand eager={contentTypeChosen} {...parts}>
            {detail?.requestBody ? (
              <section className={styles.section} id="request-body-section" aria-labelledby="request-body">
                <div className={styles.sectionHeader}>
                  <Heading as="h2" id="request-body">
                    Request body{detail.requestBody.required ? <span className={styles.requiredNote}> required</span> : null}
                  </Heading>
                  {detail.requestBody.content.length > 0 ? <ExpandAll sectionId="request-body-section" /> : null}
                </div>
                {detail.requestBody.unresolvedRef ? (
                  <UnresolvedReference reference={detail.requestBody.unresolvedRef} what="the request body" />
                ) : null}
                <RichText value={detail.requestBody.description} />
                <MediaTypes content={detail.requestBody.content} queryString={REQUEST_CONTENT_TYPE_PARAM} body={{kind: 'request'}} />
              </section>
            ) : null}
          </HydrateOnDemand>
          <HydrateOnDemand {...parts}>
            {detail ? (
              <>
                <Responses responses={detail.responses} />
                <Callbacks callbacks={detail.callbacks} />
              </>
            ) : null}
          </HydrateOnDemand>
        </div>
      </div>
    </div>
    </SchemaLinksContext.Provider>
  );
}
