import type {Page} from '@playwright/test';

/**
 * What React has made of a page, read in the browser: the end-to-end suite
 * and the real-world sample's browser step (scripts/real-world/browse.ts)
 * wait for and check the same things.
 */

/**
 * Waits until React has rendered or hydrated the page's root (Docusaurus's
 * `#__docusaurus`) and committed it: `hydrateRoot` marks the root when
 * hydration starts, and a link clicked before the end is a full page load,
 * so this also waits for the attribute Docusaurus sets on `<html>` from its
 * first effect. Rejects after `timeout` ms (Playwright's default when unset).
 */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('__docusaurus');
      return (
        root !== null &&
        Object.keys(root).some((key) => key.startsWith('__reactContainer')) &&
        document.documentElement.getAttribute('data-has-hydrated') === 'true'
      );
    },
    undefined,
    timeout === undefined ? {} : {timeout},
  );
}

/** Whether the first element matching `selector` is React's (rendered or hydrated by it), not server HTML that React left alone. */
export async function isReacts(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
}
