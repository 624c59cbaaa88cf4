/**
 * @docusaurus/theme-classic 3.10.2 CodeBlock/Container without the colour
 * mode's Prism colours as inline CSS variables: the server rendered them for
 * light mode, so dark-mode readers got light code blocks until React
 * re-rendered. `--prism-color` and `--prism-background-color` come from the
 * generated stylesheet of both modes (src/plugins/prism-on-demand/theme-css.ts).
 */
import type {ComponentProps, ElementType, ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import styles from './styles.module.css';

export default function CodeBlockContainer<T extends ElementType>({as: As, ...props}: {as: T} & ComponentProps<T>): ReactNode {
  return <As {...props} className={clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock)} />;
}
