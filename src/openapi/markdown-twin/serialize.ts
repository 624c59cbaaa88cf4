/**
 * mdast → Markdown text: `mdast-util-to-markdown` with GFM (tables,
 * strikethrough, task lists, autolink literals) does all escaping. Two
 * handlers of ours change how things are written, never what they say:
 * a link that GFM reads from a bare URL stays a bare URL, and a table's
 * delimiter row is written `| --- |` rather than `| - |`. The text
 * handler and the table's cells only save time: text with nothing to
 * escape, and a cell that is one such text or one code span, skip the
 * library's passes (the same output, checked against the stock handlers in
 * serialize.test.ts).
 */
import type {Link, Nodes, Parents, Root, RootContent, Table, TableCell, TableRow, Text} from 'mdast';
import {markdownTable} from 'markdown-table';
import {gfmToMarkdown} from 'mdast-util-gfm';
import {defaultHandlers, toMarkdown, type ConstructName, type Handle, type Handlers, type Info, type Options, type State, type Unsafe} from 'mdast-util-to-markdown';

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
/** Whether a construct list of an unsafe pattern names something on the stack (`patternInScope` of mdast-util-to-markdown). */
function listInScope(stack: ConstructName[], list: Unsafe['inConstruct'], none: boolean): boolean {
  const names = typeof list === 'string' ? [list] : (list ?? []);
  return names.length === 0 ? none : names.some((name) => stack.includes(name));
}

/** The unsafe patterns in scope for one construct stack, by the character they escape. */
interface TextPlan {
  /** Any character an in-scope pattern escapes, and a backslash: a text with none of them is written as it is. */
  characters: RegExp;
  byCharacter: Map<string, Unsafe[]>;
}

/** Per list of unsafe patterns, per construct stack. */
const textPlans = new WeakMap<Unsafe[], Map<string, TextPlan>>();

function textPlan(state: State): TextPlan {
  let byStack = textPlans.get(state.unsafe);
  if (!byStack) textPlans.set(state.unsafe, (byStack = new Map()));
  const key = state.stack.join(' ');
  let plan = byStack.get(key);
  if (!plan) {
    const byCharacter = new Map<string, Unsafe[]>();
    for (const unsafe of state.unsafe) {
      if (!listInScope(state.stack, unsafe.inConstruct, true) || listInScope(state.stack, unsafe.notInConstruct, false)) continue;
      byCharacter.set(unsafe.character, [...(byCharacter.get(unsafe.character) ?? []), unsafe]);
    }
    const escaped = ['\\', ...byCharacter.keys()].map((character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
    plan = {characters: new RegExp(`[${escaped.join('')}]`, 'g'), byCharacter};
    byStack.set(key, plan);
  }
  return plan;
}

/**
 * Whether `state.safe` writes a text unchanged where it stands: no in-scope
 * unsafe pattern matches at one of its characters (the test `safe` makes,
 * with `before` and `after` around the text), and it has no backslash, which
 * `safe` escapes before punctuation. Patterns that look at the neighbouring
 * node count as matching. Only the patterns of characters the text holds
 * are tried, where `safe` tries all of them.
 */
function writesUnchanged(state: State, value: string, info: Pick<Info, 'before' | 'after'>): boolean {
  if (info.after.includes('\\')) return false;
  const plan = textPlan(state);
  const present = value.match(plan.characters);
  if (present === null) return true;
  if (present.includes('\\')) return false;
  const start = info.before.length;
  const end = start + value.length;
  const whole = info.before + value + info.after;
  for (const character of new Set(present)) {
    for (const pattern of plan.byCharacter.get(character) ?? []) {
      if (pattern.beforeNode || pattern.afterNode) return false;
      const expression = state.compilePattern(pattern);
      expression.lastIndex = 0;
      let match: RegExpExecArray | null;
      while ((match = expression.exec(whole))) {
        const position = match.index + (pattern.before || pattern.atBreak ? match[1].length : 0);
        if (position >= start && position < end) {
          expression.lastIndex = 0;
          return false;
        }
      }
    }
  }
  return true;
}

/**
 * Text as the default handler writes it, without its escaping pass when the
 * text has nothing to escape. The pass tries each of some 60 patterns on
 * every text; in the twins' tables, with millions of cells, that was most
 * of the time spent writing them.
 */
const writeText: Handle = (node: Text, parent, state, info) => {
  if (writesUnchanged(state, node.value, info)) return node.value;
  return defaultHandlers.text(node, parent, state, info);
};

const gfmHandler = (name: keyof Handlers) => gfm.map((extension) => extension.handlers?.[name]).find(Boolean) as Handle;
const gfmTableCell = gfmHandler('tableCell');

/** What GFM's cell handler puts around a cell's content when it writes it (no `tableCellPadding`). */
const BETWEEN_PIPES = {before: '|', after: '|'};

/**
 * A cell as GFM's cell handler writes it. A cell that is one text with
 * nothing to escape, or one code span, is what that node's handler writes,
 * without the handler's passes over its content as a run of phrasing.
 */
function writeCell(cell: TableCell, row: TableRow, state: State, info: Info): string {
  const [only] = cell.children;
  if (cell.children.length === 0) return '';
  if (cell.children.length === 1 && (only.type === 'text' || only.type === 'inlineCode')) {
    // The constructs the cell handler enters before it writes its content, between the cell's pipes.
    const exitCell = state.enter('tableCell');
    const exitPhrasing = state.enter('phrasing');
    const written =
      only.type === 'inlineCode'
        ? state.handle(only, cell, state, {...info, ...BETWEEN_PIPES})
        : writesUnchanged(state, only.value, BETWEEN_PIPES)
          ? only.value
          : undefined;
    exitPhrasing();
    exitCell();
    if (written !== undefined) return written;
  }
  return gfmTableCell(cell, row, state, info);
}

/**
 * A GFM table as mdast-util-gfm-table writes it (its `handleTable`, with
 * `tablePipeAlign: false`), its delimiter row as `| --- | ---: |`: more
 * legible than the minimal `| - | -: |`. Its cells go through `writeCell`:
 * the twins' field tables have millions of cells, most of them one word.
 */
const writeTable: Handle = (node: Table, _parent, state, info) => {
  const exitTable = state.enter('table');
  const matrix = node.children.map((row) => {
    const exitRow = state.enter('tableRow');
    const cells = row.children.map((cell) => writeCell(cell, row, state, info));
    exitRow();
    return cells;
  });
  exitTable();
  const [head] = matrix;
  if (head) {
    const columns = node.align?.length || matrix.reduce((most, cells) => Math.max(most, cells.length), 0);
    while (head.length < columns) head.push('');
  }
  const lines = markdownTable(matrix, {align: node.align, alignDelimiters: false, fillRows: false}).split('\n');
  lines[1] = lines[1].replace(/:?-:?/g, (delimiter) => delimiter.replace('-', '---'));
  return lines.join('\n');
};

/** The options `serialize` gives `mdast-util-to-markdown`; its own handlers are the last extension. */
export const SERIALIZE_OPTIONS: Options = {
  bullet: '-',
  emphasis: '*',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  extensions: [...gfm, {handlers: {link: writeLink, table: writeTable, text: writeText}}],
};

/** Markdown of an mdast tree, ending with a line break. */
export function serialize(tree: Root | RootContent): string {
  return toMarkdown(tree as Nodes, SERIALIZE_OPTIONS);
}
