import type {ReactNode} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import RichText from '@site/src/components/RichText';
import {furtherItemsName, patternKeyName} from '@site/src/openapi/model-text';
import type {SchemaNode} from '@site/src/openapi/types';
import {constraintLabels, hasChildren} from './constraints';
import styles from './styles.module.css';

interface FieldProps {
  node: SchemaNode;
  /** Name shown for the field; properties carry their own. */
  name?: string;
  depth: number;
  /** Flags the field's context adds (a parameter "not declared in the description"). */
  flags?: string[];
  /** A line the field's context adds under its description (how a parameter is serialized). */
  note?: ReactNode;
}

/** Type, flags, description, constraints and values of one field. */
export function FieldDetails({node, name, depth, flags = [], note}: FieldProps): ReactNode {
  const constraints = constraintLabels(node.rules);
  const label = name ?? node.name;
  return (
    <>
      <div className={styles.fieldHeader}>
        {label !== undefined ? <code className={styles.fieldName}>{label}</code> : null}
        <span className={styles.type}>{node.typeLabel}</span>
        {node.required ? <span className={clsx(styles.flag, styles.required)}>required</span> : null}
        {node.deprecated ? <span className={clsx(styles.flag, styles.deprecated)}>deprecated</span> : null}
        {node.readOnly ? <span className={styles.flag}>read-only</span> : null}
        {node.writeOnly ? <span className={styles.flag}>write-only</span> : null}
        {flags.map((flag) => (
          <span key={flag} className={styles.flag}>
            {flag}
          </span>
        ))}
      </div>
      {node.title && node.title !== label ? <div className={styles.title}>{node.title}</div> : null}
      <RichText value={node.description} className={styles.description} />
      {note ? <p className={styles.description}>{note}</p> : null}
      {constraints.length > 0 || node.default !== undefined || node.const !== undefined || node.example !== undefined ? (
        <dl className={styles.facts}>
          {constraints.length > 0 ? (
            <div>
              <dt>Constraints</dt>
              <dd>{constraints.join(', ')}</dd>
            </div>
          ) : null}
          {node.const !== undefined ? (
            <div>
              <dt>Only value</dt>
              <dd><code>{node.const}</code></dd>
            </div>
          ) : null}
          {node.default !== undefined ? (
            <div>
              <dt>Default</dt>
              <dd><code>{node.default}</code></dd>
            </div>
          ) : null}
          {node.example !== undefined ? (
            <div>
              <dt>Example</dt>
              <dd><code>{node.example}</code></dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {node.enum && node.enum.length > 0 ? (
        <div className={styles.enum}>
          <span className={styles.enumLabel}>Possible values:</span>
          <ul>
            {node.enum.map((entry) => (
              <li key={entry.value}>
                <code>{entry.value}</code>
                {entry.description ? <RichText value={entry.description} className={styles.enumDescription} /> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {node.circularRef ? (
        <p className={styles.schemaNote}>Circular reference to {node.circularRef}; its fields are listed above.</p>
      ) : null}
      {node.notExpandedRef ? <NotExpandedNote name={node.notExpandedRef} /> : null}
      {node.unresolvedRef ? <UnresolvedNote reference={node.unresolvedRef} /> : null}
      <SchemaChildren node={node} depth={depth} />
    </>
  );
}

/** Where a `$ref` of the schema gives nothing: said where it is used, not fetched. */
/** Past the schema tree's size budget (schema.ts): where the fields are, instead of them. */
function NotExpandedNote({name}: {name: string}): ReactNode {
  // The download is a file of the build, not a route: a plain link, with the site's base URL.
  const descriptionUrl = useBaseUrl('/openapi.yaml');
  return (
    <p className={styles.schemaNote}>
      The fields of {name} are not repeated here: this schema is too large to show in full. They are defined under{' '}
      <code>components.schemas.{name}</code> in the <a href={descriptionUrl}>API description</a>.
    </p>
  );
}

function UnresolvedNote({reference}: {reference: string}): ReactNode {
  return (
    <p className={styles.schemaNote}>
      <code>{reference}</code> does not resolve within the API description, so what it defines is not shown.
    </p>
  );
}

function childSummary(node: SchemaNode): string {
  if (node.variants) return `${node.variants.kind === 'oneOf' ? 'One of' : 'Any of'} ${node.variants.options.length} schemas`;
  if (node.properties && node.properties.length > 0) return `${node.properties.length} ${node.properties.length === 1 ? 'field' : 'fields'}${node.refName ? ` of ${node.refName}` : ''}`;
  if (node.prefixItems && node.prefixItems.length > 0) return `Items by position: ${node.typeLabel}`;
  if (node.items) return `Items: ${node.items.typeLabel}`;
  if (node.patternProperties && node.patternProperties.length > 0) return 'Fields by name pattern';
  return 'Values';
}

/** The nested part of a field, collapsible; open on the first level. */
function SchemaChildren({node, depth}: {node: SchemaNode; depth: number}): ReactNode {
  if (!hasChildren(node)) return null;
  return (
    <details className={styles.children} open={depth < 1} data-schema-details="">
      <summary>{childSummary(node)}</summary>
      <SchemaBody node={node} depth={depth + 1} />
    </details>
  );
}

/** What a schema contains: its fields, its array items, its variants. */
export function SchemaBody({node, depth = 0}: {node: SchemaNode; depth?: number}): ReactNode {
  return (
    <>
      {node.properties && node.properties.length > 0 ? (
        <ul className={styles.fields}>
          {node.properties.map((property) => (
            <li key={property.name} className={styles.field}>
              <FieldDetails node={property} depth={depth} />
            </li>
          ))}
        </ul>
      ) : null}
      {node.additionalProperties ? (
        <ul className={styles.fields}>
          <li className={styles.field}>
            {node.additionalProperties === true ? (
              <div className={styles.fieldHeader}>
                <code className={styles.fieldName}>{'<any key>'}</code>
                <span className={styles.type}>any</span>
              </div>
            ) : (
              <FieldDetails node={node.additionalProperties} name="<any key>" depth={depth} />
            )}
          </li>
        </ul>
      ) : null}
      {node.patternProperties && node.patternProperties.length > 0 ? (
        <ul className={styles.fields}>
          {node.patternProperties.map(({pattern, schema}) => (
            <li key={pattern} className={styles.field}>
              <FieldDetails node={schema} name={patternKeyName(pattern)} depth={depth} />
            </li>
          ))}
        </ul>
      ) : null}
      {node.prefixItems && node.prefixItems.length > 0 ? (
        // Positions have no names, so each is listed like a field: `[0]`, `[1]`, then `[2…]`.
        <ul className={styles.fields}>
          {node.prefixItems.map((item, index) => (
            <li key={index} className={styles.field}>
              <FieldDetails node={item} name={`[${index}]`} depth={depth} />
            </li>
          ))}
          {node.items ? (
            <li className={styles.field}>
              <FieldDetails node={node.items} name={furtherItemsName(node.prefixItems.length)} depth={depth} />
            </li>
          ) : null}
        </ul>
      ) : node.items && !node.properties ? (
        hasChildren(node.items) ? (
          <SchemaBody node={node.items} depth={depth} />
        ) : null
      ) : null}
      {node.variants ? (
        <div className={styles.variants}>
          <p className={styles.variantsLabel}>
            {node.variants.kind === 'oneOf' ? 'Exactly one of' : 'Any of'}
            {node.variants.discriminator ? (
              <>
                {' '}(chosen by <code>{node.variants.discriminator.propertyName}</code>)
              </>
            ) : null}
            :
          </p>
          {node.variants.options.map((option) => (
            <details key={option.label} className={styles.variant} data-schema-details="">
              <summary>
                {node.variants?.discriminator && node.variants.discriminator.mapping[option.label] !== undefined ? (
                  <>
                    <code>{node.variants.discriminator.propertyName}</code> = <code>{option.label}</code>
                  </>
                ) : (
                  option.label
                )}{' '}
                <span className={styles.type}>{option.schema.typeLabel}</span>
              </summary>
              <div className={styles.variantBody}>
                <RichText value={option.schema.description} className={styles.description} />
                <SchemaBody node={option.schema} depth={depth + 1} />
                {!hasChildren(option.schema) && !option.schema.description ? (
                  <FieldDetails node={option.schema} depth={depth + 1} />
                ) : null}
              </div>
            </details>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** A schema at the top of a request or response body. */
export default function SchemaView({node}: {node: SchemaNode}): ReactNode {
  return (
    <div className={styles.schema}>
      <div className={styles.rootType}>
        <span className={styles.type}>{node.typeLabel}</span>
      </div>
      <RichText value={node.description} className={styles.description} />
      {hasChildren(node) ? (
        <>
          {/* A part of the schema (an allOf member) is missing; the rest is listed. */}
          {node.unresolvedRef ? <UnresolvedNote reference={node.unresolvedRef} /> : null}
          <SchemaBody node={node} />
        </>
      ) : (
        <FieldDetails node={{...node, description: undefined}} depth={0} />
      )}
    </div>
  );
}
