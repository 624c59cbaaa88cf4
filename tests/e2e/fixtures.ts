import {test as base, expect, type Page, type Request} from '@playwright/test';
import {waitForHydration} from './react-state';

/** Messages the suite tolerates, each with the reason. Keep this list short. */
const TOLERATED_CONSOLE_ERRORS: RegExp[] = [];

/** The requests a page has in flight, and when one last started or ended. */
interface NetworkLog {
  inFlight: Set<Request>;
  lastActivity: number;
}

const networkLogs = new WeakMap<Page, NetworkLog>();

/**
 * Every test fails on a console error or an uncaught exception in the page:
 * a broken page often still renders, and only the console says so.
 */
export const test = base.extend<{expectedConsoleErrors: RegExp[]; consoleErrors: string[]; networkLog: NetworkLog}>({
  /** Console errors a test provokes on purpose (set with `test.use`). */
  expectedConsoleErrors: [[], {option: true}],
  consoleErrors: [
    async ({page, expectedConsoleErrors}, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if ([...TOLERATED_CONSOLE_ERRORS, ...expectedConsoleErrors].some((pattern) => pattern.test(text))) return;
        errors.push(`console.error on ${page.url()}: ${text}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught exception on ${page.url()}: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors and uncaught exceptions').toEqual([]);
    },
    {auto: true},
  ],
  /** Every page's requests from its creation on, for `waitForNetworkQuiet`. */
  networkLog: [
    async ({page}, use) => {
      const log: NetworkLog = {inFlight: new Set(), lastActivity: Date.now()};
      page.on('request', (request) => {
        log.inFlight.add(request);
        log.lastActivity = Date.now();
      });
      const ended = (request: Request) => {
        log.inFlight.delete(request);
        log.lastActivity = Date.now();
      };
      page.on('requestfinished', ended);
      page.on('requestfailed', ended);
      networkLogs.set(page, log);
      await use(log);
    },
    {auto: true},
  ],
});

export {expect};

/** Waits until React has hydrated the server-rendered page, so clicks reach handlers. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Marks the page's document and returns a check that the page still shows
 * that document: a client-side navigation keeps it, a page load does not.
 */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    (window as Window & {e2eDocumentMark?: boolean}).e2eDocumentMark = true;
  });
  return () => page.evaluate(() => (window as Window & {e2eDocumentMark?: boolean}).e2eDocumentMark === true);
}

/**
 * Waits until the page has had no request in flight for `quietMs`, so that a
 * test can assert what the page did not load. Playwright's own 'networkidle'
 * is not used: after some navigations it never fires although every request
 * has ended (here 5 of 16 runs of the sequence /, create-contact, /blog,
 * /search, create-contact hung on the last page, with no request in flight by
 * the page's own events), and a hung wait fails a test on any host.
 * The wait is for the page's own events, so it ends as soon as the page is
 * quiet, however slow the host; a failure names the requests still open.
 */
export async function waitForNetworkQuiet(page: Page, quietMs = 500): Promise<void> {
  const log = networkLogs.get(page);
  if (log === undefined) throw new Error('waitForNetworkQuiet: the page does not come from the fixtures of tests/e2e/fixtures.ts');
  await expect
    .poll(
      () => {
        if (log.inFlight.size > 0) return [...log.inFlight].map((request) => request.url());
        return Date.now() - log.lastActivity >= quietMs ? [] : ['(quiet for less than the window)'];
      },
      {message: `requests in flight, or none for less than ${quietMs} ms`, intervals: [100], timeout: 60_000},
    )
    .toEqual([]);
}
