// `docusaurus build` in two processes: the bundling, then the static
// rendering and the plugins' postBuild:
//
//   tsx scripts/site-build.ts [docusaurus build options]
//
// The bundler keeps a large amount of native memory after it has finished (a
// forced garbage collection does not return it), and in one
// process that memory stays through the rendering threads and the search
// index: the build's peak was the sum. Docusaurus can stop after bundling
// (DOCUSAURUS_EXIT_AFTER_BUNDLING) and render from an existing bundle
// (DOCUSAURUS_SKIP_BUNDLING); run one after the other, each process's memory
// is returned before the next starts, at the cost of loading the site twice.
// A site of fewer than SPLIT_FROM_PAGES docs pages builds in one process:
// its bundler's memory is small, and the second load is a third of its build.
// If either variable is already set, this runs one `docusaurus build` with
// the environment as it is.
// Exit status: that of the first step that fails, else 0.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';

import {runDocusaurus} from './docusaurus-command';

export const STEPS = [
  {name: 'bundling', variable: 'DOCUSAURUS_EXIT_AFTER_BUNDLING'},
  {name: 'static rendering', variable: 'DOCUSAURUS_SKIP_BUNDLING'},
] as const;

/** Docs pages from which the bundling and the rendering run in processes of their own. */
export const SPLIT_FROM_PAGES = 1000;

/** Markdown and MDX files under `docsDir` (the docs plugin's pages, generated ones included); 0 without the folder. */
export function countDocsPages(docsDir: string): number {
  let entries;
  try {
    entries = readdirSync(docsDir, {withFileTypes: true, recursive: true});
  } catch {
    return 0;
  }
  return entries.filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name)).length;
}

/** The environments of the build's processes: one per step for a large site, one for a small one, or the caller's own when it already chose. */
export function stepEnvironments(env: NodeJS.ProcessEnv, docsPages: number): {name: string; env: NodeJS.ProcessEnv}[] {
  if (STEPS.some(({variable}) => env[variable] !== undefined) || docsPages < SPLIT_FROM_PAGES) return [{name: 'build', env}];
  return STEPS.map(({name, variable}) => ({name, env: {...env, [variable]: 'true'}}));
}

function main(): number {
  for (const step of stepEnvironments(process.env, countDocsPages(path.resolve('docs')))) {
    const status = runDocusaurus(['build', ...process.argv.slice(2)], {prefix: '[build]', what: `docusaurus build for the ${step.name}`, env: step.env});
    if (status !== 0) return status;
  }
  return 0;
}

// Run as a command, not when a test imports stepEnvironments.
if (require.main === module) process.exitCode = main();
