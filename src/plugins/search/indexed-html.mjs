// @ts-check

/**
 * The HTML that Pagefind reads, as opposed to the HTML the site publishes.
 * Plain JavaScript, as pagefind-worker.mjs imports it as Node's own module.
 */

/** A start tag with attributes: React escapes `<` and `>` in attribute values, so neither occurs inside one. */
const START_TAG = /<[a-zA-Z][^\s<>/]*\s[^<>]*>/g;

/** One attribute with its value, quoted or (as the minifier leaves it) not: a value is read whole, so text in it is never taken for an attribute. */
const ATTRIBUTE = /\s+([^\s"'=<>/]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

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
  return html.replace(START_TAG, (tag) => tag.replace(ATTRIBUTE, (attribute, name) => (name.toLowerCase() === 'id' ? '' : attribute)));
}

/** The docs sidebar's container, as the classic theme names it (ThemeClassNames.docs.docSidebarContainer). */
const SIDEBAR_CLASS = 'theme-doc-sidebar-container';
const ASIDE_TAG = /<aside\b[^>]*>|<\/aside\s*>/gi;

/**
 * `html` without the docs sidebar (`<aside class="theme-doc-sidebar-container">`
 * and everything in it). Pagefind indexes only `data-pagefind-body`, which
 * the sidebar is never in, but still reads every byte: on a large API the
 * sidebar is most of a page (58% of GitHub's 654 MB of operation pages, 64%
 * of Microsoft Graph's, with 417 categories on every page). React escapes
 * `<` in text and attribute values, so a tag is never text.
 *
 * @param {string} html
 * @returns {string}
 */
export function withoutDocsSidebar(html) {
  ASIDE_TAG.lastIndex = 0;
  let start = -1;
  let depth = 0;
  for (let match = ASIDE_TAG.exec(html); match !== null; match = ASIDE_TAG.exec(html)) {
    const closing = match[0][1] === '/';
    if (start === -1) {
      if (!closing && match[0].includes(SIDEBAR_CLASS)) {
        start = match.index;
        depth = 1;
      }
      continue;
    }
    depth += closing ? -1 : 1;
    if (depth === 0) return html.slice(0, start) + html.slice(match.index + match[0].length);
  }
  // No sidebar, or one that never closes: left as it is.
  return html;
}
