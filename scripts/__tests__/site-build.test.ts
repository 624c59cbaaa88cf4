import {describe, expect, it} from 'vitest';
import {STEPS, stepEnvironments} from '../site-build';

describe('site-build', () => {
  it('bundles in one process, then renders in another, each with Docusaurus\'s own switch', () => {
    const steps = stepEnvironments({PATH: '/bin', CI: 'true'});
    expect(steps).toEqual([
      {name: 'bundling', env: {PATH: '/bin', CI: 'true', DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'}},
      {name: 'static rendering', env: {PATH: '/bin', CI: 'true', DOCUSAURUS_SKIP_BUNDLING: 'true'}},
    ]);
    expect(STEPS.map(({variable}) => variable)).toEqual(['DOCUSAURUS_EXIT_AFTER_BUNDLING', 'DOCUSAURUS_SKIP_BUNDLING']);
  });

  it('runs one build with the environment as it is when the caller already chose a step', () => {
    expect(stepEnvironments({DOCUSAURUS_SKIP_BUNDLING: 'true'})).toEqual([{name: 'build', env: {DOCUSAURUS_SKIP_BUNDLING: 'true'}}]);
    expect(stepEnvironments({DOCUSAURUS_EXIT_AFTER_BUNDLING: ''})).toHaveLength(1);
  });

  it('relies on what Docusaurus does: both switches are read by its build', async () => {
    const {readFile} = await import('node:fs/promises');
    const source = await readFile(require.resolve('@docusaurus/core/lib/commands/build/buildLocale.js'), 'utf8');
    for (const {variable} of STEPS) expect(source).toContain(`process.env.${variable} === 'true'`);
  });
});
