import type {ReactNode} from 'react';

/** One run of excerpt text: `marked` when Pagefind highlighted it. */
export interface ExcerptPart {
  text: string;
  marked: boolean;
}

const NAMED_ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0'};

/** Decodes the character references Pagefind writes into excerpts (it escapes `&`, `<`, `>`, quotes). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (reference: string, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : reference;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? reference;
  });
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
