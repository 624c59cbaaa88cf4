import type {ReactNode} from 'react';
import {ownValue} from '@site/src/spec-reader/own-keys';
import type {ExplorerSession} from './explorer-storage';
import {Field} from './form-parts';
import {choiceKey, type ServerChoice} from './server-url';

/**
 * The server to send to: a list of the description's servers, a field per
 * variable of a templated URL (a list when the variable has an enum), and
 * the URL box of "Custom server URL…". Kept in the session, like credentials.
 */
export default function ServerFields({
  idPrefix,
  choices,
  index,
  session,
  update,
}: {
  idPrefix: string;
  choices: ServerChoice[];
  index: number;
  session: ExplorerSession;
  update: (change: (session: ExplorerSession) => ExplorerSession) => void;
}): ReactNode {
  const choice = choices[index];
  const values = choice.template ? (session.variables[choice.template] ?? {}) : {};
  const setVariable = (name: string, value: string) => {
    const template = choice.template!;
    update((current) => ({...current, variables: {...current.variables, [template]: {...current.variables[template], [name]: value}}}));
  };
  return (
    <>
      <Field id={`${idPrefix}-server`} label="Server">
        <select
          id={`${idPrefix}-server`}
          value={index}
          onChange={(event) => {
            const chosen = choices[Number(event.target.value)];
            update((current) => ({...current, server: choiceKey(chosen)}));
          }}>
          {choices.map((option, position) => (
            <option key={`${option.label}-${position}`} value={position}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
      {(choice.variables ?? []).map((variable) => {
        const id = `${idPrefix}-variable-${variable.name}`;
        const value = ownValue(values, variable.name) ?? variable.default;
        const label = (
          <>
            {`{${variable.name}}`} <small>(server variable{variable.description ? `: ${variable.description}` : ''})</small>
          </>
        );
        return (
          <Field key={variable.name} id={id} label={label}>
            {variable.enum ? (
              <select id={id} value={value} onChange={(event) => setVariable(variable.name, event.target.value)}>
                {/* A default outside the enum (an imperfect description) stays choosable. */}
                {[...new Set([...(variable.enum.includes(value) ? [] : [value]), ...variable.enum])].map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input id={id} value={value} onChange={(event) => setVariable(variable.name, event.target.value)} />
            )}
          </Field>
        );
      })}
      {choice.custom ? (
        <Field id={`${idPrefix}-custom-url`} label="Server URL">
          <input
            id={`${idPrefix}-custom-url`}
            type="url"
            required
            value={session.customUrl ?? ''}
            onChange={(event) => update((current) => ({...current, customUrl: event.target.value}))}
            placeholder="https://staging.example.com"
          />
        </Field>
      ) : null}
    </>
  );
}
