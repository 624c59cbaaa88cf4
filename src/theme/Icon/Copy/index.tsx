import type {ComponentProps, ReactNode} from 'react';
import SpriteIcon from '@site/src/plugins/icon-sprites/client/SpriteIcon';

/** The classic icon, drawn from the page's symbol (src/plugins/icon-sprites). */
export default function IconCopy(props: ComponentProps<'svg'>): ReactNode {
  return <SpriteIcon icon="Copy" {...props} />;
}
