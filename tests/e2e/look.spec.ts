import type {Page} from '@playwright/test';

import {test, expect, gotoHydrated} from './fixtures';

/**
 * What a reader sees (issue 43), measured in the page: an opaque Authorize
 * dialog, code buttons without hover, each status code once, and a not-found
 * page that leads back. The general layout checks (tab strips, cut code,
 * width, targets, overlapping text) run over every kind of page in
 * look-layout.spec.ts.
 */

const OPERATION = '/docs/api/create-contact';
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
});

test.describe('consistent type and spacing (desktop, 1440 px)', () => {
  test.use(VIEWPORTS[0]);

  test('"Copy page as Markdown" is no bright pill in dark mode', async ({page}) => {
    await useMode(page, 'dark');
    await gotoHydrated(page, OVERVIEW);
    const background = await page.getByRole('button', {name: 'Copy page as Markdown'}).evaluate((button) => getComputedStyle(button).backgroundColor);
    const [red, green, blue] = (/rgba?\(([^)]+)\)/.exec(background)?.[1].split(/[\s,/]+/) ?? []).map(Number);
    // WCAG relative luminance: the dark page is near 0, a near-white pill near 1.
    const linear = (channel: number) => (channel / 255 <= 0.03928 ? channel / 255 / 12.92 : ((channel / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
    expect(luminance, `background ${background}`).toBeLessThan(0.2);
  });

  test('response headers are set like request fields: the same name and type fonts; patterns in code type', async ({page}) => {
    await gotoHydrated(page, OPERATION);
    const fonts = await page.evaluate(() => {
      const style = (selector: string) => {
        const element = document.querySelector(selector);
        if (element === null) throw new Error(`no ${selector}`);
        const computed = getComputedStyle(element);
        return {family: computed.fontFamily, weight: computed.fontWeight};
      };
      const field = '[id="request-body.phone"]';
      const header = '[id^="response-201-headers."]';
      return {
        fieldName: style(`${field} [class*="fieldName"]`),
        fieldType: style(`${field} [class*="type_"]`),
        headerName: style(`${header} [class*="fieldName"]`),
        headerType: style(`${header} [class*="type_"]`),
        pattern: style(`${field} dd code`),
        code: style('code'),
      };
    });
    expect(fonts.headerName).toEqual(fonts.fieldName);
    expect(fonts.headerType).toEqual(fonts.fieldType);
    expect(fonts.pattern.family).toBe(fonts.code.family);
  });

  test('a tag page\'s "Operations" heading stands clear of the paragraph above it', async ({page}) => {
    await gotoHydrated(page, '/docs/api/contacts');
    const gap = await page.locator('h2#operations').evaluate((heading) => {
      const above = heading.previousElementSibling;
      if (above === null) throw new Error('nothing above the Operations heading');
      return heading.getBoundingClientRect().top - above.getBoundingClientRect().bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(16);
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

  test('offers the page a mistyped address was meant for, by its title', async ({page}) => {
    await gotoHydrated(page, '/docs/api/create-contct');
    const closest = page.getByRole('region', {name: 'Closest pages to that address:'});
    await expect(closest.getByRole('link').first()).toHaveText('Create a contact');
    await expect(closest.getByRole('link').first()).toHaveAttribute('href', OPERATION);
  });

  test('says when no page has an address close to the missing one', async ({page}) => {
    await gotoHydrated(page, NOT_FOUND);
    await expect(page.locator('main').getByText('No page has an address close to it.')).toBeVisible();
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
