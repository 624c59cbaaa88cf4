import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import {FieldDetails} from '@site/src/components/SchemaView';
import {parameterAnchor} from '@site/src/openapi/links/field-anchors';
import type {ParameterLocation, ParameterModel} from '@site/src/openapi/models/model-types';
import styles from './styles.module.css';

const LOCATION_TITLES: Record<ParameterLocation, string> = {
  path: 'Path parameters',
  query: 'Query parameters',
  querystring: 'Query string',
  header: 'Header parameters',
  cookie: 'Cookie parameters',
};

interface ParametersProps {
  parameters: ParameterModel[];
  /** `$ref`s of parameters that do not resolve (name and location unknown). */
  unresolved?: string[];
  /** Put before every id of the section (a callback's parameters: `callback-0-`). */
  idPrefix?: string;
  /** Level of the section's heading (a callback's sit lower). */
  headingLevel?: 2 | 4;
}

/** Parameters grouped by where they travel, each with its type, flags and example. */
export default function Parameters({parameters, unresolved = [], idPrefix = '', headingLevel = 2}: ParametersProps): ReactNode {
  const sectionHeading = `h${headingLevel}` as const;
  const groupHeading = `h${headingLevel + 1}` as 'h3' | 'h5';
  if (parameters.length === 0 && unresolved.length === 0) return null;
  const locations = (Object.keys(LOCATION_TITLES) as ParameterLocation[]).filter((location) =>
    parameters.some((parameter) => parameter.in === location),
  );
  return (
    <section className={styles.section} aria-labelledby={`${idPrefix}parameters`}>
      <Heading as={sectionHeading} id={`${idPrefix}parameters`}>
        Parameters
      </Heading>
      {locations.map((location) => (
        <div key={location} className={styles.parameterGroup}>
          <Heading as={groupHeading} id={`${idPrefix}${location}-parameters`}>
            {LOCATION_TITLES[location]}
          </Heading>
          <ul className={styles.parameterList}>
            {parameters
              .filter((parameter) => parameter.in === location)
              .map((parameter) => (
                <li key={parameter.name} className={styles.parameter} id={`${idPrefix}${parameterAnchor(parameter.in, parameter.name)}`}>
                  <FieldDetails
                    node={{
                      ...parameter.schema,
                      required: parameter.required,
                      deprecated: parameter.deprecated || parameter.schema.deprecated,
                      description: parameter.description ?? parameter.schema.description,
                      example: parameter.example ?? parameter.schema.example,
                    }}
                    name={parameter.name}
                    depth={1}
                    anchor={`${idPrefix}${parameterAnchor(parameter.in, parameter.name)}`}
                    flags={parameter.undeclared ? ['not declared in the description'] : undefined}
                    note={
                      parameter.in === 'querystring' ? (
                        <>
                          The whole query string{parameter.mediaType ? <>, serialized as <code>{parameter.mediaType}</code></> : null}.
                        </>
                      ) : parameter.mediaType ? (
                        <>
                          Serialized as <code>{parameter.mediaType}</code>.
                        </>
                      ) : undefined
                    }
                  />
                </li>
              ))}
          </ul>
        </div>
      ))}
      {unresolved.length > 0 ? (
        <div className={styles.parameterGroup}>
          <Heading as={groupHeading} id={`${idPrefix}unresolved-parameters`}>
            Unresolved parameters
          </Heading>
          <p>These parameter references do not resolve within the API description, so their names and locations are unknown:</p>
          <ul>
            {unresolved.map((reference) => (
              <li key={reference}>
                <code>{reference}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
