import {useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject, type SyntheticEvent} from 'react';
import {flushSync} from 'react-dom';
import {isFirstPageHydrated, onHydrationFailure} from '@site/src/client/hydration-state';
import {copyCodeFromServerHtml} from '@site/src/client/server-html-copy';

interface Props {
  children: ReactNode;
  /** The element it renders around the children, so that a part can be its own root (a footer, a list) instead of gaining a `<div>`. */
  as?: 'div' | 'footer';
  className?: string;
  /** Accessible grouping, passed to the wrapper element. */
  'aria-label'?: string;
  /** Hydrate with the page: the part must change on load (a choice in the URL to show). */
  eager?: boolean;
  /**
   * Whether the data the children need has arrived (an operation page's full
   * model, src/plugins/page-data/client/page-model.ts). Until it has, the part stays as it is,
   * asks for it (`onWant`) when it would hydrate, and hydrates on arrival.
   */
  ready?: boolean;
  onWant?: () => void;
}

/** Index path of a node below a root, to find its twin after a re-render. */
function pathFrom(root: Element, node: Node | null): number[] | null {
  const path: number[] = [];
  for (let current = node; current && current !== root; current = current.parentNode) {
    const parent = current.parentNode;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.childNodes, current));
  }
  return path;
}

function nodeAt(root: Element, path: number[]): Node | null {
  let current: Node | null = root;
  for (const index of path) current = current?.childNodes[index] ?? null;
  return current;
}

/** Whether each `<details>` below a root is open, in document order. */
function detailsOpen(root: Element): boolean[] {
  return Array.from(root.querySelectorAll('details'), (details) => details.open);
}

/**
 * A part of a server-rendered page that React does not hydrate on load: the
 * server's HTML stays as it is (readable, selectable, linkable) and the part
 * becomes interactive on the reader's first pointer, touch or focus inside it.
 * Operation pages are thousands of elements of schemas and highlighted code;
 * hydrating them at once was a single long main-thread task on a phone.
 * After the first page, client-side navigations render normally.
 *
 * When the children's data comes later (`ready`), the part hydrates when it
 * arrives; a press that started on the server's HTML ends there first, what
 * the reader opened or closed meanwhile (`<details>`) stays so, and the last
 * tab clicked meanwhile is clicked again on React's twin.
 */
export default function HydrateOnDemand({
  children,
  as = 'div',
  className,
  'aria-label': ariaLabel,
  eager = false,
  ready = true,
  onWant,
}: Props): ReactNode {
  const [wanted, setWanted] = useState(() => typeof window === 'undefined' || isFirstPageHydrated() || eager);
  // A pointer is pressed on the server's HTML: React's nodes replace it after the release.
  const [pressed, setPressed] = useState(false);
  const [active, setActive] = useState(() => typeof window === 'undefined' || ((isFirstPageHydrated() || eager) && ready));
  const ref = useRef<HTMLElement>(null);
  const focusPath = useRef<number[] | null>(null);
  // A tab clicked while the part was server HTML, where it does nothing: React's twin gets the click.
  const clickPath = useRef<number[] | null>(null);
  const openBefore = useRef<boolean[] | null>(null);

  // A part that must change after load (the reader's own values) hydrates then.
  useEffect(() => {
    if (eager) setWanted(true);
  }, [eager]);

  // React rendered the page again after a failed hydration: no server HTML is left to keep.
  useEffect(() => (wanted ? undefined : onHydrationFailure(() => setWanted(true))), [wanted]);

  useEffect(() => {
    if (wanted && !ready) onWant?.();
  }, [wanted, ready, onWant]);

  // The release, then its click, reach the server's HTML before React's nodes replace it.
  useEffect(() => {
    if (!pressed) return undefined;
    let timer: number | undefined;
    const release = () => {
      timer = window.setTimeout(() => setPressed(false), 0);
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      window.clearTimeout(timer);
    };
  }, [pressed]);

  // Still the server's HTML here: note what the reader left open, then hydrate in the same commit.
  // An eager part renders something else than the server did (the URL's choice): nothing to keep.
  useLayoutEffect(() => {
    if (active || !wanted || !ready || pressed) return;
    if (ref.current && !eager) openBefore.current = detailsOpen(ref.current);
    setActive(true);
  }, [active, wanted, ready, pressed, eager]);

  useEffect(() => {
    if (!active || !ref.current) return;
    const open = openBefore.current;
    openBefore.current = null;
    if (open) {
      ref.current.querySelectorAll('details').forEach((details, index) => {
        if (index < open.length && details.open !== open[index]) details.open = open[index];
      });
    }
    const clicked = clickPath.current ? nodeAt(ref.current, clickPath.current) : null;
    clickPath.current = null;
    if (clicked instanceof HTMLElement) clicked.click();
    if (!focusPath.current) return;
    const twin = nodeAt(ref.current, focusPath.current);
    focusPath.current = null;
    if (twin instanceof HTMLElement) twin.focus();
  }, [active]);

  // One element type for both branches; the ref fits whichever it is.
  const Element = as as 'div';
  const elementRef = ref as RefObject<HTMLDivElement>;
  if (active) {
    return (
      <Element ref={elementRef} className={className} aria-label={ariaLabel}>
        {children}
      </Element>
    );
  }
  const activate = (event: SyntheticEvent) => {
    if (event.type === 'focus' && ref.current) focusPath.current = pathFrom(ref.current, event.target as Node);
    if (!ready) {
      setWanted(true);
      // Asked again on each use, in case an earlier fetch failed.
      onWant?.();
      return;
    }
    // React's nodes replace the server's now, before the gesture goes on: a
    // press on the server's link and a release on React's is no click, and
    // the reader's first click on a link in a description was lost.
    flushSync(() => setWanted(true));
  };
  const clickServerHtml = (event: SyntheticEvent) => {
    copyCodeFromServerHtml(event);
    // Links, <details> and the buttons the site handles for server HTML (copy, expand all) work there; a tab waits for React's twin.
    const tab = (event.target as Element).closest?.('[role="tab"]');
    if (tab && ref.current?.contains(tab)) clickPath.current = pathFrom(ref.current, tab);
  };
  return (
    <Element
      ref={elementRef}
      className={className}
      aria-label={ariaLabel}
      onPointerEnter={activate}
      onTouchStart={activate}
      onFocus={activate}
      onPointerDown={ready ? undefined : () => setPressed(true)}
      onClick={clickServerHtml}
      // Keeps the server-rendered children: React does not touch them while
      // hydrating an element whose content is set this way.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{__html: ''}}
    />
  );
}
