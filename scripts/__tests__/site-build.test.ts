import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildSteps, buildStepsChoice, countDocsPages, EXIT_AFTER_BUNDLING, finishStep, formatStepUsage, indexForSearch, outputDir, parseStepUsages, SKIP_BUNDLING, SPLIT_FROM_PAGES} from '../site-build';

const JOB = '/site/.docusaurus/search-job.json';

describe('site-build', () => {
  it('bundles in one process, then renders in another, each with Docusaurus\'s own switch, for a large site', () => {
    expect(buildSteps({PATH: '/bin', CI: 'true'}, SPLIT_FROM_PAGES, JOB)).toEqual([
      {name: 'bundling', env: {PATH: '/bin', CI: 'true', DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'}},
      {name: 'static rendering', env: {PATH: '/bin', CI: 'true', DOCUSAURUS_SKIP_BUNDLING: 'true'}},
    ]);
  });

  it('bundles the server, then the client, then renders and leaves the search index for last, each alone, when asked for low memory', () => {
    const env = {PATH: '/bin', SITE_BUILD_STEPS: 'low-memory'};
    expect(buildSteps(env, 10, JOB)).toEqual([
      {name: 'server bundling', env: {...env, DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', MERIDIAN_BUNDLE_ONLY: 'server'}, finish: 'set server bundle aside'},
      {name: 'client bundling', env: {...env, DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', MERIDIAN_BUNDLE_ONLY: 'client'}, finish: 'put server bundle back'},
      {name: 'static rendering', env: {...env, DOCUSAURUS_SKIP_BUNDLING: 'true', MERIDIAN_SEARCH_JOB: JOB}, finish: 'index for search'},
    ]);
  });

  it('builds a site of fewer pages in one process, with the environment as it is', () => {
    expect(buildSteps({PATH: '/bin'}, SPLIT_FROM_PAGES - 1, JOB)).toEqual([{name: 'build', env: {PATH: '/bin'}}]);
  });

  it('follows SITE_BUILD_STEPS, and names it for an unknown value', () => {
    expect(buildSteps({SITE_BUILD_STEPS: 'one'}, 50_000, JOB)).toEqual([{name: 'build', env: {SITE_BUILD_STEPS: 'one'}}]);
    expect(buildSteps({SITE_BUILD_STEPS: 'auto'}, SPLIT_FROM_PAGES, JOB)).toHaveLength(2);
    expect(buildSteps({SITE_BUILD_STEPS: 'low-memory'}, 50_000, JOB)).toHaveLength(3);
    expect(buildStepsChoice({})).toBe('auto');
    expect(() => buildStepsChoice({SITE_BUILD_STEPS: 'split'})).toThrow(/SITE_BUILD_STEPS="split": expected "auto" \(two steps from 1000 docs pages\), "one" or "low-memory"/);
  });

  it('runs one build with the environment as it is when the caller already chose a step', () => {
    expect(buildSteps({DOCUSAURUS_SKIP_BUNDLING: 'true'}, 5000, JOB)).toEqual([{name: 'build', env: {DOCUSAURUS_SKIP_BUNDLING: 'true'}}]);
    expect(buildSteps({DOCUSAURUS_EXIT_AFTER_BUNDLING: ''}, 5000, JOB)).toHaveLength(1);
    expect(buildSteps({MERIDIAN_BUNDLE_ONLY: 'client', SITE_BUILD_STEPS: 'low-memory'}, 5000, JOB)).toHaveLength(1);
  });

  it('finds the output folder from --out-dir as Docusaurus does, relative to the site', () => {
    expect(outputDir('/site', [])).toBe('/site/build');
    expect(outputDir('/site', ['--out-dir', 'dist/www'])).toBe('/site/dist/www');
    expect(outputDir('/site', ['--no-minify', '--out-dir=/tmp/out'])).toBe('/tmp/out');
  });

  it('sets the server bundle aside while the client is bundled, and puts it back', () => {
    const site = mkdtempSync(path.join(os.tmpdir(), 'site-build-steps-'));
    try {
      const out = path.join(site, 'build');
      const aside = path.join(site, '.docusaurus', 'server-bundle-step');
      expect(() => finishStep('set server bundle aside', out, aside)).toThrow(/the server bundling step wrote no .*build\/__server\/server\.bundle\.js/);
      mkdirSync(path.join(out, '__server'), {recursive: true});
      writeFileSync(path.join(out, '__server', 'server.bundle.js'), 'bundle');
      mkdirSync(aside, {recursive: true});
      writeFileSync(path.join(aside, 'stale.js'), 'from an interrupted build');
      finishStep('set server bundle aside', out, aside);
      expect(existsSync(path.join(out, '__server'))).toBe(false);
      expect(existsSync(path.join(aside, 'stale.js'))).toBe(false);
      // The client's step empties the output and writes its own files.
      rmSync(out, {recursive: true});
      mkdirSync(path.join(out, 'assets'), {recursive: true});
      finishStep('put server bundle back', out, aside);
      expect(readFileSync(path.join(out, '__server', 'server.bundle.js'), 'utf8')).toBe('bundle');
      expect(existsSync(aside)).toBe(false);
      expect(() => finishStep('put server bundle back', out, aside)).toThrow(/the client bundling step also wrote .*__server: MERIDIAN_BUNDLE_ONLY did not narrow/);
      rmSync(path.join(out, '__server'), {recursive: true});
      expect(() => finishStep('put server bundle back', out, aside)).toThrow(/set aside in .* is gone/);
    } finally {
      rmSync(site, {recursive: true, force: true});
    }
  });

  it('indexes for search only when the rendering left a job (a site without the search plugin leaves none)', async () => {
    await expect(indexForSearch(path.join(os.tmpdir(), 'no-such-dir', 'search-job.json'), '/site')).resolves.toBeUndefined();
  });

  it('counts the Markdown and MDX pages under the docs folder, generated ones in subfolders included', () => {
    const docs = mkdtempSync(path.join(os.tmpdir(), 'site-build-docs-'));
    try {
      mkdirSync(path.join(docs, 'api/2.1.0'), {recursive: true});
      for (const file of ['intro.mdx', 'guide.md', 'api/create-contact.api.mdx', 'api/contact.schema.mdx', 'api/2.1.0/create-contact.api.mdx']) writeFileSync(path.join(docs, file), '# x\n');
      for (const file of ['api/sidebar.ts', 'api/create-contact.page.json', 'api/2.1.0/changelog.data.json']) writeFileSync(path.join(docs, file), '{}');
      expect(countDocsPages(docs)).toBe(5);
      expect(countDocsPages(path.join(docs, 'missing'))).toBe(0);
    } finally {
      rmSync(docs, {recursive: true, force: true});
    }
  });

  it('relies on what Docusaurus does: both switches are read by its build, which empties the output only when it bundles', async () => {
    const {readFile} = await import('node:fs/promises');
    const source = await readFile(require.resolve('@docusaurus/core/lib/commands/build/buildLocale.js'), 'utf8');
    for (const variable of [EXIT_AFTER_BUNDLING, SKIP_BUNDLING]) expect(source).toContain(`process.env.${variable} === 'true'`);
    expect(source).toContain('SkipBundling ? undefined : (0, clearPath_1.default)(outDir)');
    const server = await readFile(require.resolve('@docusaurus/core/lib/webpack/server.js'), 'utf8');
    expect(server).toContain("path_1.default.join(props.outDir, '__server')");
    expect(server).toContain("const outputFilename = 'server.bundle.js';");
  });

  it('prints each step\'s wall time and peak memory in a line the benchmark reads back from the log', () => {
    const line = formatStepUsage('client bundling', {seconds: 38.94, peakRssBytes: 1334 * 2 ** 20 + 1000});
    expect(line).toBe('[build] step "client bundling": 38.9 s, peak memory 1,334 MiB (its Docusaurus process: its threads, not its child processes)');
    const killed = formatStepUsage('static rendering', {seconds: 2, peakRssBytes: null});
    expect(killed).toContain('peak memory unknown');
    const log = ['[INFO] [en] Creating an optimized production build...', line, '[SUCCESS] Generated static files in "build".', killed, ''].join('\n');
    expect(parseStepUsages(log)).toEqual([
      {name: 'client bundling', seconds: 38.9, peakRssMib: 1334},
      {name: 'static rendering', seconds: 2, peakRssMib: null},
    ]);
    expect(parseStepUsages('[build] SITE_BUILD_STEPS="x": expected …')).toEqual([]);
  });
});
