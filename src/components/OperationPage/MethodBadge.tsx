import type {ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

export default function MethodBadge({method}: {method: string}): ReactNode {
  return <span className={clsx(styles.method, styles[`method_${method.toLowerCase()}`])}>{method.toUpperCase()}</span>;
}
