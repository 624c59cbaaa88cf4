import {describe, expect, it} from 'vitest';

import {SpecSourceError} from '../spec-errors.js';
import {decodeSpecBytes, findCycle, parseSpecText, serializeSpec} from '../parse-spec.js';
import {fixture} from '../../spec-source/__tests__/helpers/site-root.js';

function parseError(text: string, options?: Parameters<typeof parseSpecText>[1]): SpecSourceError {
  try {
    parseSpecText(text, options);
  } catch (error) {
    if (error instanceof SpecSourceError) return error;
    throw error;
  }
  throw new Error('expected parseSpecText to fail');
}

describe('decodeSpecBytes', () => {
  it('decodes UTF-8 and drops a byte order mark', () => {
    expect(decodeSpecBytes(Buffer.from('\uFEFFopenapi: 3.1.0\n', 'utf8'))).toBe('openapi: 3.1.0\n');
  });

  it.each([
    [Buffer.alloc(0), 'body is empty'],
    [Buffer.from([0xff, 0xfe, 0x6f, 0x00]), 'body is UTF-16 text; save or serve the spec as UTF-8'],
    [Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00]), 'body is binary data, not YAML'],
    [Buffer.from([0x6f, 0x70, 0xc3, 0x28]), 'body is not valid UTF-8 text'],
  ])('names bytes that are not UTF-8 text (%#)', (bytes, message) => {
    expect(() => decodeSpecBytes(bytes)).toThrow(new SpecSourceError(message));
  });

  it('says "file" for local sources', () => {
    expect(() => decodeSpecBytes(Buffer.alloc(0), 'file')).toThrow('file is empty');
  });
});

describe('parseSpecText', () => {
  it('parses YAML with the core schema: dates and yes/no stay strings', () => {
    expect(parseSpecText('a: 2024-01-31\nb: yes\nc: 0o17\nd: 1.10\n')).toEqual({
      a: '2024-01-31',
      b: 'yes',
      c: 15,
      d: 1.1,
    });
  });

  it('parses JSON', async () => {
    const value = parseSpecText(await fixture('petstore-3.1.json')) as {openapi: string};
    expect(value.openapi).toBe('3.1.0');
  });

  it('reports a JSON syntax error with a line and column', () => {
    // The stray ] is at column 12 of line 3.
    expect(parseError('{\n  "openapi": "3.1.0",\n  "info": {]\n}').message).toBe(
      'YAML error at line 3, column 12: Flow map in block collection must be sufficiently indented and end with a }',
    );
  });

  it('applies merge keys as the docs generator does', () => {
    expect(parseSpecText('base: &base {type: string}\nname:\n  <<: *base\n  description: Name\n')).toEqual({
      base: {type: 'string'},
      name: {type: 'string', description: 'Name'},
    });
  });

  it('reports invalid YAML with the line and column of the first error', async () => {
    const error = parseError(await fixture('invalid-yaml.yaml'));
    expect(error.message).toBe(
      'YAML error at line 7, column 27: Flow sequence in block collection must be sufficiently indented and end with a ]',
    );
    expect(error.details).toEqual([
      'YAML error at line 7, column 28: Flow map in block collection must be sufficiently indented and end with a }',
    ]);
  });

  it('reports truncated YAML', async () => {
    expect(parseError(await fixture('truncated.yaml')).message).toBe(
      'YAML error at line 4, column 1: Missing closing "quote',
    );
  });

  it('refuses duplicate keys and several documents in one', () => {
    expect(parseError('a: 1\na: 2\n').message).toBe('YAML error at line 2, column 1: Map keys must be unique');
    expect(parseError('a: 1\n---\nb: 2\n').message).toBe(
      'YAML error at line 2, column 1: Source contains multiple documents; please use YAML.parseAllDocuments()',
    );
  });

  it('refuses unknown tags, including YAML 1.1 ones', async () => {
    expect(parseError(await fixture('unknown-tag.yaml')).message).toBe(
      'YAML error at line 3, column 10: unknown tag !!python/object:os.system (only the standard YAML core tags are allowed)',
    );
    expect(parseError('a: !!binary aGk=\n').message).toBe(
      'YAML error at line 1, column 4: unknown tag !!binary (only the standard YAML core tags are allowed)',
    );
    expect(parseError('a: !secret x\n').message).toBe(
      'YAML error at line 1, column 4: unknown tag !secret (only the standard YAML core tags are allowed)',
    );
  });

  it('stops an alias bomb at the alias expansion limit, before expanding it', async () => {
    const bomb = await fixture('alias-bomb.yaml');
    expect(parseError(bomb).message).toBe(
      'YAML error at line 5, column 8: too many alias expansions (limit 100); the document looks like an alias bomb',
    );
  });

  it('names the alias where the expansions reach the limit, wherever it sits', () => {
    const level = (name: string, of: string) => `    ${name}: &${name} [${Array(6).fill(`*${of}`).join(', ')}]\n`;
    const text = [
      'openapi: 3.1.0',
      'info: {title: T, version: "1"}',
      'paths: {}',
      'components:',
      '  x-lists:',
      '    a: &a [lol]',
    ].join('\n') + '\n' + level('b', 'a') + level('c', 'b') + level('d', 'c');
    // b: 6 expansions; c: 6 × (1 + 6) = 42, 48 in all; d's second *c reaches 100 (48 + 43 + 43).
    expect(parseError(text).message).toBe(
      'YAML error at line 9, column 16: too many alias expansions (limit 100); the document looks like an alias bomb',
    );
  });

  it('allows a few ordinary aliases', () => {
    const value = parseSpecText('a: &a {type: string}\nb: *a\nc: *a\n') as Record<string, unknown>;
    expect(value.b).toEqual({type: 'string'});
  });

  it('refuses an alias that contains itself', () => {
    expect(parseError('a: &a\n  b: *a\n').message).toBe(
      'YAML error: the alias at /a/b contains itself; use $ref for recursive schemas',
    );
  });

  it('reads nesting up to 500 levels, and refuses deeper at the line and column where it goes past', () => {
    // Each level a mapping one space further in; the root mapping is level 1.
    const nested = (levels: number): string => Array.from({length: levels}, (_, index) => `${' '.repeat(index)}a:`).join('\n') + ' 1\n';
    expect(() => parseSpecText(nested(500))).not.toThrow();
    expect(parseError(nested(501)).message).toBe('YAML error at line 501, column 501: nested too deeply (the build reads at most 500 levels)');
    const json = `{"a": ${'['.repeat(500)}${']'.repeat(500)}}`;
    expect(parseError(json).message).toBe('YAML error at line 1, column 506: nested too deeply (the build reads at most 500 levels)');
    // Brackets in strings, escaped quotes among them, are text.
    expect(parseSpecText(`{"a": "\\"${'['.repeat(600)}\\\\", "b": [1]}`)).toEqual({a: `"${'['.repeat(600)}\\`, b: [1]});
    // Deeper than the YAML parser's stack: it stops itself, at a place that depends on the stack size.
    expect(parseError(`a: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`).message).toMatch(
      /^YAML error at line 1, column \d+: nested too deeply \(the build reads at most 500 levels\)$/,
    );
  });

  it('locates a merge key whose value cannot be merged', () => {
    expect(parseError('base: 5\nitem:\n  <<: [*x]\n'.replace('*x', '1')).message).toBe(
      'YAML error at line 3, column 3: a merge key (<<) takes a mapping, an alias of one, or a list of them',
    );
    expect(parseError('base: &s 5\nitem:\n  name: x\n  <<: *s\n').message).toBe(
      'YAML error at line 4, column 3: a merge key (<<) takes a mapping, an alias of one, or a list of them',
    );
  });

  it('recognises an HTML page', async () => {
    expect(parseError(await fixture('login.html')).message).toBe('body is HTML, not YAML (a login or error page?)');
    expect(parseError('<p>Sign in</p>', {contentType: 'text/html; charset=utf-8'}).message).toBe(
      'body is HTML, not YAML (a login or error page?)',
    );
    expect(parseError('<?xml version="1.0"?><error/>').message).toBe('body is XML, not YAML');
  });

  it('refuses empty and comment-only documents', () => {
    expect(parseError('  \n\n').message).toBe('body is empty');
    expect(parseError('# nothing here\n', {what: 'file'}).message).toBe('file has no content (only comments or null)');
  });
});

describe('findCycle', () => {
  it('tells shared objects from cycles', () => {
    const shared = {type: 'string'};
    expect(findCycle({a: shared, b: [shared, shared]})).toBeUndefined();
    const looped: Record<string, unknown> = {};
    looped.self = {inner: looped};
    expect(findCycle({root: looped})).toBe('/root/self/inner');
  });
});

describe('serializeSpec', () => {
  it('round-trips the data that was validated', async () => {
    const value = parseSpecText(await fixture('petstore-3.0.yaml'));
    expect(parseSpecText(serializeSpec(value))).toEqual(value);
  });

  it('writes lone surrogates, in keys and values, as U+FFFD and keeps surrogate pairs', () => {
    const value = parseSpecText('"k\\ud800": "lone \\udc00 and \\ud83d\\ude00 pair"\n');
    expect(value).toEqual({'k\uD800': 'lone \uDC00 and \u{1F600} pair'});
    expect(parseSpecText(serializeSpec(value))).toEqual({'k\uFFFD': 'lone \uFFFD and \u{1F600} pair'});
  });

  it('keeps a literal "<<" key quoted so it is not read as a merge key', () => {
    const text = serializeSpec({'<<': {a: 1}, b: '<<'});
    expect(text).toBe('"<<":\n  a: 1\nb: <<\n');
    expect(parseSpecText(text)).toEqual({'<<': {a: 1}, b: '<<'});
  });

  it('writes shared objects once, as anchors', () => {
    const shared = {type: 'string', description: 'x'.repeat(100)};
    const text = serializeSpec({a: shared, b: shared});
    expect(text.match(/x{100}/g)).toHaveLength(1);
  });

  it('writes an object shared more often than the alias cap allows in full, so the file reads back with the same parser', () => {
    const shared = {type: 'string', description: 'shared'};
    const paths = Object.fromEntries(Array.from({length: 150}, (_, index) => [`/p${index}`, {get: {responses: {'200': {description: 'OK', content: {'application/json': {schema: shared}}}}}}]));
    const value = {openapi: '3.1.0', info: {title: 'T', version: '1'}, paths};
    const text = serializeSpec(value);
    expect(text).not.toMatch(/\*a\d+/);
    expect(parseSpecText(text)).toEqual(value);
  });
});
