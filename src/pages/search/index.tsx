import {useEffect, useRef, useState, type FormEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import HitSummary from '@site/src/components/SiteSearch/HitSummary';
import {loadPagefind, searchSite, suggestOperations, type SearchAnswer, type SearchOptions} from '@site/src/components/SiteSearch/pagefind';
import {useSearchScope} from '@site/src/components/ApiVersions/search-scope';
import type {SearchHit} from '@site/src/components/SiteSearch/ranking';
import {isShortQuery} from '@site/src/components/SiteSearch/typing';
import styles from './styles.module.css';

/** Results shown at first and added by each "Show more". */
const PAGE_SIZE = 20;

/** `answer` is missing while only the first hits are in (see searchSite): the list shows them, "Show more" waits for it. */
type Results =
  | {status: 'idle'}
  | {status: 'short'}
  | {status: 'searching'; query: string}
  | {status: 'failed'; query: string}
  | {status: 'done'; query: string; total: number; answer?: SearchAnswer; hits: SearchHit[]};

function queryOf(search: string): string {
  return new URLSearchParams(search).get('q') ?? '';
}

/** `/search?q=…`: every result of a query, each a link to its page. */
/** One result, or one closest operation when nothing was found: its title as a link, then its summary. */
function ResultItem({hit}: {hit: SearchHit}): ReactNode {
  return (
    <li className={styles.result}>
      <Link to={hit.path} className={styles.resultTitle}>
        {hit.title}
      </Link>
      <HitSummary hit={hit} />
    </li>
  );
}

export default function SearchPage(): ReactNode {
  const bundleUrl = useBaseUrl('/pagefind/pagefind.js');
  const location = useLocation();
  const history = useHistory();
  const urlQuery = queryOf(location.search);
  // One API version (`?version=`, else the one being read last) and pages of no version, or every version (`?versions=all`).
  const params = new URLSearchParams(location.search);
  const allVersions = params.get('versions') === 'all';
  const scope = useSearchScope(params.get('version'));
  const optionsKey = JSON.stringify(allVersions ? {} : scope.options);
  const [text, setText] = useState(urlQuery);
  const [results, setResults] = useState<Results>({status: 'idle'});
  /** The closest operations, for a query that found nothing (see suggestOperations). */
  const [suggestions, setSuggestions] = useState<SearchHit[]>([]);
  const latestQuery = useRef('');

  // The URL is the page's state: typing replaces it, so back and reload keep the query.
  useEffect(() => {
    setText((current) => (current.trim() === urlQuery.trim() ? current : urlQuery));
    const query = urlQuery.trim();
    latestQuery.current = query;
    setSuggestions([]);
    // Like the navbar box: one or two characters wait for more (see MIN_QUERY_LENGTH).
    if (query === '' || isShortQuery(query)) {
      setResults({status: query === '' ? 'idle' : 'short'});
      return;
    }
    setResults({status: 'searching', query});
    const options = JSON.parse(optionsKey) as SearchOptions;
    searchSite(
      bundleUrl,
      query,
      PAGE_SIZE,
      (hits, total) => {
        if (latestQuery.current === query) setResults({status: 'done', query, total, hits});
      },
      options,
    ).then(
      (answer) => {
        if (latestQuery.current !== query) return;
        setResults({status: 'done', query, total: answer.total, answer, hits: answer.hits.slice(0, PAGE_SIZE)});
        if (answer.total === 0) {
          suggestOperations(bundleUrl, query, 3, options).then(
            (closest) => {
              if (latestQuery.current === query) setSuggestions(closest);
            },
            () => undefined,
          );
        }
      },
      () => {
        if (latestQuery.current === query) setResults({status: 'failed', query});
      },
    );
  }, [bundleUrl, urlQuery, optionsKey]);

  const setQuery = (value: string) => {
    setText(value);
    const params = new URLSearchParams(location.search);
    if (value.trim() === '') params.delete('q');
    else params.set('q', value);
    const search = params.toString();
    history.replace({pathname: location.pathname, search: search === '' ? '' : `?${search}`});
  };

  const setAllVersions = (all: boolean) => {
    const next = new URLSearchParams(location.search);
    if (all) next.set('versions', 'all');
    else next.delete('versions');
    history.replace({pathname: location.pathname, search: `?${next.toString()}`});
  };

  const showMore = async () => {
    if (results.status !== 'done' || !results.answer) return;
    const more = await results.answer.more(results.hits.length, PAGE_SIZE);
    setResults((current) => (current.status === 'done' && current.answer === results.answer ? {...current, hits: [...current.hits, ...more]} : current));
  };

  return (
    <Layout title="Search" description="Search the Meridian API reference, its guides and the blog.">
      <main className="container margin-vert--lg">
        <Heading as="h1">Search</Heading>
        <form className={styles.form} role="search" aria-label="Search page" onSubmit={(event: FormEvent) => event.preventDefault()}>
          <label htmlFor="search-page-query" className={styles.label}>
            Search the documentation
          </label>
          <input
            id="search-page-query"
            className={styles.input}
            type="search"
            value={text}
            autoComplete="off"
            spellCheck={false}
            onFocus={() => void loadPagefind(bundleUrl).catch(() => undefined)}
            onChange={(event) => setQuery(event.target.value)}
          />
          {scope.version ? (
            <label className={styles.label}>
              <input type="checkbox" checked={allVersions} onChange={(event) => setAllVersions(event.target.checked)} /> Search every API version
            </label>
          ) : null}
        </form>
        <div role="status" className={styles.summary}>
          {results.status === 'short' ? 'Keep typing…' : null}
          {results.status === 'searching' ? `Searching for “${results.query}”…` : null}
          {results.status === 'failed' ? `Search is not available right now; “${results.query}” could not be searched.` : null}
          {results.status === 'done'
            ? results.total === 0
              ? `No results for “${results.query}”.`
              : `${results.total} result${results.total === 1 ? '' : 's'} for “${results.query}”`
            : null}
        </div>
        {results.status === 'done' && results.total === 0 && suggestions.length > 0 ? (
          <>
            <p id="search-page-closest">Closest operations:</p>
            <ul className={styles.results} aria-labelledby="search-page-closest">
              {suggestions.map((hit) => (
                <ResultItem key={hit.path} hit={hit} />
              ))}
            </ul>
          </>
        ) : null}
        {results.status === 'done' && results.hits.length > 0 ? (
          <ol className={styles.results}>
            {results.hits.map((hit) => (
              <ResultItem key={hit.path} hit={hit} />
            ))}
          </ol>
        ) : null}
        {results.status === 'done' && results.answer && results.hits.length < results.total ? (
          <button type="button" className="button button--secondary" onClick={() => void showMore()}>
            Show more results
          </button>
        ) : null}
      </main>
    </Layout>
  );
}
