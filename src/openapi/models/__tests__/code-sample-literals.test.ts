import {describe, expect, it} from 'vitest';

import {csharpString, goString, javaString, jsString, phpDoubleQuoted, phpString, pythonString, rubyString, shellString} from '../code-sample-literals';

/** The texts every literal function is checked on, by what they hold. */
const TEXTS = {
  'quotes and a backslash': "it's \"q\" C:\\d",
  'line breaks, a tab and NUL': "a\nb\tc\r\u0000",
  'interpolation, comment and tag closers': "$x #{y} ${z} `w` */ ?> \"\"\"",
  'separators, a bidi override, NEL and BOM': "\u2028\u2029\u202E\u0085\uFEFF",
  'lone surrogates': "\uD800x\uDC00",
  'astral characters': "\uD83D\uDE00\uDB40\uDC01",
};

describe('shellString', () => {
  it.each([
    ['quotes and a backslash', "'it'\\''s \"q\" C:\\d'"],
    ['line breaks, a tab and NUL', "$'a\\nb\\tc\\r\\x00'"],
    ['interpolation, comment and tag closers', "'$x #{y} ${z} `w` */ ?> \"\"\"'"],
    ['separators, a bidi override, NEL and BOM', "$'\\u2028\\u2029\\u202E\\u0085\\uFEFF'"],
    ['lone surrogates', "'\uFFFDx\uFFFD'"],
    ['astral characters', "$'\uD83D\uDE00\\U000E0001'"],
  ] as const)('writes %s', (text, literal) => {
    expect(shellString(TEXTS[text])).toBe(literal);
  });
});

describe('jsString', () => {
  it.each([
    ['quotes and a backslash', "'it\\'s \"q\" C:\\\\d'"],
    ['line breaks, a tab and NUL', "'a\\nb\\tc\\r\\x00'"],
    ['interpolation, comment and tag closers', "'$x #{y} ${z} `w` */ ?> \"\"\"'"],
    ['separators, a bidi override, NEL and BOM', "'\\u2028\\u2029\\u202E\\x85\\uFEFF'"],
    ['lone surrogates', "'\uFFFDx\uFFFD'"],
    ['astral characters', "'\uD83D\uDE00\\u{E0001}'"],
  ] as const)('writes %s', (text, literal) => {
    expect(jsString(TEXTS[text])).toBe(literal);
  });
});

describe('pythonString', () => {
  it.each([
    ['quotes and a backslash', "\"it's \\\"q\\\" C:\\\\d\""],
    ['line breaks, a tab and NUL', "\"a\\nb\\tc\\r\\x00\""],
    ['interpolation, comment and tag closers', "\"$x #{y} ${z} `w` */ ?> \\\"\\\"\\\"\""],
    ['separators, a bidi override, NEL and BOM', "\"\\u2028\\u2029\\u202E\\x85\\uFEFF\""],
    ['lone surrogates', "\"\uFFFDx\uFFFD\""],
    ['astral characters', "\"\uD83D\uDE00\\U000E0001\""],
  ] as const)('writes %s', (text, literal) => {
    expect(pythonString(TEXTS[text])).toBe(literal);
  });
});

describe('goString', () => {
  it.each([
    ['quotes and a backslash', "\"it's \\\"q\\\" C:\\\\d\""],
    ['line breaks, a tab and NUL', "\"a\\nb\\tc\\r\\x00\""],
    ['interpolation, comment and tag closers', "\"$x #{y} ${z} `w` */ ?> \\\"\\\"\\\"\""],
    ['separators, a bidi override, NEL and BOM', "\"\\u2028\\u2029\\u202E\\u0085\\uFEFF\""],
    ['lone surrogates', "\"\uFFFDx\uFFFD\""],
    ['astral characters', "\"\uD83D\uDE00\\U000E0001\""],
  ] as const)('writes %s', (text, literal) => {
    expect(goString(TEXTS[text])).toBe(literal);
  });
});

describe('javaString', () => {
  it.each([
    ['quotes and a backslash', "\"it's \\\"q\\\" C:\\\\d\""],
    ['line breaks, a tab and NUL', "\"a\\nb\\tc\\r\\000\""],
    ['interpolation, comment and tag closers', "\"$x #{y} ${z} `w` */ ?> \\\"\\\"\\\"\""],
    ['separators, a bidi override, NEL and BOM', "\"\\u2028\\u2029\\u202E\\205\\uFEFF\""],
    ['lone surrogates', "\"\uFFFDx\uFFFD\""],
    ['astral characters', "\"\uD83D\uDE00\\uDB40\\uDC01\""],
  ] as const)('writes %s', (text, literal) => {
    expect(javaString(TEXTS[text])).toBe(literal);
  });
});

describe('csharpString', () => {
  it.each([
    ['quotes and a backslash', "\"it's \\\"q\\\" C:\\\\d\""],
    ['line breaks, a tab and NUL', "\"a\\nb\\tc\\r\\0\""],
    ['interpolation, comment and tag closers', "\"$x #{y} ${z} `w` */ ?> \\\"\\\"\\\"\""],
    ['separators, a bidi override, NEL and BOM', "\"\\u2028\\u2029\\u202E\\u0085\\uFEFF\""],
    ['lone surrogates', "\"\uFFFDx\uFFFD\""],
    ['astral characters', "\"\uD83D\uDE00\\U000E0001\""],
  ] as const)('writes %s', (text, literal) => {
    expect(csharpString(TEXTS[text])).toBe(literal);
  });
});

describe('phpString', () => {
  it.each([
    ['quotes and a backslash', "'it\\'s \"q\" C:\\\\d'"],
    ['line breaks, a tab and NUL', "\"a\\nb\\tc\\r\\u{0}\""],
    ['interpolation, comment and tag closers', "'$x #{y} ${z} `w` */ ?> \"\"\"'"],
    ['separators, a bidi override, NEL and BOM', "\"\\u{2028}\\u{2029}\\u{202e}\\u{85}\\u{feff}\""],
    ['lone surrogates', "'\uFFFDx\uFFFD'"],
    ['astral characters', "\"\uD83D\uDE00\\u{e0001}\""],
  ] as const)('writes %s', (text, literal) => {
    expect(phpString(TEXTS[text])).toBe(literal);
  });
});

describe('phpDoubleQuoted', () => {
  it.each([
    ['quotes and a backslash', "\"it's \\\"q\\\" C:\\\\d\""],
    ['line breaks, a tab and NUL', "\"a\\nb\\tc\\r\\u{0}\""],
    ['interpolation, comment and tag closers', "\"\\$x #{y} \\${z} `w` */ ?> \\\"\\\"\\\"\""],
    ['separators, a bidi override, NEL and BOM', "\"\\u{2028}\\u{2029}\\u{202e}\\u{85}\\u{feff}\""],
    ['lone surrogates', "\"\uFFFDx\uFFFD\""],
    ['astral characters', "\"\uD83D\uDE00\\u{e0001}\""],
  ] as const)('writes %s', (text, literal) => {
    expect(phpDoubleQuoted(TEXTS[text])).toBe(literal);
  });
});

describe('rubyString', () => {
  it.each([
    ['quotes and a backslash', "\"it's \\\"q\\\" C:\\\\d\""],
    ['line breaks, a tab and NUL', "\"a\\nb\\tc\\r\\u{0}\""],
    ['interpolation, comment and tag closers', "\"$x \\#{y} ${z} `w` */ ?> \\\"\\\"\\\"\""],
    ['separators, a bidi override, NEL and BOM', "\"\\u{2028}\\u{2029}\\u{202E}\\u{85}\\u{FEFF}\""],
    ['lone surrogates', "\"\uFFFDx\uFFFD\""],
    ['astral characters', "\"\uD83D\uDE00\\u{E0001}\""],
  ] as const)('writes %s', (text, literal) => {
    expect(rubyString(TEXTS[text])).toBe(literal);
  });
});

describe('shellString words', () => {
  it('leaves a word of plain characters bare and quotes the empty string', () => {
    expect(shellString('https://api.example/v1/a_b-c.d?x=1')).toBe("'https://api.example/v1/a_b-c.d?x=1'");
    expect(shellString('grant_type=client_credentials')).toBe('grant_type=client_credentials');
    expect(shellString('')).toBe("''");
  });

  it('writes a backslash in ANSI-C quotes as \\x5C, which no reader can take for an escaped quote', () => {
    expect(shellString('C:\\temp\r')).toBe("$'C:\\x5Ctemp\\r'");
  });
});
