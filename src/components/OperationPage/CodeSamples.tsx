import {useEffect, useState, type ReactNode} from 'react';
import {createStorageSlot} from '@docusaurus/theme-common';
import Heading from '@theme/Heading';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import HydrateOnDemand from '@site/src/components/HydrateOnDemand';
import {readSession, subscribeToSession} from '@site/src/components/ApiExplorer/explorer-storage';
import {sampleSubstitutions, substitute} from '@site/src/components/ApiExplorer/sample-credentials';
import type {OperationPageModel} from '@site/src/openapi/types';
import styles from './styles.module.css';

/** The reader's values for the samples' placeholders, once the page is in the browser and only if they asked. */
function useSampleSubstitutions(page: OperationPageModel): [string, string][] | null {
  const [pairs, setPairs] = useState<[string, string][] | null>(null);
  useEffect(() => {
    const read = () => setPairs(sampleSubstitutions(page, readSession()));
    read();
    return subscribeToSession(read);
  }, [page]);
  return pairs;
}

/** The tabs' groupId: a language chosen on one page is selected on the next. */
const CODE_SAMPLES_GROUP = 'code-samples';

/**
 * Whether the reader chose a language other than the first one on another
 * page (the Tabs' own storage slot), which the tabs select once hydrated.
 * Read on the client's first render only.
 */
function useStoredLanguageChoice(page: OperationPageModel): boolean {
  const [chosen] = useState(() => {
    if (typeof window === 'undefined') return false;
    const stored = createStorageSlot(`docusaurus.tab.${CODE_SAMPLES_GROUP}`).get();
    return stored !== null && stored !== page.codeSamples[0]?.id && page.codeSamples.some((sample) => sample.id === stored);
  });
  return chosen;
}

export default function CodeSamples({page}: {page: OperationPageModel}): ReactNode {
  const pairs = useSampleSubstitutions(page);
  const languageChosen = useStoredLanguageChoice(page);
  return (
    // The tabs hydrate on first use, or with the page when the language
    // chosen on another page (groupId, kept in localStorage) is not the first
    // and must be selected on load, or when the reader's own values replace
    // the placeholders. The highlighted code inside stays server HTML until
    // used, or until those values arrive.
    <HydrateOnDemand as="section" aria-label="Code samples" className={styles.asideBlock} eager={pairs !== null || languageChosen}>
      <Heading as="h2" id="code-samples" className={styles.asideHeading}>
        Code samples
      </Heading>
      {pairs ? <p className={styles.muted}>With your credentials (Authorize, “Use my credentials in the code samples”).</p> : null}
      <Tabs groupId={CODE_SAMPLES_GROUP} className={styles.codeTabs}>
        {page.codeSamples.map((sample) => (
          <TabItem key={sample.id} value={sample.id} label={sample.label}>
            <HydrateOnDemand eager={pairs !== null}>
              <CodeBlock language={sample.language}>{pairs ? substitute(sample.code, pairs) : sample.code}</CodeBlock>
            </HydrateOnDemand>
          </TabItem>
        ))}
      </Tabs>
    </HydrateOnDemand>
  );
}
