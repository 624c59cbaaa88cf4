const ANY_SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Replaces lone UTF-16 surrogates ("\ud800" in a double-quoted YAML or a JSON
 * string), which cannot be encoded in the YAML, HTML or JSON the build
 * writes, with U+FFFD. The one place that says what a lone surrogate becomes:
 * the serialised spec, its parse cache and the page models must agree. A
 * module without Node's modules, so that browser code (the explorer's cURL
 * command) can use it too.
 */
export function wellFormed(text: string): string {
  // Almost no string has a surrogate at all, and the test costs a fraction of the replace.
  if (!ANY_SURROGATE.test(text)) return text;
  return text.replace(LONE_SURROGATE, '\uFFFD');
}
