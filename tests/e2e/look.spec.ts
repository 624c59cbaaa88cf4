import type {Page} from '@playwright/test';

import {test, expect, gotoHydrated} from './fixtures';

/**
 * What a reader sees (issue 43), measured in the page: an opaque Authorize
 * dialog, tab strips that stay one row, code lines that say they go on,
 * code buttons without hover, nothing wider than a phone, targets a finger
 * can hit, each status code once, and a not-found page that leads back.
 */

const OPERATION = '/docs/api/create-contact';
const TAG_PAGE = '/docs/api/contacts';
const SCHEMA_PAGE = '/docs/api/schemas/contact';
const OVERVIEW = '/docs/api/meridian-api';
const NOT_FOUND = '/docs/api/no-such-operation';

const MODES = ['light', 'dark'] as const;
const VIEWPORTS = [
  {name: 'desktop', viewport: {width: 1440, height: 900}},
  {name: 'phone', viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true},
] as const;
const PHONE = VIEWPORTS[1];

/** The theme is read from localStorage before the first paint. */
async function useMode(page: Page, mode: (typeof MODES)[number]): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), mode);
}

for (const {name, ...device} of VIEWPORTS) {
  test.describe(`${name} (${device.viewport.width} px)`, () => {
    test.use(device);

    for (const mode of MODES) {
      test(`the Authorize dialog is opaque and on top in ${mode} mode`, async ({page}) => {
        await useMode(page, mode);
        await gotoHydrated(page, OPERATION);
        await page.getByRole('button', {name: 'Open the API explorer'}).click();
        await page.getByRole('form', {name: 'API explorer'}).getByRole('button', {name: 'Authorize'}).click();
        const dialog = page.getByRole('dialog', {name: 'Authorize'});
        await expect(dialog).toBeVisible();
        const seen = await dialog.evaluate((element) => {
          const background = getComputedStyle(element).backgroundColor;
          const channels = /rgba?\(([^)]+)\)/.exec(background)?.[1].split(/[\s,/]+/).filter(Boolean) ?? [];
          const alpha = channels.length === 4 ? Number(channels[3]) : channels.length === 3 ? 1 : 0;
          const box = element.getBoundingClientRect();
          const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return {background, alpha, centreInside: centre !== null && element.contains(centre)};
        });
        expect(seen.alpha, `background ${seen.background}`).toBe(1);
        expect(seen.centreInside, 'the element at the dialog centre is inside it').toBe(true);
      });
    }

    test('no tab strip wraps', async ({page}) => {
      await gotoHydrated(page, OPERATION);
      const wrapped = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[role="tablist"]'))
          .map((list) => {
            const tabs = Array.from(list.querySelectorAll<HTMLElement>('[role="tab"]'));
            const rows = new Set(tabs.map((tab) => tab.offsetTop));
            return rows.size > 1 ? tabs.map((tab) => `${tab.textContent} @${tab.offsetTop}`).join(', ') : null;
          })
          .filter((row) => row !== null),
      );
      expect(wrapped).toEqual([]);
    });

    test('every code block cut at the edge scrolls and says so', async ({page}) => {
      await gotoHydrated(page, OPERATION);
      const silent = await page.evaluate(() =>
        Array.from(document.querySelectorAll('pre'))
          .filter((pre) => pre.offsetParent !== null && pre.scrollWidth > pre.clientWidth)
          .map((pre) => {
            const style = getComputedStyle(pre);
            const scrolls = ['auto', 'scroll'].includes(style.overflowX);
            const block = pre.closest('.theme-code-block') ?? pre.parentElement!;
            const toggle = block.querySelector<HTMLElement>('button[title="Toggle word wrap"]');
            const toggleVisible = toggle !== null && toggle.offsetParent !== null && Number(getComputedStyle(toggle).opacity) > 0;
            // A shade drawn where the code goes on: fixed (`scroll`) gradients the content's own (`local`) covers at the ends.
            const layers = style.backgroundAttachment.split(',').map((layer) => layer.trim());
            const shade = style.backgroundImage.includes('gradient') && layers.includes('local') && layers.includes('scroll');
            return scrolls && (toggleVisible || shade) ? null : `${pre.textContent?.slice(0, 40)}… (overflow-x ${style.overflowX}, wrap toggle ${toggleVisible}, shade ${shade})`;
          })
          .filter((row) => row !== null),
      );
      expect(silent).toEqual([]);
    });

    test('each status code appears once per response', async ({page}) => {
      await gotoHydrated(page, OPERATION);
      const section = page.locator('#responses-section');
      const tabs = await section.locator('[role="tab"]').allTextContents();
      expect(tabs.length).toBeGreaterThan(1);
      for (const status of tabs) {
        // Visible elements whose own text is exactly the status code: its tab and nothing else.
        const shown = await section.evaluate(
          (element, code) =>
            Array.from(element.querySelectorAll<HTMLElement>('*')).filter(
              (node) => node.children.length === 0 && node.textContent?.trim() === code && node.getClientRects().length > 0 && getComputedStyle(node).visibility === 'visible',
            ).length,
          status,
        );
        expect(shown, `status ${status}`).toBe(1);
      }
    });
  });
}

test.describe('phone (390 px, touch)', () => {
  test.use(PHONE);

  test('copy and wrap buttons show without hover', async ({page}) => {
    await gotoHydrated(page, OPERATION);
    await page.locator('#code-samples').scrollIntoViewIfNeeded();
    const buttons = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.theme-code-block button'))
        .filter((button) => button.closest('[role="tabpanel"][hidden]') === null)
        .map((button) => ({label: button.getAttribute('aria-label') ?? button.title, opacity: Number(getComputedStyle(button).opacity), visibility: getComputedStyle(button).visibility})),
    );
    expect(buttons.filter((button) => /copy/i.test(button.label)).length, 'copy buttons on shown code blocks').toBeGreaterThan(0);
    expect(buttons.filter((button) => button.opacity === 0 || button.visibility !== 'visible')).toEqual([]);
  });

  test.describe('nothing is wider than the screen', () => {
    // The not-found page answers 404, which the browser logs as an error.
    test.use({expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/]});
    for (const path of [OPERATION, TAG_PAGE, SCHEMA_PAGE, OVERVIEW, NOT_FOUND]) {
      test(path, async ({page}) => {
        await gotoHydrated(page, path);
        const wide = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          widest: Array.from(document.querySelectorAll<HTMLElement>('main *'))
            .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 3)
            .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
        }));
        expect(wide.scrollWidth, wide.widest.join('; ')).toBeLessThanOrEqual(390);
      });
    }
  });

  test('targets in the content are at least 24 × 24 px, or spaced, or inline in a sentence', async ({page}) => {
    await gotoHydrated(page, OPERATION);
    const small = await page.evaluate(() => {
      const MIN = 24;
      const targets = Array.from(document.querySelectorAll<HTMLElement>('main a[href], main button, main [role="tab"]')).filter((element) => {
        const style = getComputedStyle(element);
        return element.getClientRects().length > 0 && style.visibility === 'visible' && Number(style.opacity) > 0 && element.closest('[hidden]') === null;
      });
      const boxes = targets.map((element) => element.getBoundingClientRect());
      /** A link in a line of text: WCAG 2.2's inline exception. */
      const inline = (element: HTMLElement) => {
        if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
        const block = element.closest('p, li, td, dd');
        const text = block?.textContent?.trim() ?? '';
        return block !== null && text.length > (element.textContent?.trim().length ?? 0) + 1;
      };
      /** WCAG 2.2's spacing exception: a 24 px circle on the target's centre meets no other target. */
      const spaced = (index: number) => {
        const box = boxes[index];
        const cx = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        return boxes.every((other, j) => {
          if (j === index) return true;
          const dx = Math.max(other.left - cx, 0, cx - other.right);
          const dy = Math.max(other.top - cy, 0, cy - other.bottom);
          return Math.hypot(dx, dy) >= MIN / 2;
        });
      };
      return targets
        .map((element, index) => ({element, box: boxes[index], index}))
        .filter(({element, box, index}) => (box.width < MIN || box.height < MIN) && !inline(element) && !spaced(index))
        .map(({element, box}) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    });
    expect(small).toEqual([]);
  });
});

test('the first press on a code sample\'s copy button copies its code, before the samples have hydrated', async ({page, context, baseURL}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: baseURL});
  await gotoHydrated(page, OPERATION);
  const block = page.locator('[role="tabpanel"]:not([hidden]) .theme-code-block').first();
  // innerText breaks a line at its <br> and again at its block's end; this sample has no blank line.
  const expected = await block.locator('pre').evaluate((pre) => (pre as HTMLElement).innerText.replace(/\n\n/g, '\n').replace(/\n+$/, ''));
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

test.describe('the not-found page', () => {
  test.use({expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/]});

  test('has a search box and a link to the API overview', async ({page}) => {
    await gotoHydrated(page, NOT_FOUND);
    const main = page.locator('main');
    await expect(main.getByRole('heading', {level: 1})).toBeVisible();
    await expect(main.getByRole('searchbox')).toBeVisible();
    await expect(main.getByRole('link', {name: 'API overview'})).toHaveAttribute('href', OVERVIEW);
    await expect(main.getByText(NOT_FOUND)).toBeVisible();
  });

  test('searching from it leads to the search page, without JavaScript too', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto(NOT_FOUND);
    await page.locator('main').getByRole('searchbox').fill('contact');
    await page.locator('main').getByRole('button', {name: 'Search'}).click();
    await expect(page).toHaveURL(/\/search\?q=contact$/);
    await context.close();
  });
});
