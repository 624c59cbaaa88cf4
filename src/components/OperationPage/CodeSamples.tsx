import {useEffect, useState, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import HydrateOnDemand from '@site/src/components/HydrateOnDemand';
import {readSession, subscribeToSession} from '@site/src/components/ApiExplorer/explorer-storage';
import {sampleSubstitutions, substitute} from '@site/src/components/ApiExplorer/sample-credentials';
import {useCredentialScope} from '@site/src/components/ApiCatalog/use-current-api';
import type {OperationPageCore, OperationPageModel} from '@site/src/openapi/models/model-types';
import styles from './styles.module.css';

/** The reader's values for the samples' placeholders, once the page is in the browser and only if they asked. */
function useSampleSubstitutions(page: OperationPageModel | OperationPageCore): [string, string][] | null {
  const [pairs, setPairs] = useState<[string, string][] | null>(null);
  const scope = useCredentialScope();
  useEffect(() => {
    const read = () => setPairs(sampleSubstitutions(page, readSession(), scope));
    read();
    return subscribeToSession(read);
  }, [page, scope]);
  return pairs;
}

export interface CodeSamplesProps {
  /** The full model, or the core: the tabs without their code (src/plugins/page-data/client/page-model.ts). */
  page: OperationPageModel | OperationPageCore;
  /** Whether `page` is the full model, and how to ask for it (HydrateOnDemand). */
  ready: boolean;
  onWant: () => void;
}

export default function CodeSamples({page, ready, onWant}: CodeSamplesProps): ReactNode {
  const pairs = useSampleSubstitutions(page);
  return (
    <section aria-label="Code samples" className={styles.asideBlock}>
      <Heading as="h2" id="code-samples" className={styles.asideHeading}>
        Code samples
      </Heading>
      {pairs ? <p className={styles.muted}>With your credentials (Authorize, “Use my credentials in the code samples”).</p> : null}
      {/* The tabs hydrate at once, so the language chosen on another page
          (groupId, kept in localStorage) is selected on load; the
          highlighted code inside stays server HTML until used, or until the
          reader's own values replace the placeholders. */}
      <Tabs groupId="code-samples" className={styles.codeTabs}>
        {page.codeSamples.map((sample) => (
          <TabItem key={sample.id} value={sample.id} label={sample.label}>
            <HydrateOnDemand eager={pairs !== null} ready={ready} onWant={onWant}>
              {'code' in sample ? <CodeBlock language={sample.language}>{pairs ? substitute(sample.code, pairs) : sample.code}</CodeBlock> : null}
            </HydrateOnDemand>
          </TabItem>
        ))}
      </Tabs>
    </section>
  );
}
