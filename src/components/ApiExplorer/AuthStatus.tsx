import type {ReactNode} from 'react';
import type {SecuritySchemeModel} from '@site/src/openapi/models/model-types';
import {scopeChecks, type RequirementChoice} from './auth';
import type {Credentials} from './explorer-storage';
import styles from './styles.module.css';

function names(alternative: {scheme: string}[]): string {
  return alternative.map((requirement) => requirement.scheme).join(' and ');
}

/** Which of the operation's security requirements the request will use, and the scopes it needs against those the token has. */
export function AuthSummary({choice, schemes, credentials}: {choice: RequirementChoice; schemes: SecuritySchemeModel[]; credentials: Credentials}): ReactNode {
  switch (choice.kind) {
    case 'public':
      return <>This operation needs no authorization: no credentials are sent.</>;
    case 'optional':
      return <>Authorization is optional here, and none is filled in: the request is sent without credentials.</>;
    case 'missing':
      return (
        <>
          Not authorized: this operation needs {choice.alternatives.map((alternative) => names(alternative)).join(', or ')}. Without credentials the API answers 401.
        </>
      );
    case 'use': {
      const checks = scopeChecks(choice.alternative, schemes, credentials);
      return (
        <>
          Sends <strong>{names(choice.alternative)}</strong>
          {checks.map((check) => (
            <span key={check.scheme}>
              {'. '}
              {check.needed.length > 0 ? <>Scopes needed: {check.needed.join(', ')}</> : <>No scope needed</>}
              {check.granted ? <>; your token has: {check.granted.length > 0 ? check.granted.join(', ') : 'none'}</> : <>; the token&apos;s scopes are not known</>}
              {check.missing.length > 0 ? <strong className={styles.error}> (missing {check.missing.join(', ')}: expect 403)</strong> : null}
            </span>
          ))}
          .
        </>
      );
    }
  }
}
