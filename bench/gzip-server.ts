import {spawn, type ChildProcess} from 'node:child_process';
import {createServer} from 'node:net';
import path from 'node:path';

import {benchPackageDir} from './packages';

export interface StaticServer {
  /** e.g. `http://127.0.0.1:41234` (no trailing slash). */
  origin: string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`[bench] serve exited with ${child.exitCode} before it answered`);
    try {
      const response = await fetch(`${origin}/`, {signal: AbortSignal.timeout(2_000)});
      await response.arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`[bench] serve did not answer on ${origin} within ${timeoutMs} ms`);
}

/**
 * Serves `directory` with `serve` (the static server of `npx serve`, which
 * compresses responses: Brotli or gzip, whichever the client prefers) on
 * 127.0.0.1. Started with node directly rather than through npx so that the
 * process we stop is the server itself.
 */
export async function startStaticServer(projectRoot: string, directory: string): Promise<StaticServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const serveBin = path.join(benchPackageDir('serve'), 'build/main.js');
  const child = spawn(
    process.execPath,
    [serveBin, directory, '--listen', `tcp://127.0.0.1:${port}`, '--no-request-logging', '--no-clipboard', '--no-port-switching'],
    {cwd: projectRoot, stdio: ['ignore', 'ignore', 'pipe']},
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    await waitUntilServing(origin, child, 15_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message}${stderr ? `: ${stderr.trim()}` : ''}`);
  }
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
