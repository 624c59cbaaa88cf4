// @ts-check

/**
 * Short page names in a written Pagefind index (pagefind-worker.mjs runs this
 * after Pagefind has written its files).
 *
 * The first query on a site loads the index's metadata (`pagefind.<hash>.pf_meta`),
 * which lists every page: its fragment's name, a content hash such as
 * `en_9db8ea6`, its word count and its fragment group. The hashes are random
 * to gzip, so on a large API the list is a large share of a first search's
 * budget, and Pagefind has no option to name them otherwise. Here each page's
 * fragment is renamed to its number in base 36 (`<key>/1a`), in a folder
 * named by a hash of every page's old name (so of every fragment's content):
 * a new build with any changed page gets a new folder, and every fragment's
 * URL can still be cached for good. The metadata is written again with the
 * new names, under a new hash, and the entry file points at it.
 *
 * Pages are numbered in the metadata's order, which the word index refers to,
 * so the order and everything else stays as Pagefind wrote it. When the files
 * are not what this knows (another Pagefind format, fragment groups), the
 * index is left as it is and the reason is returned: it works, only larger.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';

/** What Pagefind puts before the CBOR of its metadata (inside the gzip). */
export const SIGNATURE = 'pagefind_dcd';

/** The metadata format this knows: [version, pages, index chunks, filters, sorts, meta fields]. */
const META_FIELDS = 6;

/** @typedef {unknown} CborValue A number, string, Uint8Array, or an array or Map of these. */

/**
 * Decodes the CBOR items Pagefind writes (unsigned and negative integers,
 * byte and text strings, arrays and maps of definite length).
 *
 * @param {Uint8Array} bytes
 * @returns {CborValue}
 */
export function decodeCbor(bytes) {
  let offset = 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** @returns {CborValue} */
  const item = () => {
    if (offset >= bytes.length) throw new Error(`CBOR ends early at byte ${offset}`);
    const start = offset;
    const initial = bytes[offset++];
    const major = initial >> 5;
    const info = initial & 31;
    let length;
    if (info < 24) length = info;
    else if (info === 24) length = view.getUint8(offset);
    else if (info === 25) length = view.getUint16(offset);
    else if (info === 26) length = view.getUint32(offset);
    else if (info === 27) length = Number(view.getBigUint64(offset));
    else throw new Error(`CBOR item at byte ${start} has an indefinite length or a float (initial byte 0x${initial.toString(16)}), which Pagefind does not write`);
    if (info >= 24) offset += 2 ** (info - 24);
    switch (major) {
      case 0:
        return length;
      case 1:
        return -1 - length;
      case 2:
      case 3: {
        if (offset + length > bytes.length) throw new Error(`CBOR string at byte ${start} runs past the end`);
        const data = bytes.subarray(offset, offset + length);
        offset += length;
        return major === 2 ? new Uint8Array(data) : new TextDecoder('utf-8', {fatal: true}).decode(data);
      }
      case 4:
        return Array.from({length}, () => item());
      case 5: {
        /** @type {Map<CborValue, CborValue>} */
        const map = new Map();
        for (let index = 0; index < length; index += 1) map.set(item(), item());
        return map;
      }
      default:
        throw new Error(`CBOR item at byte ${start} has major type ${major}, which Pagefind does not write`);
    }
  };
  const value = item();
  if (offset !== bytes.length) throw new Error(`CBOR has ${bytes.length - offset} bytes after its item`);
  return value;
}

/**
 * @param {number} major
 * @param {number} length
 * @returns {number[]}
 */
function head(major, length) {
  const type = major << 5;
  if (length < 24) return [type | length];
  if (length < 0x100) return [type | 24, length];
  if (length < 0x10000) return [type | 25, length >> 8, length & 0xff];
  if (length < 0x100000000) return [type | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff];
  throw new Error(`CBOR length ${length} is too large`);
}

/**
 * Encodes what decodeCbor reads, in the shortest form (as Pagefind writes it).
 *
 * @param {CborValue} value
 * @returns {Buffer}
 */
export function encodeCbor(value) {
  /** @type {(Buffer | number[])[]} */
  const parts = [];
  /** @param {CborValue} item */
  const add = (item) => {
    if (typeof item === 'number') {
      if (!Number.isSafeInteger(item)) throw new Error(`CBOR: ${item} is not an integer`);
      parts.push(item >= 0 ? head(0, item) : head(1, -1 - item));
    } else if (typeof item === 'string') {
      const data = Buffer.from(item, 'utf8');
      parts.push(head(3, data.length), data);
    } else if (item instanceof Uint8Array) {
      parts.push(head(2, item.length), Buffer.from(item));
    } else if (Array.isArray(item)) {
      parts.push(head(4, item.length));
      item.forEach(add);
    } else if (item instanceof Map) {
      parts.push(head(5, item.size));
      for (const [key, entry] of item) {
        add(key);
        add(entry);
      }
    } else {
      throw new Error(`CBOR: cannot encode ${typeof item}`);
    }
  };
  add(value);
  return Buffer.concat(parts.map((part) => (Buffer.isBuffer(part) ? part : Buffer.from(part))));
}

/**
 * One page of a written index, as its fragment file holds it: gzip of a
 * signature followed by the page's JSON (Pagefind's URL, its meta fields and
 * its text). The tests read pages this way.
 *
 * @param {string} file
 * @returns {{url: string, meta: Record<string, string>, content: string}}
 */
export function readFragment(file) {
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  return JSON.parse(text.slice(text.indexOf('{')));
}

/**
 * A page's short name: its number in base 36.
 *
 * @param {number} number
 */
export function pageName(number) {
  return number.toString(36);
}

/**
 * @param {string | Uint8Array} data
 * @param {number} length
 */
function hashOf(data, length) {
  return createHash('sha256').update(data).digest('hex').slice(0, length);
}

/**
 * @typedef {{language: string, pages: number, before: number, after: number}} RenamedLanguage
 * @typedef {{renamed: RenamedLanguage[]} | {skipped: string}} PageNamesReport
 */

/**
 * Renames the pages of the Pagefind index in `indexDir` (the folder with
 * `pagefind-entry.json`) as described at the top of this file. Returns, per
 * language, the pages and the metadata's size before and after (bytes as
 * written, gzip), or why it left the index as it was. Nothing is changed
 * until every language's metadata has been read and checked; a page whose
 * fragment is missing throws, naming the page and the file.
 *
 * @param {string} indexDir
 * @returns {PageNamesReport}
 */
export function shortenPageNames(indexDir) {
  const entryFile = path.join(indexDir, 'pagefind-entry.json');
  const entry = JSON.parse(readFileSync(entryFile, 'utf8'));
  const languages = Object.entries(entry.languages ?? {});
  const plans = [];
  for (const [language, info] of languages) {
    const metaFile = path.join(indexDir, `pagefind.${info.hash}.pf_meta`);
    const written = readFileSync(metaFile);
    const plain = gunzipSync(written);
    if (plain.subarray(0, SIGNATURE.length).toString('latin1') !== SIGNATURE) return {skipped: `${metaFile} does not start with Pagefind's signature "${SIGNATURE}"`};
    const meta = decodeCbor(plain.subarray(SIGNATURE.length));
    if (!Array.isArray(meta) || meta.length !== META_FIELDS || typeof meta[0] !== 'string' || !Array.isArray(meta[1])) {
      return {skipped: `${metaFile} is not the metadata of Pagefind 1.x as this knows it ([version, pages, chunks, filters, sorts, meta fields])`};
    }
    const pages = meta[1];
    for (const [number, page] of pages.entries()) {
      if (!Array.isArray(page) || page.length !== 3 || typeof page[0] !== 'string' || typeof page[1] !== 'number' || typeof page[2] !== 'string') {
        return {skipped: `${metaFile}: page ${number} is not [name, word count, fragment group]`};
      }
      // A page in a fragment group is read from the group's file by its name: renaming it would need the group rewritten.
      if (page[2] !== '') return {skipped: `${metaFile}: page ${number} is in the fragment group "${page[2]}"`};
      if (!/^[\w-]+$/.test(page[0])) return {skipped: `${metaFile}: page ${number} has the name ${JSON.stringify(page[0])}, not a Pagefind hash`};
      const fragment = path.join(indexDir, 'fragment', `${page[0]}.pf_fragment`);
      if (!existsSync(fragment)) throw new Error(`[search] ${metaFile}: page ${number} is ${page[0]}, but its fragment ${fragment} is missing, so the index Pagefind wrote is incomplete`);
    }
    plans.push({language, info, metaFile, written, meta, pages: /** @type {[string, number, string][]} */ (pages)});
  }
  /** @type {RenamedLanguage[]} */
  const renamed = [];
  for (const {language, info, metaFile, written, meta, pages} of plans) {
    const folder = hashOf(pages.map((page) => page[0]).join('\n'), 8);
    mkdirSync(path.join(indexDir, 'fragment', folder), {recursive: true});
    const names = pages.map((page, number) => {
      const name = `${folder}/${pageName(number)}`;
      renameSync(path.join(indexDir, 'fragment', `${page[0]}.pf_fragment`), path.join(indexDir, 'fragment', `${name}.pf_fragment`));
      return name;
    });
    const newMeta = [...meta];
    newMeta[1] = pages.map((page, number) => [names[number], page[1], page[2]]);
    const cbor = encodeCbor(newMeta);
    const hash = `${language}_${hashOf(cbor, 10)}`;
    const compressed = gzipSync(Buffer.concat([Buffer.from(SIGNATURE, 'latin1'), cbor]), {level: 9});
    writeFileSync(path.join(indexDir, `pagefind.${hash}.pf_meta`), compressed);
    if (hash !== info.hash) rmSync(metaFile);
    info.hash = hash;
    renamed.push({language, pages: pages.length, before: written.length, after: compressed.length});
  }
  writeFileSync(entryFile, JSON.stringify(entry));
  return {renamed};
}
