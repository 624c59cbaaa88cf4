/** One command of the site's build, as a user runs it, and the name the report gives its step. */
export interface SiteStep {
  step: string;
  command: string;
}

/**
 * The commands of `npm run build`, read from package.json so that a step
 * added to the build (as the changelog was) is run here too: `npm run spec`,
 * `npm run gen`, then the rest of the build script as it is (today
 * `npm run changelog` and `docusaurus build`, with the site's own config).
 * Unlike the corpus runner, nothing is changed or left out.
 */
export function siteSteps(scripts: Readonly<Record<string, string>>): SiteStep[] {
  const build = scripts.build;
  if (build === undefined) throw new Error('[real-world] package.json has no "build" script');
  const commands = build.split('&&').map((command) => command.trim());
  if (commands[0] !== 'npm run spec' || commands[1] !== 'npm run gen') {
    throw new Error(
      `[real-world] the "build" script no longer starts with "npm run spec && npm run gen" (it is "${build}"); ` +
        'update scripts/real-world/site-steps.ts to run the spec and page generation steps as the build does.',
    );
  }
  return commands.map((command) => ({command, step: stepName(command)}));
}

function stepName(command: string): string {
  const script = /^npm run ([\w:-]+)$/.exec(command)?.[1];
  if (script) return script;
  if (/^docusaurus build\b/.test(command)) return 'build';
  return command.split(/\s+/).slice(0, 2).join(' ');
}
