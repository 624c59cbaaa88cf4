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
