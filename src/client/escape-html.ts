/**
 * Text as React escapes it in HTML, in text and in attribute values alike
 * (react-dom's escapeTextForBrowser), for server code that writes markup as
 * text React would otherwise write: code lines (./highlighted-html.ts) and
 * sidebar links (src/theme/DocSidebarItem/Category/doc-links-html.ts).
 */
const HTML_ESCAPES: Readonly<Record<string, string>> = {'"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;'};
const HTML_SPECIAL = /["&'<>]/;
const HTML_SPECIALS = /["&'<>]/g;

export function escapeHtml(text: string): string {
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (character) => HTML_ESCAPES[character]) : text;
}
