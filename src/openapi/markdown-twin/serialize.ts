/**
 * mdast → Markdown text: `mdast-util-to-markdown` with GFM (tables,
 * strikethrough, task lists, autolink literals) does all escaping. Two
 * handlers of ours change how things are written, never what they say:
 * a link that GFM reads from a bare URL stays a bare URL, and a table's
 * delimiter row is written `| --- |` rather than `| - |`.
 */
import type {Link, Nodes, Parents, Root, RootContent} from 'mdast';
import {gfmToMarkdown} from 'mdast-util-gfm';
import {defaultHandlers, toMarkdown, type Handle, type Info, type Options, type State} from 'mdast-util-to-markdown';

/** Punctuation that GFM leaves out of the end of an autolink literal, so that it may follow one (the part of
 * micromark-extension-gfm-autolink-literal's list that is never escaped here). */
const TRAILING_PUNCTUATION = /[!"'),.:;?]/;

/** The text GFM would read back as this link's autolink literal, or nothing. */
function literalText(node: Link): string | undefined {
  const [only] = node.children;
  if (node.title || node.children.length !== 1 || only.type !== 'text') return undefined;
  const value = only.value;
  const isLiteral =
    (node.url === value && /^https?:\/\/[\w-]/i.test(value)) ||
    (node.url === `http://${value}` && /^www\.[\w-]/i.test(value)) ||
    (node.url === `mailto:${value}` && /^[\w+.-]+@[\w-]+(?:\.[\w-]+)+$/.test(value) && /[A-Za-z]$/.test(value));
  // Characters that end a literal, or that other constructs (code spans,
  // labels, table cells, escapes) could claim first.
  if (!isLiteral || /[\s<>\\|`[\]*~"']/.test(value)) return undefined;
  const unbalanced = value.split(')').length > value.split('(').length;
  // GFM leaves trailing punctuation out, and a tail like `&amp;` (even with the `;` in what follows).
  if (/[!"',.:;?_]$/.test(value) || /&[A-Za-z\d]+;?$/.test(value) || (value.endsWith(')') && unbalanced)) return undefined;
  return value;
}

/** Whether what surrounds a literal in the output lets GFM read it back whole. */
function literalFits(node: Link, parent: Parents | undefined, info: Info): boolean {
  const before = info.before.slice(-1);
  if (before !== '' && !/[\s(*_~]/.test(before)) return false;
  const siblings: Nodes[] = parent?.children ?? [];
  const index = siblings.indexOf(node);
  const next = siblings[index + 1];
  if (next && next.type !== 'text') return false;
  // The literal ends at white space; trailing punctuation before it is not part of the URL.
  // What follows a next text that is not the last sibling is unknown here (`\0`): not white space.
  const following = next ? next.value + (index + 2 === siblings.length ? info.after : '\u0000') : info.after;
  let end = 0;
  while (end < following.length && TRAILING_PUNCTUATION.test(following[end])) end += 1;
  return end === following.length || /\s/.test(following[end]);
}

/** `peek` of a handler: the first character it writes, which the escaping of what comes before depends on. */
type Peek = (node: Link, parent: Parents | undefined, state: State) => string;
const defaultLink = defaultHandlers.link as Handle & {peek: Peek};

/** An email address that CommonMark reads in `<…>`; GFM's literals allow more (`_` in the domain). */
const AUTOLINK_EMAIL = /^[\w.!#$%&'*+/=?^`{|}~-]+@[a-zA-Z\d](?:[a-zA-Z\d-]{0,61}[a-zA-Z\d])?(?:\.[a-zA-Z\d](?:[a-zA-Z\d-]{0,61}[a-zA-Z\d])?)*$/;

/** The link as the default handler should write it when it is not written bare. */
function withoutLiteral(node: Link): Link {
  const literal = literalText(node);
  if (literal === undefined || !node.url.startsWith('mailto:') || AUTOLINK_EMAIL.test(literal)) return node;
  // Not as `<…>`, which would not read back: with its text in two nodes the default writes `[a@b_c.x](mailto:a@b_c.x)`.
  return {...node, children: [{type: 'text', value: ''}, ...node.children]};
}

const writeLink = Object.assign(
  (node: Link, parent: Parents | undefined, state: State, info: Info): string => {
    const literal = literalText(node);
    return literal !== undefined && literalFits(node, parent, info) ? literal : defaultLink(withoutLiteral(node), parent, state, info);
  },
  // What comes before is escaped as if a `[` or `<` followed: safe for a bare URL too.
  {peek: ((node, parent, state) => defaultLink.peek(withoutLiteral(node), parent, state)) satisfies Peek},
);

// GFM without footnotes: no twin has one, and their escaping of `[` reaches
// into link destinations (`#response-200.data\[].id`).
const gfm = (gfmToMarkdown({tablePipeAlign: false}).extensions ?? []).filter((extension) => !extension.handlers?.footnoteReference);
const gfmTable = gfm.map((extension) => extension.handlers?.table).find(Boolean) as Handle;

/** The GFM table, its delimiter row as `| --- | ---: |`: more legible than the minimal `| - | -: |`. */
const writeTable: Handle = (node, parent, state, info) => {
  const lines = gfmTable(node, parent, state, info).split('\n');
  lines[1] = lines[1].replace(/:?-:?/g, (delimiter) => delimiter.replace('-', '---'));
  return lines.join('\n');
};

const OPTIONS: Options = {
  bullet: '-',
  emphasis: '*',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  extensions: [...gfm, {handlers: {link: writeLink, table: writeTable}}],
};

/** Markdown of an mdast tree, ending with a line break. */
export function serialize(tree: Root | RootContent): string {
  return toMarkdown(tree as Nodes, OPTIONS);
}
