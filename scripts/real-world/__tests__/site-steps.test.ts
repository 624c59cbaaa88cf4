import {describe, expect, it} from 'vitest';

import {siteSteps} from '../site-steps';

describe('siteSteps', () => {
  it('runs the build script as it is, step by step', () => {
    expect(siteSteps({build: 'npm run spec && npm run gen && npm run changelog && docusaurus build', gen: 'x'})).toEqual([
      {step: 'spec', command: 'npm run spec'},
      {step: 'gen', command: 'npm run gen'},
      {step: 'changelog', command: 'npm run changelog'},
      {step: 'build', command: 'docusaurus build'},
    ]);
  });

  it('refuses a build script that no longer starts with spec and gen', () => {
    expect(() => siteSteps({build: 'docusaurus build'})).toThrow(
      '[real-world] the "build" script no longer starts with "npm run spec && npm run gen" (it is "docusaurus build"); ' +
        'update scripts/real-world/site-steps.ts to run the spec and page generation steps as the build does.',
    );
    expect(() => siteSteps({})).toThrow('[real-world] package.json has no "build" script');
  });
});
