/**
 * Icons a page repeats, each drawn once per page as an SVG symbol
 * (`./index.ts`) and used by reference (`./client/SpriteIcon.tsx`), as the
 * classic theme does for its external-link icon. Every code block has a copy
 * button with two icons, 380 bytes with their paths inline, 190 as
 * references. An icon a page shows once (the colour mode switch's) would
 * only cost a reference more.
 *
 * The shapes are the classic theme's own (`@docusaurus/theme-classic` 3.10.2,
 * `lib/theme/Icon/<Name>`); a test compares them with the installed files.
 */
export const ICON_SPRITES = {
  Copy: {
    viewBox: '0 0 24 24',
    path: 'M19,21H8V7H19M19,5H8A2,2 0 0,0 6,7V21A2,2 0 0,0 8,23H19A2,2 0 0,0 21,21V7A2,2 0 0,0 19,5M16,1H4A2,2 0 0,0 2,3V17H4V3H16V1Z',
  },
  Success: {
    viewBox: '0 0 24 24',
    path: 'M21,7L9,19L3.5,13.5L4.91,12.09L9,16.17L19.59,5.59L21,7Z',
  },
} as const;

export type SpriteName = keyof typeof ICON_SPRITES;

/** The symbol's id in the page: short, since every use names it. */
export function spriteId(name: SpriteName): string {
  return `icon-${name}`;
}

/** The symbols, for the hidden `<svg>` every page starts with. */
export function spriteDefs(): string {
  const symbols = (Object.keys(ICON_SPRITES) as SpriteName[]).map(
    (name) => `<symbol id="${spriteId(name)}" viewBox="${ICON_SPRITES[name].viewBox}"><path fill="currentColor" d="${ICON_SPRITES[name].path}"/></symbol>`,
  );
  return `<defs>${symbols.join('')}</defs>`;
}
