import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {rspack, type Configuration, type RspackPluginInstance} from '@rspack/core';
import {afterAll, describe, expect, it} from 'vitest';
import compileHintsPlugin, {COMPILE_HINT} from '../index';

const workDir = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
afterAll(() => rmSync(workDir, {recursive: true, force: true}));

function pluginsFor(isServer: boolean): RspackPluginInstance[] {
  const configure = compileHintsPlugin().configureWebpack!;
  const result = configure({} as never, isServer, {currentBundler: {name: 'rspack', instance: rspack}} as never, {} as never);
  return (result as {plugins?: RspackPluginInstance[]}).plugins ?? [];
}

/** A real production build, minified without comments as Docusaurus minifies, with a lazy chunk. */
async function build(plugins: RspackPluginInstance[]): Promise<Record<string, string>> {
  const output = path.join(workDir, `out-${plugins.length}`);
  writeFileSync(path.join(workDir, 'entry.js'), "/* dropped */ export function hello() { return import('./later.js'); }\nhello();\n");
  writeFileSync(path.join(workDir, 'later.js'), 'export const later = () => 42;\n');
  const config: Configuration = {
    mode: 'production',
    context: workDir,
    entry: {main: './entry.js'},
    output: {path: output, filename: '[name].[contenthash:8].js', chunkFilename: '[id].[contenthash:8].js'},
    optimization: {minimize: true, minimizer: [new rspack.SwcJsMinimizerRspackPlugin({minimizerOptions: {format: {comments: false}}})], realContentHash: true},
    plugins,
  };
  await new Promise<void>((resolve, reject) => {
    rspack(config).run((error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : resolve()));
  });
  return Object.fromEntries(readdirSync(output).map((file) => [file, readFileSync(path.join(output, file), 'utf8')]));
}

describe('compile-hints plugin', () => {
  it('adds nothing to the server bundle', () => {
    expect(pluginsFor(true)).toEqual([]);
  });

  it('puts the hint on the first line of the minified entry chunk only, and the file name follows the content', async () => {
    const files = await build(pluginsFor(false));
    const main = Object.keys(files).find((file) => file.startsWith('main.'))!;
    const lazy = Object.keys(files).filter((file) => !file.startsWith('main.'));
    expect(files[main]!.split('\n')[0]).toBe(COMPILE_HINT);
    expect(files[main]).not.toContain('dropped');
    expect(lazy.length).toBeGreaterThan(0);
    for (const file of lazy) expect(files[file]).not.toContain(COMPILE_HINT);
    const plain = await build([]);
    const plainMain = Object.keys(plain).find((file) => file.startsWith('main.'))!;
    expect(plainMain).not.toBe(main);
    expect(files[main]).toBe(`${COMPILE_HINT}\n${plain[plainMain]}`);
  });
});
