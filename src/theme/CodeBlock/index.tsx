/**
 * @docusaurus/theme-classic 3.10.2 CodeBlock, without its `key={isBrowser}`
 * remount. The upstream component remounts every code block right after
 * hydration so that a dark-mode reader gets the dark Prism colours; that threw
 * away the server's highlighted HTML of every code block in Markdown pages
 * (the docs landing has one) and loaded and ran Prism on page load. Colour
 * mode is light while React hydrates (the colour-mode state is set in an
 * effect), so nothing mismatches, and
 * CodeBlock/Content highlights again with Prism when the mode differs from
 * the server's.
 */
import React, {isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** Plain-string children concatenated (copyable); children with elements kept as they are. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? <StringContent {...props}>{children}</StringContent> : <ElementContent {...props}>{children}</ElementContent>;
}
