import {useCallback, useState, type ReactNode} from 'react';
import styles from './styles.module.css';

/** Opens or closes every nested schema (`<details data-schema-details>`) in its section. */
export default function ExpandAll({sectionId}: {sectionId: string}): ReactNode {
  const [expanded, setExpanded] = useState(false);
  const toggle = useCallback(() => {
    const section = document.getElementById(sectionId);
    section?.querySelectorAll<HTMLDetailsElement>('details[data-schema-details]').forEach((details) => {
      details.open = !expanded;
    });
    setExpanded(!expanded);
  }, [expanded, sectionId]);
  return (
    <button type="button" className={styles.expandAll} onClick={toggle} aria-controls={sectionId}>
      {expanded ? 'Collapse all' : 'Expand all'}
    </button>
  );
}
