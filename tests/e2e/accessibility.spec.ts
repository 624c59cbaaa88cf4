import type {Locator, Page} from '@playwright/test';

import {axeViolations, describeViolations, WCAG_TAGS} from './axe';
import {test, expect, gotoHydrated} from './fixtures';
import {operationRoutes, sitemapPaths} from './site-routes';

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on every page of the sitemap and the
 * not-found page, in light and dark mode, where a violation of any impact
 * fails (minor and moderate ones too: each was a real barrier, such as a
 * skipped heading level or a second banner landmark), and the keyboard paths a reader
 * needs: skip to content, code-sample tabs, the API explorer.
 */

const MODES = ['light', 'dark'] as const;
const NOT_FOUND_ROUTE = '/no-such-page-for-axe';
/**
 * Budget of one page's audits (light and dark), with room for a host
 * several times slower; a test per page lets both workers share the
 * audits, and the budget does not grow with the number of pages.
 */
const AUDIT_TIMEOUT_MS = 90_000;

type Mode = (typeof MODES)[number];

interface AxeRow {
  /** Violated rules by impact. */
  counts: Record<string, number>;
  violations: string[];
}

/** axe on the page as it is now, in `mode`. */
async function audit(page: Page, route: string, mode: Mode): Promise<AxeRow> {
  const found = await axeViolations(page);
  const counts: Record<string, number> = {};
  for (const violation of found) {
    const impact = violation.impact ?? 'unknown';
    counts[impact] = (counts[impact] ?? 0) + 1;
  }
  return {counts, violations: describeViolations(found, `${route} (${mode})`)};
}

/**
 * The page in light mode, then in dark mode through the navbar's colour
 * toggle, as a reader switches: React redraws what depends on the mode (the
 * code blocks' Prism theme), and the page is loaded and hydrated once.
 */
async function auditRouteInBothModes(page: Page, route: string): Promise<AxeRow[]> {
  // A new context has no stored choice, so the site's default, light, applies.
  await gotoHydrated(page, route);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  const light = await audit(page, route, 'light');
  await page.getByRole('button', {name: /dark and light mode/i}).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // Away from the toggle, so that its hover style is not what is audited.
  await page.mouse.move(0, 0);
  const dark = await audit(page, route, 'dark');
  return [light, dark];
}

function formatCounts(counts: Record<string, number>): string {
  const parts = ['critical', 'serious', 'moderate', 'minor'].filter((impact) => counts[impact]).map((impact) => `${counts[impact]} ${impact}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

test.describe('axe: no WCAG 2.1 AA violation', () => {
  // The not-found page answers 404, which the browser logs as an error.
  test.use({expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/]});

  for (const route of [...sitemapPaths(), NOT_FOUND_ROUTE]) {
    test(`${route} in light and dark mode`, async ({page}) => {
      test.setTimeout(AUDIT_TIMEOUT_MS);
      const rows = await auditRouteInBothModes(page, route);
      MODES.forEach((mode, index) => console.log(`axe-core (${WCAG_TAGS.join(', ')}) ${route} ${mode}: ${formatCounts(rows[index].counts)}`));
      expect(rows.flatMap((row) => row.violations)).toEqual([]);
    });
  }
});

/** Presses Tab until `target` has focus; fails after `limit` presses. Returns how many it took. */
async function tabTo(page: Page, target: Locator, limit = 150): Promise<number> {
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`${target.toString()} not reached within ${limit} presses of Tab`);
}

/** The focused element shows where focus is: an outline or a box shadow. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const style = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return {tag: 'body', outline: 'none', shadow: 'none'};
    const computed = window.getComputedStyle(element);
    const outline = computed.outlineStyle === 'none' || parseFloat(computed.outlineWidth) === 0 ? 'none' : `${computed.outlineStyle} ${computed.outlineWidth}`;
    return {tag: `${element.localName}${element.id ? `#${element.id}` : ''}`, outline, shadow: computed.boxShadow};
  });
  expect(style.outline !== 'none' || style.shadow !== 'none', `focus indicator on ${style.tag}`).toBe(true);
}

test.describe('keyboard', () => {
  // Up to a few hundred key presses, each a round trip to the browser, so a
  // slower host gets room to spare.
  test.describe.configure({timeout: 90_000});
  const operation = operationRoutes().find((route) => route.method === 'post') ?? operationRoutes()[0];

  test('the skip link is the first stop and moves focus to the main content', async ({page}) => {
    await gotoHydrated(page, operation.path);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: /skip to main content/i});
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    // Docusaurus focuses <main> and drops its temporary tabindex, so the
    // proof is where the next Tab lands: in the page content, past the
    // navbar and the docs sidebar.
    await page.keyboard.press('Tab');
    const landing = await page.evaluate(() => ({
      inMain: Boolean(document.activeElement?.closest('main')),
      inNavbarOrSidebar: Boolean(document.activeElement?.closest('.navbar, .theme-doc-sidebar-container')),
      text: document.activeElement?.textContent?.trim().slice(0, 60) ?? '',
    }));
    expect(landing, `focus after the skip link: "${landing.text}"`).toMatchObject({inMain: true, inNavbarOrSidebar: false});
    await expectVisibleFocus(page);
  });

  test('code-sample tabs: reachable with Tab, arrow keys move between them, Enter selects (Docusaurus Tabs keys)', async ({page}) => {
    await gotoHydrated(page, operation.path);
    const tabs = page.locator('section[aria-label="Code samples"]').getByRole('tab');
    expect(await tabs.count()).toBeGreaterThan(1);
    await tabTo(page, tabs.first());
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('section[aria-label="Code samples"] [role="tabpanel"]:not([hidden])')).toHaveCount(1);
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  });

  test('the API explorer opens, fills in and sends from the keyboard', async ({page}) => {
    await gotoHydrated(page, operation.path);
    const open = page.getByRole('button', {name: 'Open the API explorer'});
    await tabTo(page, open);
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const explorer = page.getByRole('form', {name: 'API explorer'});
    await expect(explorer).toBeVisible();
    // From where focus is now, Tab walks through every field and reaches Send.
    const send = explorer.getByRole('button', {name: /^Send /});
    // Every control before Send: the fields and the Authorize button.
    const fields = explorer.locator('input, select, textarea, button[type="button"]');
    const fieldCount = await fields.count();
    expect(fieldCount).toBeGreaterThan(0);
    const visited = new Set<string>();
    for (let presses = 0; presses < 60; presses += 1) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent || '');
      const insideExplorer = await explorer.evaluate((form) => form.contains(document.activeElement));
      if (insideExplorer) {
        visited.add(id);
        await expectVisibleFocus(page);
      }
      if (await send.evaluate((button) => button === document.activeElement)) break;
    }
    await expect(send).toBeFocused();
    expect(visited.size, 'fields and the Send button reached with Tab').toBe(fieldCount + 1);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('explorer-response')).toBeVisible();
  });
});
