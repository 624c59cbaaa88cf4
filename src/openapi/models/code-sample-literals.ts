/**
 * String literals of the code samples, one function per language: each takes
 * any text from the spec and returns a literal that the language reads back
 * as that text, so no spec text can end a string, start an interpolation or
 * a comment, or run as code.
 *
 * Besides each language's own special characters, every function escapes
 * control and format characters (`\p{Cc}`, `\p{Cf}`) and the line and
 * paragraph separators, which a reader cannot see (bidirectional overrides
 * can make code read differently from how it runs) and some languages end a
 * line on. A lone UTF-16 surrogate, which no UTF-8 source file can hold and
 * Go and Ruby refuse to escape, becomes U+FFFD first, as the page's HTML does.
 */
import {wellFormed} from '../../spec-reader/well-formed';
import type {FormPart} from './model-types';

/** Characters every language writes as an escape sequence. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

function hex(codePoint: number, digits: number): string {
  return codePoint.toString(16).toUpperCase().padStart(digits, '0');
}

/**
 * A function that writes a text with the `named` escapes, then
 * `escapeInvisible` for the rest of INVISIBLE: one pattern of all those
 * characters, so a long body is one replace.
 */
function escaper(named: Readonly<Record<string, string>>, escapeInvisible: (codePoint: number) => string): (text: string) => string {
  const namedChars = Object.keys(named).map((char) => `\\u{${char.codePointAt(0)!.toString(16)}}`).join('');
  const pattern = new RegExp(`[${namedChars}]|${INVISIBLE.source}`, 'gu');
  return (text) => wellFormed(text).replace(pattern, (char) => (Object.hasOwn(named, char) ? named[char] : escapeInvisible(char.codePointAt(0)!)));
}

/** Characters a POSIX shell word can hold unquoted (Python's `shlex.quote` list). */
const SHELL_WORD = /^[\w@%+=:,./-]+$/;

// Fixed-width escapes, so a hex digit that follows is never read into one; a
// backslash is `\x5C`, since some highlighters and parsers (tree-sitter-bash)
// read `\\'` as an escaped quote and run the string on.
const escapeShell = escaper({'\\': '\\x5C', "'": "\\'", '\n': '\\n', '\t': '\\t', '\r': '\\r'}, (codePoint) =>
  codePoint < 0x80 ? `\\x${hex(codePoint, 2)}` : codePoint <= 0xffff ? `\\u${hex(codePoint, 4)}` : `\\U${hex(codePoint, 8)}`,
);

/**
 * A shell word for bash and zsh: bare when it holds only characters no shell
 * reads specially, single-quoted when it has no invisible character other
 * than a newline or a tab, else ANSI-C quoted (`$'…'`) with escapes.
 */
export function shellString(text: string): string {
  const safe = wellFormed(text);
  if (SHELL_WORD.test(safe)) return safe;
  const withoutLayout = safe.replace(/[\n\t]/g, '');
  if (!INVISIBLE.test(withoutLayout)) return `'${safe.replace(/'/g, `'\\''`)}'`;
  return `$'${escapeShell(safe)}'`;
}

const escapeJs = escaper({'\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t'}, (codePoint) =>
  codePoint <= 0xff ? `\\x${hex(codePoint, 2)}` : codePoint <= 0xffff ? `\\u${hex(codePoint, 4)}` : `\\u{${hex(codePoint, 1)}}`,
);

/** A JavaScript string literal in single quotes (the samples' style). */
export function jsString(text: string): string {
  return `'${escapeJs(text)}'`;
}

const escapePython = escaper({'\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t'}, (codePoint) =>
  codePoint <= 0xff ? `\\x${hex(codePoint, 2)}` : codePoint <= 0xffff ? `\\u${hex(codePoint, 4)}` : `\\U${hex(codePoint, 8)}`,
);

/** A Python `str` literal in double quotes (never an f-string, so braces are plain text). */
export function pythonString(text: string): string {
  return `"${escapePython(text)}"`;
}

const escapeGo = escaper({'\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t'}, (codePoint) =>
  codePoint < 0x80 ? `\\x${hex(codePoint, 2)}` : codePoint <= 0xffff ? `\\u${hex(codePoint, 4)}` : `\\U${hex(codePoint, 8)}`,
);

/** A Go interpreted string literal; `\x` is a byte in Go, so only ASCII takes it. */
export function goString(text: string): string {
  return `"${escapeGo(text)}"`;
}

const escapeJava = escaper({'\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f'}, (codePoint) => {
  if (codePoint < 0x100) return `\\${codePoint.toString(8).padStart(3, '0')}`;
  return String.fromCodePoint(codePoint)
    .split('')
    .map((unit) => `\\u${hex(unit.charCodeAt(0), 4)}`)
    .join('');
});

/**
 * A Java string literal. Java turns `\uXXXX` into its character before it
 * reads the source, so `\u000a` would end the line inside the literal: the
 * characters below U+0100 take octal escapes instead, and `\u` only ever
 * writes a character that is neither a quote, a backslash nor a line break.
 */
export function javaString(text: string): string {
  return `"${escapeJava(text)}"`;
}

const escapeCsharp = escaper({'\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\0': '\\0'}, (codePoint) =>
  codePoint <= 0xffff ? `\\u${hex(codePoint, 4)}` : `\\U${hex(codePoint, 8)}`,
);

/** A C# regular string literal; `\x` takes one to four hex digits in C#, so only the fixed-width `\u` and `\U` are used. */
export function csharpString(text: string): string {
  return `"${escapeCsharp(text)}"`;
}

const escapePhpDoubleQuoted = escaper({'\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\', '"': '\\"', $: '\\$'}, (codePoint) => `\\u{${codePoint.toString(16)}}`);

/** A PHP double-quoted string: `$` is escaped, so nothing is interpolated. */
export function phpDoubleQuoted(text: string): string {
  return `"${escapePhpDoubleQuoted(text)}"`;
}

/** A PHP string literal: single-quoted, or double-quoted with escapes when it has an invisible character. */
export function phpString(text: string): string {
  const safe = wellFormed(text);
  if (!INVISIBLE.test(safe)) return `'${safe.replace(/[\\']/g, (char) => `\\${char}`)}'`;
  return phpDoubleQuoted(safe);
}

const escapeRuby = escaper({'\\': '\\\\', '"': '\\"', '#': '\\#', '\n': '\\n', '\r': '\\r', '\t': '\\t'}, (codePoint) => `\\u{${codePoint.toString(16).toUpperCase()}}`);

/** A Ruby double-quoted string: `#` is escaped, so `#{…}`, `#@` and `#$` interpolate nothing. */
export function rubyString(text: string): string {
  return `"${escapeRuby(text)}"`;
}

/**
 * A word of a `--form` argument as curl reads it: as written when curl reads
 * nothing in it, else in double quotes with `\\` and `\"` escaped, which
 * keeps a `;` (curl's parameter separator), a `,` (its file list separator),
 * a leading `@` or `<` (read a file) and leading or trailing spaces as text.
 */
function curlFormWord(text: string): string {
  const plain = !/^[\s@<"]|[;,]|\s$/.test(text);
  return plain ? text : `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** One `--form` argument: `name=value`, or `name=@path` for a file read from `path`, with `;type=` where the part has a Content-Type. */
export function curlFormArgument(part: FormPart, path: string): string {
  const type = part.contentType === undefined ? '' : `;type=${part.contentType}`;
  if (part.fileName === undefined) return `${part.name}=${curlFormWord(part.value ?? '')}${type}`;
  // curl sends the last segment of the path as the file name.
  const fileName = path.split(/[/\\]/).pop() === part.fileName ? '' : `;filename=${curlFormWord(part.fileName)}`;
  return `${part.name}=@${curlFormWord(path)}${type}${fileName}`;
}
