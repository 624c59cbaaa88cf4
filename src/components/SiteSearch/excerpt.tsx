import type {ReactNode} from 'react';

/** One run of excerpt text: `marked` when Pagefind highlighted it. */
export interface ExcerptPart {
  text: string;
  marked: boolean;
}

/**
 * Undoes the only escaping Pagefind 1.6 does before it adds `<mark>`: `<` to
 * `&lt;` and `>` to `&gt;` (pagefind.js, `raw_content`). It leaves `&` as it
 * is, so any other reference in an excerpt is the page's own text.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/**
 * Splits a Pagefind excerpt into text runs. Only `<mark>` and `</mark>` are
 * read as markup; anything else that looks like a tag stays text, so an
 * excerpt can never add an element or an attribute to the page.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  for (const piece of excerpt.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece !== '') {
      const text = decodeEntities(piece);
      const last = parts.at(-1);
      if (last && last.marked === marked) last.text += text;
      else parts.push({text, marked});
    }
  }
  return parts;
}

/** An excerpt as React text, with Pagefind's highlights as `<mark>` elements. */
export function Excerpt({excerpt, className}: {excerpt: string; className?: string}): ReactNode {
  return (
    <span className={className}>
      {excerptParts(excerpt).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}
    </span>
  );
}
