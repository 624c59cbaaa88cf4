import {describe, expect, it} from 'vitest';

import {buildPhases, lastProgressLine, withinBuildTarget} from '../build-bench';

describe('buildPhases', () => {
  it('splits the build script into named steps', () => {
    expect(buildPhases('npm run spec && npm run gen && npm run changelog && docusaurus build')).toEqual([
      {name: 'spec', command: 'npm run spec'},
      {name: 'gen', command: 'npm run gen'},
      {name: 'changelog', command: 'npm run changelog'},
      {name: 'docusaurus build', command: 'docusaurus build'},
    ]);
  });

  it('refuses an empty script', () => {
    expect(() => buildPhases(' && ')).toThrow('[bench] the "build" script of package.json is empty');
  });
});

describe('withinBuildTarget', () => {
  it('needs both 6 minutes and 6 GB, and says nothing about an unfinished build', () => {
    expect(withinBuildTarget(360, 6144)).toBe(true);
    expect(withinBuildTarget(361, 1000)).toBe(false);
    expect(withinBuildTarget(100, 6145)).toBe(false);
    expect(withinBuildTarget(null, 100)).toBeNull();
  });
});

describe('lastProgressLine', () => {
  it('finds the last line that says where the build was, without colours', () => {
    const log = [
      '$ /usr/bin/time -f … sh -c docusaurus build',
      '\u001b[36m[INFO]\u001b[39m [en] Creating an optimized production build...',
      '[webpackbar] Client: compiled successfully',
      'some warning text',
      '',
    ].join('\n');
    expect(lastProgressLine(log)).toBe('[webpackbar] Client: compiled successfully');
    expect(lastProgressLine('Successfully created "docs/api/a.api.mdx"\nnoise')).toBe('Successfully created "docs/api/a.api.mdx"');
    expect(lastProgressLine('nothing useful')).toBe('');
    expect(lastProgressLine('[PERF] Build > en > Creating rspack bundler configs - 954.95 ms\n[bench] exit SIGTERM after 243.3 s\n')).toBe(
      '[PERF] Build > en > Creating rspack bundler configs - 954.95 ms',
    );
  });
});
