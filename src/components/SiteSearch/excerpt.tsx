import type {ReactNode} from 'react';
import {stem, TYPO_MIN_LENGTH, withinOneEdit, type SearchHit} from './ranking';

/** One run of excerpt text: `marked` when it is a word of the query. */
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

/** Words of an excerpt at most, so that it fits two lines of the dropdown. */
export const EXCERPT_WORDS = 28;

/** A word as the excerpt reads it: letters, digits and underscores, so a field name (`email_marketing`) is one word. */
const WORD = /[\p{L}\p{N}_]+/gu;

/**
 * The page labels an operation, tag or schema page puts before its text
 * (src/components/OperationPage, SchemaPage): indexed so that they can be
 * searched, never shown as an excerpt.
 */
function isLabel(sentence: string, hit: SearchHit): boolean {
  let text = sentence.replace(/[.\s]+$/, '');
  if (text === hit.title || text === hit.name) return true;
  // Pagefind runs the endpoint and the labels after it into one sentence ("PATCH /v1/x Operation ID y Tags Z").
  const endpoint = hit.method ? `${hit.method} ${hit.apiPath ?? ''}`.trim() : undefined;
  if (endpoint && text.startsWith(endpoint)) text = text.slice(endpoint.length).trim();
  else if (hit.apiPath && text.startsWith(hit.apiPath)) text = text.slice(hit.apiPath.length).trim();
  if (text === '') return true;
  return /^(?:Operation ID|Tags|Webhook|Labels) /.test(text) || text.includes(' · ');
}

/** The page's text in sentences, labels left out. */
export function sentencesOf(hit: SearchHit): string[] {
  return hit.content
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '' && !isLabel(sentence, hit));
}

/** Which word of the query a word of the page is (-1 for none): the same stem, the last word's prefix, or one typo away. */
function termMatcher(query: string): (word: string) => number {
  const terms = query.toLowerCase().match(WORD) ?? [];
  const last = terms.length - 1;
  return (word) => {
    const lower = word.toLowerCase();
    return terms.findIndex(
      (term, index) =>
        stem(lower) === stem(term) ||
        (index === last && term.length >= 3 && lower.startsWith(term)) ||
        (term.length >= TYPO_MIN_LENGTH && withinOneEdit(lower, term)),
    );
  };
}

/**
 * `sentence` as excerpt runs, each whole word of the query marked (never the
 * punctuation around it), cut to EXCERPT_WORDS around its first match.
 */
export function markWords(sentence: string, matches: (word: string) => boolean): ExcerptPart[] {
  const words = [...sentence.matchAll(WORD)];
  let from = 0;
  let to = sentence.length;
  if (words.length > EXCERPT_WORDS) {
    const first = Math.max(0, words.findIndex((word) => matches(word[0])));
    const start = Math.max(0, Math.min(first - 4, words.length - EXCERPT_WORDS));
    from = start === 0 ? 0 : words[start].index;
    const end = start + EXCERPT_WORDS;
    to = end >= words.length ? sentence.length : words[end - 1].index + words[end - 1][0].length;
  }
  const parts: ExcerptPart[] = [];
  const push = (text: string, marked: boolean) => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last && last.marked === marked) last.text += text;
    else parts.push({text, marked});
  };
  if (from > 0) push('… ', false);
  let at = from;
  for (const word of words) {
    if (word.index < from || word.index >= to) continue;
    push(sentence.slice(at, word.index), false);
    push(word[0], matches(word[0]));
    at = word.index + word[0].length;
  }
  push(sentence.slice(at, to), false);
  if (to < sentence.length) push(' …', false);
  return parts;
}

/**
 * What a hit shows under its title: for a hit that leads to a field, where
 * the field is ("Request body: consent.email_marketing"); else the sentence of the page's text with
 * the most words of the query (the first sentence, its lead, when none has
 * any), without the page's labels, with whole words highlighted. Without
 * the page's text, Pagefind's own excerpt.
 */
export function hitExcerpt(query: string, hit: SearchHit): ExcerptPart[] {
  // A hit that leads to a field says where the field is: the place the link opens.
  if (hit.field) {
    const {part, path, name} = hit.field;
    const before = path.endsWith(name) ? path.slice(0, path.length - name.length) : `${path} `;
    return [{text: `${part}: ${before}`, marked: false}, {text: name, marked: true}];
  }
  const sentences = sentencesOf(hit);
  if (sentences.length === 0) return hit.content === '' ? excerptParts(hit.excerpt) : [];
  const termOf = termMatcher(query);
  const matches = (word: string) => termOf(word) >= 0;
  let best = sentences[0];
  let bestScore = 0;
  for (const sentence of sentences) {
    // Words of the query found, not words of the page: a list of field names must not outweigh a sentence.
    const found = new Set((sentence.match(WORD) ?? []).map(termOf).filter((term) => term >= 0));
    if (found.size > bestScore) {
      best = sentence;
      bestScore = found.size;
    }
  }
  return markWords(best, matches);
}

/** An excerpt as React text, with the query's words as `<mark>` elements. */
export function Excerpt({parts, className}: {parts: readonly ExcerptPart[]; className?: string}): ReactNode {
  return <span className={className}>{parts.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}</span>;
}
