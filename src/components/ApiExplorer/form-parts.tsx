import type {ReactNode} from 'react';
import type {MediaTypeModel, OperationPageModel, ParameterModel} from '@site/src/openapi/types';
import styles from './styles.module.css';

/**
 * What the explorer form and its loading placeholder (./Skeleton) both draw:
 * the same fields from the same helpers, so that the placeholder has the
 * form's size and nothing moves when the form's code arrives.
 */

export interface ServerChoice {
  label: string;
  url: string;
  /** Answered in the browser from the spec's examples. */
  sandbox: boolean;
  /** The reader types the base URL (a staging server, a local mock). */
  custom?: boolean;
}

/** Servers of the page plus, when the spec names none, an in-browser sandbox. */
export function serverChoices(page: OperationPageModel): ServerChoice[] {
  const choices: ServerChoice[] = page.servers.map((server) => {
    const sandbox = /sandbox/i.test(`${server.description ?? ''} ${server.url}`);
    return {
      label: `${server.description ?? server.url}${sandbox ? ' (mock in your browser)' : ''}`,
      url: server.url,
      sandbox,
    };
  });
  if (!choices.some((choice) => choice.sandbox)) {
    choices.unshift({label: 'Sandbox (mock in your browser)', url: page.servers[0]?.url ?? '', sandbox: true});
  }
  choices.push({label: 'Custom server URL…', url: '', sandbox: false, custom: true});
  return choices;
}

/** The explorer starts on the sandbox, so a first "Send" never reaches a real API. */
export function initialServerIndex(choices: ServerChoice[]): number {
  return Math.max(0, choices.findIndex((choice) => choice.sandbox));
}

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
