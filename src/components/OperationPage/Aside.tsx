import type {ReactNode} from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import HydrateOnDemand from '@site/src/components/HydrateOnDemand';
import {useRequestContentType} from '@site/src/hooks/useRequestContentType';
import type {OperationPageCore, OperationPageModel} from '@site/src/openapi/models/model-types';
import {examplesShown, isOperationPageCore} from '@site/src/openapi/models/page-core';
import {Examples} from './Bodies';
import CodeSamples from './CodeSamples';
import TryIt from './TryIt';
import styles from './styles.module.css';

export interface AsideProps {
  /** The full model, or on a first visit the core until a reader uses a part (src/plugins/page-data/client/page-model.ts). */
  page: OperationPageModel | OperationPageCore;
  /** A content type chosen in the URL: the request example hydrates with the page. */
  contentTypeChosen: boolean;
  /** Whether `page` is the full model, and how to ask for it (HydrateOnDemand). */
  ready: boolean;
  onWant: () => void;
  /** Why the full model could not be fetched, if it could not. */
  loadError?: Error;
}

/** The examples of the request content type the reader chose. */
function RequestExample({page}: {page: OperationPageModel}): ReactNode {
  const [media] = useRequestContentType(page.requestBody?.content ?? []);
  if (!media || media.examples.length === 0) return null;
  return (
    <section className={clsx(styles.asideBlock, styles.deferredBlock)} aria-labelledby="request-example">
      <Heading as="h2" id="request-example" className={styles.asideHeading}>
        Request example
      </Heading>
      <Examples examples={media.examples} mediaType={media.mediaType} title={media.mediaType} />
    </section>
  );
}

/** The examples column: code samples, Try it, request and response examples. */
export default function Aside({page, contentTypeChosen, ready, onWant, loadError}: AsideProps): ReactNode {
  const examples = examplesShown(page);
  const detail = isOperationPageCore(page) ? null : page;
  const responseExamples = detail?.responses.filter((response) => response.content.some((media) => media.examples.length > 0)) ?? [];
  const parts = {ready, onWant};
  return (
    <aside className={clsx(styles.aside, 'api-examples')} aria-label="Examples">
      {page.codeSamples.length > 0 ? <CodeSamples page={page} {...parts} /> : null}
      {page.webhook ? null : <TryIt page={page} {...parts} loadError={loadError} />}
      {examples.request ? (
        <HydrateOnDemand className={styles.asideExamples} eager={contentTypeChosen} {...parts}>
          {detail ? <RequestExample page={detail} /> : null}
        </HydrateOnDemand>
      ) : null}
      {examples.responses ? (
        <HydrateOnDemand className={styles.asideExamples} {...parts}>
          <section className={clsx(styles.asideBlock, styles.deferredBlock)} aria-labelledby="response-examples">
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
