import {createRequire} from 'node:module';

import * as acorn from 'acorn';
import {beforeAll, describe, expect, it} from 'vitest';
import {Language, Parser, type Node} from 'web-tree-sitter';

import {mulberry32} from '@site/scripts/seeded-random';
import {generateCodeSamples, SAMPLE_LANGUAGES} from '../code-samples';
import {wellFormed} from '../../../spec-reader/well-formed';
import type {FormPart, SampleRequest} from '../model-types';

/**
 * Property: whatever text a spec puts where the code samples use spec text,
 * each of the nine samples parses without error in its language's own
 * grammar (tree-sitter's, from prebuilt wasm files, and acorn for
 * JavaScript), and has the same syntax tree, string contents left out, as
 * the sample with the benign text `x` in that place: spec text can only
 * ever be the contents of a string literal. No sample is run.
 */

/** The tree-sitter grammar of each sample. */
const GRAMMAR_OF_SAMPLE: Record<string, string> = {
  curl: 'bash',
  javascript: 'javascript',
  node: 'javascript',
  python: 'python',
  go: 'go',
  java: 'java',
  csharp: 'c_sharp',
  php: 'php',
  ruby: 'ruby',
};

/**
 * For each grammar, the node types of a string literal (and a bare shell
 * word or JavaScript key, which hold text the same way) and the node types
 * its contents may be made of. A literal whose contents are all of these
 * counts as one node of the shape; anything else inside, such as an
 * interpolation, stays in the shape and so makes a difference.
 */
const LITERAL_NODES: Record<string, {literal: ReadonlySet<string>; content: ReadonlySet<string>}> = {
  bash: {literal: new Set(['word', 'number', 'raw_string', 'ansi_c_string', 'concatenation']), content: new Set(['word', 'number', 'raw_string', 'ansi_c_string'])},
  javascript: {literal: new Set(['string', 'property_identifier']), content: new Set(["'", 'string_fragment', 'escape_sequence'])},
  python: {literal: new Set(['string']), content: new Set(['string_start', 'string_content', 'escape_sequence', 'string_end'])},
  go: {literal: new Set(['interpreted_string_literal']), content: new Set(['"', 'escape_sequence'])},
  java: {literal: new Set(['string_literal']), content: new Set(['"', 'string_fragment', 'escape_sequence'])},
  c_sharp: {literal: new Set(['string_literal']), content: new Set(['"', 'escape_sequence'])},
  php: {literal: new Set(['string', 'encapsed_string']), content: new Set(["'", '"', 'string_content', 'escape_sequence'])},
  ruby: {literal: new Set(['string']), content: new Set(['"', 'string_content', 'escape_sequence'])},
};

/** Texts chosen to break out of a literal in at least one of the languages. */
const HOSTILE_TEXTS = [
  'X": "1", **{"Y": __import__("os").system("touch pwned")}, "Z',
  'X-Evil"] = 1; system("touch pwned"); x["',
  "'; touch pwned; echo '",
  '"; os.Exit(1); x := "',
  '#{system("touch pwned")}',
  '${process.exit(1)}',
  '`touch pwned`',
  '$(touch pwned)',
  '$HOME {$x} $x->y',
  '*/ System.exit(1); /*',
  '?> <?php system("touch pwned"); ?>',
  '"""\nimport os\n"""',
  "'''",
  '\\',
  '\\"',
  "\\'",
  '\\u0022); System.exit(1); ("',
  '\\u000a',
  'line one\nline two\r\nline three',
  'nul \0 byte',
  'separators \u2028 and \u2029',
  'bidi \u202E override \u2066 isolate',
  'lone \uD800 high and \uDC00 low surrogates',
  'emoji \u{1F600} and tag \u{E0001}',
  '@/etc/passwd',
  '[1-3]{a,b}',
  '; & | < > ( ) ! ~ * ?',
  '%s %d %n {0} {{}}',
  '',
  ' ',
  '__END__',
  '\n__END__\n',
];

/** Characters a random text is drawn from, the ones that matter to some language most often. */
const RANDOM_ALPHABET = [
  ...`'"\\\`$#{}()[]<>;&|*/?!%@=:,. -_\n\r\t\0`,
  '\u2028', '\u2029', '\u202E', '\u0085', '\uFEFF', '\uD800', '\uDC00', '\u{1F600}', 'é',
  'a', 'Z', '0', 'x', 'u', 'n',
];
const RANDOM_TEXTS = 100;
const RANDOM_SEED = 47;

function randomTexts(): string[] {
  const random = mulberry32(RANDOM_SEED);
  return Array.from({length: RANDOM_TEXTS}, () => {
    const length = Math.floor(random() * 25);
    let text = '';
    for (let index = 0; index < length; index += 1) text += RANDOM_ALPHABET[Math.floor(random() * RANDOM_ALPHABET.length)];
    return text;
  });
}

const BASE: SampleRequest = {method: 'POST', url: 'https://api.meridian.example/v1/items', queryString: [], headers: [{name: 'Accept', value: 'application/json'}]};

/** Every place spec text lands in a sample request. */
const PLACES: Record<string, (text: string) => SampleRequest> = {
  method: (text) => ({...BASE, method: text}),
  'server URL': (text) => ({...BASE, url: `${text}/v1/items`}),
  'path value': (text) => ({...BASE, url: `https://api.meridian.example/v1/items/${text}`}),
  'query key': (text) => ({...BASE, queryString: [{name: text, value: '1'}]}),
  'query value': (text) => ({...BASE, queryString: [{name: 'q', value: text}]}),
  'header name': (text) => ({...BASE, headers: [{name: text, value: 'v'}]}),
  'header value': (text) => ({...BASE, headers: [{name: 'X-Test', value: text}]}),
  'JSON body key': (text) => ({...BASE, postData: {mimeType: 'application/json', text: JSON.stringify({[text]: 'v', n: 1})}}),
  'JSON body value': (text) => ({...BASE, postData: {mimeType: 'application/json', text: JSON.stringify({name: text, tags: [text]})}}),
  'text body': (text) => ({...BASE, postData: {mimeType: 'text/plain', text}}),
  'form field': (text) => ({...BASE, postData: {mimeType: 'application/x-www-form-urlencoded', text: new URLSearchParams([[text, text]]).toString()}}),
  'media type': (text) => ({...BASE, postData: {mimeType: text, text: 'body'}}),
  'multipart field name': (text) => multipart([{name: text, value: 'v'}, {name: text, fileName: 'f.png'}, {name: text, value: '{}', contentType: 'application/json'}]),
  'multipart field value': (text) => multipart([{name: 'note', value: text}, {name: 'meta', value: text, contentType: 'application/json'}, {name: 'file', fileName: 'f.png'}]),
  'multipart file name': (text) => multipart([{name: 'note', value: 'v'}, {name: 'file', fileName: text}, {name: 'typed', fileName: text, contentType: 'image/png'}]),
  'multipart part type': (text) => multipart([{name: 'meta', value: '{}', contentType: text}, {name: 'file', fileName: 'f.png', contentType: text}]),
};

/** A multipart request with these parts; the text and a file part each take their own path through every writer. */
function multipart(params: FormPart[]): SampleRequest {
  return {...BASE, postData: {mimeType: 'multipart/form-data', text: '', params}};
}

const PLACEHOLDER = 'x';
const MAX_FAILURES = 5;

const parsers = new Map<string, Parser>();

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  await Parser.init();
  for (const grammar of new Set(Object.values(GRAMMAR_OF_SAMPLE))) {
    const parser = new Parser();
    parser.setLanguage(await Language.load(require.resolve(`tree-sitter-wasms/out/tree-sitter-${grammar}.wasm`)));
    parsers.set(grammar, parser);
  }
});

function isPlainLiteral(node: Node, content: ReadonlySet<string>): boolean {
  return node.children.every((child) => child !== null && content.has(child.type) && isPlainLiteral(child, content));
}

/** The node types in document order, each plain string literal as one `LITERAL`; undefined when the tree has an error. */
function shape(grammar: string, code: string): string[] | undefined {
  const tree = parsers.get(grammar)!.parse(code)!;
  try {
    if (tree.rootNode.hasError) return undefined;
    const {literal, content} = LITERAL_NODES[grammar];
    const types: string[] = [];
    // A cursor, not Node objects: each Node crosses from wasm, and this runs over every sample.
    const cursor = tree.walk();
    const visit = (): boolean => {
      const type = cursor.nodeType;
      if (cursor.nodeIsMissing || type === 'ERROR') return false;
      // curl's --globoff word depends on whether the URL has brackets, not on the program's structure.
      if (grammar === 'bash' && type === 'word' && cursor.nodeText === '--globoff') return true;
      // Outside the shell, the samples' literals are all single-line ones, which a raw line break would end
      // in Java, C#, Go and Python even where the grammar reads on (after Java's \\u translation).
      if (literal.has(type) && isPlainLiteral(cursor.currentNode, content) && (grammar === 'bash' || !/[\r\n]/.test(cursor.nodeText))) {
        types.push('LITERAL');
        return true;
      }
      types.push(type);
      if (!cursor.gotoFirstChild()) return true;
      do if (!visit()) return false;
      while (cursor.gotoNextSibling());
      cursor.gotoParent();
      return true;
    };
    return visit() ? types : undefined;
  } finally {
    tree.delete();
  }
}

/**
 * Java's first step of reading a source file (JLS 3.3): `\uXXXX` becomes its
 * character wherever its backslash is not itself escaped, in string literals
 * too, so a `\u000a` there would end the line. tree-sitter skips this step.
 */
function translateJavaUnicodeEscapes(code: string): string {
  return code.replace(/(\\+)u+([0-9A-Fa-f]{4})/g, (escape, backslashes: string, hex: string) =>
    backslashes.length % 2 === 1 ? backslashes.slice(1) + String.fromCharCode(parseInt(hex, 16)) : escape,
  );
}

/** The shape of a sample as its language reads it. */
function sampleShape(id: string, code: string): string[] | undefined {
  return shape(GRAMMAR_OF_SAMPLE[id], id === 'java' ? translateJavaUnicodeEscapes(code) : code);
}

/** Every string value and property key of a JavaScript program, as acorn reads them. */
function javascriptStrings(code: string): Set<string> {
  const strings = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) {
      const node = value as {type?: string; value?: unknown; name?: unknown; key?: unknown};
      if (node.type === 'Literal' && typeof node.value === 'string') strings.add(node.value);
      if (node.type === 'Identifier' && typeof node.name === 'string') strings.add(node.name);
      Object.values(node).forEach(visit);
    }
  };
  visit(acorn.parse(code, {ecmaVersion: 'latest', sourceType: 'script'}));
  return strings;
}

/**
 * The value of a Python or Go double-quoted literal as either language reads
 * it, for the escapes the samples write; any other escape throws. Written
 * from the languages' references, not from the writers, on purpose.
 */
function decodeDoubleQuoted(literal: string): string {
  if (!literal.startsWith('"') || !literal.endsWith('"')) throw new Error(`not a double-quoted literal: ${literal}`);
  return literal.slice(1, -1).replace(/\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/gsu, (escape, byte?: string, short?: string, long?: string, char?: string) => {
    const hex = byte ?? short ?? long;
    if (hex !== undefined) return String.fromCodePoint(parseInt(hex, 16));
    const named: Record<string, string> = {'\\': '\\', '"': '"', n: '\n', r: '\r', t: '\t'};
    if (char !== undefined && Object.hasOwn(named, char)) return named[char];
    throw new Error(`unexpected escape ${escape}`);
  });
}

/** The values of every string literal of a Python or Go sample. */
function doubleQuotedStrings(grammar: 'python' | 'go', code: string): Set<string> {
  const tree = parsers.get(grammar)!.parse(code)!;
  const literalType = grammar === 'python' ? 'string' : 'interpreted_string_literal';
  const strings = new Set<string>();
  const visit = (node: Node) => {
    if (node.type === literalType) strings.add(decodeDoubleQuoted(node.text));
    else node.children.forEach((child) => child && visit(child));
  };
  visit(tree.rootNode);
  tree.delete();
  return strings;
}

/** Places whose text these samples hold as one whole string literal, with what it reads once sent; Go holds a JSON body as one JSON text. */
const WHOLE_LITERAL_PLACES: Record<string, {read: (text: string) => string; samples: readonly string[]}> = {
  method: {read: (text) => text, samples: ['javascript', 'node', 'python', 'go']},
  'header name': {read: (text) => text, samples: ['javascript', 'node', 'python', 'go']},
  'header value': {read: (text) => text, samples: ['javascript', 'node', 'python', 'go']},
  'text body': {read: (text) => text, samples: ['javascript', 'node', 'python', 'go']},
  'JSON body key': {read: (text) => text, samples: ['javascript', 'node', 'python']},
  'JSON body value': {read: (text) => text, samples: ['javascript', 'node', 'python']},
  'multipart field name': {read: (text) => text, samples: ['javascript', 'node', 'python', 'go']},
  'multipart field value': {read: (text) => text, samples: ['javascript', 'node', 'python', 'go']},
  'multipart file name': {read: (text) => text, samples: ['node', 'python']},
};

describe('code samples of hostile spec text (property)', () => {
  const texts = [...HOSTILE_TEXTS, ...randomTexts()];

  it(`parse in each language with the structure of a benign sample, for ${HOSTILE_TEXTS.length} chosen and ${RANDOM_TEXTS} random texts in ${Object.keys(PLACES).length} places`, () => {
    const failures: string[] = [];
    for (const [place, requestWith] of Object.entries(PLACES)) {
      const expected = new Map(generateCodeSamples(requestWith(PLACEHOLDER)).map(({id, code}) => [id, sampleShape(id, code)]));
      for (const [id, expectedShape] of expected) if (expectedShape === undefined) failures.push(`${id}: the benign sample of ${place} does not parse`);
      for (const text of texts) {
        // A few failures say enough; a broken writer would otherwise make thousands.
        if (failures.length >= MAX_FAILURES) break;
        for (const {id, code} of generateCodeSamples(requestWith(text))) {
          const actual = sampleShape(id, code);
          if (actual === undefined) failures.push(`${id}, ${place} = ${JSON.stringify(text)}: parse error\n${code}`);
          else if (actual.join(' ') !== expected.get(id)!.join(' ')) failures.push(`${id}, ${place} = ${JSON.stringify(text)}: structure differs\n${code}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('reads the text back from the literals of the JavaScript, Node.js, Python and Go samples', () => {
    const failures: string[] = [];
    for (const [place, {read, samples}] of Object.entries(WHOLE_LITERAL_PLACES)) {
      for (const text of texts) {
        if (failures.length >= MAX_FAILURES) break;
        const wanted = read(wellFormed(text));
        for (const {id, code} of generateCodeSamples(PLACES[place](text))) {
          if (!samples.includes(id)) continue;
          const strings = id === 'python' || id === 'go' ? doubleQuotedStrings(id, code) : javascriptStrings(code);
          if (!strings.has(wanted)) failures.push(`${id}, ${place} = ${JSON.stringify(text)}: no literal reads ${JSON.stringify(wanted)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('checks every sample language', () => {
    expect(Object.keys(GRAMMAR_OF_SAMPLE)).toEqual(SAMPLE_LANGUAGES.map(({id}) => id));
  });
});
