// @ts-check

/**
 * The HTML that Pagefind reads, as opposed to the HTML the site publishes.
 * Plain JavaScript, as pagefind-worker.mjs imports it as Node's own module.
 */

/** A start tag with attributes: React escapes `<` and `>` in attribute values, so neither occurs inside one. */
const START_TAG = /<[a-zA-Z][^\s<>/]*\s[^<>]*>/g;

/** One attribute (its name, then its value with any quotes), quoted or (as the minifier leaves it) not: a value is read whole, so text in it is never taken for an attribute. */
const ATTRIBUTE = /\s+([^\s"'=<>/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/** True for every tag with an id attribute (`id=x`, or `id` alone), and for some without (`title="an id"`). */
const MAY_HAVE_ID = /\sid\b/i;

/**
 * `html` without `id` attributes. Pagefind keeps every element with an id
 * as an anchor in the page's fragment, for sub-results the site does not
 * show; an operation page gives an id to each field for its deep link, so
 * GitHub's pages carried up to 600 anchors, half of each fragment a search
 * downloads. The published pages keep their ids; the words indexed, the
 * excerpts and the metadata do not change.
 *
 * @param {string} html
 * @returns {string}
 */
export function withoutIds(html) {
  // Most tags have no id: the cheap test first (a third of the time on GitHub's pages).
  return html.replace(START_TAG, (tag) =>
    MAY_HAVE_ID.test(tag) ? tag.replace(ATTRIBUTE, (attribute, name) => (name.toLowerCase() === 'id' ? '' : attribute)) : tag,
  );
}

/** The docs sidebar's container, as the classic theme names it (ThemeClassNames.docs.docSidebarContainer). */
export const SIDEBAR_CLASS = 'theme-doc-sidebar-container';
const ASIDE_TAG = /<aside\b[^>]*>|<\/aside\s*>/gi;

/**
 * The classes of a start tag, from its `class` attribute read as ATTRIBUTE
 * reads it, so that text in another attribute's value never counts.
 *
 * @param {string} tag
 * @returns {string[]}
 */
function classesOf(tag) {
  for (const [, name, value] of tag.matchAll(ATTRIBUTE)) {
    if (name.toLowerCase() === 'class') return (value ?? '').replace(/^["']|["']$/g, '').split(/\s+/);
  }
  return [];
}

/**
 * The classes of the `aside.<class>` selectors among `selectors`: the parts
 * of a page that Pagefind is told to leave out and that the copy can drop.
 *
 * @param {string[]} selectors
 * @returns {string[]}
 */
export function asideClasses(selectors) {
  return selectors.flatMap((selector) => /^aside\.([\w-]+)$/.exec(selector.trim())?.[1] ?? []);
}

/**
 * `html` without every `<aside>` that has one of `classNames`, and
 * everything in it. Pagefind indexes only `data-pagefind-body` and skips
 * its exclude selectors, but still reads every byte: on a large API the
 * docs sidebar (SIDEBAR_CLASS) is most of a page (58% of GitHub's 654 MB
 * of operation pages, 64% of Microsoft Graph's, with 417 categories on
 * every page), and the examples column (`aside.api-examples`) 28% of what
 * is left on GitHub's. React escapes `<` in text and attribute values, so
 * a tag is never text. An aside that never closes is left as it is.
 *
 * @param {string} html
 * @param {string[]} classNames
 * @returns {string}
 */
export function withoutAsides(html, classNames) {
  const wanted = new Set(classNames);
  const hasWantedClass = (/** @type {string} */ tag) => classesOf(tag).some((name) => wanted.has(name));
  ASIDE_TAG.lastIndex = 0;
  const kept = [];
  let keptFrom = 0;
  let start = -1;
  let depth = 0;
  for (let match = ASIDE_TAG.exec(html); match !== null; match = ASIDE_TAG.exec(html)) {
    const closing = match[0][1] === '/';
    if (start === -1) {
      if (!closing && hasWantedClass(match[0])) {
        start = match.index;
        depth = 1;
      }
      continue;
    }
    depth += closing ? -1 : 1;
    if (depth === 0) {
      kept.push(html.slice(keptFrom, start));
      keptFrom = match.index + match[0].length;
      start = -1;
    }
  }
  if (keptFrom === 0) return html;
  kept.push(html.slice(keptFrom));
  return kept.join('');
}
