import type * as PrismReactRenderer from 'prism-react-renderer';

/** The prism-react-renderer module: `Highlight`, `Prism` and `themes`. */
export type PrismModule = typeof PrismReactRenderer;
