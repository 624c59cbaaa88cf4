import {useCallback, type ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * Opens every nested schema (`<details data-schema-details>`) in its section,
 * or closes them all when none is closed. The label follows the details'
 * state through CSS (`:has`, styles.module.css), so it is right in the server
 * HTML and after the reader opens or closes one by hand.
 */
export default function ExpandAll({sectionId}: {sectionId: string}): ReactNode {
  const toggle = useCallback(() => {
    const section = document.getElementById(sectionId);
    const all = Array.from(section?.querySelectorAll<HTMLDetailsElement>('details[data-schema-details]') ?? []);
    const open = all.some((details) => !details.open);
    for (const details of all) details.open = open;
  }, [sectionId]);
  return (
    <button type="button" className={styles.expandAll} onClick={toggle} aria-controls={sectionId}>
      <span className={styles.expandLabel}>Expand all</span>
      <span className={styles.collapseLabel}>Collapse all</span>
    </button>
  );
}
