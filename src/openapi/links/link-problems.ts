import {parseSpecMarkdown} from '../models/markdown';
import {leadSummary} from '../generation/page-outline';
import {rewriteMarkdownLinks, type LinkContext} from './spec-links';
import {escapePointerSegment, isObject, type JsonObject, type SpecDocument} from '../../spec-reader/spec-document';

export interface LinkProblem {
  /** JSON Pointer (RFC 6901) of the string that holds the link, e.g. `/paths/~1pets/get/description`. */
  pointer: string;
  message: string;
}

/** Keys whose value maps names (property names, status codes, media types,
 * header names, …) to objects: a key there is a name, never a keyword, so a
 * property called `example` or a header called `x-request-id` is still read. */
const NAME_MAPS = new Set([
  'properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas',
  'paths', 'webhooks', 'x-webhooks', 'callbacks',
  'schemas', 'responses', 'parameters', 'requestBodies', 'headers', 'securitySchemes', 'links', 'pathItems',
  'content', 'encoding', 'variables', 'mapping', 'scopes',
]);

/** Keywords whose value is data (an example payload, a default), not spec text. */
const PAYLOAD_KEYS = new Set(['example', 'default', 'const', 'enum']);

/** A `](` (inline link) or `]:` (definition, which reference links use) not
 * followed by an http(s) or mailto URL, which would be kept as written. */
const LINK_NOT_KEPT = /\][(:](?!\s*<?(?:https?|mailto):)/i;
/** An autolink with another scheme (`<javascript:…>`); `<br>` and e-mail autolinks are not. */
const AUTOLINK_NOT_KEPT = /<(?!(?:https?|mailto):)[a-z][a-z\d+.-]{1,31}:/i;

/**
 * Whether the text might hold a link that is not kept as written; false means
 * surely not, so the text need not be parsed (a large spec has tens of
 * thousands of descriptions, too many to parse each one). A link's
 * destination always follows `](` or `]:`, or is an autolink; GFM's bare URLs
 * (`www.x.com`, `https://…`, e-mail addresses) always become http(s) or
 * mailto links.
 */
function mayHoldRewrittenLink(text: string): boolean {
  return LINK_NOT_KEPT.test(text) || AUTOLINK_NOT_KEPT.test(text);
}

/**
 * Every link in the spec's Markdown that this site rewrites or cannot link,
 * with the pointer of its string and what was done. Reads every `description`
 * (of the info, tags, external docs, operations, parameters, schemas, …), the
 * description of each Example Object and the summary of an operation whose
 * page renders it as Markdown (a paragraph, not a title: `leadSummary`), but
 * no example payloads, defaults, or `x-` extensions (except `x-webhooks`,
 * which the pages render).
 *
 * Linear in the document: each object is visited once (a YAML alias is
 * reported at its first pointer), and each distinct text is parsed once, by the
 * renderer's parser and link rewrite, so both agree.
 */
export function findLinkProblems(spec: SpecDocument, context: LinkContext): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const messagesByText = new Map<string, string[]>();
  const visited = new Set<object>();
  // An operation's summary that reads as a paragraph, not a title, leads its page's description (model.ts).
  const pagedOperations = new Set<object>(context.pageIds.operations.map((entry) => entry.operation));

  const check = (text: string, pointer: string) => {
    if (!mayHoldRewrittenLink(text)) return;
    let messages = messagesByText.get(text);
    if (!messages) {
      const found: string[] = [];
      rewriteMarkdownLinks(parseSpecMarkdown(text), context, (message) => found.push(message));
      messages = found;
      messagesByText.set(text, messages);
    }
    for (const message of messages) problems.push({pointer, message});
  };

  /** `names`: this object's keys are names; `callbacks`: its values are in turn maps of runtime expressions. */
  const walk = (value: unknown, pointer: string, keys: 'keywords' | 'names' | 'callbacks') => {
    if (typeof value !== 'object' || value === null || visited.has(value)) return;
    visited.add(value);
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${pointer}/${index}`, 'keywords'));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const childPointer = `${pointer}/${escapePointerSegment(key)}`;
      if (keys !== 'keywords') {
        walk(child, childPointer, keys === 'callbacks' ? 'names' : 'keywords');
      } else if (key === 'description') {
        if (typeof child === 'string') check(child, childPointer);
      } else if (key === 'summary') {
        if (typeof child === 'string' && pagedOperations.has(value) && leadSummary(value as JsonObject) !== undefined) check(child, childPointer);
      } else if (key === 'examples') {
        // A map of Example Objects (their descriptions are spec text); a
        // schema's `examples` is an array of payloads.
        if (isObject(child)) {
          for (const [name, example] of Object.entries(child)) {
            if (isObject(example) && typeof example.description === 'string') {
              check(example.description, `${childPointer}/${escapePointerSegment(name)}/description`);
            }
          }
        }
      } else if (PAYLOAD_KEYS.has(key) || (key.startsWith('x-') && key !== 'x-webhooks')) {
        continue;
      } else {
        walk(child, childPointer, key === 'callbacks' ? 'callbacks' : NAME_MAPS.has(key) ? 'names' : 'keywords');
      }
    }
  };
  walk(spec.root, '', 'keywords');
  return problems;
}
