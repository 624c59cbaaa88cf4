import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';
import * as pagefind from 'pagefind';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import {decodeCbor, encodeCbor, pageName, readFragment, shortenPageNames, SIGNATURE} from '../page-names.mjs';

type Meta = [string, [string, number, string][], ...unknown[]];

function readEntry(indexDir: string): {languages: Record<string, {hash: string; page_count: number}>} {
  return JSON.parse(readFileSync(path.join(indexDir, 'pagefind-entry.json'), 'utf8'));
}

function readMeta(indexDir: string, hash: string): Meta {
  const plain = gunzipSync(readFileSync(path.join(indexDir, `pagefind.${hash}.pf_meta`)));
  expect(plain.subarray(0, SIGNATURE.length).toString('latin1')).toBe(SIGNATURE);
  return decodeCbor(plain.subarray(SIGNATURE.length)) as Meta;
}

function fragmentUrl(indexDir: string, name: string): string {
  return readFragment(path.join(indexDir, 'fragment', `${name}.pf_fragment`)).url;
}

/** Writes a real Pagefind index of `count` pages into `<root>/site/pagefind`. */
async function writeIndex(root: string, count: number): Promise<string> {
  const site = path.join(root, 'site');
  for (let number = 0; number < count; number += 1) {
    mkdirSync(path.join(site, 'docs'), {recursive: true});
    writeFileSync(
      path.join(site, 'docs', `page-${number}.html`),
      `<html lang="en"><body><main data-pagefind-body><h1>Operation ${number}</h1><p>Lists the contacts of campaign ${number} with their tags.</p></main></body></html>`,
    );
  }
  const {index} = await pagefind.createIndex({forceLanguage: 'en'});
  await index!.addDirectory({path: site});
  const indexDir = path.join(site, 'pagefind');
  await index!.writeFiles({outputPath: indexDir});
  return indexDir;
}

describe('CBOR', () => {
  it('decodes and encodes every kind Pagefind writes, in the shortest form', () => {
    const value = ['1.6.0', [['en_9db8ea6', 105, ''], ['en_6f9d39b', 70000, 'g']], -3, 23, 24, 255, 256, 65535, 65536, 2 ** 32 - 1, new Uint8Array([1, 2]), new Map([['a', [1]]])];
    const bytes = encodeCbor(value);
    expect(decodeCbor(bytes)).toEqual(value);
    expect([...encodeCbor(23)]).toEqual([23]);
    expect([...encodeCbor(24)]).toEqual([24, 24]);
    expect([...encodeCbor(256)]).toEqual([25, 1, 0]);
    expect([...encodeCbor('é')]).toEqual([0x62, 0xc3, 0xa9]);
  });

  it('names the byte of an item it cannot read', () => {
    expect(() => decodeCbor(new Uint8Array([0x82, 0x01]))).toThrow('CBOR ends early at byte 2');
    expect(() => decodeCbor(new Uint8Array([0x81, 0x9f, 0xff]))).toThrow('CBOR item at byte 1 has an indefinite length or a float');
    expect(() => decodeCbor(new Uint8Array([0x81, 0xf9, 0, 0]))).toThrow('CBOR item at byte 1 has major type 7, which Pagefind does not write');
    expect(() => decodeCbor(new Uint8Array([0x63, 0x61]))).toThrow('CBOR string at byte 0 runs past the end');
    expect(() => decodeCbor(new Uint8Array([0x01, 0x02]))).toThrow('CBOR has 1 bytes after its item');
  });
});

describe('shortenPageNames', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'page-names-'));
  });
  afterAll(async () => {
    await pagefind.close();
    rmSync(root, {recursive: true, force: true});
  });

  it("names each page by its number in a folder named by every page's hash, keeps everything else, and points the entry at the new metadata", async () => {
    const indexDir = await writeIndex(path.join(root, 'a'), 40);
    const before = readEntry(indexDir).languages.en!;
    const oldMeta = readMeta(indexDir, before.hash);
    // The codec reads Pagefind's own file and writes it back byte for byte.
    const plain = gunzipSync(readFileSync(path.join(indexDir, `pagefind.${before.hash}.pf_meta`)));
    expect(encodeCbor(decodeCbor(plain.subarray(SIGNATURE.length)) as never).equals(plain.subarray(SIGNATURE.length))).toBe(true);
    const urls = oldMeta[1].map(([name]) => fragmentUrl(indexDir, name));

    const report = shortenPageNames(indexDir);

    const after = readEntry(indexDir).languages.en!;
    expect(after.hash).not.toBe(before.hash);
    expect(after.page_count).toBe(40);
    expect(existsSync(path.join(indexDir, `pagefind.${before.hash}.pf_meta`))).toBe(false);
    const meta = readMeta(indexDir, after.hash);
    const folder = meta[1][0]![0].split('/')[0]!;
    expect(folder).toMatch(/^[0-9a-f]{8}$/);
    expect(meta[1].map(([name]) => name)).toEqual(oldMeta[1].map((_, number) => `${folder}/${pageName(number)}`));
    expect(meta[1].map(([, words, group]) => [words, group])).toEqual(oldMeta[1].map(([, words, group]) => [words, group]));
    expect(meta.slice(2)).toEqual(oldMeta.slice(2));
    expect(meta[0]).toBe(oldMeta[0]);
    // The same page behind each number, and no fragment left under its old name.
    expect(meta[1].map(([name]) => fragmentUrl(indexDir, name))).toEqual(urls);
    expect(readdirSync(path.join(indexDir, 'fragment')).filter((file) => file.endsWith('.pf_fragment'))).toEqual([]);
    expect(report).toEqual({renamed: [{language: 'en', pages: 40, before: expect.any(Number), after: statSize(indexDir, after.hash)}]});
    expect(pageName(40)).toBe('14');
  });

  it('gives a new folder when any page changes, and the same one for the same pages', async () => {
    const first = await writeIndex(path.join(root, 'b'), 3);
    const same = await writeIndex(path.join(root, 'c'), 3);
    const folderOf = (indexDir: string) => {
      shortenPageNames(indexDir);
      return readMeta(indexDir, readEntry(indexDir).languages.en!.hash)[1][0]![0].split('/')[0];
    };
    const folder = folderOf(first);
    expect(folderOf(same)).toBe(folder);
    const changed = await writeIndex(path.join(root, 'd'), 2);
    expect(folderOf(changed)).not.toBe(folder);
  });

  it('leaves an index with fragment groups as Pagefind wrote it, and says why', async () => {
    const indexDir = await writeIndex(path.join(root, 'e'), 2);
    const entryBefore = readFileSync(path.join(indexDir, 'pagefind-entry.json'), 'utf8');
    const hash = readEntry(indexDir).languages.en!.hash;
    const meta = readMeta(indexDir, hash);
    meta[1][1]![2] = 'en_group1';
    const metaFile = path.join(indexDir, `pagefind.${hash}.pf_meta`);
    writeFileSync(metaFile, gzipSync(Buffer.concat([Buffer.from(SIGNATURE, 'latin1'), encodeCbor(meta as never)])));
    const fragments = readdirSync(path.join(indexDir, 'fragment')).sort();

    expect(shortenPageNames(indexDir)).toEqual({skipped: `${metaFile}: page 1 is in the fragment group "en_group1"`});
    expect(readFileSync(path.join(indexDir, 'pagefind-entry.json'), 'utf8')).toBe(entryBefore);
    expect(readdirSync(path.join(indexDir, 'fragment')).sort()).toEqual(fragments);
  });

  it('stops with the page and the file when a fragment the metadata lists is missing, before it renames any', async () => {
    const indexDir = await writeIndex(path.join(root, 'g'), 3);
    const hash = readEntry(indexDir).languages.en!.hash;
    const metaFile = path.join(indexDir, `pagefind.${hash}.pf_meta`);
    const [, [first, second]] = readMeta(indexDir, hash);
    const missing = path.join(indexDir, 'fragment', `${second![0]}.pf_fragment`);
    rmSync(missing);
    expect(() => shortenPageNames(indexDir)).toThrow(`[search] ${metaFile}: page 1 is ${second![0]}, but its fragment ${missing} is missing`);
    expect(existsSync(path.join(indexDir, 'fragment', `${first![0]}.pf_fragment`))).toBe(true);
    expect(existsSync(metaFile)).toBe(true);
  });

  it('leaves metadata of another shape alone', async () => {
    const indexDir = await writeIndex(path.join(root, 'f'), 1);
    const hash = readEntry(indexDir).languages.en!.hash;
    const metaFile = path.join(indexDir, `pagefind.${hash}.pf_meta`);
    writeFileSync(metaFile, gzipSync(Buffer.concat([Buffer.from(SIGNATURE, 'latin1'), encodeCbor(['2.0.0', []])])));
    expect(shortenPageNames(indexDir)).toEqual({skipped: expect.stringContaining(`${metaFile} is not the metadata of Pagefind 1.x`)});
    writeFileSync(metaFile, gzipSync(Buffer.from('{"pages":[]}')));
    expect(shortenPageNames(indexDir)).toEqual({skipped: `${metaFile} does not start with Pagefind's signature "pagefind_dcd"`});
  });
});

function statSize(indexDir: string, hash: string): number {
  return readFileSync(path.join(indexDir, `pagefind.${hash}.pf_meta`)).length;
}
