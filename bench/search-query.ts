/**
 * The first search query of a reader, old search against new, on builds of
 * the same spec: bytes fetched (gzip, as a compressing static server sends
 * them) and the time from the query to the first result on screen, in
 * Chromium, unthrottled and on Lighthouse's mobile profile applied through
 * DevTools (4× CPU slowdown, 150 ms round trip, 1.6 Mbit/s down). Each time
 * is also split at the last index byte the answer waited for: what is left
 * is the work after the download (see search-timing.ts). Builds given
 * together are measured in turn, run by run, so that a noisy minute of the
 * machine falls on all of them. A report, never a pass or fail.
 *
 *   npx tsx bench/search-query.ts --build=<dir> [--build=<dir> …] [--query=contact] [--next=campaign] [--page=/docs/api/create-contact] [--runs=5] [--timeline] [--serve=<serve's build/main.js>]
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
import {waitUntilQuiet, watchNetwork} from './page-load';
import {freePort} from './gzip-server';
import {splitQueryTime, type QuerySplit, type TimedResponse} from './search-timing';
import {median} from './stats';

type SearchKind = 'pagefind' | 'easyops';

interface Sample {
  /** Bytes on the wire (gzip as `serve` sends it, headers included) of every response from focusing the box until the first answer is complete, and of index files fetched with the page. */
  wireBytes: number;
  /** The same bodies gzipped at level 9 (Pagefind's index files are gzip already and count as they are). */
  gzipBytes: number;
  requests: string[];
  /** From the input event to the first result in the DOM, and the part after the last index byte it waited for. */
  firstQuery: QuerySplit;
  /** A second, different query on the same page (Pagefind's code and WebAssembly loaded). */
  nextQuery: QuerySplit;
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
 * Types `query` (one input event, as a paste would) and resolves with the
 * input event and the first frame with a new first result in the DOM, on the
 * browser's wall clock (to compare with the responses' timing).
 */
async function timeQuery(page: Page, selectors: {input: string; result: string}, query: string, previousFirst: string | null): Promise<{inputAt: number; shownAt: number}> {
  const answered = page.evaluate(
    ({selectors, previousFirst}) =>
      new Promise<{inputAt: number; shownAt: number}>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>(selectors.input)!;
        input.addEventListener(
          'input',
          (event) => {
            const check = () => {
              const first = document.querySelector(selectors.result);
              if (first !== null && first.textContent !== previousFirst) resolve({inputAt: performance.timeOrigin + event.timeStamp, shownAt: performance.timeOrigin + performance.now()});
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

/** `timeline`: print when each index file of the next query arrived, and when its first result showed. */
async function sample(origin: string, pagePath: string, query: string, nextQuery: string, throttled: boolean, timeline: boolean): Promise<Sample> {
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
    const timed: TimedResponse[] = [];
    let querying = false;
    // Not Playwright's 'networkidle', which after some navigations never fires
    // (tests/e2e/fixtures.ts): the page's own request events, for every wait below.
    const network = watchNetwork(page);
    /** Until no request has been in flight for a second (page-load.ts). */
    const networkQuiet = async (what: string) => {
      if (!(await waitUntilQuiet(page, network.activity, 60_000))) throw new Error(`${what}: still loading after 60 s`);
    };
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      if (timing.responseEnd >= 0) timed.push({url: request.url(), finishedAt: timing.startTime + timing.responseEnd});
      if (!querying && !INDEX_FILE.test(new URL(request.url()).pathname)) return;
      const entry = {url: request.url(), wire: 0};
      responses.push(entry);
      void request.sizes().then((sizes) => {
        entry.wire = sizes.responseBodySize + sizes.responseHeadersSize;
      });
    });
    // tsx keeps function names with a __name helper that the page does not have.
    await page.addInitScript('window.__name = (target) => target');
    await page.goto(`${origin}${pagePath}`, {waitUntil: 'load'});
    await networkQuiet(`${origin}${pagePath}`);
    await page.waitForFunction(() => Object.keys(document.getElementById('__docusaurus') ?? {}).some((key) => key.startsWith('__reactContainer')));
    const selectors = SELECTORS;
    querying = true;
    await page.focus(selectors.input);
    const first = await timeQuery(page, selectors, query, null);
    // Responses still arriving for the first answer (fragments of later hits) count too.
    await networkQuiet(`the first query "${query}"`);
    const firstResponses = [...responses];
    const previousFirst = await page.locator(selectors.result).first().textContent();
    const next = await timeQuery(page, selectors, nextQuery, previousFirst);
    // The last responses the answer waited for are reported once they finish.
    await networkQuiet(`the next query "${nextQuery}"`);
    const isIndexFile = (url: string) => INDEX_FILE.test(new URL(url).pathname);
    if (timeline) {
      const arrivals = timed.filter((response) => isIndexFile(response.url) && response.finishedAt > next.inputAt).map((response) => `${(response.finishedAt - next.inputAt).toFixed(0)} ${new URL(response.url).pathname}`);
      console.error(`[bench] next query "${nextQuery}"${throttled ? ', mobile' : ''}, ms after the input: ${[...arrivals, `${(next.shownAt - next.inputAt).toFixed(0)} first result on screen`].join('; ')}`);
    }
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
      firstQuery: splitQueryTime(first.inputAt, first.shownAt, timed, isIndexFile),
      nextQuery: splitQueryTime(next.inputAt, next.shownAt, timed, isIndexFile),
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
    page: {type: 'string'},
    runs: {type: 'string'},
    serve: {type: 'string'},
    timeline: {type: 'boolean'},
  });
  const builds = (values.build ?? []) as string[];
  if (builds.length === 0) throw new Error('[bench] give at least one --build=<dir>');
  for (const build of builds) kindOf(build);
  const query = (values.query as string | undefined) ?? 'contact';
  const nextQuery = (values.next as string | undefined) ?? 'campaign';
  const pagePath = (values.page as string | undefined) ?? '/docs/api/create-contact';
  const runs = Number((values.runs as string | undefined) ?? 5);
  const serveBin = (values.serve as string | undefined) ?? path.join(benchPackageDir('serve'), 'build/main.js');
  console.log(`Queries "${query}", then "${nextQuery}", on ${pagePath}; medians of ${runs} runs; "after download": from the last index byte the answer waited for to the result on screen.\n`);
  console.log('| build | search | profile | first query: KB on the wire, gzip (KB gzip -9) | requests | first query ms | after download | next query ms | after download |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const servers = await Promise.all(builds.map((build) => serve(serveBin, build)));
  try {
    for (const throttled of [false, true]) {
      const proxies = throttled ? await Promise.all(servers.map((server) => throttlingProxy(server.origin))) : undefined;
      const samples: Sample[][] = builds.map(() => []);
      // Build after build within each run: the machine's noise falls on every build alike.
      for (let run = 0; run < runs; run += 1) {
        for (const [index, server] of servers.entries()) {
          samples[index]!.push(await sample(proxies?.[index]!.origin ?? server.origin, pagePath, query, nextQuery, throttled, values.timeline === true));
        }
      }
      for (const proxy of proxies ?? []) proxy.stop();
      const kb = (bytes: number | null) => ((bytes ?? 0) / 1024).toFixed(1);
      const ms = (values: number[]) => (median(values) ?? 0).toFixed(0);
      for (const [index, build] of builds.entries()) {
        const built = samples[index]!;
        const first = built[0]!;
        console.log(
          `| ${build} | ${kindOf(build)} | ${throttled ? 'mobile (4× CPU, 150 ms, 1.6 Mbit/s)' : 'unthrottled'} | ${kb(median(built.map((s) => s.wireBytes)))} (${kb(median(built.map((s) => s.gzipBytes)))}) | ${first.requests.length} | ${ms(built.map((s) => s.firstQuery.totalMs))} | ${ms(built.map((s) => s.firstQuery.afterDownloadMs))} | ${ms(built.map((s) => s.nextQuery.totalMs))} | ${ms(built.map((s) => s.nextQuery.afterDownloadMs))} |`,
        );
        if (!throttled) {
          console.error(`[bench] ${build}: first query fetched ${first.requests.join(', ')}`);
          console.error(`[bench] ${build}: next query waited for ${first.nextQuery.fetched.map((url) => new URL(url).pathname).join(', ') || 'nothing'}`);
        }
      }
    }
  } finally {
    for (const server of servers) server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
