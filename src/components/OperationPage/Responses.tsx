import type {ReactNode} from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import {useTargetAnchor} from '@site/src/components/FieldLink';
import {bodyAnchor, isAnchorWithin} from '@site/src/openapi/links/field-anchors';
import type {ResponseModel} from '@site/src/openapi/models/model-types';
import ExpandAll from './ExpandAll';
import ResponseDetails from './ResponseDetails';
import styles from './styles.module.css';

export interface ResponsesProps {
  responses: ResponseModel[];
}

function statusClass(status: string): string {
  if (/^2/.test(status)) return styles.status2xx;
  if (/^3/.test(status)) return styles.status3xx;
  if (/^4/.test(status)) return styles.status4xx;
  if (/^5/.test(status)) return styles.status5xx;
  return styles.statusOther;
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

/** Every status code, a tab each; the one holding the URL's target field is shown first. */
export default function Responses({responses}: ResponsesProps): ReactNode {
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
      <Tabs className={styles.responseTabs} defaultValue={targetStatus}>
        {responses.map((response) => (
          <TabItem
            key={response.status}
            value={response.status}
            label={response.status}
            attributes={{className: clsx(styles.statusTab, statusClass(response.status))}}>
            {/* Names the panel when JavaScript is off and every panel shows (NO_SCRIPT_CSS in index.tsx). */}
            <p className={clsx('visually-hidden', styles.noScriptStatus)} data-response-status="">
              Response {response.status}
            </p>
            <ResponseDetails response={response} />
          </TabItem>
        ))}
      </Tabs>
    </section>
  );
}
