import {dereference} from '../spec-reader/spec-document';
import {compareOperations} from './compare-operations';
import {asObject, operationsOf} from './operations';
import {RULES, change} from './rules';
import type {OperationDiff, SpecDiff} from './diff-types';

function infoVersion(spec: unknown): string | undefined {
  const version = asObject(asObject(spec)?.info)?.version;
  return typeof version === 'string' ? version : typeof version === 'number' ? String(version) : undefined;
}

/**
 * Compares two OpenAPI 3.x documents operation by operation and classifies
 * every change as breaking or not (see rules.ts). Both documents are
 * dereferenced first, so moving a schema into `components` is not a change.
 */
export function diffSpecs(oldDoc: unknown, newDoc: unknown): SpecDiff {
  const oldOperations = operationsOf(dereference(oldDoc));
  const newOperations = operationsOf(dereference(newDoc));

  const added: OperationDiff[] = [];
  const removed: OperationDiff[] = [];
  const changed: OperationDiff[] = [];
  for (const [key, operation] of oldOperations) {
    if (!newOperations.has(key)) {
      removed.push({
        operation: operation.ref,
        changes: [change('operation-removed', RULES.operationRemoved, 'The operation was removed.')],
      });
    }
  }
  for (const [key, operation] of newOperations) {
    const before = oldOperations.get(key);
    if (!before) {
      added.push({operation: operation.ref, changes: [change('operation-added', RULES.operationAdded, 'The operation was added.')]});
      continue;
    }
    const changes = compareOperations(before, operation);
    if (changes.length > 0) changed.push({operation: operation.ref, changes});
  }

  const allChanges = [...added, ...removed, ...changed].flatMap((entry) => entry.changes);
  const breaking = allChanges.filter((item) => item.breaking).length;
  const oldVersion = infoVersion(oldDoc);
  const newVersion = infoVersion(newDoc);
  return {
    ...(oldVersion !== undefined ? {oldVersion} : {}),
    ...(newVersion !== undefined ? {newVersion} : {}),
    added,
    removed,
    changed,
    counts: {
      added: added.length,
      removed: removed.length,
      changed: changed.length,
      breaking,
      nonBreaking: allChanges.length - breaking,
    },
  };
}
