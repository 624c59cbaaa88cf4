// The dev part of `npm run bench`: the writer's loop, `npm start` in a cold
// copy of the project, a page open in Chromium, the description edited.
import {copyFile, mkdir, readFile, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type {Browser} from '@playwright/test';
import {parseDocument} from 'yaml';

import {startDevServer, waitForPage} from '../scripts/dev-server';
import {copySite} from '../scripts/site-copy';
import {SpecDocument, type JsonObject} from '../src/spec-reader/spec-document';
import {assignPageIds} from '../src/openapi/generation/page-ids';
import {parseSpecText} from '../src/spec-reader/parse-spec';
import {meterTreeCpu, sampleTreeRss} from './process-tree';
import {SCALE_SPEC_SOURCES} from './scale-bench';
import type {DevSpecName} from './bench-options';

export interface DevSpec {
  name: DevSpecName;
  title: string;
  /** The description, relative to the project (Meridian) or inside a bench package (GitHub). */
  file: string;
  /** The operation whose page is opened and whose description is edited. */
  operationId: string;
  targets: {coldStartSeconds: number; saveToVisibleSeconds: number; peakRssGb?: number};
}

export const DEV_SPECS: Readonly<Record<DevSpecName, DevSpec>> = {
  meridian: {name: 'meridian', title: 'Meridian (bundled)', file: 'openapi/meridian.yaml', operationId: 'createContact', targets: {coldStartSeconds: 20, saveToVisibleSeconds: 2}},
  github: {
    name: 'github',
    title: SCALE_SPEC_SOURCES.github.title,
    file: path.join(path.relative(path.resolve(__dirname, '..'), SCALE_SPEC_SOURCES.github.packageDir), 'node_modules', SCALE_SPEC_SOURCES.github.packageName, SCALE_SPEC_SOURCES.github.file),
    operationId: SCALE_SPEC_SOURCES.github.editedOperation,
    targets: {coldStartSeconds: 90, saveToVisibleSeconds: 10, peakRssGb: 4},
  },
};

export interface DevResult {
  name: DevSpecName;
  title: string;
  ok: boolean;
  error?: string;
  page: string;
  /** From starting `npm start` to the operation's heading visible in Chromium. */
  coldStartSeconds: number | null;
  /** From the save of an edited description to the new sentence visible on the open page. */
  saveToVisibleSeconds: number | null;
  /** From the save of a description with one more operation to its link in the open page's sidebar. */
  saveToSidebarSeconds: number | null;
  /** CPU seconds (user + system) npm start's process tree used over each of the three spans above: unlike them, not inflated by other work on the machine. */
  coldStartCpuSeconds: number | null;
  saveToVisibleCpuSeconds: number | null;
  saveToSidebarCpuSeconds: number | null;
  /** Whether the page kept its window (no full reload) through both edits. */
  updatedInPlace: boolean | null;
  peakRssBytes: number | null;
  /** 1-, 5- and 15-minute load averages when the part started and ended. */
  loadAverageStart: number[];
  loadAverageEnd: number[];
  /** npm start's own account of each run after the first: `pages up to date in 9.1 s (spec 3.2 s, gen 5.9 s), changelog 1.0 s`. */
  refreshes: string[];
  targets: DevSpec['targets'];
}

const SENTENCE = 'Edited by the dev benchmark while the page was open.';
const ADDED = {path: '/bench-dev-added', operationId: 'benchDevAdded', summary: 'Added by the dev benchmark'};

const seconds = (from: number, to: number) => Math.round((to - from) / 10) / 100;
const loadAverage = () => os.loadavg().map((value) => Math.round(value * 100) / 100);

/** The operation's path, method, tags and page id in the description. */
function findOperation(document: unknown, operationId: string) {
  const entry = assignPageIds(new SpecDocument(document as JsonObject)).operations.find((operation) => operation.operation.operationId === operationId);
  if (!entry) throw new Error(`the description has no operation "${operationId}"`);
  return entry;
}

export async function benchmarkDev(
  spec: DevSpec,
  {projectRoot, workDir, browser, port, log}: {projectRoot: string; workDir: string; browser: Browser; port: number; log: (line: string) => void},
): Promise<DevResult> {
  const result: DevResult = {
    name: spec.name,
    title: spec.title,
    ok: false,
    page: '',
    coldStartSeconds: null,
    saveToVisibleSeconds: null,
    saveToSidebarSeconds: null,
    coldStartCpuSeconds: null,
    saveToVisibleCpuSeconds: null,
    saveToSidebarCpuSeconds: null,
    updatedInPlace: null,
    peakRssBytes: null,
    loadAverageStart: loadAverage(),
    loadAverageEnd: [],
    refreshes: [],
    targets: spec.targets,
  };
  const siteDir = path.join(workDir, `dev-${spec.name}`);
  const specDir = path.join(workDir, `dev-${spec.name}-spec`);
  const description = path.join(specDir, 'openapi.yaml');
  log(`[bench] dev: a cold copy of the project in ${path.relative(projectRoot, siteDir)}`);
  await copySite(projectRoot, siteDir, {warm: false});
  await rm(specDir, {recursive: true, force: true});
  await mkdir(specDir, {recursive: true});
  await copyFile(path.join(projectRoot, spec.file), description);
  const original = parseSpecText(await readFile(description, 'utf8'), {what: 'file'});
  const operation = findOperation(original, spec.operationId);
  result.page = `/docs/api/${operation.pageId}`;

  const started = Date.now();
  const marks: string[] = [];
  const server = startDevServer({siteDir, port, env: {SPEC_FILE: description}});
  const sampler = sampleTreeRss(server.pid, 4096);
  const cpu = meterTreeCpu(server.pid);
  const cpuSeconds = (from: number) => Math.round((cpu.seconds() - from) * 100) / 100;
  const context = await browser.newContext({viewport: {width: 1280, height: 800}});
  try {
    const page = await context.newPage();
    await waitForPage(`${server.url}${result.page}`, 30 * 60_000);
    await page.goto(`${server.url}${result.page}`);
    const heading = page.getByRole('heading', {level: 1});
    await heading.first().waitFor({state: 'visible', timeout: 10 * 60_000});
    result.coldStartSeconds = seconds(started, Date.now());
    marks.push(`${String(Date.now() - started).padStart(7)} [bench] the page's heading is visible`);
    result.coldStartCpuSeconds = cpuSeconds(0);
    log(`[bench] dev: ${result.page} rendered ${result.coldStartSeconds} s after npm start`);
    await page.evaluate(() => Object.assign(window, {devBenchMark: true}));

    // The edit a writer makes: one sentence more in the operation's description.
    const document = parseDocument(await readFile(description, 'utf8'));
    const where = ['paths', operation.path, ...operation.keys];
    const before = document.getIn([...where, 'description']);
    document.setIn([...where, 'description'], `${typeof before === 'string' ? `${before}\n\n` : ''}${SENTENCE}`);
    // Serialised first: an editor's save writes text it has, and this takes seconds for a large description.
    const edited = document.toString();
    const savedCpu = cpu.seconds();
    const saved = Date.now();
    marks.push(`${String(saved - started).padStart(7)} [bench] saved the edited description`);
    await writeFile(description, edited);
    await page.getByText(SENTENCE).first().waitFor({state: 'visible', timeout: 10 * 60_000});
    result.saveToVisibleSeconds = seconds(saved, Date.now());
    result.saveToVisibleCpuSeconds = cpuSeconds(savedCpu);
    log(`[bench] dev: the edited text visible ${result.saveToVisibleSeconds} s after the save (${result.saveToVisibleCpuSeconds} s of CPU)`);

    // One operation more, in the open page's tag, so its sidebar category is open.
    const tags = operation.tags.slice(0, 1);
    document.setIn(['paths', ADDED.path], {get: {operationId: ADDED.operationId, summary: ADDED.summary, ...(tags.length > 0 ? {tags} : {}), responses: {200: {description: 'OK'}}}});
    const withOperation = document.toString();
    const addedCpu = cpu.seconds();
    const added = Date.now();
    marks.push(`${String(added - started).padStart(7)} [bench] saved the description with one operation more`);
    await writeFile(description, withOperation);
    await page.locator('nav.menu').getByRole('link', {name: ADDED.summary}).waitFor({state: 'visible', timeout: 10 * 60_000});
    result.saveToSidebarSeconds = seconds(added, Date.now());
    result.saveToSidebarCpuSeconds = cpuSeconds(addedCpu);
    log(`[bench] dev: the new operation in the sidebar ${result.saveToSidebarSeconds} s after the save (${result.saveToSidebarCpuSeconds} s of CPU)`);
    result.updatedInPlace = await page.evaluate(() => 'devBenchMark' in window);
    result.ok = true;
  } catch (error) {
    result.error = `${(error as Error).message.split('\n')[0]}; last lines of npm start: ${server.output().split('\n').slice(-8).join(' | ')}`;
  } finally {
    await context.close();
    await server.stop();
    // npm start's output and the bench's steps, by milliseconds since the start, to see where a span's time went.
    const timeline = [...server.timedOutput().split('\n').filter(Boolean), ...marks].sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
    await writeFile(path.join(siteDir, 'bench-dev.log'), `${timeline.join('\n')}\n`);
    result.refreshes = server.output().split('\n').filter((line) => line.startsWith('[start] pages up to date')).map((line) => line.replace('[start] ', ''));
    result.peakRssBytes = sampler.stop();
    cpu.stop();
    result.loadAverageEnd = loadAverage();
  }
  return result;
}
