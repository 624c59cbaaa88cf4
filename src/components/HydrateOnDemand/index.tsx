import {useEffect, useRef, useState, type ReactNode, type RefObject, type SyntheticEvent} from 'react';
import {flushSync} from 'react-dom';
import {isFirstPageHydrated} from '@site/src/client/hydration-state';

interface Props {
  children: ReactNode;
  /** The element it renders around the children, so that a part can be its own root (a footer, a list) instead of gaining a `<div>`. */
  as?: 'div' | 'footer';
  className?: string;
  /** Accessible grouping, passed to the wrapper element. */
  'aria-label'?: string;
  /** Hydrate with the page: the part must change on load (a choice in the URL to show). */
  eager?: boolean;
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

/**
 * A part of a server-rendered page that React does not hydrate on load: the
 * server's HTML stays as it is (readable, selectable, linkable) and the part
 * becomes interactive on the reader's first pointer, touch or focus inside it.
 * Operation pages are thousands of elements of schemas and highlighted code;
 * hydrating them at once was a single 0.9 s main-thread task on a throttled
 * phone. After the first page, client-side navigations render normally.
 */
export default function HydrateOnDemand({
  children,
  as = 'div',
  className,
  'aria-label': ariaLabel,
  eager = false,
}: Props): ReactNode {
  const [active, setActive] = useState(() => typeof window === 'undefined' || isFirstPageHydrated() || eager);
  const ref = useRef<HTMLElement>(null);
  const focusPath = useRef<number[] | null>(null);

  // A part that must change after load (the reader's own values) hydrates then.
  useEffect(() => {
    if (eager) setActive(true);
  }, [eager]);

  useEffect(() => {
    if (!active || !focusPath.current || !ref.current) return;
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
    // React's nodes replace the server's now, before the gesture goes on: a
    // press on the server's link and a release on React's is no click, and
    // the reader's first click on a link in a description was lost.
    flushSync(() => setActive(true));
  };
  return (
    <Element
      ref={elementRef}
      className={className}
      aria-label={ariaLabel}
      onPointerEnter={activate}
      onTouchStart={activate}
      onFocus={activate}
      // Keeps the server-rendered children: React does not touch them while
      // hydrating an element whose content is set this way.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{__html: ''}}
    />
  );
}
