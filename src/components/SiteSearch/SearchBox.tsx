import {useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import useBaseUrl, {useBaseUrlUtils} from '@docusaurus/useBaseUrl';
import HitSummary from './HitSummary';
import {loadPagefind, preloadSearch, searchSite, suggestOperations, type SearchFilters} from './pagefind';
import {useSearchScope} from '@site/src/components/ApiVersions/search-scope';
import type {SearchHit} from './ranking';
import {isShortQuery, searchDelay, shouldPreload, type InputKind} from './typing';
import styles from './styles.module.css';

/** Hits shown under the navbar box; the search page shows them all. */
const SHOWN_HITS = 8;

type Status = 'idle' | 'short' | 'searching' | 'done' | 'failed';

/**
 * The navbar search: an ARIA 1.2 combobox (an input with a listbox popup).
 * Arrow keys move through the hits, Enter opens the highlighted one (the
 * first, unless the reader moved), Escape closes the list and then clears
 * the box, and on an empty box returns the focus to where a shortcut took
 * it from. The last option leads to the search page with every result.
 * A query with no result lists the closest operations as its options.
 * Pagefind loads on first focus or input, never with the page.
 *
 * Ctrl+K, ⌘K and "/" focus the box from anywhere on the page (one listener
 * on the document, for the one box the navbar renders). "/" is a character
 * in a field, so it types there as usual; Ctrl+K and ⌘K have no text to type
 * and move to the box from a field too, as on GitHub and Stripe.
 */
export default function SearchBox(): ReactNode {
  const bundleUrl = useBaseUrl('/pagefind/pagefind.js');
  const {withBaseUrl} = useBaseUrlUtils();
  const history = useHistory();
  // Results of the API version being read (and pages of no version); /search offers every version.
  const scope = useSearchScope();
  const scopeKey = JSON.stringify(scope.filters);
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The closest operations, for a query that found nothing. */
  const [suggestions, setSuggestions] = useState<SearchHit[]>([]);
  const input = useRef<HTMLInputElement>(null);
  /** What had the focus before a shortcut moved it to the box. */
  const returnTo = useRef<HTMLElement | null>(null);
  const latestQuery = useRef('');
  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Aborted when the query changes, so that a search the reader has typed past fetches nothing more. */
  const runningSearch = useRef<AbortController | undefined>(undefined);
  /** The reader moved through the options since typing: arriving hits keep their choice. */
  const moved = useRef(false);
  const shownHits = useRef(0);
  useEffect(
    () => () => {
      clearTimeout(pendingSearch.current);
      runningSearch.current?.abort();
    },
    [],
  );

  useEffect(() => {
    const onShortcut = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const inField = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
      const command = event.ctrlKey || event.metaKey;
      if (event.defaultPrevented || event.isComposing || event.altKey || !input.current) return;
      if (command ? event.shiftKey || event.key.toLowerCase() !== 'k' : event.key !== '/' || inField) return;
      // Ctrl+K would otherwise focus the address bar in some browsers.
      event.preventDefault();
      if (target !== input.current) returnTo.current = document.activeElement as HTMLElement | null;
      input.current.focus();
      input.current.select();
    };
    document.addEventListener('keydown', onShortcut);
    return () => document.removeEventListener('keydown', onShortcut);
  }, []);

  // An older version being read goes along to /search; the current one is its default.
  const searchPagePath = `${withBaseUrl('/search')}?q=${encodeURIComponent(query.trim())}${scope.version && !scope.current ? `&version=${encodeURIComponent(scope.version)}` : ''}`;
  const noResults = status === 'done' && total === 0;
  /** The options before the last: the hits, or the closest operations when there is none. */
  const shown = noResults ? suggestions : hits;
  const optionCount = query.trim() === '' || status === 'short' ? 0 : shown.length + 1;
  const optionId = (index: number) => `${id}-option-${index}`;

  const search = useCallback(
    (text: string) => {
      const show = (found: SearchHit[], count: number) => {
        // An older query answering late must not replace the newer one's hits.
        if (latestQuery.current !== text) return;
        const next = found.slice(0, SHOWN_HITS);
        const before = shownHits.current;
        shownHits.current = next.length;
        setHits(next);
        setTotal(count);
        // The link to every result stays chosen (it is always the last option).
        setActive((current) => (!moved.current ? 0 : current >= before ? next.length : Math.min(current, next.length)));
        setStatus('done');
        if (count === 0) {
          suggestOperations(bundleUrl, text, 3, JSON.parse(scopeKey) as SearchFilters).then(
            (closest) => {
              if (latestQuery.current !== text) return;
              setSuggestions(closest);
              // A guess is never chosen for the reader: Enter still searches the site.
              if (!moved.current) setActive(closest.length);
            },
            () => undefined,
          );
        }
      };
      // The first hits show as soon as they are in; the list fills (and, rarely, re-ranks) with the rest.
      const controller = new AbortController();
      runningSearch.current = controller;
      searchSite(bundleUrl, text, show, JSON.parse(scopeKey) as SearchFilters, controller.signal).then(
        (answer) => show(answer.hits, answer.total),
        () => {
          if (latestQuery.current === text) setStatus('failed');
        },
      );
    },
    [bundleUrl, scopeKey],
  );

  /** Searches `text` after a pause in typing (see searchDelay); its index chunks start loading at once. */
  const run = useCallback(
    (text: string, input: InputKind = {}) => {
      latestQuery.current = text;
      moved.current = false;
      clearTimeout(pendingSearch.current);
      runningSearch.current?.abort();
      setSuggestions([]);
      if (text.trim() === '' || isShortQuery(text)) {
        shownHits.current = 0;
        setHits([]);
        setTotal(0);
        setStatus(text.trim() === '' ? 'idle' : 'short');
        return;
      }
      setStatus('searching');
      if (shouldPreload(text)) preloadSearch(bundleUrl, text);
      const delay = searchDelay(input);
      if (delay === 0) search(text);
      else pendingSearch.current = setTimeout(() => search(text), delay);
    },
    [bundleUrl, search],
  );

  // Leaving the page (a hit opened) closes the list.
  useEffect(() => history.listen(() => setOpen(false)), [history]);

  const openOption = (index: number) => {
    const target = index < shown.length ? withBaseUrl(shown[index].path) : searchPagePath;
    setOpen(false);
    setActive(-1);
    history.push(target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (optionCount === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      moved.current = true;
      setOpen(true);
      setActive((current) => (current < 0 ? (step > 0 ? 0 : optionCount - 1) : (current + step + optionCount) % optionCount));
    } else if (event.key === 'Enter') {
      if (query.trim() === '') return;
      event.preventDefault();
      openOption(open && active >= 0 && active < optionCount ? active : hits.length > 0 ? 0 : shown.length);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (query !== '') {
        event.preventDefault();
        setQuery('');
        run('');
      } else if (returnTo.current) {
        event.preventDefault();
        returnTo.current.focus();
        returnTo.current = null;
      }
    }
  };

  const expanded = open && optionCount > 0;
  const trimmed = query.trim();
  /** Said above the options, and read out: why the list is short or empty. */
  const note = status === 'short' ? 'Keep typing…' : noResults ? `No results for “${trimmed}”${suggestions.length > 0 ? '. Closest operations:' : ''}` : '';
  let statusText = note;
  if (status === 'searching') statusText = 'Searching…';
  else if (status === 'failed') statusText = 'Search is not available right now.';
  else if (status === 'done' && total > 0) statusText = `${total} result${total === 1 ? '' : 's'}`;

  return (
    <div className={styles.searchBox} role="search" aria-label="Site">
      <input
        ref={input}
        className={styles.searchInput}
        type="text"
        role="combobox"
        aria-label="Search"
        aria-keyshortcuts="Control+K Meta+K /"
        placeholder="Search"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onFocus={() => {
          void loadPagefind(bundleUrl).catch(() => setStatus('failed'));
          if (query.trim() !== '') setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
          run(event.target.value, event.nativeEvent as InputEvent);
        }}
        onKeyDown={onKeyDown}
      />
      <kbd className={styles.keyHint} aria-hidden="true">
        /
      </kbd>
      {open && (expanded || note) ? (
        <div className={styles.popup}>
          {/* The status below reads it out. */}
          {note ? (
            <p className={styles.note} aria-hidden="true">
              {note}
            </p>
          ) : null}
          {expanded ? (
            <ul id={listboxId} role="listbox" aria-label="Search results" className={styles.listbox}>
              {shown.map((hit, index) => (
                <li
                  key={hit.path}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  // The route the option opens, for whatever reads the list (bench/search-quality.ts).
                  data-path={hit.path}
                  className={clsx(styles.option, index === active && styles.optionActive)}
                  // Keeps the focus in the box, so the click is not lost to blur.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => openOption(index)}>
                  <span className={styles.hitTitle}>{hit.title}</span>
                  <HitSummary hit={hit} />
                </li>
              ))}
              <li
                id={optionId(shown.length)}
                role="option"
                aria-selected={active === shown.length}
                className={clsx(styles.option, styles.allResults, active === shown.length && styles.optionActive)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => openOption(shown.length)}>
                {status === 'done' && total > 0 ? `All ${total} results for “${trimmed}”` : `Search the site for “${trimmed}”`}
              </li>
            </ul>
          ) : null}
        </div>
      ) : null}
      <div role="status" className="visually-hidden">
        {open ? statusText : ''}
      </div>
    </div>
  );
}
