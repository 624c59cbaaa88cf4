import type {ReactNode} from 'react';
import {useApiResources} from '@site/src/hooks/useApiResources';
import {useCurrentApi} from '@site/src/components/ApiCatalog/use-current-api';
import styles from './styles.module.css';

const SOURCE_LABELS: Record<string, string> = {
  proxy: 'the Meridian spec proxy',
  file: 'a local file',
  bundled: 'the description bundled with this site',
};

/** States which API version the reference describes and when its description
 * was fetched, from `.spec/provenance.json`. */
export default function ApiVersionNote(): ReactNode {
  const resources = useApiResources();
  // Another API of the site (src/apis/) tells its own description's provenance.
  const api = useCurrentApi();
  const {provenance, title} = api && !api.main ? api : resources;
  if (!provenance.version && !provenance.fetchedAt) return null;
  const fetched = provenance.fetchedAt ? new Date(provenance.fetchedAt) : null;
  const source = api && !api.main && provenance.sourceKind === 'proxy' ? `the ${api.label} spec proxy` : provenance.sourceKind ? SOURCE_LABELS[provenance.sourceKind] : undefined;
  return (
    <p className={styles.note}>
      This reference describes <strong>{title}</strong>
      {provenance.version ? <> version <code>{provenance.version}</code></> : null}
      {fetched ? (
        <>
          , from a description fetched on{' '}
          <time dateTime={fetched.toISOString()}>{fetched.toISOString().replace('T', ' ').slice(0, 16)} UTC</time>
        </>
      ) : null}
      {source ? <> from {source}</> : null}.
    </p>
  );
}
