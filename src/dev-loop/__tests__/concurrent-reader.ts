import {Worker} from 'node:worker_threads';

/** What a reader running beside the writes saw: how many reads, and the sizes of those that were neither the old content nor the new. */
export interface ReaderReport {
  reads: number;
  tornSizes: number[];
}

// Plain JavaScript for the worker: it reads the file in a loop on its own thread until the flag is set.
const READER = `
const {parentPort, workerData} = require('node:worker_threads');
const {readFileSync} = require('node:fs');
const stop = new Int32Array(workerData.stop);
const whole = new Set(workerData.wholeSizes);
let reads = 0;
const tornSizes = [];
parentPort.postMessage('reading');
while (Atomics.load(stop, 0) === 0) {
  let size;
  try {
    size = readFileSync(workerData.file).length;
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    continue;
  }
  reads += 1;
  if (!whole.has(size) && tornSizes.length < 20) tornSizes.push(size);
}
parentPort.postMessage({reads, tornSizes});
`;

/**
 * Runs `write` while another thread reads `file` as fast as it can, as the
 * development server's bundler reads generated files while they are
 * written, and reports every read whose size is none of `wholeSizes`.
 */
export async function readWhileWriting(file: string, wholeSizes: number[], write: () => Promise<void> | void): Promise<ReaderReport> {
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(READER, {eval: true, workerData: {file, wholeSizes, stop: stop.buffer}});
  const report = new Promise<ReaderReport>((resolve, reject) => {
    worker.on('message', (message: unknown) => {
      if (message !== 'reading') resolve(message as ReaderReport);
    });
    worker.on('error', reject);
  });
  await new Promise<void>((resolve) => worker.once('message', () => resolve()));
  try {
    await write();
  } finally {
    Atomics.store(stop, 0, 1);
  }
  const result = await report;
  await worker.terminate();
  return result;
}
