import {useSyncExternalStore, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import styles from './styles.module.css';

const noSubscription = () => () => undefined;

/**
 * The path the reader asked for. The server writes one 404.html for every
 * unknown path, so it cannot know it: the browser fills it in after hydration.
 */
function useMissingPath(): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.pathname,
    () => null,
  );
}

/**
 * Replaces classic 3.10.2 `NotFound/Content`, whose text asks the reader to
 * contact the site's owner: this one says what was not found and offers the
 * search and the way back to the reference. It also sets the page title,
 * which the docs and blog plugins' not-found routes leave out.
 */
export default function NotFoundContent({className}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const apiOverview = String(siteConfig.customFields?.apiOverviewLink ?? '/docs');
  const searchAction = useBaseUrl('/search');
  const path = useMissingPath();
  const title = translate({id: 'theme.NotFound.title', message: 'Page Not Found'});
  return (
    <>
      <PageMetadata title={title} />
      <main className={clsx('container margin-vert--xl', styles.notFound, className)}>
        <Heading as="h1">{title}</Heading>
        <p className={styles.path}>
          {/* The line is in the server HTML, so filling in the path shifts nothing. */}
          There is no page at <code>{path ?? 'this address'}</code>. It may have moved when the API reference was rebuilt.
        </p>
        {/* A plain form to the site's search page: it works before, and without, JavaScript. */}
        <form className={styles.search} action={searchAction} method="get" role="search" aria-label="Search the documentation">
          <label htmlFor="not-found-search" className={styles.label}>
            Search the documentation
          </label>
          <div className={styles.searchRow}>
            <input id="not-found-search" className={styles.input} type="search" name="q" autoComplete="off" spellCheck={false} />
            <button type="submit" className="button button--primary">
              Search
            </button>
          </div>
        </form>
        <Heading as="h2" className={styles.linksHeading}>
          Or start from
        </Heading>
        <ul className={styles.links}>
          <li>
            <Link to={apiOverview}>API overview</Link>: every resource and how to authenticate
          </li>
          <li>
            <Link to="/docs">API documentation</Link>: guides and the reference
          </li>
          <li>
            <Link to="/">Home page</Link>
          </li>
        </ul>
      </main>
    </>
  );
}
