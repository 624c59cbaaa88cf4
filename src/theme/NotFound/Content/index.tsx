import {useEffect, useState, useSyncExternalStore, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import {useAllDocsData} from '@docusaurus/plugin-content-docs/client';
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

/** A page offered instead of the missing one, titled once its Markdown twin has said it. */
interface ClosePage {
  path: string;
  title: string | null;
}

/**
 * The docs pages whose address is closest to the missing one. The ranking
 * and the twins' addresses load only here, with the twins (a few KB each):
 * this component is also in the docs root's chunk, which every docs page loads.
 */
function ClosestPages({path}: {path: string | null}): ReactNode {
  const docsData = useAllDocsData();
  const [closest, setClosest] = useState<readonly ClosePage[] | null>(null);
  useEffect(() => {
    if (path === null) return undefined;
    let current = true;
    const pages = Object.values(docsData).flatMap((plugin) => plugin.versions.flatMap((version) => version.docs.map((doc) => doc.path)));
    Promise.all([import('./closest-pages'), import('@site/src/components/CopyPageMarkdown')])
      .then(([{closestPaths, titleOfTwin}, {markdownPathOf}]) => {
        if (!current) return;
        const found = closestPaths(path, [...new Set(pages)]);
        setClosest(found.map((page) => ({path: page, title: null})));
        for (const page of found) {
          fetch(markdownPathOf(page))
            .then((response) => (response.ok ? response.text() : null))
            .then((text) => {
              const title = text === null ? null : titleOfTwin(text);
              if (current && title) setClosest((shown) => shown?.map((item) => (item.path === page ? {...item, title} : item)) ?? null);
            })
            // Without its title the link shows the address, which is enough.
            .catch(() => undefined);
        }
      })
      .catch(() => {
        if (current) setClosest([]);
      });
    return () => {
      current = false;
    };
  }, [docsData, path]);
  return (
    // Its height is kept in the server HTML, so that filling it in shifts nothing below.
    <section className={styles.closest} aria-labelledby="not-found-closest" aria-live="polite">
      <p id="not-found-closest" className={styles.closestHeading}>
        {closest === null ? '\u00a0' : closest.length > 0 ? 'Closest pages to that address:' : 'No page has an address close to it.'}
      </p>
      {closest && closest.length > 0 ? (
        <ul className={styles.links}>
          {closest.map((page) => (
            <li key={page.path}>
              <Link to={page.path}>{page.title ?? page.path}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
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
        <ClosestPages path={path} />
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
