import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {copyFile, lstat, mkdir, readdir, rm, symlink} from 'node:fs/promises';
import path from 'node:path';

/**
 * An isolated, buildable copy of the site, for the corpus, the fixture
 * builds, the real-world sample and the benchmark: each runs the user's own
 * commands in it, so the developer's `build/`, `.spec/`, `docs/api/` and
 * `.docusaurus/` stay as they are.
 *
 * Sources and content are copied, not symlinked: Rspack resolves symlinks to
 * real paths, and the docs, blog and pages plugins match each Markdown file by
 * its path under the site directory, so a symlinked `blog/` or `src/pages/`
 * would be compiled as if it were outside the site. `node_modules` is a real
 * directory of per-package symlinks, so whatever a tool caches in
 * `node_modules/.cache` belongs to the copy, not to the project.
 */

/** Paths git sees that a copy leaves out: the benchmark is not part of the site. */
const LEFT_OUT = ['bench/'];

/** Kept by a warm copy between runs, to save remaking them: its node_modules links and .docusaurus. */
const CACHES = new Set(['node_modules', '.docusaurus']);

export interface SiteCopy {
  dir: string;
  /** Files copied from the project, relative to `dir`. */
  sources: ReadonlySet<string>;
}

/**
 * The files a copy takes, from `git ls-files -z` output: tracked and
 * untracked files that are not gitignored, so work in progress is built but
 * nothing generated (`build/`, `.spec/`, `docs/api/`, `.docusaurus/`, the
 * changelog page, work directories) or cached comes along.
 */
export function siteFiles(gitListing: string): string[] {
  const files = gitListing.split('\0').filter((file) => file !== '');
  return [...new Set(files)].filter((file) => !LEFT_OUT.some((prefix) => file.startsWith(prefix))).sort();
}

/** The files `copySite` copies from `projectRoot`, as paths relative to it. */
export function listSiteFiles(projectRoot: string): string[] {
  let listing: string;
  try {
    listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: projectRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    throw new Error(`cannot list the project's files with git ls-files in ${projectRoot}: ${(error as Error).message}`);
  }
  // Deleted in the working tree but still in the index: not part of the site now.
  return siteFiles(listing).filter((file) => existsSync(path.join(projectRoot, file)));
}

/**
 * Makes `siteDir` a fresh copy of the site at `projectRoot`. A `warm` copy
 * keeps its node_modules links and `.docusaurus` from the previous run (the
 * build regenerates `.docusaurus`, and Rspack's persistent cache is off, so
 * no build output carries over); a cold one starts empty, the way a fresh CI
 * checkout does.
 */
export async function copySite(projectRoot: string, siteDir: string, {warm}: {warm: boolean}): Promise<SiteCopy> {
  if (!warm) await rm(siteDir, {recursive: true, force: true});
  await mkdir(siteDir, {recursive: true});
  for (const entry of await readdir(siteDir)) {
    if (!CACHES.has(entry)) await rm(path.join(siteDir, entry), {recursive: true, force: true});
  }
  const sources = listSiteFiles(projectRoot);
  for (const file of sources) {
    await mkdir(path.dirname(path.join(siteDir, file)), {recursive: true});
    await copyFile(path.join(projectRoot, file), path.join(siteDir, file));
  }
  await linkNodeModules(path.join(projectRoot, 'node_modules'), path.join(siteDir, 'node_modules'));
  return {dir: siteDir, sources: new Set(sources)};
}

/** Links each of the project's packages into the copy's own node_modules, dropping links to packages gone since. */
async function linkNodeModules(source: string, target: string): Promise<void> {
  await mkdir(target, {recursive: true});
  const wanted = new Set((await readdir(source)).filter((entry) => entry !== '.cache'));
  for (const entry of await readdir(target)) {
    if (entry !== '.cache' && !wanted.has(entry)) await rm(path.join(target, entry), {recursive: true, force: true});
  }
  for (const entry of wanted) {
    const link = path.join(target, entry);
    const exists = await lstat(link).then(
      () => true,
      () => false,
    );
    if (!exists) await symlink(path.join(source, entry), link);
  }
}
