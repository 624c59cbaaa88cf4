import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {readSyncRecord, SyncRecordError, syncGeneratedFiles, writeIfChanged} from '../sync-generated';
import {readWhileWriting} from '../../src/dev-loop/__tests__/concurrent-reader';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

/** Where a test's sync keeps its record: a fresh folder of its own, the record not yet written. */
function recordFile(): string {
  return path.join(folder({}), 'api.synced.json');
}

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
    const output = folder({});
    const record = recordFile();
    syncGeneratedFiles(folder(files), output, record);
    age(output);
    expect(syncGeneratedFiles(folder(files), output, record)).toEqual({written: [], removed: [], unchanged: 4, unrecorded: []});
    expect(touched(output)).toEqual([]);
  });

  it('writes changed and new files, deletes the files it copied before that are no longer made, and leaves every other file alone', () => {
    const output = folder({'guide.mdx': 'mine', 'versions.json': '[]', 'changelog.data.json': '{}', 'changelog.mdx': 'C', '.a.page.json.12.tmp': ''});
    const record = recordFile();
    syncGeneratedFiles(folder({'a.api.mdx': 'A', 'a.page.json': '{}', 'gone.api.mdx': 'G', 'gone.page.json': '{}', 'sidebar.ts': 'S', 'schemas/old.schema.mdx': 'O'}), output, record);
    age(output);
    const staging = folder({'a.api.mdx': 'A', 'a.page.json': '{"changed":true}', 'new.api.mdx': 'N', 'sidebar.ts': 'S2'});
    expect(syncGeneratedFiles(staging, output, record)).toEqual({
      written: ['a.page.json', 'new.api.mdx', 'sidebar.ts'],
      removed: ['gone.api.mdx', 'gone.page.json', 'schemas/old.schema.mdx'],
      unchanged: 1,
      unrecorded: [],
    });
    expect(touched(output)).toEqual(['a.page.json', 'new.api.mdx', 'sidebar.ts']);
    expect(readdirSync(output).sort()).toEqual(['.a.page.json.12.tmp', 'a.api.mdx', 'a.page.json', 'changelog.data.json', 'changelog.mdx', 'guide.mdx', 'new.api.mdx', 'sidebar.ts', 'versions.json']);
    expect(existsSync(path.join(output, 'schemas'))).toBe(false);
    expect(readSyncRecord(record)).toEqual(['a.api.mdx', 'a.page.json', 'new.api.mdx', 'sidebar.ts']);
  });

  it("deletes a version no longer released, with its folders, and keeps a released one's unchanged files", () => {
    const output = folder({});
    const record = recordFile();
    syncGeneratedFiles(folder({'a.api.mdx': 'A', '2.1.0/a.api.mdx': 'A1', '2.1.0/schemas/s.schema.mdx': 'S1', '2.2.0/a.api.mdx': 'A2', '2.2.0/sidebar.ts': 'S2'}), output, record);
    age(output);
    const staging = folder({'a.api.mdx': 'A', '2.2.0/a.api.mdx': 'A2', '2.2.0/sidebar.ts': 'S2 changed'});
    expect(syncGeneratedFiles(staging, output, record)).toEqual({
      written: ['2.2.0/sidebar.ts'],
      removed: ['2.1.0/a.api.mdx', '2.1.0/schemas/s.schema.mdx'],
      unchanged: 2,
      unrecorded: [],
    });
    expect(touched(output)).toEqual(['2.2.0/sidebar.ts']);
    expect(readdirSync(output).sort()).toEqual(['2.2.0', 'a.api.mdx']);
  });

  it('keeps a folder that still holds a file it did not copy', () => {
    const output = folder({'2.1.0/notes.md': 'mine'});
    const record = recordFile();
    syncGeneratedFiles(folder({'2.1.0/a.api.mdx': 'A1'}), output, record);
    expect(syncGeneratedFiles(folder({'b.api.mdx': 'B'}), output, record).removed).toEqual(['2.1.0/a.api.mdx']);
    expect(readdirSync(path.join(output, '2.1.0'))).toEqual(['notes.md']);
  });

  it('without a record of an earlier sync, deletes nothing and names the files the generation did not make', () => {
    const output = folder({'a.api.mdx': 'A', 'old.api.mdx': 'O', 'schemas/old.schema.mdx': 'S', '.x.tmp': ''});
    expect(syncGeneratedFiles(folder({'a.api.mdx': 'A', 'b.api.mdx': 'B'}), output, recordFile())).toEqual({
      written: ['b.api.mdx'],
      removed: [],
      unchanged: 1,
      unrecorded: ['old.api.mdx', 'schemas/old.schema.mdx'],
    });
  });

  it('records every file it may have copied before copying, so a sync that stops halfway deletes them next time', () => {
    // A file where the generation has a folder: the copy into it fails.
    const output = folder({blocked: 'a file'});
    const record = recordFile();
    syncGeneratedFiles(folder({'old.api.mdx': 'O'}), output, record);
    expect(() => syncGeneratedFiles(folder({'a.api.mdx': 'A', 'blocked/b.api.mdx': 'B'}), output, record)).toThrow();
    expect(readSyncRecord(record)).toEqual(['a.api.mdx', 'blocked/b.api.mdx', 'old.api.mdx']);
    rmSync(path.join(output, 'blocked'));
    expect(syncGeneratedFiles(folder({'c.api.mdx': 'C'}), output, record).removed).toEqual(['a.api.mdx', 'old.api.mdx']);
  });

  it('counts a file the generation listed as kept as made and unchanged, in any folder, and deletes what is neither staged nor kept', () => {
    const output = folder({});
    const record = recordFile();
    syncGeneratedFiles(folder({'a.api.mdx': 'A', 'a.page.json': '{}', 'b.page.json': '{}', '2.2.0/c.page.json': '{}', '2.2.0/d.page.json': '{}'}), output, record);
    age(output);
    const staging = folder({'a.api.mdx': 'A', '.kept-files': 'a.page.json\na.page.json\n', '2.2.0/.kept-files': 'c.page.json\n', '2.2.0/e.page.json': '{}'});
    expect(syncGeneratedFiles(staging, output, record)).toEqual({
      written: ['2.2.0/e.page.json'],
      removed: ['2.2.0/d.page.json', 'b.page.json'],
      unchanged: 3,
      unrecorded: [],
    });
    expect(touched(output)).toEqual(['2.2.0/e.page.json']);
    expect(readSyncRecord(record)).toEqual(['2.2.0/c.page.json', '2.2.0/e.page.json', 'a.api.mdx', 'a.page.json']);
  });

  it.each([
    ['../outside.page.json\n', '"../outside.page.json" is not a file name of this folder.'],
    ['.a.page.json.12.tmp\n', '".a.page.json.12.tmp" is not a file name of this folder.'],
  ])('refuses a kept list naming %s', (list, message) => {
    const staging = folder({'.kept-files': list});
    expect(() => syncGeneratedFiles(staging, folder({}), recordFile())).toThrow(new SyncRecordError(`${path.join(staging, '.kept-files')}: ${message}`));
  });

  it('refuses to count as kept a file deleted from the output folder since the generation compared it', () => {
    const output = folder({});
    expect(() => syncGeneratedFiles(folder({'.kept-files': 'a.page.json\n'}), output, recordFile())).toThrow(
      new SyncRecordError(`${path.join(output, 'a.page.json')} was deleted while the pages were generated; run "npm run gen" again.`),
    );
  });

  it.each([
    ['{"files": []}', 'at /, expected a list of file paths, got object.'],
    ['["a.api.mdx", "../../outside.txt"]', 'at /1, "../../outside.txt" is not a relative path inside the output folder.'],
    ['["/etc/passwd"]', 'at /0, "/etc/passwd" is not a relative path inside the output folder.'],
    ['[3]', 'at /0, 3 is not a relative path inside the output folder.'],
  ])('refuses a record %s, naming the file, the place and the cause, and changes nothing', (text, message) => {
    const output = folder({'a.api.mdx': 'A'});
    const record = recordFile();
    writeFileSync(record, text);
    expect(() => syncGeneratedFiles(folder({'b.api.mdx': 'B'}), output, record)).toThrow(new SyncRecordError(`${record}: ${message}`));
    expect(readdirSync(output)).toEqual(['a.api.mdx']);
  });

  it('refuses a record that is not JSON', () => {
    const record = recordFile();
    writeFileSync(record, '[');
    expect(() => readSyncRecord(record)).toThrow(SyncRecordError);
    expect(() => readSyncRecord(record)).toThrow(`${record}: not JSON (`);
  });
});
