import type {Browser, BrowserContext, BrowserContextOptions, Page, Request, Response} from '@playwright/test';

import {gzipSize} from './stats';

export {CHROMIUM_FLAGS} from '../config/chromium';

/** The viewport Lighthouse's mobile defaults emulate (a Moto G Power), so both tools see the same layout. */
export const MOBILE_VIEWPORT = {viewport: {width: 412, height: 823}, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true};

const LOCAL_HOSTS = new Set(['127.0.0.1']);

/** Whether the page may reach this URL; everything off this machine is blocked. */
export function isLocalUrl(url: string): boolean {
  try {
    const {protocol, hostname} = new URL(url);
    if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
    return LOCAL_HOSTS.has(hostname);
  } catch {
    return false;
  }
}

export interface InlineScripts {
  count: number;
  rawBytes: number;
  gzipBytes: number;
}

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);

/**
 * Inline `<script>` elements that run as JavaScript (not JSON data blocks).
 * Counted because Redoc's single-file build inlines its whole bundle.
 */
export function inlineScripts(html: string): InlineScripts {
  const result: InlineScripts = {count: 0, rawBytes: 0, gzipBytes: 0};
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let match = pattern.exec(html); match !== null; match = pattern.exec(html)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue;
    result.count += 1;
    result.rawBytes += Buffer.byteLength(body, 'utf8');
    result.gzipBytes += gzipSize(body);
  }
  return result;
}

export interface PageLoadRun {
  /** Every request the page made until the network was idle, blocked ones included. */
  requests: number;
  /** Requests to hosts other than 127.0.0.1, which were refused. */
  blocked: number;
  blockedHosts: string[];
  /** Local requests that failed or answered 4xx/5xx. */
  failed: number;
  jsFiles: number;
  /** External JavaScript responses and what the scripts fetched, decoded. */
  jsRawBytes: number;
  /** The same, each body gzipped by us at level 9. */
  jsGzipBytes: number;
  /** The same, as the server sent them (its own compression). */
  jsTransferBytes: number;
  /** JavaScript fetched as a prefetch hint rather than a script (Docusaurus prefetches linked pages). */
  jsPrefetchGzipBytes: number;
  /** Of the JS figures: responses the scripts fetched (fetch, XHR), gzipped at level 9, and how many. */
  fetchedGzipBytes: number;
  fetchedFiles: number;
  inlineJs: InlineScripts;
  /** Bytes of every response as sent (headers excluded). */
  totalTransferBytes: number;
  /** Whether the network and the main thread went quiet within the time limit. */
  networkIdle: boolean;
  /** Whether the operation's title ends up visible in the viewport, outside navigation. */
  targetVisible: boolean | null;
}

export interface NetworkActivity {
  inFlight: number;
  /** When a request last started or ended (ms since the epoch). */
  lastChange: number;
  /** Requests started so far. */
  total: number;
}

/** How long the network must be quiet before the load counts as done. */
const QUIET_MS = 1_000;

/**
 * Waits until no request has been in flight for QUIET_MS and the page's main
 * thread has had an idle moment with no new request since. Playwright's own
 * "networkidle" fires while a big bundle is still executing, before it
 * fetches the spec, and would miss what single-page renderers load next.
 */
export async function waitUntilQuiet(page: Page, activity: NetworkActivity, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (activity.inFlight > 0 || Date.now() - activity.lastChange < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    const before = activity.total;
    await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(true), {timeout: 10000}))');
    if (activity.total === before && activity.inFlight === 0) return true;
  }
  return false;
}

export interface Finished {
  request: Request;
  response: Response | null;
}

export interface NetworkWatch {
  activity: NetworkActivity;
  /** Requests that completed, in the order they did. */
  finished: Finished[];
  /** Requests started so far. */
  requests(): number;
  /** Local requests that failed. */
  failed(): number;
}

/** Follows a page's requests: how many are in flight and when that last changed, and those that finished. */
export function watchNetwork(page: Page): NetworkWatch {
  const activity: NetworkActivity = {inFlight: 0, lastChange: Date.now(), total: 0};
  const finished: Finished[] = [];
  let failed = 0;
  const settle = (): void => {
    activity.inFlight = Math.max(0, activity.inFlight - 1);
    activity.lastChange = Date.now();
  };
  page.on('request', () => {
    activity.inFlight += 1;
    activity.total += 1;
    activity.lastChange = Date.now();
  });
  page.on('requestfinished', (request) => {
    finished.push({request, response: null});
    settle();
  });
  page.on('requestfailed', (request) => {
    if (isLocalUrl(request.url())) failed += 1;
    settle();
  });
  return {activity, finished, requests: () => activity.total, failed: () => failed};
}

/** A fresh context (mobile-sized unless told otherwise) with a cold cache in which every request that leaves 127.0.0.1 is refused. */
export async function localOnlyContext(
  browser: Browser,
  contextOptions: BrowserContextOptions = MOBILE_VIEWPORT,
): Promise<{context: BrowserContext; blocked: () => {count: number; hosts: string[]}}> {
  const context = await browser.newContext({...contextOptions});
  let count = 0;
  const hosts = new Set<string>();
  await context.route('**/*', async (route) => {
    const requestUrl = route.request().url();
    if (isLocalUrl(requestUrl)) {
      await route.continue();
      return;
    }
    count += 1;
    try {
      hosts.add(new URL(requestUrl).hostname);
    } catch {
      hosts.add(requestUrl.slice(0, 60));
    }
    await route.abort('blockedbyclient');
  });
  return {context, blocked: () => ({count, hosts: [...hosts].sort()})};
}

/**
 * A response's body. Chromium keeps at most 10 MB of a response for the
 * DevTools protocol, so the body of a larger one (a 11 MB search index) is
 * gone by the time we ask; the benchmark's server is local and static, so
 * the same URL is fetched again instead.
 */
export async function responseBody(request: Request): Promise<Buffer | undefined> {
  const response = await request.response();
  if (response === null) return undefined;
  const body = await response.body().catch(() => undefined);
  if (body !== undefined || !isLocalUrl(request.url()) || request.method() !== 'GET') return body;
  try {
    return Buffer.from(await (await fetch(request.url(), {signal: AbortSignal.timeout(60_000)})).arrayBuffer());
  } catch {
    return undefined;
  }
}

const isJavaScript = (finished: Finished): boolean =>
  finished.request.resourceType() === 'script' || /javascript|ecmascript/i.test(finished.response?.headers()['content-type'] ?? '');

/**
 * What the page's scripts fetched themselves (fetch, XHR): part of the first
 * load's payload as much as a script is. Our sidebar categories are JSON
 * files; a single-page renderer fetches the description this way.
 */
const isScriptData = (finished: Finished): boolean => ['fetch', 'xhr'].includes(finished.request.resourceType());

/**
 * Loads `url` in a fresh mobile-sized context with a cold cache, blocking
 * every request that leaves 127.0.0.1, and measures what it fetched.
 */
export async function loadPage(
  browser: Browser,
  url: string,
  options: {targetText?: string; screenshotPath?: string; timeoutMs?: number} = {},
): Promise<PageLoadRun> {
  const {context, blocked} = await localOnlyContext(browser);
  try {
    const page = await context.newPage();
    const network = watchNetwork(page);
    const {activity, finished} = network;

    let networkIdle = true;
    let documentHtml = '';
    try {
      const response = await page.goto(url, {waitUntil: 'load', timeout: options.timeoutMs ?? 60_000});
      documentHtml = (await response?.text()) ?? '';
      networkIdle = await waitUntilQuiet(page, activity, options.timeoutMs ?? 60_000);
    } catch {
      networkIdle = false;
    }
    // Snapshot now: what arrives later is not part of the first load.
    const snapshot = [...finished];
    const requestCount = network.requests();
    let failed = network.failed();

    let jsFiles = 0;
    let jsRawBytes = 0;
    let jsGzipBytes = 0;
    let jsTransferBytes = 0;
    let jsPrefetchGzipBytes = 0;
    let fetchedGzipBytes = 0;
    let fetchedFiles = 0;
    let totalTransferBytes = 0;
    for (const entry of snapshot) {
      entry.response = await entry.request.response();
      const sizes = await entry.request.sizes().catch(() => undefined);
      const transfer = sizes?.responseBodySize ?? 0;
      totalTransferBytes += transfer;
      if (entry.response !== null && entry.response.status() >= 400) failed += 1;
      const data = isScriptData(entry);
      if (!(isJavaScript(entry) || data) || entry.response === null) continue;
      const body = await responseBody(entry.request);
      if (body === undefined) continue;
      const gzip = gzipSize(body);
      jsRawBytes += body.length;
      jsGzipBytes += gzip;
      jsTransferBytes += transfer;
      if (data) {
        fetchedFiles += 1;
        fetchedGzipBytes += gzip;
        continue;
      }
      jsFiles += 1;
      if (entry.request.resourceType() !== 'script') jsPrefetchGzipBytes += gzip;
    }

    let targetVisible: boolean | null = null;
    if (options.targetText !== undefined) {
      // Renderers that scroll to the deep link after the network settles get a moment.
      await page.waitForTimeout(1_000);
      targetVisible = await page.evaluate<boolean>(`(${TITLE_VISIBLE})(${JSON.stringify(options.targetText)})`);
    }
    if (options.screenshotPath !== undefined) await page.screenshot({path: options.screenshotPath});

    return {
      requests: requestCount,
      blocked: blocked().count,
      blockedHosts: blocked().hosts,
      failed,
      jsFiles,
      jsRawBytes,
      jsGzipBytes,
      jsTransferBytes,
      jsPrefetchGzipBytes,
      fetchedGzipBytes,
      fetchedFiles,
      inlineJs: inlineScripts(documentHtml),
      totalTransferBytes,
      networkIdle,
      targetVisible,
    };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page: is an element whose text is `text` visible in the
 * viewport, outside navigation? Kept as source text because tsx's name-keeping
 * transform would add helpers that do not exist in the page.
 */
const TITLE_VISIBLE = `(text) => {
  const candidates = [];
  const walk = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node.textContent.trim() === text && node.parentElement !== null) candidates.push(node.parentElement);
    }
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
  };
  walk(document);
  return candidates.some((element) => {
    if (element.closest('nav, aside, a, [role="navigation"], [role="menu"], [role="menuitem"]') !== null) return false;
    if (!element.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight;
  });
}`;
