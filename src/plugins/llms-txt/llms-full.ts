/**
 * Writing llms-full.txt: whole when it fits in `maxFileBytes`, else as an
 * index of parts, one per llms.txt section (a tag's pages, the schemas, ...),
 * each its own file at a stable URL, none over the limit (static hosts such
 * as Cloudflare Pages refuse a file over 25 MiB).
 */
import {createWriteStream} from 'node:fs';
import {mkdir, rm} from 'node:fs/promises';
import {once} from 'node:events';
import path from 'node:path';

import {formatBytes} from '../../spec-source/format-units';
import {absoluteUrl, formatLink, llmsFullOrder, llmsFullTwin, llmsHeading, type LlmsSection, type LlmsSiteInfo, type TwinPage} from './llms';

/** Folder of the parts of a split llms-full.txt, relative to the build output. */
export const LLMS_FULL_PARTS_DIR = 'llms-full';

/** One file of a split llms-full.txt. */
export interface LlmsFullPart {
  /** The llms.txt section whose pages it holds; a large section takes several parts. */
  section: string;
  /** 1 for a section's first part, 2 for its second, ... */
  piece: number;
  /** Path relative to the build output: `llms-full/api-reference-repos.txt`. */
  file: string;
  pages: number;
  bytes: number;
}

export interface LlmsFullResult {
  /** Bytes of llms-full.txt itself (the whole reference, or the index of its parts). */
  bytes: number;
  /** Empty when llms-full.txt holds the whole reference. */
  parts: LlmsFullPart[];
  /** Bytes of the whole reference, parts together. */
  totalBytes: number;
}

export interface LlmsFullInputs {
  outDir: string;
  heading: {title: string; summary: string; details: string};
  /** The heading's details when the reference is split (it names the index rather than one file). */
  splitDetails: string;
  pages: readonly TwinPage[];
  sections: LlmsSection[];
  site: LlmsSiteInfo;
  markdownOf: (page: TwinPage) => string;
  maxFileBytes: number;
}

/** A file name from a section title: "API reference: Repos" → `api-reference-repos`; letters of any script kept. */
export function partSlug(title: string): string {
  const slug = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 80).replace(/-+$/, '') || 'part';
}

/** A file written chunk by chunk that refuses a chunk taking it past `maxBytes` (`write` returns false). */
class BoundedFile {
  readonly stream;
  bytes = 0;
  constructor(
    readonly file: string,
    readonly maxBytes: number,
  ) {
    this.stream = createWriteStream(file, {encoding: 'utf8'});
  }

  async write(chunk: string, {force = false} = {}): Promise<boolean> {
    const size = Buffer.byteLength(chunk);
    if (!force && this.bytes + size > this.maxBytes) return false;
    this.bytes += size;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
    return true;
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
}

/** llms-full.txt whole, unless it would pass `maxFileBytes`: then nothing is kept and the result is undefined. */
async function writeWhole(inputs: LlmsFullInputs, file: string): Promise<number | undefined> {
  const out = new BoundedFile(file, inputs.maxFileBytes);
  let fits = true;
  try {
    fits = await out.write(llmsHeading(inputs.heading));
    for (const {page} of fits ? llmsFullOrder(inputs.pages, inputs.sections, inputs.site) : []) {
      if (!(await out.write(llmsFullTwin(page, inputs.markdownOf(page), inputs.site)))) {
        fits = false;
        break;
      }
    }
    if (fits) fits = await out.write('\n');
  } finally {
    await out.close();
  }
  if (fits) return out.bytes;
  await rm(file, {force: true});
  return undefined;
}

/**
 * Writes `llms-full.txt` into `outDir`: the whole reference when it fits in
 * `maxFileBytes`, else an index (the heading, then a list of parts) and the
 * parts under `llms-full/`, the pages of each llms.txt section in one part,
 * or in several (`<section>-part-2.txt`, ...) when a section alone is over
 * the limit. A single twin over the limit gets a part of its own.
 */
export async function writeLlmsFull(inputs: LlmsFullInputs): Promise<LlmsFullResult> {
  const {outDir, site, maxFileBytes} = inputs;
  const indexFile = path.join(outDir, 'llms-full.txt');
  await rm(path.join(outDir, LLMS_FULL_PARTS_DIR), {recursive: true, force: true});
  const whole = await writeWhole(inputs, indexFile);
  if (whole !== undefined) return {bytes: whole, parts: [], totalBytes: whole};

  // Sections in reading order, each with its pages.
  const groups = new Map<string, TwinPage[]>();
  for (const {page, section} of llmsFullOrder(inputs.pages, inputs.sections, inputs.site)) {
    const title = section ?? 'Other pages';
    const group = groups.get(title);
    if (group) group.push(page);
    else groups.set(title, [page]);
  }
  await mkdir(path.join(outDir, LLMS_FULL_PARTS_DIR), {recursive: true});
  const usedNames = new Set<string>();
  const uniqueName = (base: string) => {
    let name = base;
    for (let n = 2; usedNames.has(name); n += 1) name = `${base}-${n}`;
    usedNames.add(name);
    return name;
  };
  const indexUrl = absoluteUrl('/llms-full.txt', site, {underBaseUrl: true});
  const parts: LlmsFullPart[] = [];
  for (const [section, pages] of groups) {
    const slug = uniqueName(partSlug(section));
    let piece = 0;
    let out: BoundedFile | undefined;
    let part: LlmsFullPart | undefined;
    const open = async () => {
      piece += 1;
      const name = piece === 1 ? slug : uniqueName(`${slug}-part-${piece}`);
      part = {section, piece, file: `${LLMS_FULL_PARTS_DIR}/${name}.txt`, pages: 0, bytes: 0};
      out = new BoundedFile(path.join(outDir, part.file), maxFileBytes);
      const title = `${inputs.heading.title}: ${section}${piece > 1 ? ` (part ${piece})` : ''}`;
      await out.write(llmsHeading({title, summary: `Part of the whole reference; every part is listed in ${indexUrl}.`, details: ''}), {force: true});
    };
    const close = async () => {
      if (!out || !part) return;
      await out.write('\n', {force: true});
      await out.close();
      part.bytes = out.bytes;
      parts.push(part);
    };
    await open();
    for (const page of pages) {
      const twin = llmsFullTwin(page, inputs.markdownOf(page), site);
      if (!(await out!.write(twin))) {
        // A part that already holds a page moves on to the next; an empty one takes even a twin over the limit.
        if (part!.pages > 0) {
          await close();
          await open();
        }
        await out!.write(twin, {force: true});
      }
      part!.pages += 1;
    }
    await close();
  }

  const totalBytes = parts.reduce((sum, part) => sum + part.bytes, 0);
  const intro = `The whole reference is ${formatBytes(totalBytes)}, over the ${formatBytes(maxFileBytes)} that one file may hold here, so it is published in ${parts.length} parts, one per section of llms.txt (a large section in several); each part is Markdown, its pages in reading order.`;
  const links = parts.map((part) =>
    formatLink({
      title: part.piece > 1 ? `${part.section} (part ${part.piece})` : part.section,
      url: absoluteUrl(`/${part.file}`, site, {underBaseUrl: true}),
      description: `${part.pages} ${part.pages === 1 ? 'page' : 'pages'}, ${formatBytes(part.bytes)}.`,
    }),
  );
  const index = `${llmsHeading({...inputs.heading, details: inputs.splitDetails})}\n\n${intro}\n\n## Parts\n\n${links.join('\n')}\n`;
  const out = new BoundedFile(indexFile, Infinity);
  await out.write(index);
  await out.close();
  return {bytes: out.bytes, parts, totalBytes};
}
