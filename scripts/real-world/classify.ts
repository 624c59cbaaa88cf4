import {stripVTControlCharacters} from 'node:util';

/**
 * What went wrong in one step, in one line for the report's table, and a
 * coarser key that groups the same failure across descriptions.
 */
export interface Failure {
  /** The step that failed: `spec`, `gen`, `changelog`, `build`, or `browser` (the built site in Chromium). */
  step: string;
  /** The first meaningful line of the log. */
  reason: string;
  /** `reason` with paths, names and numbers that differ per description taken out. */
  group: string;
}

const MAX_REASON = 300;

function lines(output: string): string[] {
  return stripVTControlCharacters(output)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^npm (warn|notice)\b/i.test(line));
}

function clip(text: string, max = MAX_REASON): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Takes out what differs per description, so that one cause makes one group. */
export function reasonGroup(reason: string): string {
  return clip(
    reason
      .replace(/ \(and \d+ more\)/g, '')
      // Quoted names and values: "listPets", 'x-foo'.
      .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '"…"')
      // Absolute paths, JSON pointers and refs: /work/x.json, #/components/…, /paths/~1pets.
      .replace(/#?\/[^\s,;:)]*/g, '/…')
      .replace(/\b\d+(\.\d+)?\b/g, 'N')
      .replace(/\s+/g, ' ')
      .trim(),
    200,
  );
}

/**
 * The spec step's own verdict: `[spec] Could not use the spec from SPEC_FILE
 * <path>: <why>.` (see src/spec-source/resolve-spec.ts), without the path.
 */
function specRefusal(all: string[]): string | undefined {
  for (const line of all) {
    const match = /\[spec\] Could not use the spec from (?:SPEC_FILE|proxy|bundled spec) \S+: (.+?)\.?$/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * Docusaurus's broken-link report (onBrokenLinks: 'throw'): `Docusaurus found
 * broken links!`, then `- Broken link on source page path = /x:` and
 * `-> linking to /y` lines, until the next report or the stack trace.
 */
function brokenLinks(all: string[]): {reason: string; group: string} | undefined {
  const start = all.findIndex((line) => line.includes('Docusaurus found broken links!'));
  if (start === -1) return undefined;
  const pages = new Set<string>();
  const targets = new Set<string>();
  for (const line of all.slice(start + 1)) {
    if (/Docusaurus found broken anchors!/.test(line) || /^at /.test(line)) break;
    const page = /Broken link on source page path = (.+?):?$/.exec(line)?.[1];
    if (page) pages.add(page);
    const target = /^-> linking to (\S+)/.exec(line)?.[1];
    if (target) targets.add(target.replace(/ \(resolved as: .*\)$/, ''));
  }
  const sorted = [...targets].sort();
  const shown = sorted.slice(0, 3).join(', ') + (sorted.length > 3 ? ', …' : '');
  const link = (count: number) => `${count} ${count === 1 ? 'link' : 'links'}`;
  const page = (count: number) => `${count} ${count === 1 ? 'page' : 'pages'}`;
  return {
    reason: clip(`Docusaurus found broken links: ${link(targets.size)} on ${page(pages.size)} (${shown})`),
    // The same broken targets make the same group (most often the site's own
    // links to Meridian's operations); the count of pages that carry them does not matter.
    group: clip(`Docusaurus found broken links to ${sorted.join(', ')}`, 200),
  };
}

/** V8's own last words (`FATAL ERROR: … JavaScript heap out of memory`), else the
 * first `SomethingError: message` line that is not a stack frame. */
function firstError(all: string[]): string | undefined {
  const fatal = all.find((line) => /FATAL ERROR: /.test(line));
  if (fatal) return fatal.slice(fatal.indexOf('FATAL ERROR: '));
  for (const line of all) {
    if (/^at /.test(line)) continue;
    const match = /(?:^|[\s\]])((?:[A-Z]\w*)?Error: .+)$/.exec(line);
    if (match) return match[1];
  }
  return all.find((line) => /^\[ERROR\]/.test(line))?.replace(/^\[ERROR\]\s*/, '');
}

/** What failed in `step`, from its log. */
export function classifyFailure(
  step: string,
  output: string,
  run: {timedOut: boolean; exitCode: number | null; timeoutSeconds: number},
): Failure {
  if (run.timedOut) {
    const reason = `timed out after ${run.timeoutSeconds} s`;
    return {step, reason, group: reason};
  }
  const all = lines(output);
  const refusal = specRefusal(all);
  if (refusal !== undefined) return {step, reason: clip(refusal), group: reasonGroup(refusal)};
  const links = brokenLinks(all);
  if (links) return {step, ...links};
  const error = firstError(all);
  if (error !== undefined) return {step, reason: clip(error), group: reasonGroup(error)};
  const last = all.at(-1);
  const reason = `exit code ${run.exitCode ?? 'none'}${last ? `: ${last}` : ''}`;
  return {step, reason: clip(reason), group: reasonGroup(reason)};
}

/**
 * The browser's verdict on a built site (scripts/real-world/browse.ts,
 * problems as `<route>: <what went wrong>`) as a failure of the `browser`
 * step; undefined when it found nothing.
 */
export function browserFailure(problems: readonly string[]): Failure | undefined {
  const first = problems[0];
  if (first === undefined) return undefined;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  // The route differs per description; what went wrong groups them.
  const what = first.includes(': ') ? first.slice(first.indexOf(': ') + 2) : first;
  return {step: 'browser', reason: clip(`${first}${more}`), group: reasonGroup(what)};
}
