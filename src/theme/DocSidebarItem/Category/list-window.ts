/**
 * The window of a long open category that the server's HTML lists.
 *
 * An open category lists every page of its tag, and each page of that tag
 * lists them all again: GitHub's `repos` tag lists about 200 operations on
 * each of its 200 pages. The server's HTML lists a window of the category
 * around the current page instead, between two links to the category's page
 * that say how many items each side leaves out (a reader without JavaScript
 * finds them all there); the browser hydrates the same window, lists the
 * items after it once idle and those before it when the reader asks
 * (./index.tsx says why).
 *
 * A module without the theme's aliases, so that it stays testable on its own.
 */
import clsx from 'clsx';
import {escapeHtml} from '@site/src/client/escape-html';

/** A category with more visible items than this is windowed. */
export const WINDOWED_ABOVE = 60;
/** Items in the window: the current page's, with up to WINDOW_BEFORE before it. */
export const WINDOW_SIZE = 40;
export const WINDOW_BEFORE = 15;

/** Class of the two links that stand for the items outside the window. */
export const WINDOW_MORE_CLASS = 'sidebar-window-more';

/** The `[start, end)` of visible items the window shows, or undefined when the category lists them all. */
export function listWindow(visibleCount: number, activeIndex: number): {start: number; end: number} | undefined {
  if (visibleCount <= WINDOWED_ABOVE) return undefined;
  const start = Math.max(0, Math.min(activeIndex < 0 ? 0 : activeIndex - WINDOW_BEFORE, visibleCount - WINDOW_SIZE));
  return {start, end: start + WINDOW_SIZE};
}

/**
 * A sidebar item of the classic theme's `html` type standing for the items
 * one side of the window leaves out: a link to the category's page, which
 * lists them all (`target`: its `href`, base URL applied), saying `text`.
 */
export function moreItem(text: string, target: string, where: 'before' | 'after'): {type: 'html'; value: string; className: string} {
  return {
    type: 'html',
    value: `<a class="menu__link" href="${escapeHtml(target)}" data-window="${where}">${escapeHtml(text)}</a>`,
    className: clsx('menu__list-item', WINDOW_MORE_CLASS),
  };
}
