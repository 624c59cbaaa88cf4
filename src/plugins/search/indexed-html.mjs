// @ts-check

/**
 * The HTML that Pagefind reads, as opposed to the HTML the site publishes.
 * Plain JavaScript, as pagefind-worker.mjs imports it as Node's own module.
 *
 * A page is read as bytes, not as text: decoding the pages as UTF-8 was
 * about half of the copy's time (V8 makes a two-byte string of any text
 * with one non-ASCII character), and the docs sidebar, most of
 * each page, is dropped unread. What is left is decoded as Latin-1, one
 * character per byte, and written back the same way, so every byte outside
 * a dropped attribute stays as it was. The patterns below match ASCII
 * only (HTML's whitespace is ASCII too), so they never cut into the bytes
 * of a multi-byte character: they write HTML's whitespace as `[\t\n\f\r ]`,
 * as `\s` would also take the byte 0xA0, read as Latin-1, for a space, and
 * it occurs inside UTF-8 characters.
 */

/** A start tag with attributes: React escapes `<` and `>` in attribute values, so neither occurs inside one. */
const START_TAG = /<[a-zA-Z][^\t\n\f\r <>/]*[\t\n\f\r ][^<>]*>/g;

/** One attribute (its name, then its value with any quotes), quoted or (as the minifier leaves it) not: a value is read whole, so text in it is never taken for an attribute. */
const ATTRIBUTE = /[\t\n\f\r ]+([^\t\n\f\r "'=<>/]+)(?:[\t\n\f\r ]*=[\t\n\f\r ]*("[^"]*"|'[^']*'|[^\t\n\f\r "'=<>`]+))?/g;

/** True for every tag with an id attribute (`id=x`, or `id` alone), and for some without (`title="an id"`). */
const MAY_HAVE_ID = /[\t\n\f\r ]id\b/i;

/**
 * `html` without `id` attributes. Pagefind keeps every element with an id
 * as an anchor in the page's fragment, for sub-results the site does not
 * show; an operation page gives an id to each field for its deep link, so
 * GitHub's pages carried up to 600 anchors, half of each fragment a search
 * downloads. The published pages keep their ids; the words indexed, the
 * excerpts and the metadata do not change.
 *
 * The values of the ids dropped go to `ids`, when given, in the page's
 * order: the field list of the search (names.ts) reads them there rather
 * than reading every page a second time.
 *
 * @param {string} html
 * @param {string[]} [ids]
 * @returns {string}
 */
export function withoutIds(html, ids) {
  /** @type {string[]} */
  const found = [];
  // Most tags have no id: the cheap test first (a third of the time on GitHub's pages).
  const result = html.replace(START_TAG, (tag) =>
    MAY_HAVE_ID.test(tag)
      ? tag.replace(ATTRIBUTE, (attribute, name, value) => {
          if (name.toLowerCase() !== 'id') return attribute;
          if (ids && value) found.push(value.replace(/^["']|["']$/g, ''));
          return '';
        })
      : tag,
  );
  // A loop, not push(...): a page may have more ids than a call takes arguments.
  if (ids) for (const id of detached(found)) ids.push(id);
  return result;
}

/**
 * The same strings, holding none of the text they were cut from. A string
 * cut from a page can keep the whole page in memory (V8 shares the parent's
 * characters): Microsoft Graph's 1.7 million ids held 1.3 GB of pages
 * through the search index's build. The copies share one new string, the
 * size of the ids alone.
 *
 * @param {string[]} strings
 * @returns {string[]}
 */
export function detached(strings) {
  const joined = strings.join('');
  let at = 0;
  return strings.map((text) => joined.slice(at, (at += text.length)));
}

/** The docs sidebar's container, as the classic theme names it (ThemeClassNames.docs.docSidebarContainer). */
export const SIDEBAR_CLASS = 'theme-doc-sidebar-container';

/**
 * The classes of a start tag, from its `class` attribute read as ATTRIBUTE
 * reads it, so that text in another attribute's value never counts.
 *
 * @param {string} tag
 * @returns {string[]}
 */
function classesOf(tag) {
  for (const [, name, value] of tag.matchAll(ATTRIBUTE)) {
    if (name.toLowerCase() === 'class') return (value ?? '').replace(/^["']|["']$/g, '').split(/[\t\n\f\r ]+/);
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

const ASIDE_START = Buffer.from('<aside', 'latin1');
const ASIDE_END = Buffer.from('</aside', 'latin1');

/** @param {number | undefined} byte */
const isWordByte = (byte) => byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x5f);
/** @param {number | undefined} byte */
const isSpaceByte = (byte) => byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x20;

/**
 * The `<aside ...>` and `</aside>` tags of `bytes`, in order: where each
 * starts and ends, and which it is. Tag names are matched in lower case,
 * as every page of the build writes them (React writes the element types
 * it is given, and the theme's and MDX's are lower case; an upper-case
 * tag name in JSX is a component). Searching the bytes for the two
 * strings skips the rest of the page unread.
 *
 * @param {Buffer} bytes
 * @returns {Generator<{index: number, end: number, closing: boolean}>}
 */
function* asideTags(bytes) {
  let start = bytes.indexOf(ASIDE_START);
  let end = bytes.indexOf(ASIDE_END);
  while (start !== -1 || end !== -1) {
    let tag;
    if (end === -1 || (start !== -1 && start < end)) {
      const index = start;
      start = bytes.indexOf(ASIDE_START, index + 1);
      // `<aside` and then a character that ends a name, as `<aside\b` would read it.
      if (isWordByte(bytes[index + ASIDE_START.length])) continue;
      const close = bytes.indexOf(0x3e, index);
      if (close === -1) return;
      tag = {index, end: close + 1, closing: false};
    } else {
      const index = end;
      end = bytes.indexOf(ASIDE_END, index + 1);
      let after = index + ASIDE_END.length;
      while (isSpaceByte(bytes[after])) after += 1;
      if (bytes[after] !== 0x3e) continue;
      tag = {index, end: after + 1, closing: true};
    }
    // The next tag starts after this one, as a pattern's next match would.
    if (start !== -1 && start < tag.end) start = bytes.indexOf(ASIDE_START, tag.end);
    if (end !== -1 && end < tag.end) end = bytes.indexOf(ASIDE_END, tag.end);
    yield tag;
  }
}

/**
 * `bytes` (a page's HTML) without every `<aside>` that has one of
 * `classNames`, and everything in it. Pagefind indexes only
 * `data-pagefind-body` and skips its exclude selectors, but still reads
 * every byte: on a large API the docs sidebar (SIDEBAR_CLASS) is most of
 * a page, and the examples column (`aside.api-examples`) a good part of
 * what is left. React escapes
 * `<` in text and attribute values, so a tag is never text. An aside that
 * never closes is left as it is.
 *
 * @param {Buffer} bytes
 * @param {string[]} classNames
 * @returns {Buffer}
 */
export function withoutAsides(bytes, classNames) {
  const wanted = new Set(classNames);
  const hasWantedClass = (/** @type {{index: number, end: number}} */ tag) =>
    classesOf(bytes.toString('latin1', tag.index, tag.end)).some((name) => wanted.has(name));
  /** @type {Buffer[]} */
  const kept = [];
  let keptFrom = 0;
  let start = -1;
  let depth = 0;
  for (const tag of asideTags(bytes)) {
    if (start === -1) {
      if (!tag.closing && hasWantedClass(tag)) {
        start = tag.index;
        depth = 1;
      }
      continue;
    }
    depth += tag.closing ? -1 : 1;
    if (depth === 0) {
      kept.push(bytes.subarray(keptFrom, start));
      keptFrom = tag.end;
      start = -1;
    }
  }
  if (keptFrom === 0) return bytes;
  kept.push(bytes.subarray(keptFrom));
  return Buffer.concat(kept);
}

/**
 * What Pagefind reads of a page: its HTML (`bytes`, UTF-8) without the
 * asides of `classNames` (withoutAsides) and without ids (withoutIds), as
 * UTF-8 bytes again. Only what is kept is decoded, as Latin-1 (see the top
 * of this file), so every character's bytes come back as they were.
 *
 * The ids dropped go to `ids` (see withoutIds), still as Latin-1 text.
 *
 * @param {Buffer} bytes
 * @param {string[]} classNames
 * @param {string[]} [ids]
 * @returns {Buffer}
 */
export function indexedHtml(bytes, classNames, ids) {
  return Buffer.from(withoutIds(withoutAsides(bytes, classNames).toString('latin1'), ids), 'latin1');
}
