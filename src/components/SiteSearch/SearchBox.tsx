import {useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import useBaseUrl, {useBaseUrlUtils} from '@docusaurus/useBaseUrl';
import HitSummary from './HitSummary';
import {loadPagefind, preloadSearch, searchSite} from './pagefind';
import type {SearchHit} from './ranking';
import {searchDelay, shouldPreload, type InputKind} from './typing';
import styles from './styles.module.css';

/** Hits shown under the navbar box; the search page shows them all. */
const SHOWN_HITS = 8;

type Status = 'idle' | 'searching' | 'done' | 'failed';

/**
 * The navbar search: an ARIA 1.2 combobox (an input with a listbox popup).
 * Arrow keys move through the hits, Enter opens the highlighted one (the
 * first, unless the reader moved), Escape closes the list and then clears
 * the box. The last option leads to the search page with every result.
 * Pagefind loads on first focus or input, never with the page.
 */
export default function SearchBox(): ReactNode {
  const bundleUrl = useBaseUrl('/pagefind/pagefind.js');
  const {withBaseUrl} = useBaseUrlUtils();
  const history = useHistory();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latestQuery = useRef('');
  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The reader moved through the options since typing: arriving hits keep their choice. */
  const moved = useRef(false);
  const shownHits = useRef(0);
  useEffect(() => () => clearTimeout(pendingSearch.current), []);

  const searchPagePath = `${withBaseUrl('/search')}?q=${encodeURIComponent(query.trim())}`;
  const optionCount = query.trim() === '' ? 0 : hits.length + 1;
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
      };
      // The first hits show as soon as they are in; the list fills (and, rarely, re-ranks) with the rest.
      searchSite(bundleUrl, text, SHOWN_HITS, show).then(
        (answer) => show(answer.hits, answer.total),
        () => {
          if (latestQuery.current === text) setStatus('failed');
        },
      );
    },
    [bundleUrl],
  );

  /** Searches `text` after a pause in typing (see searchDelay); its index chunks start loading at once. */
  const run = useCallback(
    (text: string, input: InputKind = {}) => {
      latestQuery.current = text;
      moved.current = false;
      clearTimeout(pendingSearch.current);
      if (text.trim() === '') {
        shownHits.current = 0;
        setHits([]);
        setTotal(0);
        setStatus('idle');
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
    const target = index < hits.length ? withBaseUrl(hits[index].path) : searchPagePath;
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
      openOption(open && active >= 0 && active < optionCount ? active : hits.length > 0 ? 0 : hits.length);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (query !== '') {
        event.preventDefault();
        setQuery('');
        run('');
      }
    }
  };

  const expanded = open && optionCount > 0;
  let statusText = '';
  if (status === 'searching') statusText = 'Searching…';
  else if (status === 'failed') statusText = 'Search is not available right now.';
  else if (status === 'done') statusText = total === 0 ? 'No results' : `${total} result${total === 1 ? '' : 's'}`;

  return (
    <div className={styles.searchBox} role="search" aria-label="Site">
      <input
        className={styles.searchInput}
        type="text"
        role="combobox"
        aria-label="Search"
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
      {expanded ? (
        <ul id={listboxId} role="listbox" aria-label="Search results" className={styles.listbox}>
          {hits.map((hit, index) => (
            <li
              key={hit.path}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={clsx(styles.option, index === active && styles.optionActive)}
              // Keeps the focus in the box, so the click is not lost to blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openOption(index)}>
              <span className={styles.hitTitle}>{hit.title}</span>
              <HitSummary hit={hit} />
            </li>
          ))}
          <li
            id={optionId(hits.length)}
            role="option"
            aria-selected={active === hits.length}
            className={clsx(styles.option, styles.allResults, active === hits.length && styles.optionActive)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => openOption(hits.length)}>
            {status === 'done' && total > 0 ? `All ${total} results for “${query.trim()}”` : `Search the site for “${query.trim()}”`}
          </li>
        </ul>
      ) : null}
      <div role="status" className="visually-hidden">
        {open ? statusText : ''}
      </div>
    </div>
  );
}
