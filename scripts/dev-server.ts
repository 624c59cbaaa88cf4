// `npm start` in a copy of the site, for the dev-server end-to-end test and
// the benchmark's dev part: started on 127.0.0.1 and stopped by its caller.
import {spawn, type ChildProcess} from 'node:child_process';
import process from 'node:process';

export interface DevServer {
  url: string;
  pid: number;
  /** Everything the server printed so far, stdout and stderr interleaved. */
  output(): string;
  /** The same lines, each after the milliseconds since the server was started (a bench's log of where the time went). */
  timedOutput(): string;
  /** Resolves with the first printed line matching `pattern` from now on. */
  nextLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** Ends the server's whole process group (npm, tsx, docusaurus) and waits for it. */
  stop(): Promise<void>;
}

/**
 * Starts `npm start -- --host 127.0.0.1 --port <port> --no-open` in
 * `siteDir` with `env` added, in a process group of its own so that stop()
 * ends every process it started and nothing else.
 */
export function startDevServer({siteDir, port, env}: {siteDir: string; port: number; env: Record<string, string>}): DevServer {
  const child: ChildProcess = spawn('npm', ['start', '--', '--host', '127.0.0.1', '--port', String(port), '--no-open'], {
    cwd: siteDir,
    env: {...process.env, ...env, BROWSER: 'none', FORCE_COLOR: '0'},
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const started = Date.now();
  let text = '';
  let timed = '';
  const listeners = new Set<(line: string) => void>();
  let pending = '';
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      timed += `${String(Date.now() - started).padStart(7)} ${line}\n`;
      for (const listener of listeners) listener(line);
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => text,
    timedOutput: () => timed,
    nextLine(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`the dev server printed no line matching ${pattern} in ${timeoutMs / 1000} s`));
        }, timeoutMs);
        const listener = (line: string) => {
          if (!pattern.test(line)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(line);
        };
        listeners.add(listener);
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const killed = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, 10_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

/** Resolves when `url` answers 200, polling every half second; rejects after `timeoutMs`. */
export async function waitForPage(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
