import type {ReactNode} from 'react';
import MethodBadge from '@site/src/components/OperationPage/MethodBadge';
import {versionNameOfKey} from '@site/src/components/ApiVersions/version-key';
import {Excerpt, excerptParts} from './excerpt';
import type {SearchHit} from './ranking';
import styles from './styles.module.css';

/** A hit's section, method and path, and excerpt: everything but its title, all as text. */
export default function HitSummary({hit}: {hit: SearchHit}): ReactNode {
  return (
    <>
      <span className={styles.hitMeta}>
        {hit.api ? <span className={styles.hitSection} data-hit-api={hit.api}>{hit.api}</span> : null}
        <span className={styles.hitSection}>{hit.section}</span>
        {hit.version ? (
          <span className={styles.hitSection} data-hit-version={hit.version}>
            v{versionNameOfKey(hit.version)}
          </span>
        ) : null}
        {hit.method ? (
          <span className={styles.hitEndpoint}>
            <MethodBadge method={hit.method} />
            {hit.apiPath ? <code className={styles.hitPath}>{hit.apiPath}</code> : null}
          </span>
        ) : null}
      </span>
      <Excerpt parts={hit.snippet ?? excerptParts(hit.excerpt)} className={styles.hitExcerpt} />
    </>
  );
}
