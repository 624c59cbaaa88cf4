import {describe, expect, it} from 'vitest';

import {descendantsOf, parseProcCpuTicks, parseProcStat, settledTreeRss} from '../process-tree';
import {parseGnuTime} from '../run-measured';

describe('parseProcCpuTicks', () => {
  it('adds utime and stime (fields 14 and 15), counting fields after the command name', () => {
    const line = '4242 (node (a) b) S 4200 4242 4200 0 -1 4194304 100 0 0 0 1234 567 8 9 20 0 11 0 100 123456789 2500 18446744073709551615';
    expect(parseProcCpuTicks(line)).toBe(1234 + 567);
    expect(parseProcCpuTicks('garbage')).toBeUndefined();
  });
});

describe('parseProcStat', () => {
  it('reads pid, ppid and rss even when the command name holds spaces and parentheses', () => {
    const line = '4242 (node (worker) 1) S 4200 4242 4200 0 -1 4194560 1 0 0 0 5 3 0 0 20 0 11 0 100 123456789 2500 18446744073709551615';
    expect(parseProcStat(line)).toEqual({pid: 4242, ppid: 4200, rssPages: 2500, startTime: 100});
  });

  it('returns undefined for a line it cannot read', () => {
    expect(parseProcStat('garbage')).toBeUndefined();
  });
});

describe('settledTreeRss on a steady tree', () => {
  const processes = [
    {pid: 1, ppid: 0, rssPages: 1000, startTime: 1},
    {pid: 10, ppid: 1, rssPages: 100, startTime: 5},
    {pid: 11, ppid: 10, rssPages: 50, startTime: 6},
    {pid: 12, ppid: 11, rssPages: 25, startTime: 7},
    {pid: 20, ppid: 1, rssPages: 7, startTime: 8},
  ];

  it('sums the root and all its descendants, not its siblings or parent', () => {
    expect(descendantsOf(processes, 10).map((entry) => entry.pid)).toEqual([10, 11, 12]);
    const seen = settledTreeRss(processes, 10, 4096, new Set()).keys;
    expect(settledTreeRss(processes, 10, 4096, seen).bytes).toBe((100 + 50 + 25) * 4096);
  });

  it('is 0 once the root has exited', () => {
    expect(settledTreeRss(processes, 99, 4096, new Set(['99@1'])).bytes).toBe(0);
  });
});

describe('settledTreeRss', () => {
  it('leaves out a process in its first sample, so a fork caught before exec is not counted twice', () => {
    const parent = {pid: 10, ppid: 1, rssPages: 1000, startTime: 5};
    const first = settledTreeRss([parent], 10, 1, new Set());
    expect(first.bytes).toBe(0);
    const forked = {pid: 11, ppid: 10, rssPages: 1000, startTime: 9};
    const second = settledTreeRss([parent, forked], 10, 1, first.keys);
    expect(second.bytes).toBe(1000);
    const execed = {...forked, rssPages: 3};
    expect(settledTreeRss([parent, execed], 10, 1, second.keys).bytes).toBe(1003);
  });

  it('treats a reused pid as a new process', () => {
    const before = settledTreeRss([{pid: 10, ppid: 1, rssPages: 5, startTime: 5}], 10, 1, new Set());
    expect(settledTreeRss([{pid: 10, ppid: 1, rssPages: 5, startTime: 99}], 10, 1, before.keys).bytes).toBe(0);
  });
});

describe('parseGnuTime', () => {
  it('adds user and system time from the last line, after a failure notice', () => {
    expect(parseGnuTime('Command exited with non-zero status 1\n12.50 20.25 3.10 1048576\n')).toEqual({cpuSeconds: 23.35, maxProcessRssKb: 1048576});
    expect(parseGnuTime('')).toBeUndefined();
  });
});
