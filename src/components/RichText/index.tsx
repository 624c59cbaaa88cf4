import {createElement, type ReactNode} from 'react';
import Admonition from '@theme/Admonition';
import CodeBlock from '@theme/CodeBlock';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {textOf} from '@site/src/openapi/models/model-text';
import type {RichText as RichTextTree, RichTextElement, RichTextNode} from '@site/src/openapi/models/model-types';
import styles from './styles.module.css';

/** hast property names that React spells differently. */
function reactProps(node: RichTextElement, key: number): Record<string, unknown> {
  const props: Record<string, unknown> = {key};
  for (const [name, value] of Object.entries(node.properties)) {
    if (name === 'className') props.className = Array.isArray(value) ? value.join(' ') : value;
    else if (/^(data|aria)[A-Z]/.test(name)) props[name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)] = Array.isArray(value) ? value.join(' ') : value;
    else props[name] = Array.isArray(value) ? value.join(' ') : value;
  }
  return props;
}

function renderNode(node: RichTextNode, key: number): ReactNode {
  if (node.type === 'text') return node.value;
  const children = node.children.map(renderNode);
  if (node.tagName === 'pre' && node.children.length === 1 && node.children[0].type === 'element' && node.children[0].tagName === 'code') {
    const code = node.children[0];
    const className = Array.isArray(code.properties.className) ? code.properties.className.join(' ') : '';
    const language = /language-([\w+#-]+)/.exec(className)?.[1];
    return (
      <CodeBlock key={key} language={language}>
        {textOf(code).replace(/\n$/, '')}
      </CodeBlock>
    );
  }
  if (node.tagName === 'aside') {
    const className = Array.isArray(node.properties.className) ? node.properties.className.join(' ') : '';
    const type = /admonition-(\w+)/.exec(className)?.[1] ?? 'note';
    return (
      <Admonition key={key} type={type}>
        {children}
      </Admonition>
    );
  }
  if (node.tagName === 'a') {
    const href = typeof node.properties.href === 'string' ? node.properties.href : undefined;
    if (!href) return <span key={key}>{children}</span>;
    return (
      <Link key={key} href={href}>
        {children}
      </Link>
    );
  }
  const heading = /^h([1-6])$/.exec(node.tagName);
  if (heading && typeof node.properties.id === 'string') {
    // Through the theme's Heading: it adds the anchor link and registers the id
    // with the build's anchor checker.
    return (
      <Heading key={key} as={node.tagName as 'h2'} id={node.properties.id}>
        {children}
      </Heading>
    );
  }
  if (node.tagName === 'table') {
    return (
      <div key={key} className={styles.tableScroll}>
        {createElement('table', reactProps(node, key), children)}
      </div>
    );
  }
  return createElement(node.tagName, reactProps(node, key), children.length > 0 ? children : undefined);
}

interface Props {
  value: RichTextTree | undefined;
  className?: string;
}

/** Renders spec text that the build parsed and sanitised (src/openapi/models/markdown.ts). */
export default function RichText({value, className}: Props): ReactNode {
  if (!value) return null;
  return <div className={className ? `${styles.richText} ${className}` : styles.richText}>{value.children.map(renderNode)}</div>;
}
