import {readdir, rm} from 'node:fs/promises';
import path from 'node:path';

import {copySite, type SiteCopy} from '../site-copy';

/** The isolated site the corpus builds in (`.work/corpus-site/`): see ../site-copy.ts. */
export type CorpusSite = SiteCopy;

/**
 * Makes `siteDir` a fresh copy of the project's sources, keeping its
 * node_modules links and .docusaurus only so that they are not remade for
 * every spec: no build reuses another's output, as Rspack's persistent cache
 * is off (docusaurus.config.ts) and each build writes .docusaurus anew.
 */
export function prepareCorpusSite(projectRoot: string, siteDir: string): Promise<CorpusSite> {
  return copySite(projectRoot, siteDir, {warm: true});
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
