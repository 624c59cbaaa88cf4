import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {useApiResources} from '@site/src/hooks/useApiResources';
import styles from './styles.module.css';

interface Props {
  /** Heading level of each card title, so the cards fit the page outline. */
  headingLevel?: 'h2' | 'h3';
}

/** One card per resource group (tag) of the API, generated from the spec at build time. */
export default function ApiResourceCards({headingLevel = 'h3'}: Props): ReactNode {
  const {resources} = useApiResources();
  return (
    <ul className={styles.grid} aria-label="API resource groups">
      {resources.map((resource) => (
        <li key={resource.name} className={styles.item}>
          <Link to={resource.permalink} className={clsx('card', styles.card)}>
            <Heading as={headingLevel} className={styles.title}>
              {resource.name}
            </Heading>
            <p className={styles.summary}>{resource.summary}</p>
            <span className={styles.count}>
              {resource.operationCount} {resource.operationCount === 1 ? 'operation' : 'operations'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
