// One Docusaurus command in a child process, for the scripts of `npm run build`
// that run Docusaurus (scripts/gen.ts, scripts/site-build.ts).
import {spawnSync} from 'node:child_process';
import process from 'node:process';

const DOCUSAURUS = require.resolve('@docusaurus/core/bin/docusaurus.mjs');

/**
 * Runs `docusaurus <args>` with this process's terminal and `env`, and
 * returns its exit status (1 when it could not start or was killed). When it
 * is not 0, says so on stderr after `prefix`, naming the command as `what`
 * (e.g. "docusaurus build for the bundling").
 */
export function runDocusaurus(args: string[], options: {prefix: string; what: string; env?: NodeJS.ProcessEnv}): number {
  const result = spawnSync(process.execPath, [DOCUSAURUS, ...args], {stdio: 'inherit', env: options.env ?? process.env});
  if (result.error) {
    console.error(`${options.prefix} could not start ${options.what}: ${result.error.message}`);
    return 1;
  }
  if (result.status !== 0) console.error(`${options.prefix} ${options.what} stopped (${result.signal ? `signal ${result.signal}` : `exit status ${result.status}`}).`);
  return result.status ?? 1;
}
