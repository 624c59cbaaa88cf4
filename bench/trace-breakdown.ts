/**
 * The breakdown of a page load's Chrome trace that bench/main-thread.ts
 * reports: pure, so that it is tested without a browser.
 */
import path from 'node:path';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time: what the thread spent on the CPU, without the time another process had it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {name?: string; data?: {url?: string; functionName?: string; message?: string}};
}

export interface MainThreadRun {
  /** Sum of every top-level task on the page's main thread, ms. */
  total: number;
  /** Script evaluation (compile included) by file name, ms. */
  scripts: Record<string, number>;
  /** From the task after the last script's until React's first commit (hydration, rendered in slices), ms. */
  hydration: number;
  /** Fibers in the tree React committed first. */
  hydratedFibers: number;
  /** Tasks after the hydration task, ms. */
  afterHydration: number;
  /** Tasks over 50 ms, their durations. */
  longTasks: number[];
  /** Sum over 50 ms of every task, ms, counted from navigation. */
  blocking: number;
  /** The same from first contentful paint on, a task that spans it clipped there, as Lighthouse's TBT counts (up to TTI), ms. */
  blockingAfterFcp: number;
}

const MS = 1000;

/**
 * `simulate`: when set, each event's thread time multiplied by it instead of
 * its wall time (Lighthouse's way to simulate a slower CPU, from an
 * unthrottled load), which a busy machine's other processes hardly change.
 */
export function analyseTrace(events: TraceEvent[], origin: string, simulate?: number): MainThreadRun {
  const evaluations = events.filter((event) => event.name === 'EvaluateScript' && event.args?.data?.url?.startsWith(origin));
  const first = evaluations[0];
  if (!first) throw new Error('[main-thread] no script of the page was evaluated in the trace');
  const {pid, tid} = first;
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid);
  const tasks: TraceEvent[] = [];
  for (const event of onMain
    .filter((candidate) => candidate.ph === 'X' && (candidate.name === 'RunTask' || candidate.name === 'ThreadControllerImpl::RunTask'))
    .sort((a, b) => a.ts - b.ts)) {
    const last = tasks.at(-1);
    if (last && event.ts < last.ts + (last.dur ?? 0)) continue;
    tasks.push(event);
  }
  const navigation = onMain.find((event) => event.name === 'navigationStart' || event.name === 'markAsMainFrame')?.ts ?? tasks[0]?.ts ?? 0;
  const loadTasks = tasks.filter((task) => task.ts >= navigation - 1);
  const duration = (task: TraceEvent) => (simulate === undefined ? (task.dur ?? 0) : (task.tdur ?? task.dur ?? 0) * simulate) / MS;
  const scripts: Record<string, number> = {};
  for (const evaluation of evaluations.filter((event) => event.pid === pid && event.tid === tid)) {
    const name = path.basename(new URL(evaluation.args?.data?.url ?? origin).pathname) || '(document)';
    scripts[name] = (scripts[name] ?? 0) + duration(evaluation);
  }
  const marks = onMain.filter((event) => event.cat.includes('blink.user_timing'));
  const commit = marks.find((mark) => mark.name.startsWith('react-commit:1:'));
  const containing = (ts: number | undefined) => (ts === undefined ? -1 : loadTasks.findIndex((task) => task.ts <= ts && ts <= task.ts + (task.dur ?? 0)));
  const hydrationIndex = containing(commit?.ts);
  // hydrateRoot runs once the last of the page's scripts has loaded, and
  // React renders in slices up to its first commit: every task in between
  // counts (a frame's style and layout among them).
  const lastScript = evaluations.filter((event) => commit === undefined || event.ts < commit.ts).at(-1);
  const hydrationStart = Math.max(0, containing(lastScript?.ts) + 1);
  const hydrationTasks = hydrationIndex < 0 ? [] : loadTasks.slice(hydrationStart, hydrationIndex + 1);
  const longTasks = loadTasks.map(duration).filter((ms) => ms > 50);
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid)?.ts;
  // The part of a task after FCP, in proportion when durations are simulated.
  const afterFcp = fcp === undefined ? [] : loadTasks.map((task) => (duration(task) * Math.max(0, task.ts + (task.dur ?? 0) - Math.max(task.ts, fcp))) / Math.max(1, task.dur ?? 0));
  return {
    total: loadTasks.reduce((sum, task) => sum + duration(task), 0),
    scripts,
    hydration: hydrationTasks.reduce((sum, task) => sum + duration(task), 0),
    hydratedFibers: Number(commit?.name.split(':')[2] ?? 0),
    afterHydration: hydrationIndex < 0 ? 0 : loadTasks.slice(hydrationIndex + 1).reduce((sum, task) => sum + duration(task), 0),
    longTasks,
    blocking: longTasks.reduce((sum, ms) => sum + ms - 50, 0),
    blockingAfterFcp: afterFcp.filter((ms) => ms > 50).reduce((sum, ms) => sum + ms - 50, 0),
  };
}
