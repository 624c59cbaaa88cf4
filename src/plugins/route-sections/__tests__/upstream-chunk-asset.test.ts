import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';

const require = createRequire(import.meta.url);

// Docusaurus's ChunkAssetPlugin, as installed: ../chunk-maps.ts rewrites the
// chunk name map it writes into the runtime (`__webpack_require__.gca`), and
// chunk-maps.test.ts builds its runtime fixture in this shape.
const CHUNK_ASSET_PLUGIN = require.resolve('@docusaurus/core/lib/webpack/plugins/ChunkAssetPlugin.js');

describe("the core's ChunkAssetPlugin, whose runtime map src/plugins/route-sections/chunk-maps.ts rewrites", () => {
  it('still writes `gca` as one object literal of chunk name to chunk id, then publicPath + the chunk file name', () => {
    const source = readFileSync(CHUNK_ASSET_PLUGIN, 'utf8');
    expect(source).toContain("const DocusaurusGetChunkAssetFn = '__webpack_require__.gca';");
    expect(source).toContain(
      '${DocusaurusGetChunkAssetFn} = function(chunkId) { chunkId = ${JSON.stringify(chunkNameToId)}[chunkId]||chunkId; return ${publicPath} + ${getChunkScriptFilename}(chunkId); };',
    );
  });
});
