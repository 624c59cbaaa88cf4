import type {Page} from '@playwright/test';

import {test, expect, gotoHydrated} from './fixtures';
import {hoverOnlyButtons, overlappingText, silentlyCutCode, smallTargets, transparentOverlay, widerThanScreen, wrappedTabStrips} from './layout-checks';

/**
 * The layout checks of issue 43 (point 3) over every kind of page a reader
 * meets first, in both colour modes, on a laptop and on a phone: no text on
 * top of other text, no tab strip on two rows, no code cut without a way to
 * reach it, and on the phone nothing wider than the screen, targets a
 * finger can hit and no control that needs hover; then every overlay
 * (search results, the phone's menu, the Authorize dialog) opaque.
 */

const PAGES = [
  '/',
  '/docs',
  '/docs/api/meridian-api',
  '/docs/api/create-contact',
  '/docs/api/schemas/contact',
  '/docs/api/contacts',
  '/docs/changelog',
  '/docs/api/no-such-operation',
];

const MODES = ['light', 'dark'] as const;
const DESKTOP = {viewport: {width: 1440, height: 900}};
const PHONE = {viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true};

/** The theme is read from localStorage before the first paint. */
async function useMode(page: Page, mode: (typeof MODES)[number]): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), mode);
}

// The not-found page answers 404, which the browser logs as an error.
test.use({expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/]});

// Layout does not depend on the colour mode: the pages are checked in light mode on a laptop and in
// dark mode on a phone, so that each mode is seen; overlays, whose paint is the point, in both.
test.describe('desktop (1440 px), light mode', () => {
  test.use(DESKTOP);
  for (const path of PAGES) {
    test(`${path}: no overlapping text, no wrapped tab strip, no silently cut code`, async ({page}) => {
      await useMode(page, 'light');
      await gotoHydrated(page, path);
      expect.soft(await overlappingText(page), 'text on top of other text').toEqual([]);
      expect.soft(await wrappedTabStrips(page), 'tab strips on more than one row').toEqual([]);
      expect.soft(await silentlyCutCode(page), 'code cut at the edge with no wrap toggle or shade').toEqual([]);
    });
  }
});

test.describe('phone (390 px, touch), dark mode', () => {
  test.use(PHONE);
  for (const path of PAGES) {
    test(`${path}: the desktop checks, and nothing wider than the screen, small targets or hover-only buttons`, async ({page}) => {
      await useMode(page, 'dark');
      // Hydrated to the end: the code blocks' buttons stay hidden until Docusaurus marks the page so.
      await gotoHydrated(page, path);
      expect.soft(await overlappingText(page), 'text on top of other text').toEqual([]);
      expect.soft(await wrappedTabStrips(page), 'tab strips on more than one row').toEqual([]);
      expect.soft(await silentlyCutCode(page), 'code cut at the edge with no wrap toggle or shade').toEqual([]);
      expect.soft(await widerThanScreen(page), 'wider than the screen').toEqual([]);
      expect.soft(await smallTargets(page), 'targets under 24 × 24 px').toEqual([]);
      expect.soft(await hoverOnlyButtons(page), 'buttons shown only on hover').toEqual([]);
    });
  }
});

for (const [width, device] of [
  ['1440', DESKTOP],
  ['390', PHONE],
] as const) {
  test.describe(`overlays at ${width} px`, () => {
    test.use(device);
    for (const mode of MODES) {
      test(`${mode} mode: search results${device === PHONE ? ', the menu' : ''} and the Authorize dialog are opaque`, async ({page}) => {
        await useMode(page, mode);
        await gotoHydrated(page, '/docs/api/meridian-api');
        if (device === PHONE) {
          await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
          const menu = page.locator('.navbar-sidebar');
          await expect(menu).toBeVisible();
          expect.soft(await transparentOverlay(menu), 'the menu').toEqual([]);
        }
        await page.getByRole('combobox', {name: 'Search'}).fill('contact');
        const results = page.getByRole('listbox', {name: 'Search results'});
        await expect(results.getByRole('option').nth(3)).toBeVisible();
        expect.soft(await transparentOverlay(results), 'the search results').toEqual([]);
        const centre = await results.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height, 300) / 2);
          return top !== null && element.contains(top);
        });
        expect.soft(centre, 'the element at the results list centre is inside it').toBe(true);
        await page.keyboard.press('Escape');
        if (device === PHONE) await page.getByRole('button', {name: /Close navigation bar/}).click();
        await page.locator('main').getByRole('button', {name: 'Authorize'}).click();
        const dialog = page.getByRole('dialog', {name: 'Authorize'});
        await expect(dialog).toBeVisible();
        expect.soft(await transparentOverlay(dialog), 'the Authorize dialog').toEqual([]);
      });
    }
  });
}

test('each check finds the defect it looks for', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844});
  await page.setContent(`
    <ul role="tablist" style="display:flex;flex-wrap:wrap;width:120px;padding:0;gap:8px">
      <li role="tab">cURL</li><li role="tab">JavaScript</li><li role="tab">Ruby</li>
    </ul>
    <div class="main-wrapper"><main>
      <p style="margin:0">First line of text</p>
      <p style="margin:-1.2em 0 0 1em">Second line, drawn over the first</p>
      <pre style="overflow:hidden;width:100px">curl --header 'Authorization: Bearer YOUR_ACCESS_TOKEN'</pre>
      <div style="width:500px">wide</div>
      <button style="width:16px;height:16px">x</button><button style="width:16px;height:16px">y</button>
      <button style="opacity:0">Copy</button>
      <div role="dialog" aria-label="Authorize" style="position:fixed;left:0;right:0;bottom:0;height:40px;background:transparent"></div>
    </main></div>`);
  expect(await overlappingText(page)).toHaveLength(1);
  expect(await wrappedTabStrips(page)).toHaveLength(1);
  expect(await silentlyCutCode(page)).toHaveLength(1);
  expect((await widerThanScreen(page)).join('\n')).toContain('div. reaches 508 px');
  expect(await smallTargets(page)).toEqual(['button "x" 16×16', 'button "y" 16×16']);
  expect(await hoverOnlyButtons(page)).toEqual(['button "Copy"']);
  expect(await transparentOverlay(page.getByRole('dialog'))).toHaveLength(1);
});
