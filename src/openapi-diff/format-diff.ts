import type {Change, DiffCounts, OperationDiff, OperationRef, SpecDiff} from './diff-types';

const BREAKING_MARK = 'BREAKING  ';
const COMPATIBLE_MARK = 'compatible';
const INDENT = '  ';

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** `PATCH /v1/actions/{actionId} (updateAction: Update an action)` */
export function operationTitle(operation: OperationRef): string {
  const names = [operation.operationId, operation.summary].filter((name): name is string => name !== undefined);
  return `${operation.method} ${operation.path}${names.length > 0 ? ` (${names.join(': ')})` : ''}`;
}

/** One line that says how big the diff is and whether it breaks clients. */
export function summaryLine(counts: DiffCounts): string {
  const operations = `${plural(counts.added, 'operation')} added, ${counts.removed} removed, ${counts.changed} changed`;
  const changes = `${plural(counts.breaking, 'breaking change')}, ${counts.nonBreaking} compatible`;
  return `Summary: ${operations}; ${changes}.`;
}

function formatChange(item: Change): string[] {
  const mark = item.breaking ? BREAKING_MARK : COMPATIBLE_MARK;
  const pad = ' '.repeat(mark.length);
  return [`${INDENT}${INDENT}${mark}  ${item.message}`, `${INDENT}${INDENT}${pad}  ${item.explanation}`];
}

function formatGroup(title: string, entries: readonly OperationDiff[]): string[] {
  if (entries.length === 0) return [];
  const lines = ['', `${title}:`];
  for (const entry of entries) {
    lines.push(`${INDENT}${operationTitle(entry.operation)}`);
    for (const item of entry.changes) lines.push(...formatChange(item));
  }
  return lines;
}

/**
 * The diff as plain text for a terminal or a CI log: removed operations first
 * (they matter most), then added, then changed, each change marked
 * `BREAKING` or `compatible` with the reason under it, and a summary line.
 */
export function formatDiff(diff: SpecDiff, labels: {old: string; new: string}): string {
  const lines = [`Comparing ${labels.old} with ${labels.new}`];
  if (diff.counts.added + diff.counts.removed + diff.counts.changed === 0) {
    lines.push('', 'No changes to operations.');
  }
  lines.push(
    ...formatGroup('Removed operations', diff.removed),
    ...formatGroup('Added operations', diff.added),
    ...formatGroup('Changed operations', diff.changed),
    '',
    summaryLine(diff.counts),
  );
  return `${lines.join('\n')}\n`;
}
