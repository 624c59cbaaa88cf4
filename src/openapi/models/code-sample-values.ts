/**
 * JSON values written as native literals of the languages whose samples
 * build a body from one (JavaScript objects, Python dicts, PHP arrays), one
 * indentation step per level. Every string goes through that language's
 * function in `code-sample-literals.ts`.
 */
import {jsString, phpString, pythonString} from './code-sample-literals';

/** Code a JavaScript literal holds as it is (a call around a nested literal), written for the level it starts on. */
export interface RawCode {
  raw: (level: number) => string;
}

function isRawCode(value: unknown): value is RawCode {
  return typeof value === 'object' && value !== null && typeof (value as {raw?: unknown}).raw === 'function';
}

/** A one-line object or list longer than this is written one item per line. */
const INLINE_LIMIT = 60;

interface LiteralSyntax {
  string: (text: string) => string;
  key: (name: string) => string;
  keyword: {null: string; true: string; false: string};
  /** Padding inside the braces of a one-line object: `{a: 1}` or `{ "a": 1 }`. */
  objectPadding: string;
}

/** Its one-line form when that fits in `budget` characters, else undefined; stops reading as soon as it does not fit. */
function inlineLiteral(value: unknown, syntax: LiteralSyntax, budget: number): string | undefined {
  if (isRawCode(value)) {
    const code = value.raw(0);
    return code.includes('\n') || code.length > budget ? undefined : code;
  }
  if (value === null || value === undefined) return syntax.keyword.null;
  if (typeof value === 'boolean') return value ? syntax.keyword.true : syntax.keyword.false;
  if (typeof value === 'string') {
    const literal = syntax.string(value);
    return literal.length > budget ? undefined : literal;
  }
  if (typeof value !== 'object') return String(value);
  const isList = Array.isArray(value);
  const entries: [string | undefined, unknown][] = isList ? value.map((item) => [undefined, item]) : Object.entries(value);
  if (entries.length === 0) return isList ? '[]' : '{}';
  const padding = isList ? '' : syntax.objectPadding;
  let line = (isList ? '[' : '{') + padding;
  for (const [index, [key, item]] of entries.entries()) {
    if (index > 0) line += ', ';
    if (key !== undefined) line += `${syntax.key(key)}: `;
    const itemLine = inlineLiteral(item, syntax, budget - line.length);
    if (itemLine === undefined) return undefined;
    line += itemLine;
    if (line.length > budget) return undefined;
  }
  line += padding + (isList ? ']' : '}');
  return line.length > budget ? undefined : line;
}

function writeLiteral(value: unknown, syntax: LiteralSyntax, indent: string, level: number): string {
  const inline = inlineLiteral(value, syntax, INLINE_LIMIT);
  if (inline !== undefined) return inline;
  if (isRawCode(value)) return value.raw(level);
  if (typeof value === 'string') return syntax.string(value);
  const isList = Array.isArray(value);
  const items = isList
    ? value.map((item) => writeLiteral(item, syntax, indent, level + 1))
    : Object.entries(value as object).map(([key, item]) => `${syntax.key(key)}: ${writeLiteral(item, syntax, indent, level + 1)}`);
  const inside = indent.repeat(level + 1);
  return `${isList ? '[' : '{'}\n${inside}${items.join(`,\n${inside}`)}\n${indent.repeat(level)}${isList ? ']' : '}'}`;
}

const JS_IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** An object key in JavaScript: bare when it is an identifier; `__proto__` is computed, since as a plain key it sets the prototype instead. */
export function jsKey(name: string): string {
  if (name === '__proto__') return `[${jsString(name)}]`;
  return JS_IDENTIFIER.test(name) ? name : jsString(name);
}

const JS_SYNTAX: LiteralSyntax = {string: jsString, key: jsKey, keyword: {null: 'null', true: 'true', false: 'false'}, objectPadding: ''};
const PYTHON_SYNTAX: LiteralSyntax = {string: pythonString, key: pythonString, keyword: {null: 'None', true: 'True', false: 'False'}, objectPadding: ' '};

/** A JSON value (which may hold `RawCode`) as a JavaScript literal; `level` is the depth of the line it starts on. */
export function jsLiteral(value: unknown, indent: string, level: number): string {
  return writeLiteral(value, JS_SYNTAX, indent, level);
}

/** A JSON value as a Python literal (dicts, lists, `True`, `None`). */
export function pythonLiteral(value: unknown, indent: string, level: number): string {
  return writeLiteral(value, PYTHON_SYNTAX, indent, level);
}

/**
 * A JSON value as a PHP literal (arrays for objects and lists), always one
 * item per line, so its size grows with the body's and not with its depth.
 */
export function phpLiteral(value: unknown, indent: string, level: number): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return phpString(value);
  if (typeof value !== 'object') return String(value);
  const items = Array.isArray(value)
    ? value.map((item) => phpLiteral(item, indent, level + 1))
    : Object.entries(value).map(([key, item]) => `${phpString(key)} => ${phpLiteral(item, indent, level + 1)}`);
  // json_encode writes an empty PHP array as `[]`; an empty object needs to be one.
  if (items.length === 0) return Array.isArray(value) ? '[]' : '(object) []';
  const inside = indent.repeat(level + 1);
  return `[\n${inside}${items.join(`,\n${inside}`)}\n${indent.repeat(level)}]`;
}
