import {describe, expect, it} from 'vitest';

import {DEFAULT_SPEC_MAX_BYTES, displayPath, parseMaxBytes, parseStrict, parseTimeoutMs, parseValidation, readSpecConfig} from '../spec-config.js';
import {SpecConfigError} from '../../spec-reader/spec-errors.js';
import {formatAge, formatBytes, formatDuration} from '../format-units.js';
import {parseRetryAfter, redactSecrets, redactUrl, specUrlFromProxyBase} from '../urls.js';

describe('specUrlFromProxyBase', () => {
  it.each([
    ['https://proxy.example.com', 'https://proxy.example.com/api/swagger-yaml'],
    ['https://proxy.example.com/', 'https://proxy.example.com/api/swagger-yaml'],
    ['https://x.example/proxy/', 'https://x.example/proxy/api/swagger-yaml'],
    ['https://x.example/proxy', 'https://x.example/proxy/api/swagger-yaml'],
    ['  http://127.0.0.1:8080  ', 'http://127.0.0.1:8080/api/swagger-yaml'],
    ['https://x.example/p/?tenant=acme', 'https://x.example/p/api/swagger-yaml?tenant=acme'],
  ])('%s → %s', (base, expected) => {
    expect(specUrlFromProxyBase(base).href).toBe(expected);
  });

  it.each([
    ['proxy.example.com', 'SPEC_PROXY_URL is not a valid URL (got "proxy.example.com"); set it to the proxy\'s base URL, e.g. https://proxy.example.com'],
    ['ftp://x.example/', 'SPEC_PROXY_URL must be an http or https URL (got "ftp://x.example/")'],
    ['https://x.example/#a', 'SPEC_PROXY_URL must not contain a #fragment (got "https://x.example/#a")'],
    [
      'https://u:p@x.example/api/swagger-yaml',
      'SPEC_PROXY_URL is the proxy\'s base URL, without /api/swagger-yaml (got "https://x.example/api/swagger-yaml"); the build adds that path itself',
    ],
  ])('refuses %s', (base, message) => {
    expect(() => specUrlFromProxyBase(base)).toThrow(new SpecConfigError(message));
  });
});

describe('redactUrl', () => {
  it('drops user info and masks token-like query values', () => {
    expect(redactUrl('https://alice:s3cret@x.example/p?api_key=k&page=2&X-Amz-Signature=abc')).toBe(
      'https://x.example/p?api_key=***&page=2&X-Amz-Signature=***',
    );
  });

  it('masks user info even in something that is not a URL', () => {
    expect(redactUrl('//alice:s3cret@')).toBe('//***@');
  });
});

describe('redactSecrets', () => {
  it('replaces every occurrence and ignores empty secrets', () => {
    expect(redactSecrets('a tok b tok', ['tok', '', undefined])).toBe('a *** b ***');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  it.each([
    [undefined, undefined],
    ['1', 1000],
    [' 120 ', 120_000],
    ['Sat, 01 Mar 2025 12:00:30 GMT', 30_000],
    ['Sat, 01 Mar 2025 11:00:00 GMT', 0],
    ['soon', undefined],
    ['-5', undefined],
  ])('%s → %s', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [1536, '1.5 KB'],
    [25 * 1024 * 1024, '25 MB'],
    [30 * 1024 * 1024 + 1, '30 MB'],
  ])('formatBytes(%i) = %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it.each([
    [500, '500 ms'],
    [1000, '1 s'],
    [2500, '2.5 s'],
    [30_000, '30 s'],
  ])('formatDuration(%i) = %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [-1, 'in the future (check the clock)'],
    [59_000, 'just now'],
    [5 * 60_000, '5 min ago'],
    [(3 * 60 + 12) * 60_000, '3 h 12 min ago'],
    [2 * 3_600_000, '2 h ago'],
    [(2 * 24 + 4) * 3_600_000, '2 d 4 h ago'],
    [3 * 24 * 3_600_000, '3 d ago'],
  ])('formatAge(%i) = %s', (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });
});

describe('readSpecConfig', () => {
  const where = {root: '/site', bundledPath: '/site/openapi/meridian.yaml'};

  it('chooses SPEC_FILE over SPEC_PROXY_URL over the bundled spec', () => {
    expect(readSpecConfig({SPEC_FILE: 'x.yaml', SPEC_PROXY_URL: 'https://p.example'}, where)).toMatchObject({
      source: {kind: 'file', path: '/site/x.yaml', location: 'x.yaml'},
      notices: ['SPEC_FILE is set, so SPEC_PROXY_URL is ignored.'],
    });
    expect(readSpecConfig({SPEC_PROXY_URL: 'https://u:p@p.example'}, where).source).toMatchObject({
      kind: 'proxy',
      location: 'https://p.example/api/swagger-yaml',
    });
    expect(readSpecConfig({SPEC_FILE: '', SPEC_PROXY_URL: ' '}, where)).toMatchObject({
      source: {kind: 'bundled', location: 'openapi/meridian.yaml'},
      strict: false,
      timeoutMs: 30_000,
      token: undefined,
    });
  });

  it('notes a token that no proxy will use', () => {
    expect(readSpecConfig({SPEC_PROXY_TOKEN: 't'}, where).notices).toEqual([
      'SPEC_PROXY_TOKEN is set but no proxy is used, so it is ignored.',
    ]);
  });

  it('refuses a URL in SPEC_FILE and a token that cannot be a header', () => {
    expect(() => readSpecConfig({SPEC_FILE: 'https://u:p@x.example/s.yaml'}, where)).toThrow(
      'SPEC_FILE is a local path, not a URL (got "https://x.example/s.yaml"); use SPEC_PROXY_URL for the proxy',
    );
    expect(() => readSpecConfig({SPEC_PROXY_URL: 'https://p.example', SPEC_PROXY_TOKEN: 'a b'}, where)).toThrow(
      'SPEC_PROXY_TOKEN contains spaces or characters that are not allowed in an HTTP header',
    );
  });

  it('reads SPEC_STRICT and SPEC_TIMEOUT_MS strictly', () => {
    expect(parseStrict('1')).toBe(true);
    expect(parseStrict('TRUE')).toBe(true);
    expect(parseStrict('0')).toBe(false);
    expect(parseStrict(undefined)).toBe(false);
    expect(() => parseStrict('on')).toThrow('SPEC_STRICT must be 1 or 0 (got "on")');
    expect(parseTimeoutMs('2000')).toBe(2000);
    expect(() => parseTimeoutMs('0')).toThrow(
      'SPEC_TIMEOUT_MS must be a whole number of milliseconds from 1 to 600000 (got "0")',
    );
    expect(() => parseTimeoutMs('3000000000')).toThrow('(got "3000000000")');
  });

  it('reads SPEC_MAX_BYTES as bytes or with a binary unit, 25 MB when unset', () => {
    expect(DEFAULT_SPEC_MAX_BYTES).toBe(25 * 1024 * 1024);
    expect(parseMaxBytes(undefined)).toBe(DEFAULT_SPEC_MAX_BYTES);
    expect(parseMaxBytes(' ')).toBe(DEFAULT_SPEC_MAX_BYTES);
    expect(parseMaxBytes('52428800')).toBe(50 * 1024 * 1024);
    expect(parseMaxBytes('64MB')).toBe(64 * 1024 * 1024);
    expect(parseMaxBytes('64 mb')).toBe(64 * 1024 * 1024);
    expect(parseMaxBytes('0.5GB')).toBe(512 * 1024 * 1024);
    expect(parseMaxBytes('16KB')).toBe(16 * 1024);
    expect(readSpecConfig({SPEC_MAX_BYTES: '48MB'}, where).maxBytes).toBe(48 * 1024 * 1024);
    expect(readSpecConfig({}, where).maxBytes).toBe(DEFAULT_SPEC_MAX_BYTES);
    const message = (value: string) =>
      `SPEC_MAX_BYTES must be a size from 1 KB to 512 MB, in bytes or with KB, MB or GB (for example 64MB) (got "${value}")`;
    for (const value of ['lots', '-1MB', '10', '1TB', '600MB', '12 parsecs']) {
      expect(() => parseMaxBytes(value)).toThrow(new SpecConfigError(message(value)));
    }
  });

  it('reads SPEC_VALIDATION: publish by default, strict as the gate, nothing else', () => {
    expect(parseValidation(undefined)).toBe('publish');
    expect(parseValidation('')).toBe('publish');
    expect(parseValidation('publish')).toBe('publish');
    expect(parseValidation(' Strict ')).toBe('strict');
    expect(() => parseValidation('on')).toThrow('SPEC_VALIDATION must be "strict" or "publish" (got "on")');
  });

  it('shows paths outside the root in full', () => {
    expect(displayPath('/site', '/site/openapi/a.yaml')).toBe('openapi/a.yaml');
    expect(displayPath('/site', '/elsewhere/a.yaml')).toBe('/elsewhere/a.yaml');
  });
});
