import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {copyFile, lstat, mkdir, readdir, rm, symlink} from 'node:fs/promises';
import path from 'node:path';

/**
 * The isolated site the corpus builds in (`bench/work/corpus-site/`), so the
 * developer's `build/`, `.spec/`, `docs/api/` and `.docusaurus/` stay as they are.
 *
 * Sources and content are copied, not symlinked: Rspack resolves symlinks to
 * real paths, and the docs, blog and pages plugins match each Markdown file by
 * its path under the site directory, so a symlinked `blog/` or `src/pages/`
 * would be compiled as if it were outside the site. `node_modules` is a real
 * directory of per-package symlinks, so Rspack's persistent cache
 * (`node_modules/.cache`) belongs to the copy and stays warm from one spec to
 * the next (and from one run to the next).
 */

/** Kept in the copy between runs: its node_modules (with the Rspack cache) and .docusaurus. */
const KEPT_ENTRIES = new Set(['node_modules', '.docusaurus']);

/** The project's own files: tracked or new, not ignored (so no build output,
 * no generated docs), without the benchmarks the copy lives in. */
export function sourceFiles(projectRoot: string): string[] {
  const listing = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: projectRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listing
    .split('\0')
    .filter((file) => file !== '' && !file.startsWith('bench/') && existsSync(path.join(projectRoot, file)));
}

export interface CorpusSite {
  dir: string;
  /** Files copied from the project, relative to `dir`. */
  sources: ReadonlySet<string>;
}

/** Makes `siteDir` a fresh copy of the project's sources, keeping its node_modules cache. */
export async function prepareCorpusSite(projectRoot: string, siteDir: string): Promise<CorpusSite> {
  await mkdir(siteDir, {recursive: true});
  for (const entry of await readdir(siteDir)) {
    if (!KEPT_ENTRIES.has(entry)) await rm(path.join(siteDir, entry), {recursive: true, force: true});
  }
  const sources = sourceFiles(projectRoot);
  for (const file of sources) {
    await mkdir(path.dirname(path.join(siteDir, file)), {recursive: true});
    await copyFile(path.join(projectRoot, file), path.join(siteDir, file));
  }
  await linkNodeModules(path.join(projectRoot, 'node_modules'), path.join(siteDir, 'node_modules'));
  return {dir: siteDir, sources: new Set(sources)};
}

async function linkNodeModules(source: string, target: string): Promise<void> {
  await mkdir(target, {recursive: true});
  const wanted = new Set((await readdir(source)).filter((entry) => entry !== '.cache'));
  for (const entry of await readdir(target)) {
    if (entry !== '.cache' && !wanted.has(entry)) await rm(path.join(target, entry), {recursive: true, force: true});
  }
  for (const entry of wanted) {
    const link = path.join(target, entry);
    const exists = await lstat(link).then(() => true, () => false);
    if (!exists) await symlink(path.join(source, entry), link);
  }
}

/** Removes what one spec's build wrote (the resolved spec, generated docs,
 * build output), before the next spec. */
export async function resetGenerated(site: CorpusSite): Promise<void> {
  await rm(path.join(site.dir, '.spec'), {recursive: true, force: true});
  await rm(path.join(site.dir, 'build'), {recursive: true, force: true});
  const walk = async (relative: string): Promise<void> => {
    for (const entry of await readdir(path.join(site.dir, relative), {withFileTypes: true})) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else if (!site.sources.has(child)) await rm(path.join(site.dir, child), {force: true});
    }
  };
  await walk('docs');
}

/**
 * Broken links and anchors Docusaurus reported in a build log. A broken link
 * ends the build (`onBrokenLinks: 'throw'`); a broken anchor is only a
 * warning there, so the runner counts it here. The log lists them as
 * `- Broken link on source page path = /x:` followed by `   -> linking to /y`.
 */
export function reportedBrokenLinks(log: string): string[] {
  const problems: string[] = [];
  let source = '?';
  for (const line of log.split('\n')) {
    const sourceMatch = /Broken (?:link|anchor) on source page path = (.+?):\s*$/.exec(line);
    if (sourceMatch) {
      source = sourceMatch[1];
      continue;
    }
    const target = /^\s*-> linking to (\S+)/.exec(line)?.[1];
    if (!target) continue;
    problems.push(`broken link on ${source} to ${target}`);
  }
  return [...new Set(problems)];
}
