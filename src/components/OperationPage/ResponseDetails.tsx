import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import RichText from '@site/src/components/RichText';
import FieldLink from '@site/src/components/FieldLink';
import {responseHeaderAnchor} from '@site/src/openapi/links/field-anchors';
import type {ResponseModel} from '@site/src/openapi/models/model-types';
import {MediaTypes} from './Bodies';
import styles from './styles.module.css';
// Header names and types look like every other field's (parameters, body fields): one style, SchemaView's.
import fieldStyles from '@site/src/components/SchemaView/styles.module.css';

/** Where a `$ref` gives nothing: said where it is used, not fetched. */
export function UnresolvedReference({reference, what}: {reference: string; what: string}): ReactNode {
  return (
    <p className={styles.muted}>
      <code>{reference}</code> does not resolve within the API description, so {what} is not shown.
    </p>
  );
}

/** One response: its description, headers and body. `idPrefix` (a callback's
 * `callback-0-`) keeps its ids apart from the operation's own; `headersHeading`
 * is one level below the heading the response sits under, so that screen
 * readers' heading lists skip no level. */
export default function ResponseDetails({
  response,
  idPrefix = '',
  headersHeading = 'h3',
}: {
  response: ResponseModel;
  idPrefix?: string;
  headersHeading?: 'h3' | 'h5';
}): ReactNode {
  return (
    <div className={styles.response}>
      {response.unresolvedRef ? <UnresolvedReference reference={response.unresolvedRef} what="this response" /> : null}
      {response.summary ? (
        <p className={styles.responseSummaryLine}>
          <strong>{response.summary}</strong>
        </p>
      ) : null}
      <RichText value={response.description} />
      {response.headers.length > 0 ? (
        <div className={styles.responseHeaders}>
          <Heading as={headersHeading} id={`${idPrefix}response-${response.status}-headers`}>
            Headers
          </Heading>
          <ul className={styles.parameterList}>
            {response.headers.map((header) => {
              const anchor = `${idPrefix}${responseHeaderAnchor(response.status, header.name)}`;
              return (
                <li key={header.name} className={styles.parameter} id={anchor}>
                  <code className={fieldStyles.fieldName}>{header.name}</code>
                  <FieldLink anchor={anchor} label={`${header.name} (header of the ${response.status} response)`} />{' '}
                  <span className={fieldStyles.type}>{header.schema.typeLabel}</span>
                  <RichText value={header.description ?? header.schema.description} />
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <MediaTypes content={response.content} body={{kind: 'response', status: response.status}} idPrefix={idPrefix} />
    </div>
  );
}
