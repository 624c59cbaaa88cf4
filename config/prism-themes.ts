import {themes, type PrismTheme} from 'prism-react-renderer';

/**
 * prism-react-renderer's GitHub theme with every token colour dark enough for
 * WCAG 2.1 AA (4.5:1) on its #f6f8fa background. The original's comments,
 * numbers and variables, keywords, strings and functions measure 2.6 to 4.3:1,
 * which axe reports on every code sample. Same hues, only darker.
 */
const DARKER_TOKEN_COLOURS: Record<string, string> = {
  '#999988': '#6b6b5f', // comment, prolog, doctype, cdata: 2.7 → 5.1
  '#e3116c': '#c40e5d', // string, attr-value: 4.3 → 5.5
  '#36acaa': '#237270', // number, boolean, variable, property…: 2.6 → 5.3
  '#00a4db': '#00719a', // keyword, attr-name, selector: 2.7 → 5.2
  '#d73a49': '#b8303d', // function, deleted, tag: 4.3 → 5.6
};

export const accessibleLightCodeTheme: PrismTheme = {
  ...themes.github,
  styles: themes.github.styles.map((entry) => {
    const colour = typeof entry.style.color === 'string' ? DARKER_TOKEN_COLOURS[entry.style.color] : undefined;
    // Namespaces were drawn at 70 % opacity, which takes them under 4.5:1 too.
    const {opacity: _opacity, ...style} = entry.style;
    return colour ? {...entry, style: {...style, color: colour}} : {...entry, style};
  }),
};

/** Dracula (the dark code theme) passes AA on its own background as it is. */
export const darkCodeTheme: PrismTheme = themes.dracula;
