import {execFileSync} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';

/** One process as read from `/proc/<pid>/stat`. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** Resident set size in pages. */
  rssPages: number;
  /** Start time in clock ticks since boot; with the pid, it names a process even when pids are reused. */
  startTime: number;
}

/**
 * Parses one `/proc/<pid>/stat` line. The command name (field 2) is in
 * parentheses and may itself hold spaces and parentheses, so fields are
 * counted from the last `)`. See proc_pid_stat(5): ppid is field 4,
 * starttime 22, rss 24.
 */
export function parseProcStat(line: string): ProcessEntry | undefined {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const pid = Number(line.slice(0, open).trim());
  // After ")": field 3 (state) is index 0, so field n is index n - 3.
  const fields = line.slice(close + 1).trim().split(/\s+/);
  const ppid = Number(fields[4 - 3]);
  const rssPages = Number(fields[24 - 3]);
  const startTime = Number(fields[22 - 3]);
  if (!Number.isInteger(pid) || !Number.isInteger(ppid) || !Number.isFinite(rssPages) || !Number.isFinite(startTime)) return undefined;
  return {pid, ppid, rssPages, startTime};
}

/** The root process and all its descendants among `processes`. */
export function descendantsOf(processes: readonly ProcessEntry[], rootPid: number): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>();
  let root: ProcessEntry | undefined;
  for (const entry of processes) {
    if (entry.pid === rootPid) root = entry;
    const siblings = children.get(entry.ppid) ?? [];
    siblings.push(entry);
    children.set(entry.ppid, siblings);
  }
  if (root === undefined) return [];
  const tree: ProcessEntry[] = [];
  const queue: ProcessEntry[] = [root];
  const seen = new Set<number>();
  while (queue.length > 0) {
    const entry = queue.shift()!;
    if (seen.has(entry.pid)) continue;
    seen.add(entry.pid);
    tree.push(entry);
    queue.push(...(children.get(entry.pid) ?? []));
  }
  return tree;
}

const processKey = (entry: ProcessEntry): string => `${entry.pid}@${entry.startTime}`;

/**
 * Summed RSS of a process tree, counting only processes already seen in the
 * previous sample (`previousKeys`). A child caught between fork() and exec()
 * shows a copy of its parent's whole memory: with a 12 GB build process that
 * spawns git, summing it would report twice the memory the machine has. A
 * real child is missed for one sample interval only.
 */
export function settledTreeRss(
  processes: readonly ProcessEntry[],
  rootPid: number,
  pageSize: number,
  previousKeys: ReadonlySet<string>,
): {bytes: number; keys: Set<string>} {
  const tree = descendantsOf(processes, rootPid);
  const bytes = tree.filter((entry) => previousKeys.has(processKey(entry))).reduce((sum, entry) => sum + entry.rssPages * pageSize, 0);
  return {bytes, keys: new Set(tree.map(processKey))};
}

/**
 * Reads every process of the machine from /proc; vanished ones are skipped.
 * Synchronous on purpose: a sample takes a few milliseconds this way, against
 * several times that through the thread pool, and the sampler must cost the
 * build it measures as little CPU as possible.
 */
export function readProcesses(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const entry = parseProcStat(readFileSync(`/proc/${name}/stat`, 'utf8'));
      if (entry !== undefined) entries.push(entry);
    } catch {
      // The process ended between readdir and readFile.
    }
  }
  return entries;
}

export interface TreeSampler {
  /** Stops sampling and returns the highest tree RSS seen, in bytes. */
  stop(): number;
}

/**
 * Samples the summed RSS of `rootPid` and its descendants every `intervalMs`
 * (see settledTreeRss), telling `onSample` each sum. Summing RSS counts
 * pages that long-lived processes share once per process, so the figure
 * errs high, the safe side for a memory budget.
 */
export function sampleTreeRss(rootPid: number, pageSize: number, intervalMs = 200, onSample?: (bytes: number) => void): TreeSampler {
  let peak = 0;
  let previousKeys = new Set<string>();
  const sample = (): void => {
    try {
      const {bytes, keys} = settledTreeRss(readProcesses(), rootPid, pageSize, previousKeys);
      peak = Math.max(peak, bytes);
      previousKeys = keys;
      onSample?.(bytes);
    } catch {
      // /proc unreadable for a moment; the next sample will tell.
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** utime + stime of one `/proc/<pid>/stat` line (fields 14 and 15), in clock ticks; undefined when it cannot be read. */
export function parseProcCpuTicks(line: string): number | undefined {
  const close = line.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = line.slice(close + 1).trim().split(/\s+/);
  const ticks = Number(fields[14 - 3]) + Number(fields[15 - 3]);
  return Number.isFinite(ticks) ? ticks : undefined;
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on Linux when it cannot be asked). */
function clockTicksPerSecond(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], {encoding: 'utf8'}).trim());
    return Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
}

export interface TreeCpuMeter {
  /** CPU seconds (user + system) the tree's processes used since the meter started, as of a sample taken now. */
  seconds(): number;
  stop(): void;
}

/**
 * Adds up the CPU time of `rootPid` and its descendants: each process's
 * last sampled utime + stime, for every process seen in the tree since the
 * start. Unlike a wall-clock time, the figure does not grow with other work
 * on the machine; a process that ends between two samples loses at most one
 * interval of its time.
 */
export function meterTreeCpu(rootPid: number, intervalMs = 200): TreeCpuMeter {
  const perSecond = clockTicksPerSecond();
  const lastTicks = new Map<string, number>();
  const sample = (): void => {
    for (const entry of descendantsOf(readProcesses(), rootPid)) {
      try {
        const ticks = parseProcCpuTicks(readFileSync(`/proc/${entry.pid}/stat`, 'utf8'));
        if (ticks !== undefined) lastTicks.set(processKey(entry), ticks);
      } catch {
        // Ended since readProcesses: its last sample stands.
      }
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    seconds() {
      sample();
      let ticks = 0;
      for (const value of lastTicks.values()) ticks += value;
      return ticks / perSecond;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
