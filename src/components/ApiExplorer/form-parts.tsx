import type {ReactNode} from 'react';
import type {MediaTypeModel, ParameterModel} from '@site/src/openapi/models/model-types';
import styles from './styles.module.css';

/**
 * What the explorer form and its loading placeholder (./Skeleton) both draw:
 * the same fields from the same helpers, so that the placeholder has the
 * form's size and nothing moves when the form's code arrives.
 */

export function parameterKey(parameter: ParameterModel): string {
  return `${parameter.in}:${parameter.name}`;
}

/** The body the explorer offers for a media type: its first example, or nothing. */
export function exampleBody(media: MediaTypeModel | undefined): string {
  return media?.examples[0]?.value ?? '';
}

/** Rows of the request body box: the body's lines, between 4 and 16. */
export function bodyRows(body: string): number {
  return Math.min(16, Math.max(4, body.split('\n').length));
}

export function Field({id, label, children}: {id: string; label: ReactNode; children: ReactNode}): ReactNode {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

export function ParameterLabel({parameter}: {parameter: ParameterModel}): ReactNode {
  return (
    <>
      {parameter.name} <small>({parameter.in}{parameter.required ? ', required' : ''})</small>
    </>
  );
}
