import {useId, type ReactNode} from 'react';
import {jsonValueAsText} from '@site/src/openapi/models/model-text';
import type {OperationPageModel} from '@site/src/openapi/models/model-types';
import {useRequestContentType} from '@site/src/hooks/useRequestContentType';
import {ownValue} from '@site/src/spec-reader/own-keys';
import {chooseRequirement} from './auth';
import {AuthSummary} from './AuthStatus';
import {readSession} from './explorer-storage';
import {bodyRows, exampleBody, Field, parameterKey, ParameterLabel} from './form-parts';
import {chosenServer, serverChoices} from './server-url';
import styles from './styles.module.css';
import {useCredentialScope} from '@site/src/components/ApiCatalog/use-current-api';

/**
 * The explorer as it will first appear, with its controls disabled, shown
 * while the explorer's code loads: same fields, labels and body size, so the
 * blocks below do not jump when the form replaces it on a slow network.
 */
export default function ExplorerSkeleton({page}: {page: OperationPageModel}): ReactNode {
  const formId = useId();
  const servers = serverChoices(page);
  const scope = useCredentialScope();
  // Only ever rendered in the browser (the form's loading state), so the session is there to read.
  const session = readSession();
  const {choice: server, credentialsKey} = chosenServer(servers, session, scope);
  const values = session.variables[server.template ?? ''] ?? {};
  const credentials = session.credentials[credentialsKey] ?? {};
  const content = page.requestBody?.content ?? [];
  const [media] = useRequestContentType(content);
  const body = exampleBody(media);
  return (
    <div className={styles.explorer} aria-busy="true">
      <Field id={`${formId}-server`} label="Server">
        <select id={`${formId}-server`} disabled>
          <option>{server.label}</option>
        </select>
      </Field>
      {(server.variables ?? []).map((variable) => (
        <Field key={variable.name} id={`${formId}-variable-${variable.name}`} label={<>{`{${variable.name}}`} <small>(server variable{variable.description ? `: ${variable.description}` : ''})</small></>}>
          <input id={`${formId}-variable-${variable.name}`} disabled defaultValue={ownValue(values, variable.name) ?? variable.default} />
        </Field>
      ))}
      {server.custom ? (
        <Field id={`${formId}-custom-url`} label="Server URL">
          <input id={`${formId}-custom-url`} disabled defaultValue={session.customUrl ?? ''} />
        </Field>
      ) : null}
      <div className={styles.authBox}>
        <p className={styles.authSummary}>
          <AuthSummary choice={chooseRequirement(page.security, page.authSchemes, credentials)} schemes={page.authSchemes} credentials={credentials} />
        </p>
        {page.authSchemes.length > 0 ? (
          <button type="button" className="button button--secondary button--sm" disabled>
            Authorize
          </button>
        ) : null}
      </div>
      {page.parameters.map((parameter) => (
        <Field key={parameterKey(parameter)} id={`${formId}-${parameterKey(parameter)}`} label={<ParameterLabel parameter={parameter} />}>
          <input id={`${formId}-${parameterKey(parameter)}`} disabled defaultValue={jsonValueAsText(parameter.example)} />
        </Field>
      ))}
      {content.length > 1 ? (
        <Field id={`${formId}-content-type`} label="Content type">
          <select id={`${formId}-content-type`} disabled>
            <option>{media?.mediaType}</option>
          </select>
        </Field>
      ) : null}
      {content.length > 0 ? (
        <Field id={`${formId}-body`} label={`Request body (${media?.mediaType})`}>
          <textarea id={`${formId}-body`} disabled rows={bodyRows(body)} defaultValue={body} />
        </Field>
      ) : null}
      <button type="button" className="button button--primary" disabled>
        <span role="status">Loading the API explorer…</span>
      </button>
      {/* The form's (empty) response area: it takes a gap of the column too. */}
      <div className={styles.result} />
    </div>
  );
}
