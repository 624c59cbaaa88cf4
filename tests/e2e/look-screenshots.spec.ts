import type {Locator, Page} from '@playwright/test';

import {test, expect, gotoHydrated, waitForNetworkQuiet} from './fixtures';

/**
 * What a reader sees, pixel by pixel (issue 43): each page or state below in
 * light and dark mode on a laptop screen and in light mode on a phone,
 * compared with the committed baselines in `__screenshots__/`.
 * `npm run test:screenshots:update` rebuilds the site and writes them anew
 * after an intended change; review the new PNGs before committing them.
 * A failure names the page, the mode and the width, and Playwright writes the
 * expected, actual and diff images under test-results/.
 */

interface Variant {
  mode: 'light' | 'dark';
  viewport: {width: number; height: number};
  phone: boolean;
}

const VARIANTS: Variant[] = [
  {mode: 'light', viewport: {width: 1280, height: 800}, phone: false},
  {mode: 'dark', viewport: {width: 1280, height: 800}, phone: false},
  {mode: 'light', viewport: {width: 390, height: 844}, phone: true},
];

/** A fixed clock, so that nothing drawn from the date differs between runs. */
const FROZEN_TIME = new Date('2026-06-01T12:00:00Z');

const OPERATION = '/docs/api/create-contact';
const NOT_FOUND = '/docs/api/create-contct';

interface Scene {
  name: string;
  path: string;
  /** Brings the page into the state to photograph; returns what changes between runs, to mask. */
  act?: (page: Page, variant: Variant) => Promise<Locator[]>;
  /** Named views of one page: each scrolls its element to the top of the screen. */
  views?: {name: string; selector: string}[];
}

const SCENES: Scene[] = [
  {name: 'home', path: '/'},
  {name: 'docs', path: '/docs'},
  {name: 'overview', path: '/docs/api/meridian-api'},
  {
    name: 'create-contact',
    path: OPERATION,
    views: [
      {name: 'top', selector: 'main h1'},
      {name: 'request-body', selector: 'main h2#request-body'},
      {name: 'responses', selector: 'main #responses-section'},
    ],
  },
  {name: 'schema', path: '/docs/api/schemas/contact'},
  {name: 'tag', path: '/docs/api/contacts'},
  {name: 'changelog', path: '/docs/changelog'},
  {
    name: 'search',
    path: '/docs',
    act: async (page, variant) => {
      if (variant.phone) await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await page.getByRole('combobox', {name: 'Search'}).fill('contact');
      await expect(page.getByRole('listbox', {name: 'Search results'}).getByRole('option').nth(3)).toBeVisible();
      return [];
    },
  },
  {
    name: 'authorize',
    path: OPERATION,
    act: async (page) => {
      await page.getByRole('button', {name: 'Open the API explorer'}).click();
      await page.getByRole('form', {name: 'API explorer'}).getByRole('button', {name: 'Authorize'}).click();
      await expect(page.getByRole('dialog', {name: 'Authorize'})).toBeVisible();
      return [];
    },
  },
  {
    name: 'try-it',
    path: OPERATION,
    act: async (page) => {
      await page.getByRole('button', {name: 'Open the API explorer'}).click();
      const explorer = page.getByRole('form', {name: 'API explorer'});
      await explorer.getByLabel('Server', {exact: true}).selectOption({label: 'Sandbox (mock in your browser)'});
      await explorer.getByRole('button', {name: /^Send /}).click();
      const response = page.getByTestId('explorer-response');
      await expect(response).toBeVisible();
      await scrollToTop(page, explorer.getByRole('button', {name: /^Send /}));
      // The time the sandbox took to answer.
      return [response.locator('p').first().locator('span')];
    },
  },
  {name: 'not-found', path: NOT_FOUND},
];

/** Scrolls so that `target` starts just below the sticky navbar. */
async function scrollToTop(page: Page, target: Locator): Promise<void> {
  await target.evaluate((element) => {
    const navbar = document.querySelector('.navbar')?.getBoundingClientRect().height ?? 0;
    window.scrollTo({top: element.getBoundingClientRect().top + window.scrollY - navbar - 16, behavior: 'instant'});
  });
}

/** Fonts loaded and the page still, so that a run photographs what the reader ends up with. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await waitForNetworkQuiet(page);
  await page.mouse.move(0, 0);
}

/** The fonts the baselines were drawn with: Debian's for the system stacks of src/css/README.md. */
const BASELINE_FONTS = {text: 'DejaVu Sans', code: 'Liberation Mono'};

test('this host draws text in the fonts the baselines were made with', async ({page}) => {
  await gotoHydrated(page, OPERATION);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const {root} = await cdp.send('DOM.getDocument');
  /** The platform font that drew most of the glyphs of the first element matching `selector`. */
  const fontOf = async (selector: string) => {
    const {nodeId} = await cdp.send('DOM.querySelector', {nodeId: root.nodeId, selector});
    const {fonts} = await cdp.send('CSS.getPlatformFontsForNode', {nodeId});
    return fonts.sort((a, b) => b.glyphCount - a.glyphCount)[0]?.familyName;
  };
  const hint = 'the screenshot baselines were made with other fonts: install them (Debian: fonts-dejavu-core, fonts-liberation) or regenerate the baselines';
  expect(await fontOf('main h1'), hint).toBe(BASELINE_FONTS.text);
  expect(await fontOf('main pre code span'), hint).toBe(BASELINE_FONTS.code);
});

test.describe('screenshots', () => {
  // The not-found page answers 404, which the browser logs as an error.
  test.use({expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/]});

  for (const variant of VARIANTS) {
    const label = `${variant.mode} mode, ${variant.viewport.width} px`;
    test.describe(label, () => {
      test.use({viewport: variant.viewport, isMobile: variant.phone, hasTouch: variant.phone, deviceScaleFactor: 1});

      for (const scene of SCENES) {
        test(`${scene.name} (${scene.path}) in ${label}`, async ({page}) => {
          await page.clock.setFixedTime(FROZEN_TIME);
          await page.addInitScript((mode) => window.localStorage.setItem('theme', mode), variant.mode);
          await gotoHydrated(page, scene.path);
          // The moment the build fetched the description (the API version note) changes with every build:
          // hidden by a stylesheet (its digits keep their width), as a mask would paint over overlays and
          // rewriting its text can race the hydration of the part that holds it.
          await page.addStyleTag({content: 'main time[datetime*="T"] { visibility: hidden; }'});
          const mask = (await scene.act?.(page, variant)) ?? [];
          const suffix = `${variant.mode}-${variant.viewport.width}`;
          for (const view of scene.views ?? [{name: '', selector: ''}]) {
            if (view.selector) await scrollToTop(page, page.locator(view.selector).first());
            await settle(page);
            const name = [scene.name, view.name, suffix].filter(Boolean).join('-');
            await expect(page, `${scene.name}${view.name ? ` (${view.name})` : ''} in ${label}`).toHaveScreenshot(`${name}.png`, {mask});
          }
        });
      }
    });
  }
});
