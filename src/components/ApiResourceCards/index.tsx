import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useApiResources} from '@site/src/hooks/useApiResources';
import styles from './styles.module.css';

interface Props {
  /** Heading level of each card title, so the cards fit the page outline. */
  headingLevel?: 'h2' | 'h3';
  /** Classes for the grid, e.g. a page's own column counts. */
  className?: string;
  /** Ends the grid with a card to the API overview (`customFields.apiOverviewLink`). */
  overviewCard?: boolean;
}

/** One card per resource group (tag) of the API, generated from the spec at build time. */
export default function ApiResourceCards({headingLevel = 'h3', className, overviewCard = false}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {operationCount, resources} = useApiResources();
  const cards = resources.map((resource) => ({key: resource.name, permalink: resource.permalink, title: resource.name, summary: resource.summary, count: resource.operationCount}));
  if (overviewCard) {
    cards.push({
      key: '(overview)',
      permalink: String(siteConfig.customFields?.apiOverviewLink ?? '/docs'),
      title: 'API overview',
      summary: 'Servers, authentication, every resource group and every schema of the API, on one page.',
      count: operationCount,
    });
  }
  return (
    <ul className={clsx(styles.grid, className)} aria-label="API resource groups">
      {cards.map((card) => (
        <li key={card.key} className={styles.item}>
          <Link to={card.permalink} className={clsx('card', styles.card)}>
            <Heading as={headingLevel} className={styles.title}>
              {card.title}
            </Heading>
            <p className={styles.summary}>{card.summary}</p>
            <span className={styles.count}>
              {card.count} {card.count === 1 ? 'operation' : 'operations'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
