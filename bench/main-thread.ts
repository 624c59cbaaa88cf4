/**
 * Where a page's main-thread time goes while it loads: a Chrome trace of the
 * page in Chromium with the CPU slowed 4× (the factor Lighthouse's mobile
 * defaults simulate), broken down into script evaluation per file, React's
 * hydration task, the tasks after it, and long tasks (TBT-like: the sum of
 * each task's time over 50 ms). A diagnostic, not part of `npm run bench`:
 *
 *   npx tsx bench/main-thread.ts --runs=5 --path=/docs/api/create-contact before=/tmp/build-a after=build
 *
 * Builds given as label=directory are measured in turn, run by run, so a
 * noisy machine affects each alike. React's commits are found with a stand-in
 * for the DevTools hook, which React calls in production builds too: each
 * commit leaves a `performance.mark` in the trace and the number of fibers
 * it committed.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';

import {chromium, type Browser} from '@playwright/test';

import {CHROMIUM_PATH} from '../config/chromium';
import {CHROMIUM_FLAGS, localOnlyContext, waitUntilQuiet, watchNetwork} from './page-load';
import {startStaticServer} from './gzip-server';
import {median} from './stats';
import {analyseTrace, type MainThreadRun, type TraceEvent} from './trace-breakdown';

/**
 * Stands in for React DevTools' hook: React calls `onCommitFiberRoot` after every
 * commit. With `window.__commitDetails = []` set first (an init script), each
 * commit also lists the subtrees it rendered, mounted or deleted, largest first.
 */
const COMMIT_HOOK = `(() => {
  let commits = 0;
  const count = (fiber) => { let n = 0; const stack = [fiber]; while (stack.length) { const f = stack.pop(); if (!f) continue; n++; if (f.sibling) stack.push(f.sibling); if (f.child) stack.push(f.child); } return n; };
  const where = (fiber) => { for (let f = fiber; f; f = f.return) { const node = f.stateNode; if (node && node.nodeType === 1) return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (typeof node.className === 'string' && node.className ? '.' + node.className.split(' ').slice(0, 2).join('.') : ''); } return '(root)'; };
  const firstHost = (fiber) => { const stack = [fiber]; while (stack.length) { const f = stack.shift(); if (!f) continue; if (f.stateNode && f.stateNode.nodeType === 1) { const n = f.stateNode; return n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (typeof n.className === 'string' && n.className ? '.' + n.className.split(' ').slice(0, 3).join('.') : ''); } let c = f.child; while (c) { stack.push(c); c = c.sibling; } } return '-'; };
  const describeCommit = (root, commit) => {
    const changed = [];
    const walk = (fiber, parentChanged) => {
      for (let f = fiber; f; f = f.sibling) {
        const rendered = f.alternate === null || f.alternate.memoizedProps !== f.memoizedProps || f.alternate.memoizedState !== f.memoizedState;
        if (f.deletions) for (const d of f.deletions) changed.push({where: where(f), deleted: firstHost(d), fibers: count(d.child) + 1});
        if (rendered && (!parentChanged || f.alternate === null) && !(f.return && f.return.alternate === null)) changed.push({where: where(f), first: f.alternate === null ? firstHost(f) : undefined, fibers: count(f.child) + 1, mounted: f.alternate === null, type: typeof f.type === 'string' ? f.type : (f.type && (f.type.displayName || f.type.name)) || String(f.tag)});
        if (f.child) walk(f.child, rendered);
      }
    };
    walk(root.current.child, false);
    return {commit, container: where({stateNode: root.containerInfo}), changed: changed.sort((a, b) => b.fibers - a.fibers).slice(0, 25)};
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(),
    inject() { return 1; },
    onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, setStrictMode() {},
    onCommitFiberRoot(id, root) {
      commits++;
      const fibers = count(root.current.child);
      performance.mark('react-commit:' + commits + ':' + fibers);
      if (window.__commitDetails) window.__commitDetails.push(describeCommit(root, commits));
    },
    onPostCommitFiberRoot() { performance.mark('react-post-commit:' + commits); },
  };
})();`;

const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'];

async function traceOnce(browser: Browser, url: string, throttle: number, simulate?: number): Promise<MainThreadRun> {
  const {context} = await localOnlyContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript(COMMIT_HOOK);
    const cdp = await context.newCDPSession(page);
    if (throttle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', {rate: throttle});
    const network = watchNetwork(page);
    await browser.startTracing(page, {categories: TRACE_CATEGORIES});
    await page.goto(url, {waitUntil: 'load'});
    await waitUntilQuiet(page, network.activity, 60_000);
    await page.waitForTimeout(1_500);
    const buffer = await browser.stopTracing();
    if (process.env.MAIN_THREAD_TRACE) writeFileSync(process.env.MAIN_THREAD_TRACE, buffer);
    const {traceEvents} = JSON.parse(buffer.toString()) as {traceEvents: TraceEvent[]};
    return analyseTrace(traceEvents, new URL(url).origin, simulate);
  } finally {
    await context.close();
  }
}

function parseArguments(argv: string[]) {
  let runs = 5;
  let throttle = 4;
  let simulate: number | undefined;
  const paths: string[] = [];
  const builds: {label: string; directory: string}[] = [];
  for (const argument of argv) {
    const [key, value = ''] = argument.split('=', 2) as [string, string?];
    if (key === '--runs') runs = Number(value);
    else if (key === '--throttle') throttle = Number(value);
    else if (key === '--simulate') simulate = Number(value);
    else if (key === '--path') paths.push(value);
    else if (!key.startsWith('--') && value) builds.push({label: key, directory: path.resolve(value)});
    else throw new Error(`[main-thread] unknown argument ${argument}; expected --runs=N, --throttle=N, --simulate=N, --path=/x, label=directory`);
  }
  if (builds.length === 0) builds.push({label: 'build', directory: path.resolve('build')});
  // Simulating a slower CPU measures an unthrottled load.
  if (simulate !== undefined) throttle = 1;
  return {runs, throttle, simulate, paths: paths.length > 0 ? paths : ['/docs/api/create-contact'], builds};
}

const ms = (value: number | null) => (value === null ? '-' : value.toFixed(0));

async function main(): Promise<void> {
  const {runs, throttle, simulate, paths, builds} = parseArguments(process.argv.slice(2));
  const servers = await Promise.all(builds.map((build) => startStaticServer(process.cwd(), build.directory)));
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS});
  const results = new Map<string, MainThreadRun[]>();
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const pagePath of paths) {
        for (const [index, build] of builds.entries()) {
          const result = await traceOnce(browser, `${servers[index]!.origin}${pagePath}`, throttle, simulate);
          const key = `${pagePath} ${build.label}`;
          results.set(key, [...(results.get(key) ?? []), result]);
          console.log(`[main-thread] run ${run + 1} ${key}: total ${ms(result.total)} hydration ${ms(result.hydration)} (${result.hydratedFibers} fibers) after ${ms(result.afterHydration)} blocking ${ms(result.blocking)} after FCP ${ms(result.blockingAfterFcp)} long [${result.longTasks.map((t) => t.toFixed(0)).join(', ')}]`);
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
  const how = simulate === undefined ? `CPU ${throttle}× slower (wall time)` : `main-thread CPU time × ${simulate} of unthrottled loads`;
  console.log(`\nMedians of ${runs} runs, ${how}, ms:\n`);
  console.log('| page, build | total | scripts | hydration | fibers | after hydration | long tasks | blocking | blocking after FCP |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [key, list] of results) {
    const scriptSum = list.map((run) => Object.values(run.scripts).reduce((sum, value) => sum + value, 0));
    console.log(
      `| ${key} | ${ms(median(list.map((run) => run.total)))} | ${ms(median(scriptSum))} | ${ms(median(list.map((run) => run.hydration)))} | ${median(list.map((run) => run.hydratedFibers))} | ${ms(median(list.map((run) => run.afterHydration)))} | ${median(list.map((run) => run.longTasks.length))} | ${ms(median(list.map((run) => run.blocking)))} | ${ms(median(list.map((run) => run.blockingAfterFcp)))} |`,
    );
  }
  for (const [key, list] of results) {
    const names = [...new Set(list.flatMap((run) => Object.keys(run.scripts)))];
    console.log(`\n${key}, script evaluation (median ms): ${names.map((name) => `${name} ${ms(median(list.map((run) => run.scripts[name] ?? 0)))}`).join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
