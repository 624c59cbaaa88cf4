/**
 * The bundler's runtime (`runtime~main.js`, loaded by every page) holds two
 * maps with an entry for every chunk of the site: chunk id → file name
 * (`__webpack_require__.u`) and, from Docusaurus's ChunkAssetPlugin, chunk
 * name → chunk id (`__webpack_require__.gca`). Two chunks per docs page, so
 * the maps grow with the API and every page loads them.
 *
 * The chunks of a sectioned route are loaded only after its route section
 * (./split.ts, src/plugins/route-sections/client/runtime.ts). So their entries leave
 * the runtime and travel with the section that needs them: appended to the
 * section's own chunk, which registers them (`self.__routeSectionChunks`)
 * before its routes can be used; the client looks there first
 * (src/plugins/route-sections/client/chunk-files.ts).
 *
 * This runs on the minified assets, before the real content hash step, so
 * the file names in the moved entries and the names of the changed files
 * are brought up to date by the bundler like any other reference.
 */
import {Parser, type Node} from 'acorn';

/** Where the section chunks register the entries they carry. */
export const SECTION_CHUNKS_GLOBAL = '__routeSectionChunks';

/** What a section chunk carries: file by chunk id, chunk id by chunk name. */
export interface MovedEntries {
  files: Record<string, string>;
  ids: Record<string, string>;
}

interface PropertyNode extends Node {
  key: Node & {name?: string; value?: unknown};
  value: Node & {value?: unknown};
  computed: boolean;
}

interface ObjectNode extends Node {
  properties: Node[];
}

interface AssignmentNode extends Node {
  left: Node & {property?: Node & {name?: string}};
  right: Node;
}

const keyOf = (node: PropertyNode['key'], computed: boolean): string | undefined =>
  computed ? undefined : node.type === 'Identifier' ? node.name : node.type === 'Literal' ? String(node.value) : undefined;

/** Every node below `root`, depth first, in source order. */
function* nodesOf(root: Node): Generator<Node> {
  yield root;
  for (const value of Object.values(root)) {
    const children: unknown[] = Array.isArray(value) ? value : [value];
    for (const child of children) {
      if (child !== null && typeof child === 'object' && typeof (child as Node).type === 'string') yield* nodesOf(child as Node);
    }
  }
}

/** The object literals of the function assigned to `__webpack_require__.<name>` (any local alias of it), in source order. */
function mapsOf(program: Node, name: string): ObjectNode[] {
  for (const node of nodesOf(program)) {
    if (node.type !== 'AssignmentExpression') continue;
    const {left, right} = node as AssignmentNode;
    if (left.type !== 'MemberExpression' || left.property?.name !== name) continue;
    if (right.type !== 'FunctionExpression' && right.type !== 'ArrowFunctionExpression') continue;
    return [...nodesOf(right)].filter((child): child is ObjectNode => child.type === 'ObjectExpression');
  }
  return [];
}

/**
 * `source` (a minified runtime) without the entries of the `moved` chunk ids:
 * in each map of `__webpack_require__.u` (keyed by chunk id) and in the map of
 * `__webpack_require__.gca` (chunk name → chunk id). The chunks named in
 * `unlookedUp` leave only the `gca` map: they load through `import()`, by id,
 * and nothing asks for them by name. Throws when the runtime
 * does not have the maps where they were expected, so a bundler upgrade that
 * changes them fails the build instead of breaking pages.
 */
export function trimRuntimeMaps(source: string, moved: ReadonlySet<string>, unlookedUp: ReadonlySet<string> = new Set()): string {
  const program = Parser.parse(source, {ecmaVersion: 'latest', sourceType: 'script'});
  const filenameMaps = mapsOf(program, 'u');
  const nameMaps = mapsOf(program, 'gca');
  if (filenameMaps.length === 0 || nameMaps.length !== 1) {
    throw new Error(`route-sections: the runtime has ${filenameMaps.length} chunk file name maps (__webpack_require__.u) and ${nameMaps.length} chunk name maps (__webpack_require__.gca); expected at least 1 and 1`);
  }
  const edits: {start: number; end: number; text: string}[] = [];
  const keep = (map: ObjectNode, kept: (property: PropertyNode) => boolean) => {
    const properties = map.properties as PropertyNode[];
    const remaining = properties.filter(kept);
    if (remaining.length === properties.length) return;
    edits.push({start: map.start, end: map.end, text: `{${remaining.map((property) => source.slice(property.start, property.end)).join(',')}}`});
  };
  for (const map of filenameMaps) keep(map, (property) => !moved.has(keyOf(property.key, property.computed) ?? ''));
  keep(
    nameMaps[0]!,
    (property) => !(property.value.type === 'Literal' && moved.has(String(property.value.value))) && !unlookedUp.has(keyOf(property.key, property.computed) ?? ''),
  );
  let result = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** The statement appended to a section chunk: registers its entries before the chunk's routes can be used. */
export function registrationCode(entries: MovedEntries): string {
  const global = `self.${SECTION_CHUNKS_GLOBAL}`;
  return `\n;(function(m){Object.assign(m.files,${JSON.stringify(entries.files)});Object.assign(m.ids,${JSON.stringify(entries.ids)})})(${global}||(${global}={files:{},ids:{}}));\n`;
}

/** A route section's chunk and the chunk names its routes import. */
export interface SectionChunks {
  chunkName: string;
  routeChunkNames: readonly string[];
}

/** The sections of split route files (./split.ts): their chunk names and those their registries import. */
export function sectionChunksOf(files: Readonly<Record<string, string>>): SectionChunks[] {
  return Object.entries(files).flatMap(([file, content]) => {
    const id = /^section-(.+)\.js$/.exec(file)?.[1];
    if (id === undefined) return [];
    return [{chunkName: `route-section-${id}`, routeChunkNames: [...content.matchAll(/webpackChunkName: "([^"]+)"/g)].map((match) => match[1]!)}];
  });
}

/** The parts of a chunk and a chunk group this reads (webpack's and Rspack's have them). */
interface ChunkLike {
  id: string | number | null | undefined;
  name?: string | null;
  files: Iterable<string>;
  groupsIterable: Iterable<{name?: string | null}>;
  hasRuntime(): boolean;
}

interface CompilationLike {
  namedChunkGroups: {get(name: string): {chunks: Iterable<ChunkLike>} | undefined};
  namedChunks: {get(name: string): ChunkLike | undefined};
  chunks: Iterable<ChunkLike>;
  hooks: {processAssets: {tap(options: {name: string; stage: number}, callback: () => void): void}};
  updateAsset(file: string, update: (source: {source(): string | Buffer}) => unknown): void;
}

interface CompilerLike {
  webpack: {Compilation: {PROCESS_ASSETS_STAGE_SUMMARIZE: number}; sources: {RawSource: new (source: string) => unknown}};
  hooks: {thisCompilation: {tap(name: string, callback: (compilation: CompilationLike) => void): void}};
}

const PLUGIN_NAME = 'RouteSectionChunkMaps';

/** The chunks only sectioned routes use, as each section will carry them. */
export function movedEntries(compilation: Pick<CompilationLike, 'namedChunkGroups'>, sections: readonly SectionChunks[]): MovedEntries[] {
  const routeGroups = new Set(sections.flatMap((section) => section.routeChunkNames));
  // Whether only sectioned routes load a chunk, once per chunk: a chunk shared by
  // every operation page is in thousands of groups, and asking again for each
  // of them made this quadratic in the page count.
  // (By id: the bundler may hand out a new object for the same chunk.)
  const onlyRoutes = new Map<string, boolean>();
  const loadedOnlyByRoutes = (chunk: ChunkLike): boolean => {
    const id = String(chunk.id);
    let only = onlyRoutes.get(id);
    if (only === undefined) {
      only = [...chunk.groupsIterable].every((group) => typeof group.name === 'string' && routeGroups.has(group.name));
      onlyRoutes.set(id, only);
    }
    return only;
  };
  return sections.map((section) => {
    const entries: MovedEntries = {files: {}, ids: {}};
    for (const groupName of section.routeChunkNames) {
      for (const chunk of compilation.namedChunkGroups.get(groupName)?.chunks ?? []) {
        if (chunk.id === null || chunk.id === undefined) continue;
        // A chunk any other part of the site may load stays in the runtime's maps.
        if (!loadedOnlyByRoutes(chunk)) continue;
        const files = [...chunk.files];
        const script = files.find((file) => file.endsWith('.js'));
        // The runtime's CSS file names are not moved, so neither is a chunk with CSS.
        if (script === undefined || files.some((file) => file.endsWith('.css'))) continue;
        entries.files[String(chunk.id)] = script;
        if (typeof chunk.name === 'string') entries.ids[chunk.name] = String(chunk.id);
      }
    }
    return entries;
  });
}

/** Moves the runtime's map entries of sectioned routes' chunks into their sections' chunks (see the top of this file). */
export class RouteSectionChunkMapsPlugin {
  constructor(private readonly sections: readonly SectionChunks[]) {}

  apply(bundler: unknown): void {
    const compiler = bundler as CompilerLike;
    const {Compilation, sources} = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      // After minification, before the real content hashes are computed.
      compilation.hooks.processAssets.tap({name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE}, () => {
        if (this.sections.length === 0) return;
        const entries = movedEntries(compilation, this.sections);
        const moved = new Set(entries.flatMap((section) => Object.keys(section.files)));
        // Docusaurus's `gca` map serves link prefetches of route chunks; the
        // sections load by id, and their names cost about 30 bytes each on every page.
        const unlookedUp = new Set(this.sections.map((section) => section.chunkName));
        for (const chunk of compilation.chunks) {
          if (!chunk.hasRuntime()) continue;
          for (const file of chunk.files) {
            if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.RawSource(trimRuntimeMaps(source.source().toString(), moved, unlookedUp)));
          }
        }
        this.sections.forEach((section, index) => {
          const script = [...(compilation.namedChunks.get(section.chunkName)?.files ?? [])].find((file) => file.endsWith('.js'));
          if (script === undefined) throw new Error(`route-sections: no script for the chunk ${section.chunkName}`);
          const entry = entries[index]!;
          // A section whose chunks stayed in the runtime's maps has nothing to register.
          if (Object.keys(entry.files).length === 0 && Object.keys(entry.ids).length === 0) return;
          const code = registrationCode(entry);
          compilation.updateAsset(script, (source) => new sources.RawSource(source.source().toString() + code));
        });
      });
    });
  }
}
