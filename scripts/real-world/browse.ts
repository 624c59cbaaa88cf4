import {existsSync, readdirSync, statSync} from 'node:fs';
import type {Server} from 'node:http';
import path from 'node:path';

import type {Browser, Page} from '@playwright/test';

import {CHROMIUM_FLAGS, CHROMIUM_PATH, HOST_RESOLVER_RULES} from '../../config/chromium';
import {isReacts, waitForHydration} from '../../tests/e2e/react-state';
import {serveDirectory} from '../../tests/e2e/static-server';

/**
 * What a reader's browser makes of a built site: a build that passed can
 * still fail in the browser (a hydration mismatch, a part whose model breaks
 * the client, an explorer that throws), and only the console says so. The
 * end-to-end suite checks this for our own and the fixture specs; this checks
 * it for a real description the sample built.
 */

/** A few pages of each kind the generator writes, enough to meet every kind of part. */
export interface BrowseRoutes {
  overview: string | null;
  /** Used as a reader does: each part that hydrates on use pointed at, the explorer opened. */
  operations: string[];
  schema: string | null;
  /** Only opened: each must hydrate without a console error (more operation pages, tag pages). */
  opened: string[];
}

/** Operation pages only opened, spread over the API by name, besides the ones used. */
const OPENED_OPERATIONS = 20;
/** Tag pages opened, the heaviest. */
const OPENED_TAGS = 2;

/** `count` of `items`, evenly spread, in order. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({length: count}, (_, index) => items[Math.floor((index * items.length) / count)]!);
}

export interface BrowseResult {
  /** Routes visited. */
  pages: string[];
  /** `<route>: <what went wrong>`, in the order seen; empty when every page hydrated, every part with it, without a console error. */
  problems: string[];
  seconds: number;
}

/** The parts of an operation page that stay server HTML until a reader uses them (HydrateOnDemand). */
const ON_DEMAND_PARTS = ['#request-body-section', '#responses-section', '.api-examples section[aria-labelledby="response-examples"]'];

/** The bound on each wait, which ends as soon as the page gets there: a bound, not a pace. */
const HYDRATION_TIMEOUT_MS = 120_000;

/** A console message about a request to another host, which the browser is not allowed to reach. */
function isBlockedRequest(text: string, url: string | undefined): boolean {
  if (!/^Failed to load resource: net::ERR_(NAME_NOT_RESOLVED|CONNECTION_REFUSED|BLOCKED_BY_CLIENT|ADDRESS_UNREACHABLE|INTERNET_DISCONNECTED)/.test(text)) return false;
  if (url === undefined || url === '') return true;
  try {
    return new URL(url).hostname !== '127.0.0.1';
  } catch {
    return true;
  }
}

/** `docs/api/<name>.html` pages of the build, by size, largest first. */
function htmlPages(dir: string): {route: string; bytes: number}[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .map((name) => ({name, bytes: statSync(path.join(dir, name)).size}))
    .sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name))
    .map(({name, bytes}) => ({route: name.slice(0, -'.html'.length), bytes}));
}

/**
 * The routes to visit, from what `npm run gen` wrote in `siteDir/docs/api`
 * and what the build wrote in `buildDir`: the overview, the heaviest, first
 * and last operation pages, and the heaviest schema page; then, only opened,
 * up to 20 more operation pages spread over the API and the two heaviest
 * tag pages.
 */
export function pickBrowseRoutes(siteDir: string, buildDir: string): BrowseRoutes {
  const generated = readdirSync(path.join(siteDir, 'docs/api'));
  const ids = (suffix: string) => new Set(generated.filter((name) => name.endsWith(suffix)).map((name) => name.slice(0, -suffix.length)));
  const operationIds = ids('.api.mdx');
  const overviewIds = ids('.info.mdx');
  const pages = htmlPages(path.join(buildDir, 'docs/api'));
  const operations = pages.filter((page) => operationIds.has(page.route));
  const byName = [...operations].sort((a, b) => a.route.localeCompare(b.route));
  const chosen = [operations[0], byName[0], byName[byName.length - 1]].filter((page) => page !== undefined).map((page) => `/docs/api/${page.route}`);
  const overview = pages.find((page) => overviewIds.has(page.route));
  const schema = htmlPages(path.join(buildDir, 'docs/api/schemas'))[0];
  const used = new Set(chosen);
  const others = byName.map((page) => `/docs/api/${page.route}`).filter((route) => !used.has(route));
  const tagIds = ids('.tag.mdx');
  const tags = pages.filter((page) => tagIds.has(page.route)).slice(0, OPENED_TAGS).map((page) => `/docs/api/${page.route}`);
  return {
    overview: overview ? `/docs/api/${overview.route}` : null,
    operations: [...used],
    schema: schema ? `/docs/api/schemas/${schema.route}` : null,
    opened: [...spread(others, OPENED_OPERATIONS), ...tags],
  };
}


async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

async function hasHydrated(page: Page, timeoutMs: number): Promise<boolean> {
  return waitForHydration(page, timeoutMs)
    .then(() => true)
    .catch(() => false);
}

/** Points at each part of an operation page that hydrates on use, then opens the explorer; returns what went wrong. */
async function useOperationPage(page: Page, timeoutMs: number): Promise<string[]> {
  const problems: string[] = [];
  for (const selector of ON_DEMAND_PARTS) {
    if ((await page.locator(selector).count()) === 0) continue;
    await page.locator(selector).first().hover({timeout: timeoutMs});
    if (!(await waitFor(() => isReacts(page, selector).catch(() => false), timeoutMs))) problems.push(`${selector} did not hydrate after the reader pointed at it`);
  }
  const open = page.getByRole('button', {name: 'Open the API explorer'});
  if ((await open.count()) === 0) return problems;
  await open.first().click({timeout: timeoutMs});
  const shown = await page
    .getByRole('form', {name: 'API explorer'})
    .waitFor({state: 'visible', timeout: timeoutMs})
    .then(() => true)
    .catch(() => false);
  if (!shown) problems.push('the API explorer did not open');
  return problems;
}

/** Visits one route and uses what a reader uses; returns what went wrong, each prefixed with the route. */
async function visit(browser: Browser, origin: string, route: string, isOperation: boolean, timeoutMs: number): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (isBlockedRequest(message.text(), message.location().url)) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
  try {
    const response = await page.goto(`${origin}${route}`, {timeout: timeoutMs});
    if (response?.status() !== 200) {
      problems.push(`HTTP ${response?.status() ?? 'no response'}`);
    } else if (!(await hasHydrated(page, timeoutMs))) {
      problems.push(`did not hydrate within ${timeoutMs / 1000} s`);
    } else if (isOperation) {
      problems.push(...(await useOperationPage(page, timeoutMs)));
    }
  } catch (error) {
    problems.push(`could not be used: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await context.close();
  }
  return problems.map((problem) => `${route}: ${problem}`);
}

async function closeServer(server: Server): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Serves `buildDir` on 127.0.0.1, opens each route in `browser`, waits for
 * hydration, and on the operation pages to use, points at each part that
 * hydrates on use and opens the explorer. A console error (other than a
 * request to another host, which the sandbox blocks) or an uncaught
 * exception is a problem.
 */
export async function browseBuiltSite(
  browser: Browser,
  buildDir: string,
  routes: BrowseRoutes,
  {timeoutMs = HYDRATION_TIMEOUT_MS}: {timeoutMs?: number} = {},
): Promise<BrowseResult> {
  const started = performance.now();
  const server = await serveDirectory(buildDir);
  const address = server.address();
  const problems: string[] = [];
  const pages: string[] = [];
  try {
    if (address === null || typeof address === 'string') throw new Error(`the static server for ${buildDir} is not listening`);
    const origin = `http://127.0.0.1:${address.port}`;
    const visits: Array<{route: string; isOperation: boolean}> = [
      ...(routes.overview ? [{route: routes.overview, isOperation: false}] : []),
      ...routes.operations.map((route) => ({route, isOperation: true})),
      ...(routes.schema ? [{route: routes.schema, isOperation: false}] : []),
      ...routes.opened.map((route) => ({route, isOperation: false})),
    ];
    for (const {route, isOperation} of visits) {
      pages.push(route);
      problems.push(...(await visit(browser, origin, route, isOperation, timeoutMs)));
    }
  } finally {
    await closeServer(server);
  }
  return {pages, problems, seconds: (performance.now() - started) / 1000};
}

/** Debian's Chromium (CHROMIUM_PATH) with the suite's flags, reaching no host but this one. */
export async function launchBrowser(): Promise<Browser> {
  const {chromium} = await import('@playwright/test');
  return chromium.launch({executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, HOST_RESOLVER_RULES]});
}
