import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import SchemaView from '@site/src/components/SchemaView';
import {SchemaLinksContext, TARGET_IN_CLOSED_DETAILS_CSS} from '@site/src/components/FieldLink';
import {SCHEMA_PAGE_ANCHOR} from '@site/src/openapi/field-anchors';
import {ownValue} from '@site/src/openapi/own-keys';
import type {SchemaPageModel, SchemaUser} from '@site/src/openapi/types';
import {pageModelOf} from '@site/src/client/page-model';
import styles from './styles.module.css';

function userKind(user: SchemaUser): string {
  if (user.kind === 'schema') return 'schema';
  return user.kind === 'webhook' ? 'webhook' : 'operation';
}

/** One place the schema is used, with a link to each field that has its type. */
function User({user}: {user: SchemaUser}): ReactNode {
  return (
    <li className={styles.user}>
      <Link to={user.permalink}>{user.title}</Link> <span className={styles.muted}>({userKind(user)})</span>
      {user.endpoint ? <> <code>{user.endpoint}</code></> : null}
      {user.fields.length > 0 ? (
        <ul className={styles.fields}>
          {user.fields.map((field) => (
            <li key={`${field.anchor}|${field.path}`}>
              {field.anchor ? <a href={`${user.permalink}#${field.anchor}`}><code>{field.path}</code></a> : <span>{field.path}</span>}
            </li>
          ))}
          {user.moreFields ? <li className={styles.muted}>and {user.moreFields} more {user.moreFields === 1 ? 'field' : 'fields'} on that page</li> : null}
        </ul>
      ) : null}
    </li>
  );
}

/** A named schema (`components.schemas`): its fields, composition, examples and users. */
export default function SchemaPage(props: {page: SchemaPageModel}): ReactNode {
  const page = pageModelOf(props.page);
  return (
    <SchemaLinksContext.Provider value={page.schemaLinks}>
      <div className={styles.schemaPage}>
        <noscript>
          <style dangerouslySetInnerHTML={{__html: TARGET_IN_CLOSED_DETAILS_CSS}} />
        </noscript>
        <Heading as="h1">{page.name}</Heading>
        <p className={styles.muted}>
          Schema <code>components.schemas.{page.name}</code>
        </p>
        {page.allOf.length > 0 ? (
          <p>
            Composed with <code>allOf</code> from{' '}
            {page.allOf.map((name, index) => (
              <span key={name}>
                {index > 0 ? ', ' : null}
                {ownValue(page.schemaLinks, name) ? <Link to={ownValue(page.schemaLinks, name)}>{name}</Link> : <code>{name}</code>}
              </span>
            ))}
            ; their fields are listed here with its own.
          </p>
        ) : null}
        {/* The search index takes the page's title and lead, not these: the same fields are indexed on the operation pages. */}
        <section aria-labelledby="fields" className="schema-page-details">
          <Heading as="h2" id="fields">
            Fields
          </Heading>
          <SchemaView node={page.schema} anchor={SCHEMA_PAGE_ANCHOR} />
        </section>
        {page.examples.length > 0 ? (
          <section aria-labelledby="examples" className="schema-page-details">
            <Heading as="h2" id="examples">
              {page.examples.length > 1 ? 'Examples' : 'Example'}
            </Heading>
            {page.examples.map((example) => (
              <CodeBlock key={example.name} language="json" title={example.generated ? 'Generated from the schema' : example.name}>
                {example.value}
              </CodeBlock>
            ))}
          </section>
        ) : null}
        <section aria-labelledby="used-by" className="schema-page-details">
          <Heading as="h2" id="used-by">
            Used by
          </Heading>
          {page.usedBy.length === 0 ? (
            <p>No operation, webhook or other schema of the API description refers to this schema.</p>
          ) : (
            <ul className={styles.users}>
              {page.usedBy.map((user) => (
                <User key={`${user.kind}|${user.permalink}`} user={user} />
              ))}
            </ul>
          )}
          {page.moreUsers ? (
            <p className={styles.muted}>
              And {page.moreUsers} more; the complete list of references is in the API description.
            </p>
          ) : null}
        </section>
      </div>
    </SchemaLinksContext.Provider>
  );
}
