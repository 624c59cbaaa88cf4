// `docusaurus build` in two processes: the bundling, then the static
// rendering and the plugins' postBuild:
//
//   tsx scripts/site-build.ts [docusaurus build options]
//
// The bundler keeps about 1.4 GB of native memory after it has finished (on
// GitHub's API; a forced garbage collection does not return it), and in one
// process that memory stays through the rendering threads and the search
// index: the build's peak was the sum. Docusaurus can stop after bundling
// (DOCUSAURUS_EXIT_AFTER_BUNDLING) and render from an existing bundle
// (DOCUSAURUS_SKIP_BUNDLING); run one after the other, each process's memory
// is returned before the next starts. The second loads the site again (5 s
// for GitHub's API, under 1 s for the bundled spec). If either variable is
// already set, this runs one `docusaurus build` with the environment as it is.
// Exit status: that of the first step that fails, else 0.
import {spawnSync} from 'node:child_process';
import process from 'node:process';

const DOCUSAURUS = require.resolve('@docusaurus/core/bin/docusaurus.mjs');

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
    const result = spawnSync(process.execPath, [DOCUSAURUS, 'build', ...process.argv.slice(2)], {stdio: 'inherit', env: step.env});
    if (result.error) {
      console.error(`[build] could not start docusaurus build for the ${step.name}: ${result.error.message}`);
      return 1;
    }
    if (result.status !== 0) {
      console.error(`[build] docusaurus build stopped in the ${step.name} (${result.signal ? `signal ${result.signal}` : `exit status ${result.status}`}).`);
      return result.status ?? 1;
    }
  }
  return 0;
}

// Run as a command, not when a test imports stepEnvironments.
if (require.main === module) process.exitCode = main();
