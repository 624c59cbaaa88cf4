import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useBaseUrlUtils} from '@docusaurus/useBaseUrl';

import {useApiVersions} from './use-api-versions';
import styles from './styles.module.css';

/**
 * Top of every page of an older version: which version it is, and a link to
 * the same page in the current one (or to its overview when the page is gone).
 * The head gets `noindex`, and a canonical link to the current page when
 * there is one, so search engines send readers to the current reference.
 */
export function OlderVersionBanner({version, currentPath}: {version: string; currentPath?: string}): ReactNode {
  const data = useApiVersions();
  const {withBaseUrl} = useBaseUrlUtils();
  const current = data?.versions.find((candidate) => candidate.current);
  const currentName = current?.name ?? 'current';
  return (
    <>
      <Head>
        <meta name="robots" content="noindex" />
        {currentPath ? <link rel="canonical" href={withBaseUrl(currentPath, {absolute: true})} /> : null}
      </Head>
      <div className={`alert alert--warning margin-bottom--md ${styles.banner}`} role="note" data-api-version-banner={version}>
        This is the reference of version <strong>{version}</strong>, an older version of the API.{' '}
        {currentPath ? (
          <Link to={currentPath}>Read this page in the current version ({currentName})</Link>
        ) : (
          <>
            This page is not in the current version: <Link to={current?.overviewPath ?? '/docs'}>go to the current version ({currentName})</Link>
          </>
        )}
        .
      </div>
    </>
  );
}

/** The one line that says why a version switch landed on an overview instead of the same page. */
export function VersionSwitchNote({note}: {note: string}): ReactNode {
  return (
    <p className={`alert alert--info margin-bottom--md ${styles.banner}`} role="status" data-api-version-note="">
      {note}
    </p>
  );
}
