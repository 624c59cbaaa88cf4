/** Written by src/plugins/route-sections for every build (an empty list when nothing is split). */
declare module '@generated/route-sections/sections' {
  const splits: unknown[];
  export default splits;
}

declare module '@generated/route-sections/lazy-sidebar' {
  /** A category's file below the site's base URL: `${filePrefix}${number}${fileSuffix}`. */
  export const filePrefix: string;
  /** A whole sidebar's file: `${sidebarFilePrefix}${number}${fileSuffix}`. */
  export const sidebarFilePrefix: string;
  export const fileSuffix: string;
  /** The whole sidebars that load on demand, numbered in order: their props module and name. */
  export const sidebars: unknown[];
  const groups: unknown[];
  export default groups;
}
