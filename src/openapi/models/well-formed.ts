const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Replaces lone UTF-16 surrogates, which cannot be encoded in the HTML or
 * JSON the build writes, with U+FFFD. A module of its own, so that browser
 * code (the explorer's cURL command) can use it without the Markdown pipeline.
 */
export function wellFormed(text: string): string {
  // Almost no string has a surrogate at all, and the test costs a fraction of the replace.
  if (!ANY_SURROGATE.test(text)) return text;
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
