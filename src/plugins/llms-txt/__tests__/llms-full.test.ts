import {mkdtemp, readdir, readFile, rm, stat} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {llmsDetails} from '../index';
import {formatLlmsFull, llmsSections, type LlmsSiteInfo, type TwinPage, type TwinPageWithMarkdown} from '../llms';
import {partSlug, writeLlmsFull} from '../llms-full';
import {DEFAULT_MAX_FILE_BYTES} from '../llms-options';
import {formatBytes} from '../../../spec-source/format-units';

const site: LlmsSiteInfo = {url: 'https://docs.example', baseUrl: '/'};
const heading = {title: 'Big API', summary: 'Everything.', details: llmsDetails(site, '/docs')};
const splitDetails = llmsDetails(site, '/docs', {split: true});
const CLOUDFLARE_FILE_LIMIT = 25 * 1024 * 1024;

let outDir: string | undefined;
afterEach(async () => {
  if (outDir) await rm(outDir, {recursive: true, force: true});
  outDir = undefined;
});

/** A generated reference: `tags` tags of `perTag` operations, each twin about `twinBytes` long. */
function generatedReference(tags: number, perTag: number, twinBytes: number): TwinPageWithMarkdown[] {
  const pages: TwinPageWithMarkdown[] = [{route: '/docs', kind: 'doc', title: 'Docs', description: '', markdown: '# Docs\n\nStart here.\n'}];
  for (let t = 0; t < tags; t += 1) {
    const tag = `Tag ${t}`;
    pages.push({route: `/docs/api/tag-${t}`, kind: 'tag', title: tag, description: '', tag, markdown: `# ${tag}\n\nThe ${tag} operations.\n`});
    for (let o = 0; o < perTag; o += 1) {
      const title = `Operation ${t}.${o}`;
      const body = `Field ${o} of ${tag}. `.repeat(Math.ceil(twinBytes / 20)).slice(0, twinBytes);
      pages.push({route: `/docs/api/op-${t}-${o}`, kind: 'operation', title, description: '', tag, markdown: `# ${title}\n\n${body}\n`});
    }
  }
  return pages;
}

async function write(pages: TwinPageWithMarkdown[], maxFileBytes: number) {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'llms-full-'));
  const sections = llmsSections(pages, {docsRoute: '/docs', optionalRoutes: [], optionalLinks: []}, site);
  const markdownOf = (page: TwinPage) => (page as TwinPageWithMarkdown).markdown;
  const result = await writeLlmsFull({outDir, heading, splitDetails, pages, sections, site, markdownOf, maxFileBytes});
  return {result, sections, dir: outDir};
}

async function filesUnder(dir: string): Promise<{file: string; bytes: number}[]> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true});
  return Promise.all(
    entries.filter((entry) => entry.isFile()).map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return {file: path.relative(dir, file), bytes: (await stat(file)).size};
    }),
  );
}

/** The twins' source lines of a file, in order. */
const sources = (text: string) => [...text.matchAll(/^Source: (\S+)$/gm)].map((match) => match[1]);

describe('writeLlmsFull', () => {
  it('writes the whole reference, as before, when it fits', async () => {
    const pages = generatedReference(3, 4, 200);
    const {result, sections, dir} = await write(pages, DEFAULT_MAX_FILE_BYTES);
    const text = await readFile(path.join(dir, 'llms-full.txt'), 'utf8');
    expect(text).toBe(formatLlmsFull(heading, pages, sections, site));
    expect(result).toEqual({bytes: Buffer.byteLength(text), parts: [], totalBytes: Buffer.byteLength(text)});
    expect((await filesUnder(dir)).map(({file}) => file)).toEqual(['llms-full.txt']);
  });

  it('splits a reference over 25 MiB into parts per tag, none over the default limit', async () => {
    // 3 tags of 700 operations of 15 KB: about 31 MB of Markdown.
    const pages = generatedReference(3, 700, 15_000);
    const {result, sections, dir} = await write(pages, DEFAULT_MAX_FILE_BYTES);
    expect(result.totalBytes).toBeGreaterThan(CLOUDFLARE_FILE_LIMIT);
    const files = await filesUnder(dir);
    for (const {file, bytes} of files) expect(bytes, file).toBeLessThanOrEqual(DEFAULT_MAX_FILE_BYTES);
    expect(files.map(({file}) => file).sort()).toEqual(['llms-full.txt', 'llms-full/api-reference-tag-0.txt', 'llms-full/api-reference-tag-1.txt', 'llms-full/api-reference-tag-2.txt', 'llms-full/docs.txt']);

    const index = await readFile(path.join(dir, 'llms-full.txt'), 'utf8');
    expect(index.startsWith('# Big API\n\n> Everything.\n\nEvery documentation page is also published as Markdown')).toBe(true);
    expect(index).toContain('The whole reference, in parts listed in https://docs.example/llms-full.txt.');
    expect(index).toContain(`The whole reference is ${formatBytes(result.totalBytes)}, over the 20 MB that one file may hold here, so it is published in 4 parts`);
    expect(index.split('## Parts\n\n')[1]!.trimEnd().split('\n')).toEqual([
      `- [Docs](https://docs.example/llms-full/docs.txt): 1 page, ${formatBytes(result.parts[0]!.bytes)}.`,
      ...[0, 1, 2].map((t) => `- [API reference: Tag ${t}](https://docs.example/llms-full/api-reference-tag-${t}.txt): 701 pages, ${formatBytes(result.parts[t + 1]!.bytes)}.`),
    ]);

    // Every page exactly once, in the reading order of the whole file.
    const whole = sources(formatLlmsFull(heading, pages, sections, site));
    const inParts: string[] = [];
    for (const part of result.parts) {
      const text = await readFile(path.join(dir, part.file), 'utf8');
      expect(text.startsWith(`# Big API: ${part.section}\n\n> Part of the whole reference; every part is listed in https://docs.example/llms-full.txt.\n\n---\n\n# `)).toBe(true);
      inParts.push(...sources(text));
    }
    expect(inParts).toEqual(whole);
  });

  it('splits a section over the limit into numbered parts, and gives a twin over the limit a part of its own', async () => {
    const pages = generatedReference(1, 30, 1000);
    const huge = pages.find((page) => page.route === '/docs/api/op-0-10')!;
    huge.markdown = `# Huge\n\n${'x'.repeat(20_000)}\n`;
    const {result, dir} = await write(pages, 8 * 1024);
    expect(result.parts.map(({file, pages: count}) => `${file} ${count}`)).toEqual([
      'llms-full/docs.txt 1',
      'llms-full/api-reference-tag-0.txt 9',
      'llms-full/api-reference-tag-0-part-2.txt 2',
      'llms-full/api-reference-tag-0-part-3.txt 1',
      'llms-full/api-reference-tag-0-part-4.txt 7',
      'llms-full/api-reference-tag-0-part-5.txt 7',
      'llms-full/api-reference-tag-0-part-6.txt 5',
    ]);
    for (const {file, bytes} of await filesUnder(dir)) {
      if (file !== 'llms-full/api-reference-tag-0-part-3.txt') expect(bytes, file).toBeLessThanOrEqual(8 * 1024);
    }
    expect(await readFile(path.join(dir, 'llms-full/api-reference-tag-0-part-3.txt'), 'utf8')).toMatch(/^# Big API: API reference: Tag 0 \(part 3\)\n[^]*Source: https:\/\/docs\.example\/docs\/api\/op-0-10\n/);
    expect(await readFile(path.join(dir, 'llms-full.txt'), 'utf8')).toContain('- [API reference: Tag 0 (part 2)](https://docs.example/llms-full/api-reference-tag-0-part-2.txt): 2 pages');
  });

  it('names parts after their section, in any script, each name once', () => {
    expect(partSlug('API reference: Repos')).toBe('api-reference-repos');
    expect(partSlug('API reference: Équipes & Öffnungszeiten')).toBe('api-reference-équipes-öffnungszeiten');
    expect(partSlug('API reference: 用户')).toBe('api-reference-用户');
    expect(partSlug('***')).toBe('part');
  });
});
