import {Fragment} from 'react';
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type {Change, Changelog, ChangelogEntry, OperationDiff, OperationRef} from '@site/src/openapi-diff/diff-types';
import styles from './styles.module.css';

export interface ApiChangelogProps {
  /** Written by `scripts/gen-changelog.ts` into `docs/changelog.data.json`. */
  changelog: Changelog;
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/**
 * The diff engine puts names from the spec between backticks. They become
 * `<code>` elements here; every part stays React text, so a spec cannot
 * inject markup. Unbalanced backticks are shown as they are.
 */
function MessageText({text, field, link}: {text: string; field?: string; link?: string}): ReactNode {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return text;
  // The field's name links to the field in the current reference.
  let linked = false;
  return parts.map((part, index) => {
    if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
    if (link !== undefined && !linked && part === field) {
      linked = true;
      return (
        <Link key={index} to={link}>
          <code>{part}</code>
        </Link>
      );
    }
    return <code key={index}>{part}</code>;
  });
}

function OperationName({operation, permalink}: {operation: OperationRef; permalink: string | undefined}): ReactNode {
  const label = operation.summary ?? operation.operationId ?? `${operation.method} ${operation.path}`;
  return (
    <span className={styles.operationName}>
      {permalink !== undefined ? (
        <Link to={permalink}>{label}</Link>
      ) : (
        <span>{label}</span>
      )}{' '}
      <code className={styles.endpoint}>
        {operation.method} {operation.path}
      </code>
    </span>
  );
}

function ChangeLine({change}: {change: Change}): ReactNode {
  return (
    <li className={clsx(styles.change, change.breaking && styles.breakingChange)}>
      {change.breaking ? <span className={clsx('badge badge--danger', styles.badge, styles.breakingBadge)}>Breaking</span> : null}
      <span className={styles.message}>
        <MessageText text={change.message} field={change.field?.path} link={change.link} />
        {change.lastVersion !== undefined ? <> Last in version {change.lastVersion}.</> : null}
        {change.link !== undefined && change.field?.path === '' ? (
          <>
            {' '}
            <Link to={change.link}>See the body in the reference.</Link>
          </>
        ) : null}
      </span>{' '}
      <span className={styles.explanation}>{change.explanation}</span>
    </li>
  );
}

function OperationGroup({
  title,
  entries,
  currentPage,
  showChanges,
}: {
  title: string;
  entries: readonly OperationDiff[];
  currentPage: (operation: OperationRef) => string | undefined;
  showChanges: boolean;
}): ReactNode {
  if (entries.length === 0) return null;
  return (
    <>
      <h3 className={styles.groupTitle}>{title}</h3>
      <ul className={styles.operations}>
        {entries.map((entry) => (
          <li key={`${entry.operation.method} ${entry.operation.path}`} className={styles.operation}>
            <OperationName operation={entry.operation} permalink={entry.link ?? currentPage(entry.operation)} />
            {showChanges ? (
              <ul className={styles.changes}>
                {entry.changes.map((change, index) => (
                  <ChangeLine key={index} change={change} />
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function Counts({entry}: {entry: ChangelogEntry}): ReactNode {
  const {counts} = entry;
  if (entry.previousVersion === undefined) {
    return (
      <p className={styles.counts}>
        {plural(entry.operationCount, 'operation')}. This is the oldest version in the changelog; earlier changes are not recorded.
      </p>
    );
  }
  if (counts.added + counts.removed + counts.changed === 0) {
    return <p className={styles.counts}>No changes to operations since {entry.previousVersion}.</p>;
  }
  return (
    <p className={styles.counts}>
      Compared with {entry.previousVersion}: {plural(counts.added, 'operation')} added, {counts.removed} removed,{' '}
      {counts.changed} changed.{' '}
      {counts.breaking > 0 ? (
        <span className={clsx('badge badge--danger', styles.badge, styles.breakingBadge)}>{plural(counts.breaking, 'breaking change')}</span>
      ) : (
        <span className={clsx('badge badge--success', styles.badge, styles.compatibleBadge)}>No breaking changes</span>
      )}
    </p>
  );
}

function VersionSection({entry, currentPage}: {entry: ChangelogEntry; currentPage: (operation: OperationRef) => string | undefined}): ReactNode {
  return (
    <section className={clsx(styles.version, entry.unreleased && styles.unreleased)} aria-labelledby={entry.id}>
      <Heading as="h2" id={entry.id}>
        {entry.title}
        {entry.date !== undefined ? (
          <span className={styles.date}>
            {' '}
            <time dateTime={entry.date}>{entry.date}</time>
          </span>
        ) : null}
      </Heading>
      <Counts entry={entry} />
      {/* Removed first: it is what readers of a changelog most need to see. */}
      <OperationGroup title="Removed operations" entries={entry.removed} currentPage={currentPage} showChanges />
      <OperationGroup title="Added operations" entries={entry.added} currentPage={currentPage} showChanges={false} />
      <OperationGroup title="Changed operations" entries={entry.changed} currentPage={currentPage} showChanges />
    </section>
  );
}

/**
 * The API changelog: one section per version, newest first, listing the
 * operations added, removed and changed, with each breaking change marked
 * and explained. Operation names link to their pages only while the
 * operation still exists, so the page never links to a removed operation.
 */
export default function ApiChangelog({changelog}: ApiChangelogProps): ReactNode {
  const pages = new Map(changelog.currentOperationPages.map(({operationId, permalink}) => [operationId, permalink]));
  const currentPage = (operation: OperationRef): string | undefined =>
    operation.operationId === undefined ? undefined : pages.get(operation.operationId);
  if (changelog.entries.length === 0) {
    return <p>No versions of the API are recorded yet.</p>;
  }
  return (
    <div className={styles.changelog}>
      {changelog.entries.map((entry) => (
        <VersionSection key={entry.id} entry={entry} currentPage={currentPage} />
      ))}
    </div>
  );
}
