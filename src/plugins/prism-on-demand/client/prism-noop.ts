/**
 * Stands in for the classic theme's start-up client module
 * (`@docusaurus/theme-classic/lib/prism-include-languages.js`), which loaded
 * Prism and the extra languages on every page: prism-runtime.ts does it when
 * a code block needs it. See src/plugins/prism-on-demand.
 */
export {};
