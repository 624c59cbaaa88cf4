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
// If either variable is
// already set, this runs one `docusaurus build` with the environment as it is.
// Exit status: that of the first step that fails, else 0.
import process from 'node:process';

import {runDocusaurus} from './docusaurus-command';

export const STEPS = [
  {name: 'bundling', variable: 'DOCUSAURUS_EXIT_AFTER_BUNDLING'},
  {name: 'static rendering', variable: 'DOCUSAURUS_SKIP_BUNDLING'},
] as const;

/** The environments of the build's processes: one per step, or the caller's own when it already chose. */
export function stepEnvironments(env: NodeJS.ProcessEnv): {name: string; env: NodeJS.ProcessEnv}[] {
  if (STEPS.some(({variable}) => env[variable] !== undefined)) return [{name: 'build', env}];
  return STEPS.map(({name, variable}) => ({name, env: {...env, [variable]: 'true'}}));
}

function main(): number {
  for (const step of stepEnvironments(process.env)) {
    const status = runDocusaurus(['build', ...process.argv.slice(2)], {prefix: '[build]', what: `docusaurus build for the ${step.name}`, env: step.env});
    if (status !== 0) return status;
  }
  return 0;
}

// Run as a command, not when a test imports stepEnvironments.
if (require.main === module) process.exitCode = main();
