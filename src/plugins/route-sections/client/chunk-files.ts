/**
 * Where the bundler's runtime finds the file of a chunk that only sectioned
 * routes use: its entries left the runtime's maps at build time and arrive
 * with the route section that needs them (src/plugins/route-sections/chunk-maps.ts).
 * Each section chunk registers them in `self.__routeSectionChunks` as it
 * loads; the runtime's `__webpack_require__.u` (chunk id → file) and
 * Docusaurus's `__webpack_require__.gca` (chunk name → URL, for link
 * prefetches) look there first. Imported once, before any section loads.
 */
declare const __webpack_require__: {
  p: string;
  u: (chunkId: string | number) => string;
  gca: (chunkName: string) => string;
};

interface Registered {
  files: Record<string, string>;
  ids: Record<string, string>;
}

const scope = self as unknown as {__routeSectionChunks?: Registered};
const registered = (scope.__routeSectionChunks ??= {files: {}, ids: {}});

const fileOf = __webpack_require__.u;
__webpack_require__.u = (chunkId) => registered.files[String(chunkId)] ?? fileOf(chunkId);

const assetOf = __webpack_require__.gca;
__webpack_require__.gca = (chunkName) => {
  const chunkId = registered.ids[chunkName];
  return chunkId === undefined ? assetOf(chunkName) : __webpack_require__.p + __webpack_require__.u(chunkId);
};
