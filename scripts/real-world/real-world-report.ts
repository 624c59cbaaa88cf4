import type {Failure} from './classify';
import type {SizeClass} from './pick-sample';

/** One step of one description: how long it took, whether it passed. */
export interface StepTiming {
  step: string;
  seconds: number;
  ok: boolean;
}

/** What happened to one description; one row of the report. */
export interface DescriptionResult {
  file: string;
  collection: string;
  provider: string;
  /** Where the description came from: the original format APIs.guru converted, or the document's own version. */
  origin: string;
  bytes: number;
  size: SizeClass;
  /** Counted by the runner's oracle from the file; null when the file does not parse. */
  operations: number | null;
  /** Entries of `.spec/problems.json`; null when the spec step wrote none. */
  problems: number | null;
  /** `docs/api/*.api.mdx` after the gen step; null when gen did not run. */
  pages: number | null;
  /** Pages opened in a browser after the build (scripts/real-world/browse.ts), and what went wrong on them. */
  browser?: {pages: string[]; problems: string[]};
  /** `published`: built in full and used in a browser; `generated`: spec and gen passed, build not asked for; `failed`: see `failure`. */
  outcome: 'published' | 'generated' | 'failed';
  failure?: Failure;
  steps: StepTiming[];
  seconds: number;
}

export interface RunInfo {
  date: string;
  seed: number;
  count: number;
  builds: number;
  only: string[];
  /** Package name → installed version. */
  collections: Record<string, string>;
  /** The site's commit, with `+changes` when the worktree had uncommitted changes. */
  commit: string;
  seconds: number;
}

type Stage = 'spec' | 'gen' | 'build' | 'browser';

/** Where each step counts in the summary line; every other step is part of the build. */
const STAGE_OF_STEP: Record<string, Stage> = {spec: 'spec', gen: 'gen', browser: 'browser'};

function stageOf(step: string): Stage {
  return STAGE_OF_STEP[step] ?? 'build';
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Where gen passed but wrote more or fewer operation pages than the file has operations (a failed gen says why in the table already). */
export function pagesNotMatchingOperations(results: readonly DescriptionResult[]): DescriptionResult[] {
  return results.filter(
    (result) =>
      result.steps.some((step) => step.step === 'gen' && step.ok) &&
      result.pages !== null &&
      result.operations !== null &&
      result.pages !== result.operations,
  );
}

/** `N descriptions: X published, Y refused by the spec step, Z failed in generation, W failed in the build`, and the ones not built. */
export function summaryLine(results: readonly DescriptionResult[]): string {
  const failedAt = (stage: string) => results.filter((result) => result.failure && stageOf(result.failure.step) === stage).length;
  const published = results.filter((result) => result.outcome === 'published').length;
  const generated = results.filter((result) => result.outcome === 'generated').length;
  const line =
    `${plural(results.length, 'description')}: ${published} published, ${failedAt('spec')} refused by the spec step, ` +
    `${failedAt('gen')} failed in generation, ${failedAt('build')} failed in the build, ${failedAt('browser')} failed in the browser`;
  const notBuilt = generated > 0 ? `; ${generated} generated their pages and were not built` : '';
  const mismatched = pagesNotMatchingOperations(results).length;
  return `${line}${notBuilt}${mismatched > 0 ? `; ${mismatched} with a page count that differs from the operations` : ''}`;
}

export interface ReasonGroup {
  stage: Stage;
  group: string;
  count: number;
  files: string[];
}

/** Failures with the same cause together, most frequent first. */
export function groupReasons(results: readonly DescriptionResult[]): ReasonGroup[] {
  const groups = new Map<string, ReasonGroup>();
  for (const result of results) {
    if (!result.failure) continue;
    const stage = stageOf(result.failure.step);
    const key = `${stage}\0${result.failure.group}`;
    const group = groups.get(key) ?? {stage, group: result.failure.group, count: 0, files: []};
    group.count += 1;
    group.files.push(result.file);
    groups.set(key, group);
  }
  const order: Stage[] = ['spec', 'gen', 'build', 'browser'];
  return [...groups.values()].sort((a, b) => b.count - a.count || order.indexOf(a.stage) - order.indexOf(b.stage) || a.group.localeCompare(b.group));
}

/** A table cell: no line breaks, pipes escaped. */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'n/a';
  return String(value).replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

function seconds(value: number | undefined): string {
  return value === undefined ? '' : value.toFixed(1);
}

function stepSeconds(result: DescriptionResult, stage: Stage): number | undefined {
  const steps = result.steps.filter((step) => stageOf(step.step) === stage);
  return steps.length === 0 ? undefined : steps.reduce((sum, step) => sum + step.seconds, 0);
}


export function resultCell(result: DescriptionResult): string {
  if (result.failure) return `failed at ${result.failure.step}: ${result.failure.reason}`;
  return result.outcome === 'published' ? 'ok' : 'skipped';
}

function kilobytes(bytes: number): string {
  return (bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0);
}

/** The report: header, summary line, one row per description, reasons grouped, and pages that do not match operations. */
export function markdownReport(info: RunInfo, results: readonly DescriptionResult[]): string {
  const sizes = (['small', 'medium', 'large'] as const)
    .map((size) => [size, results.filter((result) => result.size === size).length] as const)
    .filter(([, count]) => count > 0)
    .map(([size, count]) => `${count} ${size}`)
    .join(', ');
  const built = results.filter((result) => result.steps.some((step) => stageOf(step.step) === 'build')).length;
  const progress = results.length < info.count ? ` In progress: ${results.length} of ${info.count} done.` : '';
  const out: string[] = [
    `# Real-world descriptions: ${info.date}`,
    '',
    `Seed ${info.seed}${info.only.length > 0 ? `, only ${info.only.map((name) => `\`${name}\``).join(', ')}` : ''}: ` +
      `${plural(results.length, 'description')} (${sizes}) from ` +
      `${Object.entries(info.collections).map(([name, version]) => `${name} ${version}`).join(' and ')}; ` +
      `spec and gen on each, the rest of the build on the first ${Math.min(info.builds, info.count)} ` +
      `(${built} got that far), and each built site's overview, operation and schema pages used in Chromium. Site at ${info.commit}; ${(info.seconds / 60).toFixed(1)} min in all.${progress}`,
    '',
    `**${summaryLine(results)}**`,
    '',
    '| # | file | origin | size (KB) | operations | problems | pages | result | spec (s) | gen (s) | build (s) | browser (s) | total (s) |',
    '| --: | --- | --- | --: | --: | --: | --: | --- | --: | --: | --: | --: | --: |',
  ];
  results.forEach((result, index) => {
    out.push(
      `| ${[
        index + 1,
        `\`${cell(result.file)}\``,
        cell(result.origin),
        kilobytes(result.bytes),
        cell(result.operations),
        cell(result.problems),
        cell(result.pages),
        cell(resultCell(result)),
        seconds(stepSeconds(result, 'spec')),
        seconds(stepSeconds(result, 'gen')),
        seconds(stepSeconds(result, 'build')),
        seconds(stepSeconds(result, 'browser')),
        seconds(result.seconds),
      ].join(' | ')} |`,
    );
  });
  const groups = groupReasons(results);
  if (groups.length > 0) {
    out.push('', '## Failures by reason', '', '| step | reason | count | descriptions |', '| --- | --- | --: | --- |');
    for (const group of groups) {
      out.push(`| ${group.stage} | ${cell(group.group)} | ${group.count} | ${group.files.map((file) => `\`${cell(file)}\``).join(', ')} |`);
    }
  }
  const mismatched = pagesNotMatchingOperations(results);
  if (mismatched.length > 0) {
    out.push('', '## Pages that do not match operations', '', 'Operations and webhooks counted from the file, against the operation pages gen wrote:', '');
    for (const result of mismatched) out.push(`- \`${result.file}\`: ${plural(result.operations!, 'operation')}, ${plural(result.pages!, 'page')}`);
  }
  return `${out.join('\n')}\n`;
}

/** The JSON twin of the report, for comparing runs. */
export function jsonReport(info: RunInfo, results: readonly DescriptionResult[]): string {
  return `${JSON.stringify({...info, summary: summaryLine(results), reasons: groupReasons(results), results}, null, 2)}\n`;
}
