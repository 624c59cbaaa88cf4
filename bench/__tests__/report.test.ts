import {describe, expect, it} from 'vitest';

import {escapeCell, formatDocusaurusProcesses, formatKib, formatNumber, formatRatio, formatShare, localDate, renderBuildTable, renderScaleRebuildTable, renderTable, resultsBaseName} from '../report';
import type {BuildResult, MeasuredBuild, PhaseResult} from '../build-bench';
import type {ScaleResult} from '../scale-bench';

describe('renderTable', () => {
  it('renders a GitHub table, right-aligning columns that hold numbers', () => {
    expect(renderTable(['Page', 'Requests'], [['/', 12], ['/docs', 30]])).toBe(
      ['| Page | Requests |', '| --- | ---: |', '| / | 12 |', '| /docs | 30 |'].join('\n'),
    );
  });

  it('takes explicit alignment and shows missing cells as n/a', () => {
    expect(renderTable(['A', 'B'], [['x', null]], ['right', 'left'])).toBe(['| A | B |', '| ---: | --- |', '| x | n/a |'].join('\n'));
  });

  it('escapes pipes and line breaks inside cells', () => {
    expect(escapeCell('a|b\nc')).toBe('a\\|b c');
    expect(renderTable(['Error'], [['exit 1 | see log']])).toContain('| exit 1 \\| see log |');
  });
});

describe('formatting', () => {
  it('formats numbers with separators, kibibytes, and ratios', () => {
    expect(formatNumber(1234.567, 1)).toBe('1,234.6');
    expect(formatNumber(null)).toBe('n/a');
    expect(formatKib(2048)).toBe('2');
    expect(formatRatio(3.14159)).toBe('3.14×');
    expect(formatRatio(null)).toBe('n/a');
  });

  it('renders a build row with its phases and the target verdict', () => {
    const build: BuildResult = {
      size: 2000,
      specSource: 'bundled + generated',
      operations: 2000,
      specBytes: 1,
      apiPages: 2000,
      htmlPages: 2251,
      buildBytes: 1,
      wallSeconds: 400.2,
      peakRssMb: 7000,
      cpuSeconds: 650.5,
      phases: [
        {name: 'spec', command: 'npm run spec', exitCode: 0, wallSeconds: 5, peakRssMb: 500, cpuSeconds: 1, timedOut: false, loadAverage: 1},
        {name: 'gen', command: 'npm run gen', exitCode: 0, wallSeconds: 10.2, peakRssMb: 600, cpuSeconds: 1, timedOut: false, loadAverage: 1},
        {name: 'docusaurus build', command: 'docusaurus build', exitCode: 0, wallSeconds: 385, peakRssMb: 7000, cpuSeconds: 1, timedOut: false, loadAverage: 1},
      ],
      withinTarget: false,
      ok: true,
      error: null,
      siteDir: 'bench/work/site-2000',
    };
    expect(renderBuildTable([build]).split('\n')[2]).toBe('| 2,000 | 2,000 | 2,251 | 2,000 | 400.2 | 650.5 | spec 5.0, gen 10.2, docusaurus build 385.0 | 7,000 | 1.0 | no |');
  });
});

describe('results file names', () => {
  const defaults = {parts: ['build', 'pages', 'peers'], sizes: [24, 250, 1000, 2000], runs: 3};

  it('uses the date for a full run and marks anything else partial', () => {
    expect(resultsBaseName('2026-11-22', defaults, defaults)).toBe('2026-11-22');
    expect(resultsBaseName('2026-11-22', {...defaults, parts: ['pages']}, defaults)).toBe('2026-11-22.partial');
    expect(resultsBaseName('2026-11-22', {...defaults, parts: ['search'], search: ['meridian', 'github']}, defaults)).toBe('2026-11-22.search-meridian-github');
    expect(resultsBaseName('2026-11-22', {...defaults, runs: 1}, defaults)).toBe('2026-11-22.partial');
    expect(resultsBaseName('2026-11-22', {...defaults, sizes: [24]}, defaults)).toBe('2026-11-22.partial');
  });

  it('names a run of the scale part alone after it, and ignores scale next to the default parts', () => {
    expect(resultsBaseName('2026-11-22', {...defaults, parts: ['scale'], runs: 1, scale: ['github']}, defaults)).toBe('2026-11-22.scale-github');
    expect(resultsBaseName('2026-11-22', {...defaults, parts: ['scale'], scale: ['github', 'graph']}, defaults)).toBe('2026-11-22.scale-github-graph');
    expect(resultsBaseName('2026-11-22', {...defaults, parts: [...defaults.parts, 'scale']}, defaults)).toBe('2026-11-22');
    expect(resultsBaseName('2026-11-22', {...defaults, parts: ['pages', 'scale']}, defaults)).toBe('2026-11-22.partial');
  });

  it('names a run of the dev part alone, or with the scale part alone, after them', () => {
    expect(resultsBaseName('2026-12-06', {...defaults, parts: ['dev'], dev: ['meridian']}, defaults)).toBe('2026-12-06.dev-meridian');
    expect(resultsBaseName('2026-12-06', {...defaults, parts: ['scale', 'dev'], scale: ['github'], dev: ['meridian', 'github']}, defaults)).toBe('2026-12-06.scale-github.dev-meridian-github');
    expect(resultsBaseName('2026-12-06', {...defaults, parts: ['pages', 'dev']}, defaults)).toBe('2026-12-06.partial');
  });

  it('formats the local date', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('the rebuild table', () => {
  const phase = (name: string, wallSeconds: number): PhaseResult => ({name, command: `npm run ${name}`, exitCode: 0, wallSeconds, peakRssMb: 100, cpuSeconds: 1, timedOut: false, loadAverage: 1});
  const measured = (wallSeconds: number, phases: PhaseResult[], ok = true): MeasuredBuild => ({
    apiPages: 1,
    htmlPages: 1,
    buildBytes: 1,
    wallSeconds,
    peakRssMb: 2000,
    cpuSeconds: 1,
    phases,
    ok,
    error: ok ? null : 'npm run gen exited with 1; see bench-build.log',
    siteDir: '.work/bench/scale-github',
    failedPhase: ok ? null : 'gen',
    generatedFiles: 0,
  });
  const spec = (rebuild: ScaleResult['rebuild']): ScaleResult =>
    ({title: 'GitHub', build: measured(100, [phase('spec', 5), phase('build:site', 95)]), rebuild}) as ScaleResult;

  it('formats a share of a whole, and says n/a without both figures', () => {
    expect(formatShare(18.44, 100)).toBe('18.4%');
    expect(formatShare(null, 100)).toBeNull();
    expect(formatShare(1, 0)).toBeNull();
  });

  it("puts the rebuild next to the full build, with the spec step and the search index as a share of the full build", () => {
    const rebuild = {
      operationId: 'issues/list-events-for-timeline',
      route: '/docs/api/issues-list-events-for-timeline',
      build: measured(98, [phase('spec', 6), phase('build:site', 92)]),
      editShown: true,
      searchIndexSeconds: 9,
      error: null,
    };
    expect(renderScaleRebuildTable([spec(rebuild)]).split('\n')[2]).toBe(
      '| GitHub | issues/list-events-for-timeline (/docs/api/issues-list-events-for-timeline) | 100.0 | 98.0 | 98.0% | spec 6.0, build:site 92.0 | 2,000 | 9.0 | 15.0% | yes |',
    );
  });

  it('says when the rebuild failed or the page lacks the edit, and leaves out a description without a rebuild', () => {
    const failed = {operationId: 'x', route: '/docs/api/x', build: measured(3, [phase('spec', 3)], false), editShown: false, searchIndexSeconds: 9, error: null};
    expect(renderScaleRebuildTable([spec(failed)])).toContain('| failed: npm run gen exited with 1; see bench-build.log |');
    const unseen = {...failed, build: measured(90, [phase('spec', 3)])};
    expect(renderScaleRebuildTable([spec(unseen)])).toContain('| no: the page does not show the edit |');
    const missing = {operationId: 'y', route: null, build: null, editShown: false, searchIndexSeconds: null, error: 'the description has no operation "y"'};
    expect(renderScaleRebuildTable([spec(missing)])).toContain('| GitHub | y | 100.0 | n/a | n/a | n/a | n/a | n/a | n/a | the description has no operation "y" |');
    expect(renderScaleRebuildTable([spec(null)]).split('\n')).toHaveLength(2);
  });
});

describe('formatDocusaurusProcesses', () => {
  const phase = (name: string, steps?: PhaseResult['steps']): PhaseResult => ({name, command: `npm run ${name}`, exitCode: 0, wallSeconds: 1, peakRssMb: 1, cpuSeconds: 1, timedOut: false, loadAverage: 1, ...(steps ? {steps} : {})});
  const build = (phases: PhaseResult[]) => ({phases}) as unknown as MeasuredBuild;

  it('lists the Docusaurus processes of every step that printed them, in order, with wall time and own peak', () => {
    const phases = [
      phase('gen'),
      phase('build:site', [
        {name: 'client bundling', seconds: 38.94, peakRssMib: 1334},
        {name: 'static rendering', seconds: 128.1, peakRssMib: null},
      ]),
    ];
    expect(formatDocusaurusProcesses(build(phases))).toBe('client bundling 38.9 s, 1,334 MiB; static rendering 128.1 s, peak unknown');
  });

  it('is empty (n/a in the table) when no step printed any', () => {
    expect(formatDocusaurusProcesses(build([phase('spec'), phase('gen')]))).toBeNull();
  });
});
