import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import RichText from '@site/src/components/RichText';
import MethodBadge from '@site/src/components/OperationPage/MethodBadge';
import type {TagPageModel} from '@site/src/openapi/models/model-types';
import {pageModelOf} from '@site/src/plugins/page-data/client/page-model';
import styles from './styles.module.css';

/** A resource group: its description and its operations. */
export default function TagPage(props: {page: TagPageModel}): ReactNode {
  const page = pageModelOf(props.page);
  return (
    <div className={styles.tagPage}>
      {/* The search finds a tag page by its name and offers the name as a filter of its operations. */}
      <Heading as="h1" data-pagefind-weight="10" data-pagefind-filter="tag">
        {page.name}
      </Heading>
      <RichText value={page.description} />
      <Heading as="h2" id="operations">
        Operations
      </Heading>
      <ul className={styles.operations}>
        {page.operations.map((operation) => (
          <li key={operation.id}>
            <Link to={operation.permalink} className={styles.operation}>
              <MethodBadge method={operation.method} />
              <span className={styles.summary}>{operation.summary}</span>
              <code className={styles.path}>{operation.path}</code>
              {operation.deprecated ? <span className={styles.deprecated}>deprecated</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
