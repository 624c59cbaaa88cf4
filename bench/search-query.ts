/**
 * The first search query of a reader, old search against new, on builds of
 * the same spec: bytes fetched (gzip, as a compressing static server sends
 * them) and the time from the query to the first result on screen, in
 * Chromium, unthrottled and on Lighthouse's mobile profile applied through
 * DevTools (4× CPU slowdown, 150 ms round trip, 1.6 Mbit/s down). A report,
 * never a pass or fail.
 *
 *   npx tsx bench/search-query.ts --build=<dir> [--build=<dir> …] [--query=contact] [--runs=5] [--serve=<serve's build/main.js>]
 *
 * Each build is recognised by its search: `search-index.json` (the former
 * @easyops-cn/docusaurus-search-local) or `pagefind/` (Pagefind).
 */
import {spawn} from 'node:child_process';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromium, type Page} from '@playwright/test';

import {parseCommandLine} from '../scripts/command-line';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../config/chromium';
import {benchPackageDir} from './packages';
import {freePort} from './static-server';
import {median} from './stats';

type SearchKind = 'pagefind' | 'easyops';

interface Sample {
  /** Bytes on the wire (gzip as `serve` sends it, headers included) of every response from focusing the box until the first answer is complete, and of index files fetched with the page. */
  wireBytes: number;
  /** The same bodies gzipped at level 9 (Pagefind's index files are gzip already and count as they are). */
  gzipBytes: number;
  requests: string[];
  /** From the input event to the first result in the DOM. */
  firstQueryMs: number;
  /** A second, different query on the same page (index and code loaded). */
  nextQueryMs: number;
}

/** Both searches have a navbar box with the placeholder "Search" and a listbox of options; the new one's last option is "All results", not a result. */
const SELECTORS = {input: 'nav input[placeholder="Search"]', result: 'nav [role="listbox"] [role="option"]:not(:last-child)'};

/** Files of the search index that a search may fetch with the page, before any query: they count for the first query. */
const INDEX_FILE = /\/(search-index[^/]*\.json|pagefind\/.*)$/;

function kindOf(buildDir: string): SearchKind {
  if (existsSync(path.join(buildDir, 'pagefind/pagefind.js'))) return 'pagefind';
  if (existsSync(path.join(buildDir, 'search-index.json'))) return 'easyops';
  throw new Error(`[bench] ${buildDir} has neither pagefind/ nor search-index.json`);
}

async function serve(serveBin: string, directory: string): Promise<{origin: string; stop: () => void}> {
  const port = await freePort();
  const child = spawn(process.execPath, [serveBin, directory, '--listen', `tcp://127.0.0.1:${port}`, '--no-request-logging', '--no-clipboard', '--no-port-switching'], {stdio: 'ignore'});
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await (await fetch(`${origin}/`)).arrayBuffer();
      return {origin, stop: () => child.kill('SIGTERM')};
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGTERM');
  throw new Error(`[bench] serve did not answer on ${origin}`);
}

/** Latency and bandwidth of Lighthouse's mobile profile (slow 4G). */
const RTT_MS = 150;
const BYTES_PER_SECOND = (1.6 * 1024 * 1024) / 8;

/** A proxy to `target` that holds each response for a round trip and sends it at `BYTES_PER_SECOND` over one shared link. */
function throttlingProxy(target: string): Promise<{origin: string; stop: () => void}> {
  let busyUntil = 0;
  const server = createServer((request, response) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.headers)) if (key !== 'host' && typeof value === 'string') headers[key] = value;
    fetch(`${target}${request.url ?? '/'}`, {headers})
      .then(async (upstream) => {
        // fetch decodes gzip; encode again as serve did, so the link carries what serve sent.
        const decoded = Buffer.from(await upstream.arrayBuffer());
        const gzipped = upstream.headers.get('content-encoding') === 'gzip';
        const body = gzipped ? gzipSync(decoded) : decoded;
        const start = Math.max(Date.now() + RTT_MS, busyUntil);
        busyUntil = start + (body.length / BYTES_PER_SECOND) * 1000;
        await new Promise((resolve) => setTimeout(resolve, busyUntil - Date.now()));
        const out: Record<string, string> = {};
        upstream.headers.forEach((value, key) => {
          if (!['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(key)) out[key] = value;
        });
        if (gzipped) out['content-encoding'] = 'gzip';
        response.writeHead(upstream.status, {...out, 'content-length': String(body.length)});
        response.end(body);
      })
      .catch(() => {
        response.writeHead(502).end();
      });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({origin: `http://127.0.0.1:${port}`, stop: () => server.close()});
    });
  });
}

/**
 * Types `query` (one input event, as a paste would) and resolves with the ms
 * from that event to a new first result in the DOM, measured in the page.
 */
async function timeQuery(page: Page, selectors: {input: string; result: string}, query: string, previousFirst: string | null): Promise<number> {
  const answered = page.evaluate(
    ({selectors, previousFirst}) =>
      new Promise<number>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>(selectors.input)!;
        input.addEventListener(
          'input',
          (event) => {
            const check = () => {
              const first = document.querySelector(selectors.result);
              if (first !== null && first.textContent !== previousFirst) resolve(performance.now() - event.timeStamp);
              else if (performance.now() - event.timeStamp > 120_000) reject(new Error('no result within 120 s'));
              else requestAnimationFrame(check);
            };
            check();
          },
          {once: true, capture: true},
        );
      }),
    {selectors, previousFirst},
  );
  await page.locator(selectors.input).selectText();
  await page.keyboard.insertText(query);
  return answered;
}

async function sample(origin: string, kind: SearchKind, query: string, nextQuery: string, throttled: boolean): Promise<Sample> {
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS});
  try {
    const context = await browser.newContext({viewport: {width: 1350, height: 940}});
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // gzip, not the Brotli Chromium would get: the figure the requirement is in.
    await context.setExtraHTTPHeaders({'Accept-Encoding': 'gzip'});
    // The network is throttled by the proxy in front of the server (DevTools' throttling misses worker requests).
    if (throttled) await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
    // Playwright reports the requests of Pagefind's Web Worker too (the DevTools session of the page does not).
    const responses: {url: string; wire: number}[] = [];
    let querying = false;
    let lastActivity = Date.now();
    page.on('request', () => {
      lastActivity = Date.now();
    });
    page.on('requestfinished', (request) => {
      lastActivity = Date.now();
      if (!querying && !INDEX_FILE.test(new URL(request.url()).pathname)) return;
      const entry = {url: request.url(), wire: 0};
      responses.push(entry);
      void request.sizes().then((sizes) => {
        entry.wire = sizes.responseBodySize + sizes.responseHeadersSize;
      });
    });
    /** Until no request has started or ended for a second. */
    const networkQuiet = async () => {
      while (Date.now() - lastActivity < 1_000) await new Promise((resolve) => setTimeout(resolve, 100));
    };
    // tsx keeps function names with a __name helper that the page does not have.
    await page.addInitScript('window.__name = (target) => target');
    await page.goto(`${origin}/docs/api/create-contact`, {waitUntil: 'networkidle'});
    await page.waitForFunction(() => Object.keys(document.getElementById('__docusaurus') ?? {}).some((key) => key.startsWith('__reactContainer')));
    const selectors = SELECTORS;
    querying = true;
    await page.focus(selectors.input);
    const firstQueryMs = await timeQuery(page, selectors, query, null);
    // Responses still arriving for the first answer (fragments of later hits) count too.
    await networkQuiet();
    const firstResponses = [...responses];
    const previousFirst = await page.locator(selectors.result).first().textContent();
    const nextQueryMs = await timeQuery(page, selectors, nextQuery, previousFirst);
    let gzipBytes = 0;
    for (const response of firstResponses) {
      const body = Buffer.from(await (await fetch(response.url, {headers: {'accept-encoding': 'identity'}})).arrayBuffer());
      const alreadyGzip = body[0] === 0x1f && body[1] === 0x8b;
      gzipBytes += alreadyGzip ? body.length : gzipSync(body, {level: 9}).length;
    }
    return {
      wireBytes: firstResponses.reduce((sum, response) => sum + response.wire, 0),
      gzipBytes,
      requests: firstResponses.map((response) => new URL(response.url).pathname),
      firstQueryMs,
      nextQueryMs,
    };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const {values} = parseCommandLine(process.argv.slice(2), {
    build: {type: 'string', multiple: true},
    query: {type: 'string'},
    next: {type: 'string'},
    runs: {type: 'string'},
    serve: {type: 'string'},
  });
  const builds = (values.build ?? []) as string[];
  if (builds.length === 0) throw new Error('[bench] give at least one --build=<dir>');
  const query = (values.query as string | undefined) ?? 'contact';
  const nextQuery = (values.next as string | undefined) ?? 'campaign';
  const runs = Number((values.runs as string | undefined) ?? 5);
  const serveBin = (values.serve as string | undefined) ?? path.join(benchPackageDir('serve'), 'build/main.js');
  console.log(`| build | search | profile | first query: KB on the wire, gzip (KB gzip -9) | requests | first query ms (median of ${runs}) | next query ms |`);
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
  for (const build of builds) {
    const kind = kindOf(build);
    const server = await serve(serveBin, build);
    try {
      for (const throttled of [false, true]) {
        const samples: Sample[] = [];
        const proxy = throttled ? await throttlingProxy(server.origin) : undefined;
        for (let run = 0; run < runs; run += 1) samples.push(await sample(proxy?.origin ?? server.origin, kind, query, nextQuery, throttled));
        proxy?.stop();
        const kb = (bytes: number | null) => ((bytes ?? 0) / 1024).toFixed(1);
        const ms = (value: number | null) => (value ?? 0).toFixed(0);
        const first = samples[0];
        console.log(
          `| ${build} | ${kind} | ${throttled ? 'mobile (4× CPU, 150 ms, 1.6 Mbit/s)' : 'unthrottled'} | ${kb(median(samples.map((s) => s.wireBytes)))} (${kb(median(samples.map((s) => s.gzipBytes)))}) | ${first.requests.length} | ${ms(median(samples.map((s) => s.firstQueryMs)))} | ${ms(median(samples.map((s) => s.nextQueryMs)))} |`,
        );
        if (!throttled) console.error(`[bench] ${build}: first query fetched ${first.requests.join(', ')}`);
      }
    } finally {
      server.stop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
