/** Written by src/plugins/route-sections for every build (an empty list when nothing is split). */
declare module '@generated/route-sections/sections' {
  const splits: unknown[];
  export default splits;
}

declare module '@generated/route-sections/lazy-sidebar' {
  const categories: unknown[];
  export default categories;
}
