import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import type {SecurityRequirementModel} from '@site/src/openapi/models/model-types';
import styles from './styles.module.css';

export interface SecurityProps {
  /** Alternatives: any one inner list satisfies the operation; an empty one makes authorization optional. */
  security: SecurityRequirementModel[][];
}

/** The operation's security requirements, in words. */
export default function Security({security}: SecurityProps): ReactNode {
  const alternatives = security.filter((alternative) => alternative.length > 0);
  const optional = security.some((alternative) => alternative.length === 0);
  return (
    <section className={styles.section} aria-labelledby="authorization">
      <Heading as="h2" id="authorization">
        Authorization
      </Heading>
      {alternatives.length === 0 ? (
        <p>No authorization: this operation is public.</p>
      ) : (
        <>
          <p>{alternatives.length > 1 ? 'Any one of these:' : 'Requires:'}</p>
          <ul className={styles.securityList}>
            {alternatives.map((alternative, index) => (
              <li key={index}>
                {alternative.map((requirement, position) => (
                  <span key={requirement.scheme}>
                    {position > 0 ? ' and ' : null}
                    <code>{requirement.scheme}</code> <span className={styles.muted}>({requirement.kind})</span>
                    {requirement.deprecated ? <span className={styles.deprecatedScheme}>deprecated</span> : null}
                    {requirement.scopes.length > 0 ? (
                      <>
                        {' '}with scope{requirement.scopes.length > 1 ? 's' : ''}{' '}
                        {requirement.scopes.map((scope, scopeIndex) => (
                          <span key={scope}>
                            {scopeIndex > 0 ? ', ' : null}
                            <code>{scope}</code>
                          </span>
                        ))}
                      </>
                    ) : null}
                  </span>
                ))}
              </li>
            ))}
          </ul>
          {optional ? <p>Authorization is optional.</p> : null}
        </>
      )}
    </section>
  );
}
