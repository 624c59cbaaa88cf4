import {createContext, useContext, type ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {useLocation} from '@docusaurus/router';
import {isFirstPageHydrated} from '@site/src/client/hydration-state';
import {isAnchorWithin} from '@site/src/openapi/links/field-anchors';
import {ownValue} from '@site/src/spec-reader/own-keys';

/**
 * The link affordance of a field: a real `<a href="#id">`, so it works and is
 * announced with JavaScript off; with JavaScript the click also copies the
 * full URL (src/client/field-anchor-clicks.ts, one listener for the whole page).
 */
export default function FieldLink({anchor, label}: {anchor: string; label: string}): ReactNode {
  // Registered with the build's anchor check, so a "Used by" link to a field that is not rendered fails the build's report.
  useBrokenLinks().collectAnchor(anchor);
  // Thousands of these on a large page: a global class (the click listener and
  // the stylesheet find it) and the "#" drawn by CSS keep each one short.
  return <a href={`#${anchor}`} className="field-link" aria-label={`Link to field ${label}`} title="Copy link" />;
}

/** The field id in the URL's fragment, once the first page has hydrated (the
 * server's HTML is rendered without one, and hydration must match it). Parts
 * rendered later (HydrateOnDemand, client-side navigation) open what leads to it. */
export function useTargetAnchor(): string {
  const {hash} = useLocation();
  if (typeof window === 'undefined' || !isFirstPageHydrated() || hash.length < 2) return '';
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** Whether the field at `anchor` holds the URL's target field, so its collapsed part renders open. */
export function useHoldsTarget(anchor: string | undefined): boolean {
  const target = useTargetAnchor();
  return anchor !== undefined && target !== '' && target !== anchor && isAnchorWithin(target, anchor);
}

/**
 * For a page's `<noscript>` style: the field a URL points at shows even inside
 * a closed `<details>`, in browsers that do not open the `<details>` around a
 * fragment's target themselves (Chromium does). Only without JavaScript: with
 * it, the client module opens them, and a reader can close them again.
 */
export const TARGET_IN_CLOSED_DETAILS_CSS = 'details:has(li:target)::details-content{content-visibility:visible;display:block}';

/** Routes of the schema pages an operation page links to, by schema name. */
export const SchemaLinksContext = createContext<Record<string, string>>({});

/** The route of a schema's page, if it has one on this site. */
export function useSchemaPage(name: string | undefined): string | undefined {
  const links = useContext(SchemaLinksContext);
  return name === undefined ? undefined : ownValue(links, name);
}
