import {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useLocation} from '@docusaurus/router';

import styles from './styles.module.css';

/** URL of the Markdown twin the llms-txt plugin writes for a page: `/docs/` → `/docs.md`. */
export function markdownPathOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  return `${path || '/index'}.md`;
}

type CopyState = 'idle' | 'copying' | 'copied' | 'failed';

const LABELS: Record<CopyState, string> = {
  idle: 'Copy page as Markdown',
  copying: 'Copying…',
  copied: 'Copied',
  failed: 'Copy failed',
};

const ANNOUNCEMENTS: Record<CopyState, string> = {
  idle: '',
  copying: '',
  copied: 'The page was copied to the clipboard as Markdown.',
  failed: 'The page could not be copied. Open it with "View as Markdown" instead.',
};

async function fetchMarkdown(url: string): Promise<string> {
  const response = await fetch(url, {headers: {Accept: 'text/markdown, text/plain'}});
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/**
 * Writes text that is still being fetched to the clipboard. Safari only allows
 * clipboard writes during the click, not after an `await`, so the fetch goes in
 * as a promised ClipboardItem where the browser has one; elsewhere, or if that
 * fails, `writeText` once the text is there.
 */
async function copyToClipboard(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem === 'function' && typeof navigator.clipboard.write === 'function') {
    try {
      const blob = text.then((value) => new Blob([value], {type: 'text/plain'}));
      await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
      return;
    } catch {
      // Older engines refuse promised items; writeText below still works there.
    }
  }
  await navigator.clipboard.writeText(await text);
}

/**
 * "Copy page as Markdown" and "View as Markdown" for the current docs page.
 * The link works without JavaScript; the button fetches the page's `.md`
 * twin on click and puts it on the clipboard, and says so to screen readers.
 */
export default function CopyPageMarkdown({className}: {className?: string}): ReactNode {
  const {pathname} = useLocation();
  const markdownUrl = markdownPathOf(pathname);
  const [state, setState] = useState<CopyState>('idle');
  const pending = useRef<{url: string; text: Promise<string>} | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  /** Starts (or reuses) the fetch of the twin, so a hover or focus before the click saves time. */
  const markdown = useCallback((): Promise<string> => {
    if (pending.current?.url !== markdownUrl) {
      const text = fetchMarkdown(markdownUrl);
      // A failed prefetch must not stick: the click retries.
      text.catch(() => {
        if (pending.current?.text === text) pending.current = null;
      });
      pending.current = {url: markdownUrl, text};
    }
    return pending.current.text;
  }, [markdownUrl]);

  const copy = useCallback(async () => {
    clearTimeout(resetTimer.current);
    setState('copying');
    try {
      await copyToClipboard(markdown());
      setState('copied');
    } catch {
      setState('failed');
    }
    resetTimer.current = setTimeout(() => setState('idle'), 2500);
  }, [markdown]);

  return (
    <div className={clsx(styles.copyPageMarkdown, className)}>
      <button
        type="button"
        className={clsx('button button--sm button--secondary', styles.copyButton)}
        onClick={copy}
        onPointerEnter={() => void markdown().catch(() => undefined)}
        onFocus={() => void markdown().catch(() => undefined)}
        disabled={state === 'copying'}
        data-state={state}>
        {LABELS[state]}
      </button>
      <a className={styles.viewLink} href={markdownUrl} type="text/markdown">
        View as Markdown
      </a>
      <span className="visually-hidden" role="status" aria-live="polite">
        {ANNOUNCEMENTS[state]}
      </span>
    </div>
  );
}
