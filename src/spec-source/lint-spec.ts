import type * as RedoclyCore from '@redocly/openapi-core';
import type {Document as RedoclyDocument, NormalizedProblem} from '@redocly/openapi-core';

import {unescapePointerSegment} from '../openapi/spec-document';
import type {ProblemKind, SpecProblem} from './problems.js';

/**
 * Checks a description against the OpenAPI schema with Redocly's linter
 * (`@redocly/openapi-core`, the engine of `redocly lint`), which reports each
 * problem at a JSON Pointer and a line and column of the source text. Only
 * two rules: `struct` (the schema of the OpenAPI version the document
 * declares) and `no-unresolved-refs`. Style rules are the API team's business.
 *
 * References outside the document are never fetched: the description must
 * stand alone, and a build must not read files or hosts it does not control.
 */

type Redocly = typeof RedoclyCore;

let redocly: Promise<Redocly> | undefined;
// ESM-only package; this module also runs as CommonJS under tsx.
const loadRedocly = (): Promise<Redocly> => (redocly ??= import('@redocly/openapi-core'));

/** A located source text: Redocly's, so our own problems use the same locator. */
export interface LintSource {
  document: RedoclyDocument;
  /** Line and column (1-based) of the value, or of its key when `onKey`, at a JSON Pointer. */
  locate(pointer: string, onKey?: boolean): {line: number; column: number} | undefined;
}

const SOURCE_NAME = '/openapi-description';

export async function lintSource(text: string): Promise<LintSource> {
  const {makeDocumentFromString, getLineColLocation} = await loadRedocly();
  const document = makeDocumentFromString(text, SOURCE_NAME);
  // `openapi: 3.1` unquoted is a number, and "3.1" lacks its patch number:
  // Redocly refuses to lint either at all. The spec step reads them as the
  // version they spell (with a problem), and so does the linter here.
  const parsed = document.parsed as Record<string, unknown> | null;
  if (parsed !== null && typeof parsed === 'object' && /^3\.\d+$/.test(String(parsed.openapi))) parsed.openapi = `${String(parsed.openapi)}.0`;
  return {
    document,
    locate(pointer, onKey = false) {
      try {
        const {start} = getLineColLocation({source: document.source, pointer: `#${pointer}`, reportOnKey: onKey});
        return {line: start.line, column: start.col};
      } catch {
        return undefined;
      }
    },
  };
}

/** Lints the text as it was received; `label` names the version in messages ("OpenAPI 3.0"). */
export async function lintSpec(source: LintSource, label: string): Promise<SpecProblem[]> {
  const {createConfig, lintDocument, BaseResolver} = await loadRedocly();
  const config = await createConfig({rules: {struct: 'error', 'no-unresolved-refs': 'error'}});
  class LocalOnlyResolver extends BaseResolver {
    override async resolveDocument(): Promise<never> {
      throw new Error('it points outside the document, and the build does not follow such references');
    }
  }
  let found: NormalizedProblem[];
  try {
    found = await lintDocument({document: source.document, config, externalRefResolver: new LocalOnlyResolver()});
  } catch (error) {
    // The linter gave up on the whole document; what could be parsed is still published.
    return [{kind: 'schema', pointer: '', message: `could not be checked against the ${label} schema: ${(error as Error).message}`}];
  }
  return found.map((problem) => toSpecProblem(problem, source, label));
}

const KIND_BY_RULE: Record<string, ProblemKind> = {struct: 'schema', spec: 'schema', 'no-unresolved-refs': 'reference'};

function toSpecProblem(problem: NormalizedProblem, source: LintSource, label: string): SpecProblem {
  const location = problem.location[0];
  const pointer = location && 'pointer' in location && typeof location.pointer === 'string' ? location.pointer.replace(/^#/, '') : '';
  const reportOnKey = location?.reportOnKey === true;
  const at = source.locate(pointer, reportOnKey);
  const kind = KIND_BY_RULE[problem.ruleId] ?? 'schema';
  return {
    kind,
    pointer,
    ...(at ? {line: at.line, column: at.column} : {}),
    message: plainMessage(problem, label, refAt(source.document.parsed, pointer)),
    rule: problem.ruleId,
  };
}

function refAt(document: unknown, pointer: string): string | undefined {
  let current: unknown = document;
  for (const segment of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[unescapePointerSegment(segment)];
  }
  if (typeof current === 'string') return current;
  const ref = current !== null && typeof current === 'object' ? (current as Record<string, unknown>).$ref : undefined;
  return typeof ref === 'string' ? ref : undefined;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

/** Redocly's wording, turned into what it means for the published page. */
export function plainMessage(problem: Pick<NormalizedProblem, 'message' | 'ruleId'>, label: string, ref?: string): string {
  const message = problem.message.trim().replace(/\.$/, '');
  if (problem.ruleId === 'no-unresolved-refs') {
    const target = ref === undefined ? 'this $ref' : `$ref "${ref}"`;
    const why = /points outside the document/.test(message)
      ? 'points outside the document, and the build does not follow such references'
      : 'points to nothing in the document';
    return `${target} ${why}; shown as an unresolved reference where it is used`;
  }
  let match = /^Property `(.+)` is not expected here$/.exec(message);
  if (match) return `"${match[1]}" is not ${article(label)} keyword here; ignored`;
  match = /^The field `(.+)` must be present on this level$/.exec(message);
  if (match) return `required field "${match[1]}" is missing; the page shows what is there`;
  match = /^Expected type `(.+?)` \((\w+)\) but got `(\w+)`$/.exec(message);
  if (match) return `expected ${article(match[1])} ${match[2] === 'object' ? 'object' : match[2]}, found ${match[3] === 'null' ? 'nothing' : article(match[3])}; shown as far as it can be`;
  match = /^`type` can be one of the following only: (.+)$/.exec(message);
  if (match) return `"type" must be one of ${match[1].replace(/"/g, '')} in ${label}; shown as written`;
  match = /^Must contain at least one of the following fields: (.+)$/.exec(message);
  if (match) return `needs one of the fields ${match[1]}; shown with what it has`;
  return `${message} (${label} schema, rule ${problem.ruleId})`;
}
