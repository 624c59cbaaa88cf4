import {test as base, expect, type Page} from '@playwright/test';

/** Messages the suite tolerates, each with the reason. Keep this list short. */
const TOLERATED_CONSOLE_ERRORS: RegExp[] = [];

/**
 * Every test fails on a console error or an uncaught exception in the page:
 * a broken page often still renders, and only the console says so.
 */
export const test = base.extend<{expectedConsoleErrors: RegExp[]; consoleErrors: string[]}>({
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
});

export {expect};

/** Waits until React has hydrated the server-rendered page, so clicks reach handlers. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => {
    const root = document.getElementById('__docusaurus');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
