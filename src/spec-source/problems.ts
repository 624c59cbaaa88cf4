import {unescapePointerSegment} from '../spec-reader/spec-document';

/**
 * Problems of a description that can still be published: each one located
 * (JSON Pointer, and line and column in the source text when known) and
 * worded for the person who maintains the description.
 */

/** What a problem is about; the summary groups by it, in this order. */
export const PROBLEM_KINDS = ['overlay', 'schema', 'reference', 'conversion', 'operation', 'tag', 'link'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

const KIND_TITLES: Record<ProblemKind, string> = {
  overlay: 'Overlays (SPEC_OVERLAYS)',
  schema: 'Not allowed by the OpenAPI schema',
  reference: 'References that cannot be resolved',
  conversion: 'Changed in the conversion from Swagger 2.0',
  operation: 'Operations and page ids',
  tag: 'Tags',
  link: 'Links in descriptions',
};

export interface SpecProblem {
  kind: ProblemKind;
  /** The file the pointer, line and column are in when it is not the description (an overlay). */
  file?: string;
  /** JSON Pointer into the document as received (RFC 6901), `""` for the root. */
  pointer: string;
  /** 1-based, in the source text; absent when the pointer is not in it (a converted Swagger 2.0 document). */
  line?: number;
  column?: number;
  message: string;
  /** The linter rule behind it, when there is one (e.g. `struct`). */
  rule?: string;
}

/** `.spec/problems.json`. */
export interface ProblemsFile {
  /** The source, as provenance.json names it. */
  source: string;
  /** sha256 of the `.spec/openapi.yaml` these problems belong to. */
  sha256: string;
  total: number;
  byKind: Partial<Record<ProblemKind, number>>;
  problems: SpecProblem[];
}

/**
 * A pointer as a reader would write the path: `/paths/~1pets/get/responses/200`
 * → `paths./pets.get.responses.200`. Pointers are kept for tools; this is for people.
 */
export function readablePath(pointer: string): string {
  if (pointer === '' || pointer === '/') return '(document root)';
  return pointer.replace(/^#/, '').replace(/^\//, '').split('/').map(unescapePointerSegment).join('.');
}

export function locationText(problem: Pick<SpecProblem, 'line' | 'column'>): string {
  if (problem.line === undefined) return '';
  return problem.column === undefined ? ` (line ${problem.line})` : ` (line ${problem.line}, column ${problem.column})`;
}

/** One line: `paths./pets.get.operationId (line 12, column 7): …`, after the file's name when it is not the description. */
export function formatProblem(problem: SpecProblem): string {
  return `${problem.file === undefined ? '' : `${problem.file} `}${readablePath(problem.pointer)}${locationText(problem)}: ${problem.message}`;
}

/** Document order: by line, then pointer, so the list reads top to bottom; each file's problems together, files in the order given. */
export function sortProblems(problems: readonly SpecProblem[]): SpecProblem[] {
  const fileOrder = new Map<string | undefined, number>();
  for (const problem of problems) if (!fileOrder.has(problem.file)) fileOrder.set(problem.file, fileOrder.size);
  return [...problems].sort(
    (a, b) => (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0) || (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER) || (a.column ?? 0) - (b.column ?? 0) || a.pointer.localeCompare(b.pointer),
  );
}

export function countByKind(problems: readonly SpecProblem[]): Partial<Record<ProblemKind, number>> {
  const counts: Partial<Record<ProblemKind, number>> = {};
  for (const problem of problems) counts[problem.kind] = (counts[problem.kind] ?? 0) + 1;
  return counts;
}

/** Each group shows at least this many (when it has them), so one noisy kind cannot hide the others. */
const SHOWN_PER_KIND = 3;

/**
 * The lines the build prints: problems grouped by kind, at most `limit` in
 * all (each group a few, then the rest of the room in kind order), the
 * others counted.
 */
export function summarizeProblems(problems: readonly SpecProblem[], limit = 20): string[] {
  const groups = PROBLEM_KINDS.map((kind) => ({kind, group: problems.filter((problem) => problem.kind === kind)})).filter(({group}) => group.length > 0);
  const floor = Math.min(SHOWN_PER_KIND, Math.floor(limit / Math.max(1, groups.length)));
  let room = limit - groups.reduce((sum, {group}) => sum + Math.min(floor, group.length), 0);
  const lines: string[] = [];
  for (const {kind, group} of groups) {
    const extra = Math.min(room, group.length - Math.min(floor, group.length));
    room -= extra;
    const shown = Math.min(floor, group.length) + extra;
    lines.push(`${KIND_TITLES[kind]} (${group.length}):`);
    for (const problem of group.slice(0, shown)) lines.push(`  - ${formatProblem(problem)}`);
    if (group.length > shown) lines.push(`  … and ${group.length - shown} more`);
  }
  return lines;
}

export function problemsFile(problems: readonly SpecProblem[], source: string, sha256: string): ProblemsFile {
  const sorted = sortProblems(problems);
  return {source, sha256, total: sorted.length, byKind: countByKind(sorted), problems: sorted};
}
