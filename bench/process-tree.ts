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
