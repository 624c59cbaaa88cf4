import {existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {cleanGeneratedFiles, isGeneratedFile} from '../gen';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

function outputDir(files: string[], folders: string[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gen-clean-'));
  dirs.push(dir);
  for (const folder of folders) mkdirSync(path.join(dir, folder), {recursive: true});
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), 'x');
  }
  return dir;
}

describe('gen: cleaning the output folder', () => {
  it('deletes what the plugin\'s clean-api-docs deletes: pages, sidebar, JSON but versions.json, the schemas folder', () => {
    const generated = ['create-contact.api.mdx', 'meridian-api.info.mdx', 'contacts.tag.mdx', 'sidebar.ts', 'sidebar.js', 'create-contact.page.json', 'contacts.page.json'];
    const kept = ['versions.json', 'guide.mdx', 'notes.md', '.hidden.json', 'api.mdx', 'sidebar.tsx', 'nested/deep.api.mdx', 'nested/x.page.json'];
    const dir = outputDir([...generated, ...kept, 'schemas/contact.schema.mdx', 'schemas/contact.page.json'], ['folder.json']);
    expect(cleanGeneratedFiles(dir)).toBe(generated.length + 1);
    expect(existsSync(path.join(dir, 'schemas'))).toBe(false);
    const left = readdirSync(dir, {recursive: true, encoding: 'utf8'}).sort();
    expect(left).toEqual([...kept, 'folder.json', 'nested'].sort());
  });

  it('names the same files as generated', () => {
    expect(['a.api.mdx', 'b.info.mdx', 'c.tag.mdx', 'sidebar.ts', 'sidebar.js', 'd.page.json', 'e.json'].filter(isGeneratedFile)).toHaveLength(7);
    expect(['versions.json', '.d.page.json', 'a.api.md', 'a.mdx', 'sidebar.mjs', 'README.md'].filter(isGeneratedFile)).toEqual([]);
  });

  it('takes a missing folder as nothing to clean, and a schemas file (not folder) as what it is', () => {
    expect(cleanGeneratedFiles(path.join(tmpdir(), 'gen-clean-missing-folder'))).toBe(0);
    const dir = outputDir(['schemas']);
    expect(cleanGeneratedFiles(dir)).toBe(0);
    expect(existsSync(path.join(dir, 'schemas'))).toBe(true);
  });
});
