import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {isGeneratedFile, listGeneratedFiles, syncGeneratedFiles, writeIfChanged} from '../sync-generated';
import {readWhileWriting} from '../../src/dev-loop/__tests__/concurrent-reader';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gen-sync-'));
  dirs.push(dir);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

/** Sets every file's modification time to the epoch, so a rewrite shows. */
function age(dir: string): void {
  for (const file of readdirSync(dir, {recursive: true, encoding: 'utf8'})) {
    if (statSync(path.join(dir, file)).isFile()) utimesSync(path.join(dir, file), 0, 0);
  }
}

function touched(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => statSync(path.join(dir, file)).isFile() && statSync(path.join(dir, file)).mtimeMs > 0)
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

describe('gen: the generated files', () => {
  it('names what the plugin\'s clean-api-docs deletes: pages, sidebar, JSON but versions.json', () => {
    expect(['a.api.mdx', 'b.info.mdx', 'c.tag.mdx', 'sidebar.ts', 'sidebar.js', 'd.page.json', 'e.json'].filter(isGeneratedFile)).toHaveLength(7);
    expect(['versions.json', '.d.page.json', 'a.api.md', 'a.mdx', 'sidebar.mjs', 'README.md', 'changelog.data.json', 'changelog.mdx'].filter(isGeneratedFile)).toEqual([]);
  });

  it('lists those files, everything in the schemas folder, and the same in each older version\'s folder, not other files', () => {
    const dir = folder({
      'create-contact.api.mdx': '',
      'sidebar.ts': '',
      'create-contact.page.json': '',
      'versions.json': '',
      'guide.mdx': '',
      '.hidden.json': '',
      '.cache/x.page.json': '',
      'schemas/contact.schema.mdx': '',
      'schemas/contact.page.json': '',
      '2.2.0/create-contact.api.mdx': '',
      '2.2.0/sidebar.ts': '',
      '2.2.0/notes.md': '',
      '2.2.0/schemas/contact.schema.mdx': '',
      '2.2.0/nested/deep.api.mdx': '',
    });
    expect(listGeneratedFiles(dir)).toEqual([
      '2.2.0/create-contact.api.mdx',
      '2.2.0/schemas/contact.schema.mdx',
      '2.2.0/sidebar.ts',
      'create-contact.api.mdx',
      'create-contact.page.json',
      'schemas/contact.page.json',
      'schemas/contact.schema.mdx',
      'sidebar.ts',
    ]);
    expect(listGeneratedFiles(path.join(dir, 'missing'))).toEqual([]);
  });
});

describe('gen: copying a generation into the output folder', () => {
  it('writes a file only when its content differs', () => {
    const dir = folder({'a.page.json': '{"a":1}'});
    const file = path.join(dir, 'a.page.json');
    utimesSync(file, 0, 0);
    expect(writeIfChanged(file, Buffer.from('{"a":1}'))).toBe(false);
    expect(statSync(file).mtimeMs).toBe(0);
    expect(writeIfChanged(file, Buffer.from('{"a":2}'))).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('{"a":2}');
    expect(writeIfChanged(path.join(dir, 'new/b.json'), Buffer.from('b'))).toBe(true);
  });

  it('replaces a changed file in one step: a reader beside the writes sees the old page model or the new, never a part', async () => {
    const dir = folder({});
    const file = path.join(dir, 'list-pets.page.json');
    // Large enough that one write takes many reads' time; two contents of different sizes.
    const contents = [Buffer.from(JSON.stringify({model: 'a'.repeat(2_000_000)})), Buffer.from(JSON.stringify({model: 'b'.repeat(3_000_000)}))];
    writeIfChanged(file, contents[0]);
    const report = await readWhileWriting(
      file,
      contents.map((content) => content.length),
      () => {
        for (let write = 1; write <= 40; write += 1) writeIfChanged(file, contents[write % 2]);
      },
    );
    expect(report.reads).toBeGreaterThan(0);
    expect(report.tornSizes).toEqual([]);
    expect(readdirSync(dir)).toEqual(['list-pets.page.json']);
  });

  it('rewrites nothing when the generation is the same', () => {
    const files = {'a.api.mdx': 'A', 'a.page.json': '{}', 'sidebar.ts': 'S', 'schemas/s.schema.mdx': 'X'};
    const output = folder(files);
    age(output);
    expect(syncGeneratedFiles(folder(files), output)).toEqual({written: [], removed: [], unchanged: 4});
    expect(touched(output)).toEqual([]);
  });

  it('writes changed and new files, deletes generated files no longer made, and leaves other files alone', () => {
    const output = folder({
      'a.api.mdx': 'A',
      'a.page.json': '{}',
      'gone.api.mdx': 'G',
      'gone.page.json': '{}',
      'sidebar.ts': 'S',
      'versions.json': '[]',
      'guide.mdx': 'mine',
      'schemas/old.schema.mdx': 'O',
    });
    age(output);
    const staging = folder({'a.api.mdx': 'A', 'a.page.json': '{"changed":true}', 'new.api.mdx': 'N', 'sidebar.ts': 'S2'});
    expect(syncGeneratedFiles(staging, output)).toEqual({
      written: ['a.page.json', 'new.api.mdx', 'sidebar.ts'],
      removed: ['gone.api.mdx', 'gone.page.json', 'schemas/old.schema.mdx'],
      unchanged: 1,
    });
    expect(touched(output)).toEqual(['a.page.json', 'new.api.mdx', 'sidebar.ts']);
    expect(readdirSync(output).sort()).toEqual(['a.api.mdx', 'a.page.json', 'guide.mdx', 'new.api.mdx', 'sidebar.ts', 'versions.json']);
    expect(existsSync(path.join(output, 'schemas'))).toBe(false);
  });

  it("deletes a version no longer released, with its folder, and keeps a released one's unchanged files", () => {
    const output = folder({
      'a.api.mdx': 'A',
      '2.1.0/a.api.mdx': 'A1',
      '2.1.0/schemas/s.schema.mdx': 'S1',
      '2.2.0/a.api.mdx': 'A2',
      '2.2.0/sidebar.ts': 'S2',
    });
    age(output);
    const staging = folder({'a.api.mdx': 'A', '2.2.0/a.api.mdx': 'A2', '2.2.0/sidebar.ts': 'S2 changed'});
    expect(syncGeneratedFiles(staging, output)).toEqual({
      written: ['2.2.0/sidebar.ts'],
      removed: ['2.1.0/a.api.mdx', '2.1.0/schemas/s.schema.mdx'],
      unchanged: 2,
    });
    expect(touched(output)).toEqual(['2.2.0/sidebar.ts']);
    expect(readdirSync(output).sort()).toEqual(['2.2.0', 'a.api.mdx']);
  });
});
