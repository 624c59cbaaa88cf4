/** Written by src/plugins/route-sections for every build (an empty list when nothing is split). */
declare module '@generated/route-sections/sections' {
  const splits: unknown[];
  export default splits;
}

declare module '@generated/route-sections/lazy-sidebar' {
  /** A category's file below the site's base URL: `${filePrefix}${number}${fileSuffix}`. */
  export const filePrefix: string;
  export const fileSuffix: string;
  const groups: unknown[];
  export default groups;
}
