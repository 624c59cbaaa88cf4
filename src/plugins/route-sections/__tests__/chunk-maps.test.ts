import {runInNewContext} from 'node:vm';
import {describe, expect, it} from 'vitest';
import {movedEntries, registrationCode, sectionChunksOf, trimRuntimeMaps} from '../chunk-maps';

// The shape of a minified Rspack runtime with Docusaurus's ChunkAssetPlugin:
// chunk id → name and chunk id → hash for `u`, chunk name → id for `gca`
// (names that look like numbers come out as number literals).
const runtime = [
  '(()=>{var n={};n.p="/";',
  'n.u=e=>"assets/js/"+(({101:"aaaa1111",102:"bbbb2222",7:"common"})[e]||e)+"."+({101:"h101",102:"h102",103:"h103",7:"h7"})[e]+".js",',
  'n.gca=function(e){return e=({0xe6f1b2:"101",bbbb2222:"102",common:"7"})[e]||e,n.p+n.u(e)};',
  'self.r=n})();',
].join('');

const load = (code: string) => {
  const scope: {self: {r?: {u(id: string): string; gca(name: string): string}}} = {self: {}};
  runInNewContext(code, scope);
  return scope.self.r!;
};

describe('trimRuntimeMaps', () => {
  it('removes the moved chunks from the file name maps and the chunk name map, and keeps the rest working', () => {
    const trimmed = trimRuntimeMaps(runtime, new Set(['101', '103']));
    expect(trimmed).not.toContain('101:');
    expect(trimmed).not.toContain('103:');
    expect(trimmed).not.toContain('0xe6f1b2');
    const kept = load(trimmed);
    expect(kept.u('102')).toBe('assets/js/bbbb2222.h102.js');
    expect(kept.u('7')).toBe('assets/js/common.h7.js');
    expect(kept.gca('bbbb2222')).toBe('/assets/js/bbbb2222.h102.js');
    // Before trimming, the same runtime resolved the moved chunks itself.
    expect(load(runtime).u('101')).toBe('assets/js/aaaa1111.h101.js');
    expect(load(runtime).gca('15135154')).toBe('/assets/js/aaaa1111.h101.js');
  });

  it('drops chunks nothing looks up by name from the chunk name map only: they still load by id', () => {
    const trimmed = trimRuntimeMaps(runtime, new Set(['103']), new Set(['common', 'bbbb2222']));
    expect(trimmed).toContain('gca=function(e){return e=({0xe6f1b2:"101"})[e]||e');
    const kept = load(trimmed);
    expect(kept.u('7')).toBe('assets/js/common.h7.js');
    expect(kept.u('102')).toBe('assets/js/bbbb2222.h102.js');
    expect(kept.gca('15135154')).toBe('/assets/js/aaaa1111.h101.js');
  });

  it('leaves a runtime without moved chunks as it was', () => {
    expect(trimRuntimeMaps(runtime, new Set())).toBe(runtime);
  });

  it('fails loudly when the runtime does not have the maps where they were', () => {
    expect(() => trimRuntimeMaps('(()=>{var n={};n.p="/"})();', new Set(['1']))).toThrow(/expected at least 1 and 1/);
  });
});

describe('registrationCode', () => {
  it('registers the entries of each section in one global, whichever section loads first', () => {
    const scope: {self: Record<string, unknown>} = {self: {}};
    runInNewContext(registrationCode({files: {'101': 'assets/js/aaaa1111.h101.js'}, ids: {'15135154': '101'}}), scope);
    runInNewContext(registrationCode({files: {'103': 'assets/js/103.h103.js'}, ids: {}}), scope);
    expect(scope.self.__routeSectionChunks).toEqual({
      files: {'101': 'assets/js/aaaa1111.h101.js', '103': 'assets/js/103.h103.js'},
      ids: {'15135154': '101'},
    });
  });
});

describe('movedEntries', () => {
  const chunk = (id: string, name: string | null, files: string[], groups: string[]) => ({
    id,
    name,
    files,
    groupsIterable: groups.map((group) => ({name: group})),
    hasRuntime: () => false,
  });
  const page = chunk('101', 'page-a', ['assets/js/page-a.h101.js'], ['page-a']);
  const shared = chunk('102', null, ['assets/js/102.h102.js'], ['page-a', 'page-b']);
  const alsoElsewhere = chunk('103', null, ['assets/js/103.h103.js'], ['page-a', 'explorer']);
  const styled = chunk('104', null, ['assets/js/104.h104.js', 'assets/css/104.css'], ['page-b']);
  const groups = new Map([
    ['page-a', {chunks: [page, shared, alsoElsewhere]}],
    ['page-b', {chunks: [shared, styled]}],
  ]);
  const sections = [
    {chunkName: 'route-section-0-0', routeChunkNames: ['page-a']},
    {chunkName: 'route-section-0-1', routeChunkNames: ['page-b']},
  ];

  it("gives each section the script chunks that only sectioned routes load, and keeps the others in the runtime", () => {
    expect(movedEntries({namedChunkGroups: groups}, sections)).toEqual([
      {files: {'101': 'assets/js/page-a.h101.js', '102': 'assets/js/102.h102.js'}, ids: {'page-a': '101'}},
      {files: {'102': 'assets/js/102.h102.js'}, ids: {}},
    ]);
  });
});

describe('sectionChunksOf', () => {
  it('reads the chunk names each section file imports', () => {
    const files = {
      'section-0-1.js': 'export const registry = {"a": [() => import(/* webpackChunkName: "x1" */ "@site/a.mdx"), "@site/a.mdx", require.resolveWeak("@site/a.mdx")], "b": [() => import(/* webpackChunkName: "x2" */ "@site/b.json")]};',
      'routes.js': 'import(/* webpackChunkName: "main-only" */ "x")',
    };
    expect(sectionChunksOf(files)).toEqual([{chunkName: 'route-section-0-1', routeChunkNames: ['x1', 'x2']}]);
  });
});
