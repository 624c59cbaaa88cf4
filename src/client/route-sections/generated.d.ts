/** Written by src/plugins/route-sections for every build (an empty list when nothing is split). */
declare module '@generated/route-sections/sections' {
  const splits: unknown[];
  export default splits;
}

declare module '@generated/route-sections/lazy-sidebar' {
  /** Where the categories' files are, below the site's base URL. */
  export const directory: string;
  const groups: unknown[];
  export default groups;
}
