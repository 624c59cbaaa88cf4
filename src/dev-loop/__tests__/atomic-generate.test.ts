import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {createAtomicGenerate, install} from '../atomic-generate.cjs';
import {readWhileWriting} from './concurrent-reader';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'atomic-generate-'));
  dirs.push(dir);
  return dir;
}

describe('generate, replacing the generated file in one step', () => {
  it('a reader beside the writes sees the old content or the new, never a part', async () => {
    const dir = folder();
    const generate = createAtomicGenerate();
    // Large enough that one write takes many reads' time; two contents of different sizes.
    const contents = [JSON.stringify({docs: 'a'.repeat(2_000_000)}), JSON.stringify({docs: 'b'.repeat(3_000_000)})];
    await generate(dir, 'metadata.json', contents[0]);
    const report = await readWhileWriting(
      path.join(dir, 'metadata.json'),
      contents.map((content) => Buffer.byteLength(content)),
      async () => {
        for (let write = 1; write <= 40; write += 1) await generate(dir, 'metadata.json', contents[write % 2]);
      },
    );
    expect(report.reads).toBeGreaterThan(0);
    expect(report.tornSizes).toEqual([]);
    expect(readdirSync(dir)).toEqual(['metadata.json']);
  });

  it('writes a new file with its folders, and leaves an unchanged one alone, as Docusaurus does', async () => {
    const dir = folder();
    const generate = createAtomicGenerate();
    await generate(dir, 'plugin/default/routes.json', '{"a":1}');
    expect(readFileSync(path.join(dir, 'plugin/default/routes.json'), 'utf8')).toBe('{"a":1}');
    utimesSync(path.join(dir, 'plugin/default/routes.json'), 0, 0);
    await generate(dir, 'plugin/default/routes.json', '{"a":1}');
    expect(statSync(path.join(dir, 'plugin/default/routes.json')).mtimeMs).toBe(0);
    await generate(dir, 'plugin/default/routes.json', '{"a":2}');
    expect(readFileSync(path.join(dir, 'plugin/default/routes.json'), 'utf8')).toBe('{"a":2}');
    expect(statSync(path.join(dir, 'plugin/default/routes.json')).mtimeMs).toBeGreaterThan(0);
  });

  it('compares with a file written before it started, and always writes with skipCache', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'registry.js'), 'export default {};');
    utimesSync(path.join(dir, 'registry.js'), 0, 0);
    const generate = createAtomicGenerate();
    await generate(dir, 'registry.js', 'export default {};');
    expect(statSync(path.join(dir, 'registry.js')).mtimeMs).toBe(0);
    await generate(dir, 'registry.js', 'export default {};', true);
    expect(statSync(path.join(dir, 'registry.js')).mtimeMs).toBeGreaterThan(0);
  });

  it('install refuses a module without generate, naming the seam', () => {
    expect(() => install({})).toThrow('[start] @docusaurus/utils lib/emitUtils.js has no generate function any more; see seam 19 in src/plugins/README.md');
  });
});

describe('upstream: Docusaurus writes its generated files through @docusaurus/utils generate, which truncates then fills', () => {
  const core = path.dirname(require.resolve('@docusaurus/core/package.json'));
  const utils = path.dirname(createRequire(path.join(core, 'package.json')).resolve('@docusaurus/utils/package.json'));
  const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');

  it('emitUtils.js writes with outputFile (not in one step) and exports generate as a plain property', () => {
    expect(read(utils, 'lib/emitUtils.js')).toContain('await fs_extra_1.default.outputFile(filepath, content);');
    const emitUtils = createRequire(__filename)(path.join(utils, 'lib/emitUtils.js')) as Record<string, unknown>;
    const descriptor = Object.getOwnPropertyDescriptor(emitUtils, 'generate');
    expect(typeof descriptor?.value).toBe('function');
    expect(descriptor?.writable).toBe(true);
  });

  it("the package's index reads generate from emitUtils at each call, so the replaced one is called", () => {
    expect(read(utils, 'lib/index.js')).toContain('Object.defineProperty(exports, "generate", { enumerable: true, get: function () { return emitUtils_1.generate; } });');
  });

  it("plugins' data (createData) and the site's files (codegen) are written through it", () => {
    expect(read(core, 'lib/server/plugins/actions.js')).toContain('await (0, utils_1.generate)(dataDir, name, dataString);');
    expect(read(core, 'lib/server/codegen/codegen.js')).toContain("(0, utils_1.generate)(generatedFilesDir, 'globalData.json'");
  });

  it('the preload installs it in the @docusaurus/utils the core imports', () => {
    const preload = read(path.join(__dirname, '..'), 'dev-server-preload.cjs');
    expect(preload).toContain("createRequire(corePackage).resolve('@docusaurus/utils/package.json')");
    expect(existsSync(path.join(utils, 'lib/emitUtils.js'))).toBe(true);
  });
});
