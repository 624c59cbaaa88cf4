import type {ComponentProps, ReactNode} from 'react';
import {ICON_SPRITES, spriteId, type SpriteName} from '../sprites';

/** An icon drawn from the page's symbol (../index.ts): the classic icon's `<svg>`, with a reference in place of its path. */
export default function SpriteIcon({icon, ...props}: {icon: SpriteName} & ComponentProps<'svg'>): ReactNode {
  return (
    <svg viewBox={ICON_SPRITES[icon].viewBox} {...props}>
      <use href={`#${spriteId(icon)}`} />
    </svg>
  );
}
