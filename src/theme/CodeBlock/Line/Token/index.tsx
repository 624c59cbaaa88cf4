import type {ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock/Line/Token';

/**
 * A highlighted token, without a wrapper when it has nothing to style: Prism
 * marks the text between tokens as `plain`, and on an operation page (nine
 * code samples, example payloads) those spans were half of all token
 * elements. Fewer elements: less HTML to send and parse, less style work.
 */
export default function CodeBlockLineToken({line, token, ...props}: Props): ReactNode {
  void line;
  const unstyled = token.types.length === 1 && token.types[0] === 'plain' && !token.empty && props.style === undefined;
  if (unstyled) return props.children;
  return <span {...props} />;
}
