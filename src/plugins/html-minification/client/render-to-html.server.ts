/**
 * The server bundle's `renderToHtml` (in place of @docusaurus/core's
 * lib/client/renderToHtml.js, swapped by src/plugins/html-minification):
 * the same React stream, its bytes kept and decoded once.
 *
 * The core's reads the stream with `text()` of node:stream/consumers, which
 * runs a streaming TextDecoder over each of React's chunks (a few KB each),
 * a visible share of a rendering thread's time on a large API.
 * `Buffer.concat(...).toString('utf8')` gives the same string from
 * the same bytes (the test compares both on pages of up to several hundred
 * KB, with characters of one to four bytes).
 */
import {Writable} from 'node:stream';
import type {ReactNode} from 'react';
import {renderToPipeableStream} from 'react-dom/server';

export async function renderToHtml(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        callback();
      },
    });
    sink.on('error', reject);
    const {pipe} = renderToPipeableStream(app, {
      onError(error) {
        reject(error);
      },
      onAllReady() {
        pipe(sink);
      },
    });
  });
}
