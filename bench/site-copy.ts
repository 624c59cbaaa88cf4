import {execFileSync} from 'node:child_process';
import {copyFile, mkdir, readdir, rm, symlink} from 'node:fs/promises';
import path from 'node:path';

/** Paths of the project that a copy leaves out although git sees them: the benchmark itself. */
const LEFT_OUT = ['bench/'];

/**
 * The files a site copy takes, from `git ls-files` output: tracked and
 * untracked files that are not gitignored, so work in progress is built but
 * nothing generated (`build/`, `.spec/`, `docs/api/`, `.docusaurus/`, the
 * changelog page) or cached comes along.
 */
export function filesToCopy(gitListing: string): string[] {
  const files = gitListing.split('\0').filter((file) => file !== '');
  return [...new Set(files)].filter((file) => !LEFT_OUT.some((prefix) => file.startsWith(prefix))).sort();
}

/**
 * Makes `targetDir` a buildable copy of the site at `projectRoot`, without
 * touching the project's own `build/`, `.spec/`, `docs/api/` or `.docusaurus/`.
 *
 * Sources and content are copied rather than symlinked: Rspack resolves
 * symlinks to real paths, and the docs, blog and pages plugins look up each
 * Markdown file's metadata by its path under the site directory, so a
 * symlinked `docs/intro.mdx` would resolve outside the copy. `node_modules`
 * is a real directory of per-package symlinks, so that `node_modules/.cache`
 * (where Rspack keeps its persistent cache) belongs to the copy and every
 * build starts cold, the way a fresh CI checkout does.
 */
export async function createSiteCopy(projectRoot: string, targetDir: string): Promise<number> {
  let listing: string;
  try {
    listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: projectRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    throw new Error(`[bench] cannot list the project's files with git ls-files in ${projectRoot}: ${(error as Error).message}`);
  }
  await rm(targetDir, {recursive: true, force: true});
  await mkdir(targetDir, {recursive: true});
  let copied = 0;
  for (const file of filesToCopy(listing)) {
    const target = path.join(targetDir, file);
    await mkdir(path.dirname(target), {recursive: true});
    try {
      await copyFile(path.join(projectRoot, file), target);
      copied += 1;
    } catch (error) {
      // Deleted in the working tree but still in the index: not part of the site now.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  await linkNodeModules(path.join(projectRoot, 'node_modules'), path.join(targetDir, 'node_modules'));
  return copied;
}

async function linkNodeModules(source: string, target: string): Promise<void> {
  await mkdir(target);
  for (const entry of await readdir(source)) {
    if (entry === '.cache') continue;
    await symlink(path.join(source, entry), path.join(target, entry));
  }
}
