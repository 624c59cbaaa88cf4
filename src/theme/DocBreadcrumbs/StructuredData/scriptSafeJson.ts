/**
 * JSON that is also safe as the text of an HTML `<script>` element: `<`, `>`
 * and `&` become `\u003c`-style escapes (so `</script>` or `<!--` in a value
 * cannot end or change the element), and so do U+2028/U+2029 (line
 * terminators in older JavaScript parsers). `JSON.parse` reads the same value back.
 */
export function scriptSafeJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
