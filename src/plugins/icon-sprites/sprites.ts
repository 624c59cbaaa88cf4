/**
 * Icons a page repeats, each drawn once per page as an SVG symbol
 * (`./index.ts`) and used by reference (`./client/SpriteIcon.tsx`), as the
 * classic theme does for its external-link icon. Every code block has a copy
 * button with two icons, and the colour mode switch three: with their paths
 * inline they were 380 bytes a code block and 2 KB a page.
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
  LightMode: {
    viewBox: '0 0 24 24',
    path: 'M12,9c1.65,0,3,1.35,3,3s-1.35,3-3,3s-3-1.35-3-3S10.35,9,12,9 M12,7c-2.76,0-5,2.24-5,5s2.24,5,5,5s5-2.24,5-5 S14.76,7,12,7L12,7z M2,13l2,0c0.55,0,1-0.45,1-1s-0.45-1-1-1l-2,0c-0.55,0-1,0.45-1,1S1.45,13,2,13z M20,13l2,0c0.55,0,1-0.45,1-1 s-0.45-1-1-1l-2,0c-0.55,0-1,0.45-1,1S19.45,13,20,13z M11,2v2c0,0.55,0.45,1,1,1s1-0.45,1-1V2c0-0.55-0.45-1-1-1S11,1.45,11,2z M11,20v2c0,0.55,0.45,1,1,1s1-0.45,1-1v-2c0-0.55-0.45-1-1-1C11.45,19,11,19.45,11,20z M5.99,4.58c-0.39-0.39-1.03-0.39-1.41,0 c-0.39,0.39-0.39,1.03,0,1.41l1.06,1.06c0.39,0.39,1.03,0.39,1.41,0s0.39-1.03,0-1.41L5.99,4.58z M18.36,16.95 c-0.39-0.39-1.03-0.39-1.41,0c-0.39,0.39-0.39,1.03,0,1.41l1.06,1.06c0.39,0.39,1.03,0.39,1.41,0c0.39-0.39,0.39-1.03,0-1.41 L18.36,16.95z M19.42,5.99c0.39-0.39,0.39-1.03,0-1.41c-0.39-0.39-1.03-0.39-1.41,0l-1.06,1.06c-0.39,0.39-0.39,1.03,0,1.41 s1.03,0.39,1.41,0L19.42,5.99z M7.05,18.36c0.39-0.39,0.39-1.03,0-1.41c-0.39-0.39-1.03-0.39-1.41,0l-1.06,1.06 c-0.39,0.39-0.39,1.03,0,1.41s1.03,0.39,1.41,0L7.05,18.36z',
  },
  DarkMode: {
    viewBox: '0 0 24 24',
    path: 'M9.37,5.51C9.19,6.15,9.1,6.82,9.1,7.5c0,4.08,3.32,7.4,7.4,7.4c0.68,0,1.35-0.09,1.99-0.27C17.45,17.19,14.93,19,12,19 c-3.86,0-7-3.14-7-7C5,9.07,6.81,6.55,9.37,5.51z M12,3c-4.97,0-9,4.03-9,9s4.03,9,9,9s9-4.03,9-9c0-0.46-0.04-0.92-0.1-1.36 c-0.98,1.37-2.58,2.26-4.4,2.26c-2.98,0-5.4-2.42-5.4-5.4c0-1.81,0.89-3.42,2.26-4.4C12.92,3.04,12.46,3,12,3L12,3z',
  },
  SystemColorMode: {
    viewBox: '0 0 24 24',
    path: 'm12 21c4.971 0 9-4.029 9-9s-4.029-9-9-9-9 4.029-9 9 4.029 9 9 9zm4.95-13.95c1.313 1.313 2.05 3.093 2.05 4.95s-0.738 3.637-2.05 4.95c-1.313 1.313-3.093 2.05-4.95 2.05v-14c1.857 0 3.637 0.737 4.95 2.05z',
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
