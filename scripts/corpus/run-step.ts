import {spawn} from 'node:child_process';
import {appendFileSync} from 'node:fs';

export interface StepResult {
  ok: boolean;
  exitCode: number | null;
  seconds: number;
  /** stdout and stderr, interleaved as they came. */
  output: string;
  timedOut: boolean;
}

/**
 * Runs one command of a corpus build in its own process group (so a timeout
 * stops Docusaurus's worker threads too), appending its output to `logFile`.
 */
export function runStep(
  command: string,
  args: string[],
  options: {cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; logFile: string},
): Promise<StepResult> {
  const started = performance.now();
  appendFileSync(options.logFile, `\n$ ${[command, ...args].join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe']});
    const chunks: string[] = [];
    const collect = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      chunks.push(text);
      appendFileSync(options.logFile, text);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }, options.timeoutMs);
    const finish = (exitCode: number | null) => {
      clearTimeout(timer);
      resolve({
        ok: exitCode === 0 && !timedOut,
        exitCode,
        seconds: (performance.now() - started) / 1000,
        output: chunks.join(''),
        timedOut,
      });
    };
    child.on('error', (error) => {
      collect(Buffer.from(`${error.message}\n`));
      finish(null);
    });
    child.on('close', (code) => finish(code));
  });
}

/** The last lines of a step's output that look like errors, for the summary line. */
export function errorExcerpt(output: string, maxLines = 3): string {
  const lines = output.split('\n').map((line) => line.trim()).filter(Boolean);
  const errors = lines.filter((line) => /error|failed|cannot|unable|invalid/i.test(line) && !/^at /.test(line));
  return (errors.length > 0 ? errors : lines).slice(-maxLines).join(' | ').slice(0, 400);
}
