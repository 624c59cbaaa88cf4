import type {ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * Opens every nested schema (`<details data-schema-details>`) in its section,
 * or closes them all when none is closed. The label follows the details'
 * state through CSS (`:has`, styles.module.css), so it is right in the server
 * HTML and after the reader opens or closes one by hand. The click is handled
 * by one listener for the whole site (toggleSchemaDetails in
 * src/client/field-anchor-clicks.ts), so it works on a part that is still server
 * HTML (HydrateOnDemand), whose React handlers are not there yet.
 */
export default function ExpandAll({sectionId}: {sectionId: string}): ReactNode {
  return (
    <button type="button" className={styles.expandAll} aria-controls={sectionId} data-expand-all="">
      <span className={styles.expandLabel}>Expand all</span>
      <span className={styles.collapseLabel}>Collapse all</span>
    </button>
  );
}
