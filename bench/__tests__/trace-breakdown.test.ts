import {describe, expect, it} from 'vitest';

import {analyseTrace, type TraceEvent} from '../trace-breakdown';

const origin = 'http://127.0.0.1:4000';
const main = {pid: 1, tid: 7};
const task = (ts: number, dur: number, tdur = dur): TraceEvent => ({name: 'RunTask', cat: 'toplevel', ph: 'X', ts, dur, tdur, ...main});
const evaluate = (ts: number, dur: number, file: string): TraceEvent => ({
  name: 'EvaluateScript',
  cat: 'devtools.timeline',
  ph: 'X',
  ts,
  dur,
  tdur: dur,
  ...main,
  args: {data: {url: `${origin}/assets/js/${file}`}},
});
const mark = (ts: number, name: string): TraceEvent => ({name, cat: 'blink.user_timing', ph: 'R', ts, ...main});

// Times in microseconds, as in a trace: a 30 ms parse, main.js's 120 ms task
// (evaluation 100 ms) spanning FCP, a route chunk, two hydration slices (the
// second commits 400 fibers), then a 70 ms task of effects whose thread time
// is 35 ms (the rest another process had the CPU).
const events: TraceEvent[] = [
  task(0, 30_000),
  {name: 'firstContentfulPaint', cat: 'loading', ph: 'R', ts: 60_000, ...main},
  task(40_000, 120_000),
  evaluate(41_000, 100_000, 'main.abc.js'),
  task(200_000, 10_000),
  evaluate(200_500, 9_000, 'chunk.def.js'),
  task(220_000, 20_000),
  task(250_000, 30_000),
  mark(270_000, 'react-commit:1:400'),
  task(300_000, 70_000, 35_000),
  mark(310_000, 'react-post-commit:1'),
  // Another thread's task counts nowhere.
  {name: 'RunTask', cat: 'toplevel', ph: 'X', ts: 0, dur: 500_000, pid: 1, tid: 9},
];

describe('analyseTrace', () => {
  it('breaks a load down into scripts, hydration, what follows and blocking time', () => {
    expect(analyseTrace(events, origin)).toEqual({
      total: 280,
      scripts: {'main.abc.js': 100, 'chunk.def.js': 9},
      hydration: 50,
      hydratedFibers: 400,
      afterHydration: 70,
      longTasks: [120, 70],
      blocking: 90,
      // main.js's task from FCP on is 100 ms.
      blockingAfterFcp: 70,
    });
  });

  it('simulates a slower CPU from thread time', () => {
    const run = analyseTrace(events, origin, 4);
    expect(run.afterHydration).toBe(140);
    expect(run.longTasks).toEqual([120, 480, 80, 120, 140]);
    expect(run.scripts['main.abc.js']).toBe(400);
  });

  it('says so when the page ran none of its scripts', () => {
    expect(() => analyseTrace([task(0, 10)], origin)).toThrow('[main-thread] no script of the page was evaluated in the trace');
  });
});
