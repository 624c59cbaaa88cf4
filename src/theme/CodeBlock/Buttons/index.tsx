import type {ReactNode} from 'react';
import clsx from 'clsx';
import CopyButton from '@theme/CodeBlock/Buttons/CopyButton';
import WordWrapButton from '@theme/CodeBlock/Buttons/WordWrapButton';
import type {Props} from '@theme/CodeBlock/Buttons';
import styles from './styles.module.css';

/**
 * The code block's copy and word-wrap buttons, in the server HTML and always
 * shown: upstream renders them in the browser only (BrowserOnly) and shows
 * them on hover, so on a touch screen, and in code that stays server HTML
 * until used (HydrateOnDemand), a reader never saw them.
 */
export default function CodeBlockButtons({className}: Props): ReactNode {
  return (
    <div className={clsx(className, styles.buttonGroup)}>
      <WordWrapButton />
      <CopyButton />
    </div>
  );
}
