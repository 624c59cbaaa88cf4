import type {ReactNode} from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import SchemaView from '@site/src/components/SchemaView';
import {SchemaLinksContext, TARGET_IN_CLOSED_DETAILS_CSS} from '@site/src/components/FieldLink';
import {SCHEMA_PAGE_ANCHOR} from '@site/src/openapi/links/field-anchors';
import {ownValue} from '@site/src/spec-reader/own-keys';
import type {SchemaPageModel, SchemaUser} from '@site/src/openapi/models/model-types';
import {pageModelOf} from '@site/src/plugins/page-data/client/page-model';
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

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * What the schema is, in a reader's words: its type and how much of the API
 * uses it ("Schema · object · used by 3 operations"). The pointer
 * `components.schemas.<name>` stays in the Markdown twin, for tools.
 */
function schemaSubtitle(page: Pick<SchemaPageModel, 'schema' | 'usedBy' | 'moreUsers'>): string {
  const type = page.schema.types.length > 0 ? page.schema.types.join(' | ') : page.schema.variants ? page.schema.variants.kind : 'any type';
  const operations = page.usedBy.filter((user) => user.kind !== 'schema').length;
  const schemas = page.usedBy.length - operations;
  const uses = [operations > 0 ? plural(operations, 'operation') : '', schemas > 0 ? plural(schemas, 'schema') : ''].filter(Boolean);
  const more = page.moreUsers ? ` and ${page.moreUsers} more` : '';
  return ['Schema', type, uses.length > 0 ? `used by ${uses.join(' and ')}${more}` : 'not used by any operation'].join(' · ');
}

/** A named schema (`components.schemas`): its fields, composition, examples and users. */
export default function SchemaPage(props: {page: SchemaPageModel}): ReactNode {
  const page = pageModelOf(props.page);
  return (
    <SchemaLinksContext.Provider value={page.schemaLinks}>
      <div className={styles.schemaPage} data-pagefind-filter="kind:schema" data-pagefind-meta="kind:schema">
        <noscript>
          <style dangerouslySetInnerHTML={{__html: TARGET_IN_CLOSED_DETAILS_CSS}} />
        </noscript>
        {/* A schema's name weighs as an operation's summary does in the search. */}
        <Heading as="h1" data-pagefind-weight="10">
          {page.name}
        </Heading>
        <p className={styles.muted}>{schemaSubtitle(page)}</p>
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
        {/* Fields, then the example, then the users on a narrow screen; the example in a column of its own on a wide one. */}
        <div className={styles.columns}>
        <section aria-labelledby="fields" className={clsx('schema-page-details', styles.fieldsArea)}>
          <Heading as="h2" id="fields">
            Fields
          </Heading>
          <SchemaView node={page.schema} anchor={SCHEMA_PAGE_ANCHOR} />
        </section>
        {page.examples.length > 0 ? (
          <section aria-labelledby="examples" className={clsx('schema-page-details', styles.examplesArea)}>
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
        <section aria-labelledby="used-by" className={clsx('schema-page-details', styles.usedByArea)}>
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
      </div>
    </SchemaLinksContext.Provider>
  );
}
