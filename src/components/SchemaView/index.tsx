import type {ReactNode} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import RichText from '@site/src/components/RichText';
import FieldLink, {useHoldsTarget, useSchemaPage} from '@site/src/components/FieldLink';
import {childAnchor} from '@site/src/openapi/links/field-anchors';
import {furtherItemsName, patternKeyName} from '@site/src/openapi/models/model-text';
import {ownValue} from '@site/src/spec-reader/own-keys';
import type {SchemaNode} from '@site/src/openapi/models/model-types';
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
  /** The field's id (field-anchors.ts): its link, and the prefix of its children's. */
  anchor?: string;
  /** The field's path as a reader names it (`consent.email_marketing`), for its link's accessible name. */
  path?: string;
}

/** The type of a field; a link to its schema's page when it is (an array of) a named schema. */
function TypeLabel({node}: {node: SchemaNode}): ReactNode {
  const named = node.refName ?? (node.types.includes('array') ? node.items?.refName : undefined);
  const page = useSchemaPage(named);
  if (page) {
    return (
      <a className={styles.type} href={page}>
        {node.typeLabel}
      </a>
    );
  }
  return <span className={styles.type}>{node.typeLabel}</span>;
}

/** Type, flags, description, constraints and values of one field. */
export function FieldDetails({node, name, depth, flags = [], note, anchor, path}: FieldProps): ReactNode {
  // The pattern (always last) is shown apart, as code: a regular expression in proportional type is misread.
  const pattern = node.rules?.pattern;
  const labels = constraintLabels(node.rules);
  const constraints = pattern === undefined ? labels : labels.slice(0, -1);
  const label = name ?? node.name;
  return (
    <>
      <div className={styles.fieldHeader}>
        {/* The space keeps the name a word of its own in the search index; the flex layout does not show it. */}
        {label !== undefined ? <code className={styles.fieldName}>{label}</code> : null}{' '}
        {anchor !== undefined ? <FieldLink anchor={anchor} label={path ?? label ?? ''} /> : null}
        <TypeLabel node={node} />
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
      {constraints.length > 0 || pattern !== undefined || node.default !== undefined || node.const !== undefined || node.example !== undefined ? (
        <dl className={styles.facts}>
          {constraints.length > 0 ? (
            <div>
              <dt>Constraints</dt>
              <dd>{constraints.join(', ')}</dd>
            </div>
          ) : null}
          {pattern !== undefined ? (
            <div>
              <dt>Pattern</dt>
              <dd><code>{pattern}</code></dd>
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
      <SchemaChildren node={node} depth={depth} anchor={anchor} path={path ?? label} />
    </>
  );
}

/** Past the schema tree's size budget (schema.ts): where the fields are, one click away, instead of them. */
function NotExpandedNote({name}: {name: string}): ReactNode {
  // The download is a file of the build, not a route: a plain link, with the site's base URL.
  const descriptionUrl = useBaseUrl('/openapi.yaml');
  const page = useSchemaPage(name);
  if (page) {
    return (
      <p className={styles.schemaNote}>
        The fields of {name} are not repeated here, to keep this page readable: see <a href={`${page}#fields`}>the {name} schema</a>,
        which lists them all.
      </p>
    );
  }
  return (
    <p className={styles.schemaNote}>
      The fields of {name} are not repeated here: this schema is too large to show in full. They are defined under{' '}
      <code>components.schemas.{name}</code> in the <a href={descriptionUrl}>API description</a>.
    </p>
  );
}

/** Where a `$ref` of the schema gives nothing: said where it is used, not fetched. */
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
  if (node.additionalProperties && node.additionalProperties !== true) return 'Values by key';
  return 'Values';
}

/** The nested part of a field, collapsible; open on the first level, and on
 * the way to the field the URL points at (the browser opens it on load). */
function SchemaChildren({node, depth, anchor, path}: {node: SchemaNode; depth: number; anchor?: string; path?: string}): ReactNode {
  const holdsTarget = useHoldsTarget(anchor);
  if (!hasChildren(node)) return null;
  return (
    <details className={styles.children} open={depth < 1 || holdsTarget} data-schema-details="">
      <summary>{childSummary(node)}</summary>
      <SchemaBody node={node} depth={depth + 1} anchor={anchor} path={path} />
    </details>
  );
}

interface BodyProps {
  node: SchemaNode;
  depth?: number;
  /** Id of the field (or body) whose content this is; its children's ids extend it. */
  anchor?: string;
  /** Reader's path of the same (`tags[]`), for link labels. */
  path?: string;
}

const joinPath = (path: string | undefined, part: string) => (path ? `${path}${part.startsWith('[') || part.startsWith('(') ? '' : '.'}${part}` : part);

/** What a schema contains: its fields, its array items, its variants. */
export function SchemaBody({node, depth = 0, anchor, path}: BodyProps): ReactNode {
  const child = (make: (parent: string) => string) => (anchor === undefined ? undefined : make(anchor));
  return (
    <>
      {node.properties && node.properties.length > 0 ? (
        <ul className={styles.fields}>
          {node.properties.map((property) => {
            const id = child((parent) => childAnchor.property(parent, property.name ?? ''));
            return (
              <li key={property.name} className={styles.field} id={id}>
                <FieldDetails node={property} depth={depth} anchor={id} path={joinPath(path, property.name ?? '')} />
              </li>
            );
          })}
        </ul>
      ) : null}
      {node.additionalProperties ? (
        <ul className={styles.fields}>
          <li className={styles.field} id={child(childAnchor.anyKey)}>
            {node.additionalProperties === true ? (
              <div className={styles.fieldHeader}>
                <code className={styles.fieldName}>{'<any key>'}</code>
                {anchor !== undefined ? <FieldLink anchor={childAnchor.anyKey(anchor)} label={joinPath(path, '<any key>')} /> : null}
                <span className={styles.type}>any</span>
              </div>
            ) : (
              <FieldDetails
                node={node.additionalProperties}
                name="<any key>"
                depth={depth}
                anchor={child(childAnchor.anyKey)}
                path={joinPath(path, '<any key>')}
              />
            )}
          </li>
        </ul>
      ) : null}
      {node.patternProperties && node.patternProperties.length > 0 ? (
        <ul className={styles.fields}>
          {node.patternProperties.map(({pattern, schema}) => {
            const id = child((parent) => childAnchor.pattern(parent, pattern));
            return (
              <li key={pattern} className={styles.field} id={id}>
                <FieldDetails node={schema} name={patternKeyName(pattern)} depth={depth} anchor={id} path={joinPath(path, patternKeyName(pattern))} />
              </li>
            );
          })}
        </ul>
      ) : null}
      {node.prefixItems && node.prefixItems.length > 0 ? (
        // Positions have no names, so each is listed like a field: `[0]`, `[1]`, then `[2…]`.
        <ul className={styles.fields}>
          {node.prefixItems.map((item, index) => {
            const id = child((parent) => childAnchor.position(parent, index));
            return (
              <li key={index} className={styles.field} id={id}>
                <FieldDetails node={item} name={`[${index}]`} depth={depth} anchor={id} path={joinPath(path, `[${index}]`)} />
              </li>
            );
          })}
          {node.items ? (
            <li className={styles.field} id={child(childAnchor.items)}>
              <FieldDetails
                node={node.items}
                name={furtherItemsName(node.prefixItems.length)}
                depth={depth}
                anchor={child(childAnchor.items)}
                path={joinPath(path, furtherItemsName(node.prefixItems.length))}
              />
            </li>
          ) : null}
        </ul>
      ) : node.items && !node.properties ? (
        hasChildren(node.items) ? (
          <SchemaBody node={node.items} depth={depth} anchor={child(childAnchor.items)} path={joinPath(path, '[]')} />
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
          {node.variants.options.map((option, index) => (
            <VariantOption
              key={option.label}
              option={option}
              discriminator={node.variants?.discriminator}
              depth={depth}
              anchor={child((parent) => childAnchor.option(parent, index))}
              path={path}
            />
          ))}
        </div>
      ) : null}
    </>
  );
}

type VariantsOf = NonNullable<SchemaNode['variants']>;

/** Where an option that is a named schema has its own page. */
function OptionSchemaLink({name}: {name: string | undefined}): ReactNode {
  const page = useSchemaPage(name);
  if (!page || !name) return null;
  return (
    <p className={styles.description}>
      Schema <a href={page}>{name}</a>
    </p>
  );
}

/** One option of a `oneOf`/`anyOf`, collapsed unless the URL points inside it. */
function VariantOption({option, discriminator, depth, anchor, path}: {
  option: VariantsOf['options'][number];
  discriminator: VariantsOf['discriminator'];
  depth: number;
  anchor?: string;
  path?: string;
}): ReactNode {
  const holdsTarget = useHoldsTarget(anchor);
  return (
    <details className={styles.variant} data-schema-details="" open={holdsTarget || undefined}>
      <summary>
        {discriminator && ownValue(discriminator.mapping, option.label) !== undefined ? (
          <>
            <code>{discriminator.propertyName}</code> = <code>{option.label}</code>
          </>
        ) : (
          option.label
        )}{' '}
        {/* A link inside a summary would be a control inside a control: the schema's link goes below. */}
        <span className={styles.type}>{option.schema.typeLabel}</span>
      </summary>
      <div className={styles.variantBody}>
        <OptionSchemaLink name={option.schema.refName} />
        <RichText value={option.schema.description} className={styles.description} />
        <SchemaBody node={option.schema} depth={depth + 1} anchor={anchor} path={path} />
        {!hasChildren(option.schema) && !option.schema.description ? <FieldDetails node={option.schema} depth={depth + 1} /> : null}
      </div>
    </details>
  );
}

/** A schema at the top of a request or response body, or of a schema page.
 * `anchor` prefixes its fields' ids; `rootId`, when given, is the root's own id. */
export default function SchemaView({node, anchor, rootId}: {node: SchemaNode; anchor?: string; rootId?: string}): ReactNode {
  return (
    <div className={styles.schema} id={rootId}>
      <div className={styles.rootType}>
        <TypeLabel node={node} />
      </div>
      <RichText value={node.description} className={styles.description} />
      {hasChildren(node) ? (
        <>
          {/* A part of the schema (an allOf member) is missing; the rest is listed. */}
          {node.unresolvedRef ? <UnresolvedNote reference={node.unresolvedRef} /> : null}
          <SchemaBody node={node} anchor={anchor} />
        </>
      ) : (
        <FieldDetails node={{...node, description: undefined}} depth={0} />
      )}
    </div>
  );
}
