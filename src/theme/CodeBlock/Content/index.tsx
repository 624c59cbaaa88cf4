/**
 * Ejected from @docusaurus/theme-classic 3.10.2 (CodeBlock/Content) so that
 * Prism loads on demand (see src/plugins/prism-on-demand/client/prism-runtime.ts):
 * - on the server, Prism is always there: the HTML is highlighted;
 * - while the first page hydrates, the code keeps its server HTML (tokens
 *   included) and Prism is not needed;
 * - a code block rendered in the browser before Prism has loaded (client-side
 *   navigation) shows its text unhighlighted for the few milliseconds the
 *   Prism chunk takes, then highlights;
 * - tokens carry classes, not the theme's inline colours: both colour modes'
 *   colours are one stylesheet (src/plugins/prism-on-demand/theme-css.ts), so
 *   server HTML is right in dark mode and a mode switch re-renders nothing;
 * - on the server, the lines of a block without line numbers or highlighted
 *   lines are written as HTML text, not as React elements per token (the
 *   same markup; src/plugins/prism-on-demand/client/highlighted-html.ts says why).
 */
import React, {useEffect, useState, useSyncExternalStore, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import {useThemeConfig} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {PrismTheme} from 'prism-react-renderer';
import type {Props} from '@theme/CodeBlock/Content';
import Line from '@theme/CodeBlock/Line';
import {isFirstPageHydrated} from '@site/src/client/hydration-state';
import {highlightedHtml, loadedPrism, loadPrism, subscribeToPrism, type PrismModule} from '@site/src/plugins/prism-on-demand/client/prism-runtime';
import {unstyledTokenTest} from '@site/src/plugins/prism-on-demand/theme-css';

import styles from './styles.module.css';

// TODO Docusaurus v4: remove useless forwardRef
const Pre = React.forwardRef<HTMLPreElement, ComponentProps<'pre'>>(
  (props, ref) => {
    return (
      <pre
        ref={ref}
        // Scrollable code must be reachable with the keyboard.
        tabIndex={0}
        {...props}
        className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')}
      />
    );
  },
);
Pre.displayName = 'Pre';

function Code(props: ComponentProps<'code'>) {
  const {metadata} = useCodeBlockContext();
  return (
    <code
      {...props}
      className={clsx(
        props.className,
        styles.codeBlockLines,
        metadata.lineNumbersStart !== undefined &&
          styles.codeBlockLinesWithNumbering,
      )}
      style={{
        ...props.style,
        counterReset:
          metadata.lineNumbersStart === undefined
            ? undefined
            : `line-count ${metadata.lineNumbersStart - 1}`,
      }}
    />
  );
}

/** Per site theme config and language: whether a token of some types looks like plain text (static rendering writes it as text). */
const unstyledTests = new WeakMap<object, Map<string, (types: readonly string[]) => boolean>>();

function unstyledTestFor(themes: {theme: PrismTheme; darkTheme?: PrismTheme}, language: string): (types: readonly string[]) => boolean {
  let byLanguage = unstyledTests.get(themes);
  if (byLanguage === undefined) unstyledTests.set(themes, (byLanguage = new Map()));
  let test = byLanguage.get(language);
  if (test === undefined) byLanguage.set(language, (test = unstyledTokenTest(themes.darkTheme ? [themes.theme, themes.darkTheme] : [themes.theme], language)));
  return test;
}

/** No colours: Highlight then gives tokens and lines their classes and no inline style. */
const CLASS_ONLY_THEME: PrismTheme = {plain: {}, styles: []};

function usePrism(): PrismModule | null {
  // The server snapshot is what the server rendered with: Prism on the server,
  // null while the browser hydrates (Prism is not loaded yet there).
  return useSyncExternalStore(subscribeToPrism, loadedPrism, loadedPrism);
}

export default function CodeBlockContent({
  className: classNameProp,
}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const {prism: prismThemes} = useThemeConfig();
  const prism = usePrism();
  // True only for code blocks hydrated from server HTML on the first page:
  // they keep it, in either colour mode; a block rendered in the browser needs Prism.
  const [fromServerHtml] = useState(() => typeof window !== 'undefined' && !isFirstPageHydrated());
  const needsPrism = !fromServerHtml;
  useEffect(() => {
    if (prism === null && needsPrism) void loadPrism();
  }, [prism, needsPrism]);
  const {code, language, lineNumbersStart, lineClassNames} = metadata;

  if (prism === null) {
    // What Highlight puts on <pre>: the language class.
    return (
      <Pre
        ref={wordWrap.codeBlockRef}
        className={clsx(classNameProp, 'prism-code', `language-${language.toLowerCase()}`)}>
        {fromServerHtml ? (
          // React keeps the server's highlighted lines under an element whose
          // content is set this way.
          <Code suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} />
        ) : (
          <Code>{code}</Code>
        )}
      </Pre>
    );
  }

  if (highlightedHtml !== undefined && lineNumbersStart === undefined && Object.keys(lineClassNames).length === 0) {
    // Static rendering (only the server's prism-runtime has it): the lines as HTML text that looks as the markup below does.
    const isUnstyled = unstyledTestFor(prismThemes, language.toLowerCase());
    const {className, html} = highlightedHtml(prism, code, language, isUnstyled);
    return (
      <Pre ref={wordWrap.codeBlockRef} className={clsx(classNameProp, className)}>
        <Code dangerouslySetInnerHTML={{__html: html}} />
      </Pre>
    );
  }

  const {Highlight} = prism;
  return (
    <Highlight theme={CLASS_ONLY_THEME} code={code} language={language}>
      {({className, tokens: lines, getLineProps, getTokenProps}) => (
        <Pre
          ref={wordWrap.codeBlockRef}
          className={clsx(classNameProp, className)}>
          <Code>
            {lines.map((line, i) => (
              <Line
                key={i}
                line={line}
                getLineProps={getLineProps}
                getTokenProps={getTokenProps}
                classNames={lineClassNames[i]}
                showLineNumbers={lineNumbersStart !== undefined}
              />
            ))}
          </Code>
        </Pre>
      )}
    </Highlight>
  );
}
