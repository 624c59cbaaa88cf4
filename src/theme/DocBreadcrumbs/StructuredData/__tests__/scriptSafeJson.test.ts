import {describe, expect, it} from 'vitest';

import {scriptSafeJson} from '../scriptSafeJson';

describe('scriptSafeJson', () => {
  const hostile = {
    name: 'Get </script><script>window.__xss=6</script> hostile',
    comment: '<!-- & -->',
    separators: 'a\u2028b\u2029c',
  };

  it('escapes everything that could end or change a script element', () => {
    expect(scriptSafeJson(hostile)).toBe(
      '{"name":"Get \\u003c/script\\u003e\\u003cscript\\u003ewindow.__xss=6\\u003c/script\\u003e hostile",' +
        '"comment":"\\u003c!-- \\u0026 --\\u003e","separators":"a\\u2028b\\u2029c"}',
    );
  });

  it('reads back as the same value', () => {
    expect(JSON.parse(scriptSafeJson(hostile))).toEqual(hostile);
  });

  it('writes null for values JSON cannot hold', () => {
    expect(scriptSafeJson(undefined)).toBe('null');
  });
});
