import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {createHash} from 'node:crypto';
import {cacheDirOf, exactJson, parseWithCache, seedParsedSpec} from '../parsed-spec-cache';
import {parseResolvedSpecText, parseSpecText, readResolvedSpec, RECENT_TEXT_LIMIT, serializeSpec} from '../parse-spec';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, {recursive: true, force: true});
});

function specDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'parsed-cache-'));
  roots.push(root);
  const dir = path.join(root, '.spec');
  mkdirSync(dir);
  return dir;
}

const YAML = 'openapi: 3.1.0\ninfo: {title: Cached, version: "1"}\npaths:\n  /a:\n    get:\n      responses: {"200": {description: ok}}\n';

describe('parseWithCache', () => {
  it('parses a text once: a second reader of the same text takes the cached data, equal to the parsed data', () => {
    const file = path.join(specDir(), 'openapi.yaml');
    let parses = 0;
    const parse = (text: string) => {
      parses++;
      return {text, list: [1, 'two', null, {deep: true}]};
    };
    const first = parseWithCache(YAML, file, parse);
    const second = parseWithCache(YAML, file, parse);
    expect(parses).toBe(1);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(readdirSync(cacheDirOf(file))).toHaveLength(1);
  });

  it('parses a changed text again and keeps only the newest text\'s data', () => {
    const file = path.join(specDir(), 'openapi.yaml');
    let parses = 0;
    const parse = (text: string) => ({text, parse: ++parses});
    parseWithCache(YAML, file, parse);
    expect(parseWithCache(`${YAML}# changed\n`, file, parse)).toEqual({text: `${YAML}# changed\n`, parse: 2});
    expect(parseWithCache(YAML, file, parse)).toEqual({text: YAML, parse: 3});
    expect(readdirSync(cacheDirOf(file))).toHaveLength(1);
  });

  it('parses again when the cached file is damaged, and never caches data JSON would change', () => {
    const file = path.join(specDir(), 'openapi.yaml');
    parseWithCache(YAML, file, () => ({ok: true}));
    const [name] = readdirSync(cacheDirOf(file));
    writeFileSync(path.join(cacheDirOf(file), name), '{"ok": tr');
    expect(parseWithCache(YAML, file, () => ({ok: 'parsed again'}))).toEqual({ok: 'parsed again'});

    const other = path.join(specDir(), 'openapi.yaml');
    expect(parseWithCache(YAML, other, () => ({big: Infinity}))).toEqual({big: Infinity});
    expect(existsSync(cacheDirOf(other)) && readdirSync(cacheDirOf(other)).length > 0).toBe(false);
    expect(exactJson({a: [1, NaN]})).toBeUndefined();
    expect(exactJson({a: [1, 2.5, -3]})).toBe('{"a":[1,2.5,-3]}');
  });

  it('writes nothing beside a spec outside a .spec folder', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'parsed-cache-'));
    roots.push(root);
    const file = path.join(root, 'meridian.yaml');
    let parses = 0;
    parseWithCache(YAML, file, () => ++parses);
    parseWithCache(YAML, file, () => ++parses);
    expect(parses).toBe(2);
    expect(readdirSync(root)).toEqual([]);
  });

  it('gives readResolvedSpec the same document from the YAML and from the cache, and the same error for broken YAML', () => {
    const file = path.join(specDir(), 'openapi.yaml');
    const parsed = readResolvedSpec(YAML, {prefix: '[test]', file});
    const cached = readResolvedSpec(YAML, {prefix: '[test]', file});
    expect(cached.root).toEqual(parsed.root);
    expect(JSON.parse(readFileSync(path.join(cacheDirOf(file), readdirSync(cacheDirOf(file))[0]), 'utf8'))).toEqual(parsed.root);
    expect(() => readResolvedSpec('a: [', {prefix: '[test]', file})).toThrow(/^\[test\] .*openapi\.yaml cannot be read \(YAML error at line 1, column 5: /);
  });
});

describe('parseResolvedSpecText', () => {
  it('parses a small text once per process, anywhere, and gives each reader its own copy', () => {
    // Aliases share one object in the YAML parser's data and are copies in JSON: which one comes back says where it came from.
    const text = `openapi: 3.1.0\ninfo: {title: Memo ${Date.now()}, version: "1"}\nx-a: &shared {k: 1}\nx-b: *shared\n`;
    const file = path.join(tmpdir(), 'release-9.9.9.yaml');
    const first = parseResolvedSpecText(text, file) as Record<string, Record<string, number>>;
    expect(first['x-a']).toBe(first['x-b']);
    const second = parseResolvedSpecText(text, file) as Record<string, Record<string, number>>;
    expect(second).toEqual(first);
    expect(second['x-a']).not.toBe(second['x-b']);
    second['x-a'].k = 2;
    expect((parseResolvedSpecText(text, file) as Record<string, Record<string, number>>)['x-a'].k).toBe(1);
  });

  it('keeps no copy of a large text in memory', () => {
    const text = `openapi: 3.1.0\ninfo: {title: Large, version: "1"}\nx-a: &shared {k: 1}\nx-b: *shared\nx-pad: "${'p'.repeat(RECENT_TEXT_LIMIT)}"\n`;
    const file = path.join(tmpdir(), 'large.yaml');
    parseResolvedSpecText(text, file);
    const again = parseResolvedSpecText(text, file) as Record<string, unknown>;
    expect(again['x-a']).toBe(again['x-b']);
  });
});

describe('seedParsedSpec', () => {
  /** Descriptions whose text the serialised form changes or must quote: lone surrogates in values and keys, a literal "<<" key, shared objects, numbers, and every test fixture. */
  const shared = {type: 'string', description: 'shared'};
  const documents: Array<[string, unknown]> = [
    [
      'built here',
      {
        openapi: '3.1.0',
        info: {title: 'Lone \ud800 surrogate \udc00 and a pair 😀', version: '1'},
        paths: {'/a\ud800': {get: {responses: {'200': {description: 'ok', content: {'application/json': {schema: shared}}}, '404': {description: 'no'}}}}},
        components: {schemas: {A: shared, B: shared, C: {'<<': {x: 1}, n: [0, -1.5, 1e21, true, null, '', 'yes', '0o14', '1e3']}}},
      },
    ],
    ...readdirSync(path.join(__dirname, '../../../tests/fixtures'))
      .filter((name) => /\.(ya?ml|json)$/.test(name))
      .map((name): [string, unknown] => {
        const text = readFileSync(path.join(__dirname, '../../../tests/fixtures', name), 'utf8');
        try {
          return [name, parseSpecText(text, {what: 'file'})];
        } catch {
          return [name, undefined];
        }
      })
      .filter(([, document]) => document !== undefined),
  ];

  it.each(documents)('leaves in the cache exactly what a reader parses from the written spec (%s)', (_name, document) => {
    const file = path.join(specDir(), 'openapi.yaml');
    const text = serializeSpec(document);
    writeFileSync(file, text);
    const sha256 = createHash('sha256').update(text).digest('hex');
    seedParsedSpec(file, sha256, document);
    let parses = 0;
    const cached = parseWithCache(text, file, (source) => {
      parses++;
      return parseSpecText(source, {what: 'file'});
    });
    expect(parses).toBe(0);
    expect(JSON.stringify(cached)).toBe(JSON.stringify(parseSpecText(text, {what: 'file'})));
  });

  it('writes nothing beside a spec outside a .spec folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parsed-cache-'));
    roots.push(dir);
    seedParsedSpec(path.join(dir, 'openapi.yaml'), '0'.repeat(64), {openapi: '3.1.0'});
    expect(readdirSync(dir)).toEqual([]);
  });
});
