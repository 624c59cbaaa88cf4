// For `docusaurus start` under `npm start` (preloaded by
// dev-server-preload.cjs): the files Docusaurus generates into `.docusaurus/`
// while the development server runs are replaced in one step, so the
// bundler never reads one half-written.
//
// Docusaurus 3.10's `generate` (@docusaurus/utils, lib/emitUtils.js), which
// writes every plugin's data (createData) and the site's routes, registry
// and global data, writes with fs-extra's outputFile: the file is truncated,
// then filled. A plugin reload (a save of the description) writes these
// while the bundler compiles the save's pages, and the bundler read a file
// in between: "JSON parse error: Unexpected end of JSON", and the error
// overlay over the page.
// Seam 19 in src/plugins/README.md; guard: src/dev-loop/__tests__/atomic-generate.test.ts.
'use strict';

const {createHash} = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

/** Distinguishes the temporary files of concurrent writes of the same file in this process. */
let sequence = 0;

/**
 * Writes `content` to `file` (creating its folders) through a temporary file
 * beside it that is then renamed over it: a reader sees the old content or
 * the new, never a part.
 *
 * @param {string} file
 * @param {string | Buffer} content
 */
async function writeFileAtomically(file, content) {
  await fs.promises.mkdir(path.dirname(file), {recursive: true});
  sequence += 1;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${sequence}.tmp`);
  try {
    await fs.promises.writeFile(temporary, content);
    await fs.promises.rename(temporary, file);
  } catch (error) {
    await fs.promises.rm(temporary, {force: true});
    throw error;
  }
}

/** @param {string | Buffer} content */
const hashOf = (content) => createHash('sha256').update(content).digest('hex');

/**
 * `generate(generatedFilesDir, file, content, skipCache)` as Docusaurus
 * defines it (write only when the content differs from what this process
 * last wrote or what the file holds; always with skipCache), writing
 * with writeFileAtomically.
 *
 * @returns {(generatedFilesDir: string, file: string, content: string, skipCache?: boolean) => Promise<void>}
 */
function createAtomicGenerate() {
  /** @type {Map<string, string>} */
  const written = new Map();
  return async (generatedFilesDir, file, content, skipCache = process.env.NODE_ENV === 'production') => {
    const filepath = path.resolve(generatedFilesDir, file);
    const hash = hashOf(content);
    if (!skipCache) {
      let last = written.get(filepath);
      if (last === undefined) {
        try {
          last = hashOf(await fs.promises.readFile(filepath, 'utf8'));
        } catch (error) {
          if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
        }
      }
      if (last === hash) {
        written.set(filepath, hash);
        return;
      }
    }
    await writeFileAtomically(filepath, content);
    written.set(filepath, hash);
  };
}

/** Replaces `generate` in the installed @docusaurus/utils' module `emitUtils.js`, which its index re-exports through a getter that reads it at each call. */
function install(emitUtilsModule) {
  if (typeof emitUtilsModule.generate !== 'function') {
    throw new Error('[start] @docusaurus/utils lib/emitUtils.js has no generate function any more; see seam 19 in src/plugins/README.md');
  }
  emitUtilsModule.generate = createAtomicGenerate();
}

module.exports = {createAtomicGenerate, install, writeFileAtomically};
