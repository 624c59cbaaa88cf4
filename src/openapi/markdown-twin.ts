/**
 * Markdown twins of the API reference: the same content as an operation page,
 * as plain Markdown for people who paste it into a chat and for tools that
 * read `llms.txt`. Build-time only; nothing here reaches the browser.
 *
 * `RichText` is a sanitised hast tree, so the HTML → Markdown conversion here
 * is also used, unchanged, for whole built pages (`hastToMarkdown`).
 */
import {furtherItemsName, patternKeyName} from './model-text';
import {rulePhrases} from './schema-rules';
import type {
  SchemaPageModel,
  CodeSample,
  ExampleModel,
  HeaderModel,
  MediaTypeModel,
  OperationPageModel,
  OverviewPageModel,
  ParameterLocation,
  ParameterModel,
  ResponseModel,
  RichText,
  SchemaNode,
  SecurityRequirementModel,
  TagPageModel,
} from './types';

/** The part of a hast node the converter reads: root, element and text
 * nodes; other node types (comments, doctypes) are skipped. */
export interface HastLikeNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastLikeNode[];
  value?: string;
}

export interface MarkdownOptions {
  /** Origin (and base path) that root-relative links such as `/docs/intro` are resolved against. */
  siteUrl?: string;
  /** Routes of the schema pages by schema name: a schema not repeated in a field table links there. */
  schemaLinks?: Record<string, string>;
}

export interface OperationMarkdownOptions {
  /** Absolute URL of the site, e.g. `https://developer.meridian.example`. */
  siteUrl: string;
  /** Which code samples to include: only cURL (default, keeps llms-full.txt small) or every language. */
  codeSamples?: 'curl' | 'all';
}

// ---------------------------------------------------------------------------
// hast → Markdown

const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header',
  'hgroup', 'hr', 'html', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table',
  'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]);

/** Elements whose content is never prose: skipped wherever they appear. */
const SKIPPED_TAGS = new Set([
  'audio', 'button', 'canvas', 'head', 'iframe', 'link', 'meta', 'noscript', 'object', 'script',
  'select', 'style', 'svg', 'template', 'textarea', 'video',
]);

function isElement(node: HastLikeNode, tagName?: string): boolean {
  return node.type === 'element' && (tagName === undefined || node.tagName === tagName);
}

function childrenOf(node: HastLikeNode): HastLikeNode[] {
  return node.children ?? [];
}

function classList(node: HastLikeNode): string[] {
  const value = node.properties?.className;
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  return [];
}

function hasBlockDescendant(node: HastLikeNode): boolean {
  return childrenOf(node).some(
    (child) => isElement(child) && (BLOCK_TAGS.has(child.tagName ?? '') || hasBlockDescendant(child)),
  );
}

/** Text of a node as written, with `<br>` as a line break (for code). */
function rawText(node: HastLikeNode): string {
  if (node.type === 'text') return node.value ?? '';
  if (isElement(node, 'br')) return '\n';
  if (isElement(node) && SKIPPED_TAGS.has(node.tagName ?? '')) return '';
  return childrenOf(node).map(rawText).join('');
}

/** Backslash-escapes what CommonMark/GFM would read as markup in prose. */
export function escapeMarkdownText(text: string): string {
  let escaped = text.replace(/[\\`*[\]]/g, '\\$&').replace(/<(?=[A-Za-z/!?])/g, '\\<');
  escaped = escaped.replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&');
  // `_` inside a word (snake_case) is never emphasis; elsewhere it may be.
  escaped = escaped.replace(/_/g, (match, offset: number, whole: string) =>
    /[A-Za-z0-9]/.test(whole[offset - 1] ?? '') && /[A-Za-z0-9]/.test(whole[offset + 1] ?? '') ? match : '\\_',
  );
  return escaped;
}

/** Escapes what would start a block (heading, list, quote) at the start of a line. */
function escapeLineStarts(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/^(\s*)(#{1,6}|>|[-+])(?=\s|$)/, '$1\\$2')
        .replace(/^(\s*\d+)([.)])(?=\s|$)/, '$1\\$2')
        .replace(/^(\s*)([=-]+\s*)$/, '$1\\$2'),
    )
    .join('\n');
}

/** An inline code span whose fence is longer than any backtick run inside. */
export function codeSpan(text: string): string {
  const content = text.replace(/\s*\n\s*/g, ' ');
  const longestRun = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** A fenced code block whose fence is longer than any backtick run inside. */
export function codeBlock(code: string, language = ''): string {
  const longestRun = Math.max(0, ...(code.match(/`{3,}/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}${language}\n${code.replace(/\n+$/, '')}\n${fence}`;
}

function resolveHref(href: string, options: MarkdownOptions): string {
  const absolute = href.startsWith('/') && !href.startsWith('//') && options.siteUrl
    ? options.siteUrl.replace(/\/+$/, '') + href
    : href;
  return absolute.replace(/ /g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29');
}

function languageOf(...nodes: (HastLikeNode | undefined)[]): string {
  for (const node of nodes) {
    if (!node) continue;
    const className = classList(node).find((name) => /^(language|lang)-/.test(name));
    if (className) return className.replace(/^(language|lang)-/, '');
  }
  return '';
}

function findDescendant(node: HastLikeNode, tagName: string): HastLikeNode | undefined {
  for (const child of childrenOf(node)) {
    if (isElement(child, tagName)) return child;
    const found = findDescendant(child, tagName);
    if (found) return found;
  }
  return undefined;
}

/** Renders phrasing content, collapsing white space the way a browser does. */
class InlineWriter {
  private text = '';

  constructor(private readonly options: MarkdownOptions) {}

  /** Appends already-rendered Markdown, folding white space at the seam. */
  private append(markdown: string): void {
    if (markdown === '') return;
    if (/^\s/.test(markdown) && (this.text === '' || /\s$/.test(this.text))) {
      markdown = markdown.replace(/^[ \t]+/, '');
    }
    this.text += markdown;
  }

  write(nodes: HastLikeNode[]): this {
    for (const node of nodes) this.node(node);
    return this;
  }

  private nested(nodes: HastLikeNode[]): string {
    return new InlineWriter(this.options).write(nodes).toString();
  }

  private wrap(marker: string, nodes: HastLikeNode[]): void {
    const inner = this.nested(nodes);
    if (inner.trim() === '') {
      this.append(inner);
      return;
    }
    const leading = /^\s/.test(inner) ? ' ' : '';
    const trailing = /\s$/.test(inner) ? ' ' : '';
    this.append(`${leading}${marker}${inner.trim()}${marker}${trailing}`);
  }

  private node(node: HastLikeNode): void {
    if (node.type === 'text') {
      this.append(escapeMarkdownText((node.value ?? '').replace(/[ \t\n\r\f]+/g, ' ')));
      return;
    }
    if (node.type !== 'element') {
      if (node.type === 'root') this.write(childrenOf(node));
      return;
    }
    const tagName = node.tagName ?? '';
    if (SKIPPED_TAGS.has(tagName)) return;
    const children = childrenOf(node);
    switch (tagName) {
      case 'strong':
      case 'b':
        this.wrap('**', children);
        return;
      case 'em':
      case 'i':
        this.wrap('*', children);
        return;
      case 'del':
      case 's':
      case 'strike':
        this.wrap('~~', children);
        return;
      case 'code':
      case 'kbd':
      case 'samp':
      case 'tt': {
        const text = rawText(node);
        if (text !== '') this.append(codeSpan(text));
        return;
      }
      case 'br':
        this.text = this.text.replace(/[ \t]+$/, '') + '\n';
        return;
      case 'img': {
        const src = node.properties?.src;
        if (typeof src !== 'string') return;
        const alt = typeof node.properties?.alt === 'string' ? node.properties.alt : '';
        this.append(`![${escapeMarkdownText(alt)}](${resolveHref(src, this.options)})`);
        return;
      }
      case 'input':
        if (node.properties?.type === 'checkbox') this.append(node.properties.checked ? '[x] ' : '[ ] ');
        return;
      case 'a': {
        const href = node.properties?.href;
        const inner = this.nested(children).trim();
        if (typeof href !== 'string' || href === '') {
          this.append(inner);
        } else if (inner === '') {
          this.append(`<${resolveHref(href, this.options)}>`);
        } else {
          this.append(`[${inner}](${resolveHref(href, this.options)})`);
        }
        return;
      }
      default:
        if (BLOCK_TAGS.has(tagName)) {
          // A block inside phrasing content (a <p> in a table cell): keep its words apart.
          this.append(' ');
          this.write(children);
          this.append(' ');
        } else {
          this.write(children);
        }
    }
  }

  toString(): string {
    return this.text.replace(/[ \t]*\n[ \t]*/g, '\n');
  }
}

function renderInline(nodes: HastLikeNode[], options: MarkdownOptions): string {
  return new InlineWriter(options).write(nodes).toString().trim();
}

/** Inline Markdown on one line, for headings and table cells. */
function renderInlineOneLine(nodes: HastLikeNode[], options: MarkdownOptions): string {
  return renderInline(nodes, options).replace(/\s*\n\s*/g, ' ');
}

function renderList(list: HastLikeNode, options: MarkdownOptions): string {
  const ordered = list.tagName === 'ol';
  const start = Number(list.properties?.start ?? 1);
  let number = Number.isFinite(start) ? start : 1;
  const items = childrenOf(list).filter((child) => isElement(child));
  const loose = items.some((item) => childrenOf(item).some((child) => isElement(child, 'p')));
  const rendered = items.map((item) => {
    const marker = ordered ? `${number++}.` : '-';
    const content = renderBlocks(isElement(item, 'li') ? childrenOf(item) : [item], options).join(loose ? '\n\n' : '\n');
    if (content === '') return marker;
    const indent = ' '.repeat(marker.length + 1);
    return `${marker} ${content
      .split('\n')
      .map((line, index) => (index === 0 || line === '' ? line : indent + line))
      .join('\n')}`;
  });
  return rendered.join(loose ? '\n\n' : '\n');
}

function tableRows(node: HastLikeNode): {row: HastLikeNode; inHead: boolean}[] {
  const rows: {row: HastLikeNode; inHead: boolean}[] = [];
  for (const child of childrenOf(node)) {
    if (isElement(child, 'tr')) rows.push({row: child, inHead: false});
    else if (isElement(child, 'thead')) rows.push(...tableRows(child).map(({row}) => ({row, inHead: true})));
    else if (isElement(child, 'tbody') || isElement(child, 'tfoot')) rows.push(...tableRows(child));
  }
  return rows;
}

/** A GFM table row; `|` is escaped everywhere in a cell, code spans included (GFM requires it). */
export function tableRow(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
}

function renderTable(table: HastLikeNode, options: MarkdownOptions): string {
  const rows = tableRows(table);
  if (rows.length === 0) return '';
  const cellsOf = (row: HastLikeNode) =>
    childrenOf(row).filter((cell) => isElement(cell, 'td') || isElement(cell, 'th'));
  const headIndex = Math.max(0, rows.findIndex(({inHead}) => inHead));
  const header = cellsOf(rows[headIndex].row);
  const body = rows.filter((_, index) => index !== headIndex).map(({row}) => cellsOf(row));
  const columns = Math.max(header.length, ...body.map((cells) => cells.length));
  const render = (cells: HastLikeNode[]) =>
    Array.from({length: columns}, (_, index) => (cells[index] ? renderInlineOneLine(childrenOf(cells[index]), options) : ''));
  const delimiter = Array.from({length: columns}, (_, index) => {
    const align = header[index]?.properties?.align;
    if (align === 'center') return ':---:';
    if (align === 'right') return '---:';
    if (align === 'left') return ':---';
    return '---';
  });
  return [tableRow(render(header)), `| ${delimiter.join(' | ')} |`, ...body.map((cells) => tableRow(render(cells)))].join('\n');
}

function renderCodeBlock(pre: HastLikeNode): string {
  const code = findDescendant(pre, 'code');
  return codeBlock(rawText(code ?? pre), languageOf(code, pre));
}

/** A link that wraps blocks (a card: heading and summary) becomes one line: `[Title](url): summary`. */
function renderBlockLink(link: HastLikeNode, options: MarkdownOptions): string {
  const href = typeof link.properties?.href === 'string' ? resolveHref(link.properties.href, options) : '';
  const parts = childrenOf(link)
    .map((child) => renderInlineOneLine([child], options))
    .filter((part) => part !== '');
  if (parts.length === 0) return href ? `<${href}>` : '';
  const [title, ...rest] = parts;
  const linked = href ? `[${title}](${href})` : title;
  return rest.length > 0 ? `${linked}: ${rest.join(' ')}` : linked;
}

function renderBlock(node: HastLikeNode, options: MarkdownOptions): string[] {
  const tagName = node.tagName ?? '';
  const children = childrenOf(node);
  switch (tagName) {
    case 'p': {
      const text = renderInline(children, options);
      return text ? [escapeLineStarts(text)] : [];
    }
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const text = renderInlineOneLine(children, options);
      return text ? [`${'#'.repeat(Number(tagName[1]))} ${text}`] : [];
    }
    case 'ul':
    case 'ol': {
      const list = renderList(node, options);
      return list ? [list] : [];
    }
    case 'pre':
      return [renderCodeBlock(node)];
    case 'blockquote': {
      const inner = renderBlocks(children, options).join('\n\n');
      return inner ? [inner.split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n')] : [];
    }
    case 'table': {
      const table = renderTable(node, options);
      return table ? [table] : [];
    }
    case 'hr':
      return ['---'];
    case 'dt':
    case 'summary': {
      const text = renderInlineOneLine(children, options);
      return text ? [`**${text}**`] : [];
    }
    case 'a':
      return [renderBlockLink(node, options)].filter(Boolean);
    default:
      return renderBlocks(children, options);
  }
}

/** Renders flow content to Markdown blocks (to be joined by blank lines). */
function renderBlocks(nodes: HastLikeNode[], options: MarkdownOptions): string[] {
  const blocks: string[] = [];
  let pending: HastLikeNode[] = [];
  const flush = () => {
    const text = renderInline(pending, options);
    if (text) blocks.push(escapeLineStarts(text));
    pending = [];
  };
  for (const node of nodes) {
    if (node.type === 'root') {
      flush();
      blocks.push(...renderBlocks(childrenOf(node), options));
    } else if (node.type === 'element' && SKIPPED_TAGS.has(node.tagName ?? '')) {
      continue;
    } else if (
      node.type === 'element' &&
      (BLOCK_TAGS.has(node.tagName ?? '') || (node.tagName === 'a' && hasBlockDescendant(node)))
    ) {
      flush();
      blocks.push(...renderBlock(node, options));
    } else if (node.type === 'text' || node.type === 'element') {
      pending.push(node);
    }
  }
  flush();
  return blocks;
}

/** Markdown of any hast tree (a built page, a sanitised description). */
export function hastToMarkdown(tree: HastLikeNode | HastLikeNode[], options: MarkdownOptions = {}): string {
  return renderBlocks(Array.isArray(tree) ? tree : [tree], options).join('\n\n');
}

/** Markdown of a sanitised description; empty for `null`. */
export function richTextToMarkdown(richText: RichText | undefined, options: MarkdownOptions = {}): string {
  return richText ? hastToMarkdown(richText, options) : '';
}

// ---------------------------------------------------------------------------
// Operation page → Markdown

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No Content', '301': 'Moved Permanently',
  '302': 'Found', '304': 'Not Modified', '400': 'Bad Request', '401': 'Unauthorized', '403': 'Forbidden',
  '404': 'Not Found', '405': 'Method Not Allowed', '406': 'Not Acceptable', '409': 'Conflict', '410': 'Gone',
  '412': 'Precondition Failed', '413': 'Content Too Large', '415': 'Unsupported Media Type',
  '422': 'Unprocessable Content', '428': 'Precondition Required', '429': 'Too Many Requests',
  '500': 'Internal Server Error', '502': 'Bad Gateway', '503': 'Service Unavailable', '504': 'Gateway Timeout',
  '1XX': 'Informational', '2XX': 'Success', '3XX': 'Redirection', '4XX': 'Client error', '5XX': 'Server error',
  default: 'Any other status',
};

const LOCATION_TITLES: Record<ParameterLocation, string> = {
  path: 'Path parameters',
  query: 'Query parameters',
  header: 'Header parameters',
  cookie: 'Cookie parameters',
};

/** A JSON-encoded value for reading: strings unquoted, everything else as JSON, in a code span. */
function displayValue(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    return codeSpan(typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    return codeSpan(json);
  }
}

/** A description on one line, for a table cell. */
function cellText(richText: RichText | undefined, options: MarkdownOptions): string {
  return richTextToMarkdown(richText, options).replace(/\s*\n+\s*/g, ' ').trim();
}

/** The constraints of a schema as short phrases: `minimum 1`, `one of: \`a\`, \`b\``. */
export function schemaConstraints(schema: SchemaNode): string[] {
  const phrases: string[] = [];
  phrases.push(...rulePhrases(schema.rules, {typeLabel: schema.typeLabel}).map((phrase) => phrase.map((part) => (typeof part === 'string' ? part : codeSpan(part.code))).join('')));
  if (schema.enum && schema.enum.length > 0) phrases.push(`one of: ${schema.enum.map(({value}) => displayValue(value)).join(', ')}`);
  if (schema.const !== undefined) phrases.push(`always ${displayValue(schema.const)}`);
  if (schema.default !== undefined) phrases.push(`default ${displayValue(schema.default)}`);
  if (schema.readOnly) phrases.push('read-only');
  if (schema.writeOnly) phrases.push('write-only');
  if (schema.deprecated) phrases.push('deprecated');
  return phrases;
}

interface FieldRow {
  path: string;
  schema: SchemaNode;
  note?: string;
}

/** `schema`: a schema page, which lists read-only and write-only fields alike. */
type Direction = 'request' | 'response' | 'schema';

/** Properties that belong in this direction: read-only fields are never sent, write-only never returned. */
function visibleProperties(schema: SchemaNode, direction: Direction): SchemaNode[] {
  if (direction === 'schema') return schema.properties ?? [];
  return (schema.properties ?? []).filter((property) =>
    direction === 'request' ? !property.readOnly : !property.writeOnly,
  );
}

const MAX_FIELD_DEPTH = 10;

/** Rows for the fields under `schema`, with dotted paths (`address.postcode`, `items[].id`). */
function childRows(schema: SchemaNode, prefix: string, direction: Direction, depth: number, note?: string): FieldRow[] {
  if (depth > MAX_FIELD_DEPTH || schema.circularRef || schema.notExpandedRef) return [];
  const rows: FieldRow[] = [];
  for (const property of visibleProperties(schema, direction)) {
    const path = prefix ? `${prefix}.${property.name ?? ''}` : property.name ?? '';
    rows.push({path, schema: property, note});
    rows.push(...childRows(property, path, direction, depth + 1, note));
  }
  if (schema.additionalProperties && schema.additionalProperties !== true) {
    const path = prefix ? `${prefix}.<key>` : '<key>';
    rows.push({path, schema: schema.additionalProperties, note});
    rows.push(...childRows(schema.additionalProperties, path, direction, depth + 1, note));
  }
  for (const {pattern, schema: patterned} of schema.patternProperties ?? []) {
    const path = prefix ? `${prefix}.${patternKeyName(pattern)}` : patternKeyName(pattern);
    rows.push({path, schema: patterned, note});
    rows.push(...childRows(patterned, path, direction, depth + 1, note));
  }
  if (schema.prefixItems && schema.prefixItems.length > 0) {
    // Positions get a row each, as fields do: `reading[0]`, `reading[1]`, `reading[2…]`.
    const positions = schema.prefixItems.map((item, index) => ({path: `${prefix}[${index}]`, item}));
    if (schema.items) positions.push({path: `${prefix}${furtherItemsName(schema.prefixItems.length)}`, item: schema.items});
    for (const {path, item} of positions) {
      rows.push({path, schema: item, note});
      rows.push(...childRows(item, path, direction, depth + 1, note));
    }
  } else if (schema.items) {
    rows.push(...childRows(schema.items, `${prefix}[]`, direction, depth + 1, note));
  }
  if (schema.variants) {
    const {discriminator, options} = schema.variants;
    for (const option of options) {
      const value = discriminator?.mapping[option.label];
      const variantNote = discriminator && value !== undefined
        ? `when ${codeSpan(discriminator.propertyName)} is ${codeSpan(value)}`
        : `in variant *${escapeMarkdownText(option.label)}*`;
      rows.push(...childRows(option.schema, prefix, direction, depth + 1, note ? `${note}, ${variantNote}` : variantNote));
    }
  }
  return rows;
}

/** What the field list cannot show, said in words: a circular or an unresolved reference. */
function referenceNote(schema: SchemaNode, options: MarkdownOptions = {}): string {
  if (schema.circularRef) return `Same structure as ${codeSpan(schema.circularRef)}.`;
  if (schema.notExpandedRef) {
    const page = options.schemaLinks?.[schema.notExpandedRef];
    const name = page ? `[${codeSpan(schema.notExpandedRef)}](${resolveHref(page, options)})` : codeSpan(schema.notExpandedRef);
    return `Fields not repeated here: see the ${name} schema (${codeSpan(`components.schemas.${schema.notExpandedRef}`)}).`;
  }
  if (schema.unresolvedRef) return unresolvedNote(schema.unresolvedRef, 'what it defines');
  return '';
}

/** The sentence for a `$ref` that gives nothing, where it is used. */
function unresolvedNote(reference: string, what: string): string {
  return `${codeSpan(reference)} does not resolve within the API description, so ${what} is not shown.`;
}

/** The field table of a body schema, or a one-line type for bodies without fields. */
function fieldTable(schema: SchemaNode, direction: Direction, options: MarkdownOptions): string {
  const rows = childRows(schema, '', direction, 0);
  if (rows.length === 0) {
    const constraints = schemaConstraints(schema);
    const description = cellText(schema.description, options);
    return [
      `Type: ${codeSpan(schema.typeLabel || 'any')}.`,
      referenceNote(schema, options),
      description,
      constraints.length ? `Constraints: ${constraints.join('; ')}.` : '',
    ].filter(Boolean).join(' ');
  }
  return [
    // A part of the body's schema (an allOf member) is missing; its fields follow.
    ...(schema.unresolvedRef ? [referenceNote(schema, options), ''] : []),
    tableRow(['Field', 'Type', 'Required', 'Description', 'Constraints']),
    '| --- | --- | --- | --- | --- |',
    ...rows.map(({path, schema: field, note}) =>
      tableRow([
        codeSpan(path),
        codeSpan(field.typeLabel || 'any'),
        field.required ? 'Yes' : 'No',
        [referenceNote(field, options), cellText(field.description, options)]
          .filter(Boolean)
          .join(' '),
        [
          ...(note ? [note] : []),
          // Every returned field is read-only to the client; saying so is noise.
          ...schemaConstraints(field).filter((phrase) => !(direction === 'response' && phrase === 'read-only')),
        ].join('; '),
      ]),
    ),
  ].join('\n');
}

/** The fence language of an example in the given media type. */
function exampleLanguage(mediaType: string): string {
  const essence = mediaType.split(';')[0].trim().toLowerCase();
  if (/[/+]json$/.test(essence)) return 'json';
  if (/[/+]xml$/.test(essence)) return 'xml';
  if (/[/+]ya?ml$/.test(essence)) return 'yaml';
  if (essence === 'text/html') return 'html';
  if (essence === 'text/csv') return 'csv';
  return 'text';
}

function renderExamples(examples: ExampleModel[], mediaType: string, options: MarkdownOptions): string[] {
  return examples.flatMap((example) => {
    let label = example.name === 'Example' ? 'Example' : `Example: ${escapeMarkdownText(example.name)}`;
    if (example.generated && example.name !== 'Generated from the schema') label += ' (generated from the schema)';
    const title = example.summary ? `**${label}** (${escapeMarkdownText(example.summary)})` : `**${label}**`;
    const description = richTextToMarkdown(example.description, options);
    return [title, ...(description ? [description] : []), codeBlock(example.value, exampleLanguage(mediaType))];
  });
}

/**
 * The media types of a body: field table, then examples. `seenTables` maps a
 * field table already written on this page to where it was written, so that
 * the ten identical problem-details tables of the error responses are written once.
 */
function renderMediaTypes(
  content: MediaTypeModel[],
  direction: Direction,
  headingLevel: number,
  options: MarkdownOptions,
  seenTables?: {tables: Map<string, string>; here: string},
): string[] {
  const heading = '#'.repeat(headingLevel);
  return content.flatMap(({mediaType, schema, examples}) => {
    const blocks = [`${heading} ${codeSpan(mediaType)}`];
    if (schema) {
      const table = fieldTable(schema, direction, options);
      const firstSeen = seenTables?.tables.get(table);
      if (firstSeen !== undefined && table.startsWith('|')) {
        blocks.push(`Same fields as ${firstSeen}.`);
      } else {
        seenTables?.tables.set(table, `${seenTables.here} (${codeSpan(mediaType)})`);
        blocks.push(table);
      }
    }
    return [...blocks, ...renderExamples(examples, mediaType, options)];
  });
}

function renderParameters(parameters: ParameterModel[], unresolved: string[], options: MarkdownOptions): string[] {
  if (parameters.length === 0 && unresolved.length === 0) return [];
  const blocks: string[] = ['## Parameters'];
  for (const location of ['path', 'query', 'header', 'cookie'] as const) {
    const inLocation = parameters.filter((parameter) => parameter.in === location);
    if (inLocation.length === 0) continue;
    blocks.push(
      `### ${LOCATION_TITLES[location]}`,
      [
        tableRow(['Name', 'Type', 'Required', 'Description', 'Example']),
        '| --- | --- | --- | --- | --- |',
        ...inLocation.map((parameter) => {
          const constraints = schemaConstraints(parameter.schema).filter((phrase) => phrase !== 'deprecated');
          const description = [
            parameter.deprecated || parameter.schema.deprecated ? '**Deprecated.**' : '',
            parameter.undeclared ? 'Not declared in the description.' : '',
            referenceNote(parameter.schema),
            cellText(parameter.description ?? parameter.schema.description, options),
            parameter.mediaType ? `Serialized as ${codeSpan(parameter.mediaType)}.` : '',
            constraints.length ? `Constraints: ${constraints.join('; ')}.` : '',
          ].filter(Boolean).join(' ');
          const example = parameter.example ?? parameter.schema.example;
          return tableRow([
            codeSpan(parameter.name),
            codeSpan(parameter.schema.typeLabel || 'any'),
            parameter.required ? 'Yes' : 'No',
            description,
            example !== undefined ? displayValue(example) : '',
          ]);
        }),
      ].join('\n'),
    );
  }
  if (unresolved.length > 0) {
    blocks.push(
      '### Unresolved parameters',
      'These parameter references do not resolve within the API description, so their names and locations are unknown:',
      unresolved.map((reference) => `- ${codeSpan(reference)}`).join('\n'),
    );
  }
  return blocks;
}

function describeRequirement({scheme, kind, scopes}: SecurityRequirementModel): string {
  const scopeText = scopes.length ? `, scopes ${scopes.map((scope) => codeSpan(scope)).join(', ')}` : '';
  return `${codeSpan(scheme)} (${escapeMarkdownText(kind)})${scopeText}`;
}

function renderSecurity(security: SecurityRequirementModel[][]): string[] {
  const blocks = ['## Authentication'];
  if (security.length === 0) return [...blocks, 'No authentication.'];
  const alternatives = security.map((requirements) =>
    requirements.length === 0 ? 'No authentication' : requirements.map(describeRequirement).join(' and '),
  );
  if (alternatives.length === 1) return [...blocks, `${alternatives[0]}.`];
  return [...blocks, 'Any one of:', alternatives.map((alternative) => `- ${alternative}`).join('\n')];
}

function renderHeaders(headers: HeaderModel[], options: MarkdownOptions): string {
  return [
    tableRow(['Name', 'Type', 'Required', 'Description']),
    '| --- | --- | --- | --- |',
    ...headers.map((header) => {
      const constraints = schemaConstraints(header.schema);
      return tableRow([
        codeSpan(header.name),
        codeSpan(header.schema.typeLabel || 'any'),
        header.required ? 'Yes' : 'No',
        [cellText(header.description ?? header.schema.description, options), constraints.length ? `Constraints: ${constraints.join('; ')}.` : '']
          .filter(Boolean)
          .join(' '),
      ]);
    }),
  ].join('\n');
}

function renderResponses(responses: ResponseModel[], options: MarkdownOptions): string[] {
  if (responses.length === 0) return ['## Responses', 'The API description lists no responses for this operation.'];
  const tables = new Map<string, string>();
  return [
    '## Responses',
    ...responses.flatMap((response) => {
      const statusText = STATUS_TEXT[response.status.toUpperCase() === 'DEFAULT' ? 'default' : response.status.toUpperCase()];
      const description = richTextToMarkdown(response.description, options);
      return [
        `### ${response.status}${statusText ? ` ${statusText}` : ''}`,
        ...(response.unresolvedRef ? [unresolvedNote(response.unresolvedRef, 'this response')] : []),
        ...(description ? [description] : []),
        ...(response.headers.length ? ['#### Headers', renderHeaders(response.headers, options)] : []),
        ...renderMediaTypes(response.content, 'response', 4, options, {tables, here: `the ${codeSpan(response.status)} response`}),
      ];
    }),
  ];
}

function renderCodeSamples(samples: CodeSample[], which: 'curl' | 'all'): string[] {
  const chosen = which === 'all' ? samples : samples.filter((sample) => sample.id === 'curl').slice(0, 1);
  const shown = chosen.length > 0 ? chosen : samples.slice(0, 1);
  if (shown.length === 0) return [];
  return [
    shown.length === 1 ? '## Code sample' : '## Code samples',
    ...shown.flatMap((sample) => [`### ${escapeMarkdownText(sample.label)}`, codeBlock(sample.code, sample.language)]),
  ];
}

/** The Markdown twin of an operation page. */
export function operationToMarkdown(page: OperationPageModel, options: OperationMarkdownOptions): string {
  const markdownOptions: MarkdownOptions = {siteUrl: options.siteUrl, ...(page.schemaLinks ? {schemaLinks: page.schemaLinks} : {})};
  const description = richTextToMarkdown(page.description, markdownOptions);
  const blocks: string[] = [
    `# ${escapeMarkdownText(page.summary || `${page.method.toUpperCase()} ${page.path}`)}`,
    codeSpan(`${page.method.toUpperCase()} ${page.path}`),
  ];
  if (page.deprecated) blocks.push('> **Deprecated.** This operation will be removed in a future version; avoid it in new code.');
  if (description) blocks.push(description);
  if (page.servers.length > 0) {
    blocks.push(
      '## Base URLs',
      page.servers
        .map(({url, description: serverDescription}) =>
          `- ${codeSpan(url)}${serverDescription ? `: ${escapeMarkdownText(serverDescription)}` : ''}`,
        )
        .join('\n'),
    );
  }
  blocks.push(...renderSecurity(page.security));
  blocks.push(...renderParameters(page.parameters, page.unresolvedParameters ?? [], markdownOptions));
  if (page.requestBody) {
    const bodyDescription = richTextToMarkdown(page.requestBody.description, markdownOptions);
    const {unresolvedRef} = page.requestBody;
    blocks.push(
      '## Request body',
      [page.requestBody.required ? 'Required.' : 'Optional.', unresolvedRef ? unresolvedNote(unresolvedRef, 'the request body') : '', bodyDescription]
        .filter(Boolean)
        .join(' '),
      ...renderMediaTypes(page.requestBody.content, 'request', 3, markdownOptions),
    );
  }
  blocks.push(...renderResponses(page.responses, markdownOptions));
  if (page.callbacks.length > 0) {
    blocks.push(
      '## Callbacks',
      page.callbacks
        .map(({name, expression, method, summary}) =>
          `- ${codeSpan(name)}: ${codeSpan(`${method.toUpperCase()} ${expression}`)}${summary ? `: ${escapeMarkdownText(summary)}` : ''}`,
        )
        .join('\n'),
    );
    for (const callback of page.callbacks) {
      blocks.push(`### ${escapeMarkdownText(callback.summary ?? callback.name)}`, codeSpan(`${callback.method.toUpperCase()} ${callback.expression}`));
      const callbackDescription = richTextToMarkdown(callback.description, markdownOptions);
      if (callbackDescription) blocks.push(callbackDescription);
      if (callback.parameters.length > 0) blocks.push('#### Headers and parameters', renderHeaders(callback.parameters.map((parameter) => ({...parameter, description: parameter.description ?? parameter.schema.description})), markdownOptions));
      if (callback.requestBody) blocks.push('#### Payload', ...renderMediaTypes(callback.requestBody.content, 'request', 5, markdownOptions));
      if (callback.responses.length > 0) {
        blocks.push(
          '#### Responses your server should return',
          callback.responses.map((response) => `- ${codeSpan(response.status)}${response.description ? `: ${cellText(response.description, markdownOptions)}` : ''}`).join('\n'),
        );
      }
    }
  }
  blocks.push(...renderCodeSamples(page.codeSamples, options.codeSamples ?? 'curl'));
  return `${blocks.join('\n\n')}\n`;
}

/** An absolute URL of a site route (`/docs/api/x` → `https://site/docs/api/x`). */
function siteLink(permalink: string, siteUrl: string): string {
  return resolveHref(permalink, {siteUrl});
}

/** The Markdown twin of the overview page generated from the spec's `info`. */
export function overviewToMarkdown(page: OverviewPageModel, options: OperationMarkdownOptions): string {
  const markdownOptions: MarkdownOptions = {siteUrl: options.siteUrl};
  const blocks: string[] = [`# ${escapeMarkdownText(page.title)}`];
  if (page.version) blocks.push(`Version ${codeSpan(page.version)}`);
  const description = richTextToMarkdown(page.description, markdownOptions);
  if (description) blocks.push(description);
  if (page.servers.length > 0) {
    blocks.push(
      '## Servers',
      page.servers
        .map(({url, description: serverDescription}) =>
          `- ${codeSpan(url)}${serverDescription ? `: ${escapeMarkdownText(serverDescription)}` : ''}`,
        )
        .join('\n'),
    );
  }
  if (page.securitySchemes.length > 0) {
    blocks.push('## Authentication schemes');
    for (const scheme of page.securitySchemes) {
      blocks.push(`### ${codeSpan(scheme.key)} (${escapeMarkdownText(scheme.kind)})`);
      const schemeDescription = richTextToMarkdown(scheme.description, markdownOptions);
      if (schemeDescription) blocks.push(schemeDescription);
      for (const flow of scheme.flows) {
        blocks.push(
          [
            `Flow ${codeSpan(flow.type)}`,
            flow.tokenUrl ? `token URL ${codeSpan(flow.tokenUrl)}` : '',
            flow.authorizationUrl ? `authorization URL ${codeSpan(flow.authorizationUrl)}` : '',
          ].filter(Boolean).join(', ') + '.',
        );
        if (flow.scopes.length > 0) {
          blocks.push(
            [
              tableRow(['Scope', 'Grants']),
              '| --- | --- |',
              ...flow.scopes.map((scope) => tableRow([codeSpan(scope.name), escapeMarkdownText(scope.description)])),
            ].join('\n'),
          );
        }
      }
    }
  }
  if (page.tags.length > 0) {
    blocks.push(
      '## Resources',
      page.tags
        .map((tag) => {
          const count = `${tag.operationCount} ${tag.operationCount === 1 ? 'operation' : 'operations'}`;
          const summary = tag.summary ? `: ${escapeMarkdownText(tag.summary)}` : '';
          return `- [${escapeMarkdownText(tag.name)}](${siteLink(tag.permalink, options.siteUrl)}) (${count})${summary}`;
        })
        .join('\n'),
    );
  }
  const contactLines: string[] = [];
  if (page.contact) {
    const parts = [escapeMarkdownText(page.contact.name ?? 'API team'), page.contact.email, page.contact.url].filter(Boolean);
    contactLines.push(`- Contact: ${parts.join(', ')}`);
  }
  if (page.license) {
    const name = escapeMarkdownText(page.license.name);
    contactLines.push(`- Licence: ${page.license.url ? `[${name}](${resolveHref(page.license.url, markdownOptions)})` : name}`);
  }
  if (page.termsOfService) contactLines.push(`- Terms of service: ${page.termsOfService}`);
  if (contactLines.length > 0) blocks.push('## Contact and licence', contactLines.join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

/** The Markdown twin of a tag page: its description and its operations. */
export function tagToMarkdown(page: TagPageModel, options: OperationMarkdownOptions): string {
  const blocks: string[] = [`# ${escapeMarkdownText(page.name)}`];
  const description = richTextToMarkdown(page.description, {siteUrl: options.siteUrl});
  if (description) blocks.push(description);
  if (page.operations.length > 0) {
    blocks.push(
      '## Operations',
      page.operations
        .map((operation) =>
          `- [${escapeMarkdownText(operation.summary)}](${siteLink(operation.permalink, options.siteUrl)}): ${codeSpan(
            `${operation.method.toUpperCase()} ${operation.path}`,
          )}${operation.deprecated ? ' (deprecated)' : ''}`,
        )
        .join('\n'),
    );
  }
  return `${blocks.join('\n\n')}\n`;
}

/** The Markdown twin of a schema page: its fields, composition, examples and users. */
export function schemaToMarkdown(page: SchemaPageModel, options: OperationMarkdownOptions): string {
  const markdownOptions: MarkdownOptions = {siteUrl: options.siteUrl, schemaLinks: page.schemaLinks};
  const blocks: string[] = [`# ${escapeMarkdownText(page.name)}`, `Schema ${codeSpan(`components.schemas.${page.name}`)}.`];
  const description = richTextToMarkdown(page.schema.description, markdownOptions);
  if (description) blocks.push(description);
  if (page.allOf.length > 0) {
    const parts = page.allOf.map((name) => (page.schemaLinks[name] ? `[${escapeMarkdownText(name)}](${siteLink(page.schemaLinks[name], options.siteUrl)})` : codeSpan(name)));
    blocks.push(`Composed with ${codeSpan('allOf')} from ${parts.join(', ')}; their fields are listed with its own.`);
  }
  blocks.push('## Fields', fieldTable({...page.schema, description: undefined}, 'schema', markdownOptions));
  if (page.examples.length > 0) blocks.push(page.examples.length > 1 ? '## Examples' : '## Example', ...renderExamples(page.examples, 'application/json', markdownOptions));
  blocks.push('## Used by');
  if (page.usedBy.length === 0) blocks.push('No operation, webhook or other schema of the API description refers to this schema.');
  else {
    blocks.push(
      page.usedBy
        .map((user) => {
          const link = siteLink(user.permalink, options.siteUrl);
          const fields = user.fields.map((field) => (field.anchor ? `[${codeSpan(field.path)}](${link}#${field.anchor})` : escapeMarkdownText(field.path)));
          if (user.moreFields) fields.push(`${user.moreFields} more`);
          return `- [${escapeMarkdownText(user.title)}](${link}) (${user.kind}${user.endpoint ? `, ${codeSpan(user.endpoint)}` : ''})${fields.length > 0 ? `: ${fields.join(', ')}` : ''}`;
        })
        .join('\n'),
    );
  }
  if (page.moreUsers) blocks.push(`And ${page.moreUsers} more.`);
  return `${blocks.join('\n\n')}\n`;
}
