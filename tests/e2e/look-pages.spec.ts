import type {Page} from '@playwright/test';

import {test, expect, gotoHydrated} from './fixtures';

/**
 * The home page and the schema pages as a reader sees them (issue 43,
 * defects 5 and 6), measured in the page: an outlined secondary button, a
 * card grid with no card alone on its row, a legible announcement close
 * button, a schema page with its example beside the fields and a subtitle in
 * words. Widths and targets on a phone: look-layout.spec.ts.
 */

const HOME = '/';
const SCHEMA_PAGE = '/docs/api/schemas/contact';
const SCHEMA_NAME = 'Contact';

const MODES = ['light', 'dark'] as const;
const VIEWPORTS = [
  {name: 'desktop', viewport: {width: 1440, height: 900}},
  {name: 'phone', viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true},
] as const;

/** The theme is read from localStorage before the first paint. */
async function useMode(page: Page, mode: (typeof MODES)[number]): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), mode);
}

type Rgba = [number, number, number, number];

/** `rgb(…)`/`rgba(…)` to channels; other colour syntaxes are not expected from getComputedStyle here. */
function parseColour(text: string): Rgba {
  const channels = /rgba?\(([^)]+)\)/.exec(text)?.[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  if (!channels || channels.length < 3) throw new Error(`not an rgb colour: ${text}`);
  return [channels[0], channels[1], channels[2], channels[3] ?? 1];
}

/** The colour `top` shows over an opaque `under`, with `opacity` on top. */
function over(top: Rgba, under: Rgba, opacity = 1): Rgba {
  const alpha = top[3] * opacity;
  return [0, 1, 2].map((i) => top[i] * alpha + under[i] * (1 - alpha)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

for (const {name, ...device} of VIEWPORTS) {
  test.describe(`${name} (${device.viewport.width} px)`, () => {
    test.use(device);

    for (const mode of MODES) {
      test(`the home page's secondary button is outlined in ${mode} mode`, async ({page}) => {
        await useMode(page, mode);
        await gotoHydrated(page, HOME);
        const button = page.locator('header a.button', {hasText: 'Get an access token'});
        await expect(button).toBeVisible();
        const seen = await button.evaluate((element) => {
          const style = getComputedStyle(element);
          const hero = getComputedStyle(element.closest('header')!);
          // The hero's background is a gradient: the border must stand out from every stop.
          const stops = hero.backgroundImage.match(/rgba?\([^)]+\)/g) ?? [hero.backgroundColor];
          return {width: parseFloat(style.borderTopWidth), lineStyle: style.borderTopStyle, colour: style.borderTopColor, stops};
        });
        expect(seen.width, 'border width').toBeGreaterThan(0);
        expect(seen.lineStyle).not.toBe('none');
        for (const stop of seen.stops) {
          const background = parseColour(stop);
          const ratio = contrast(over(parseColour(seen.colour), background), background);
          expect(ratio, `border ${seen.colour} on ${stop}`).toBeGreaterThanOrEqual(3);
        }
      });

      test(`no row of the home page's card grid holds one card alone in ${mode} mode`, async ({page}) => {
        await useMode(page, mode);
        await gotoHydrated(page, HOME);
        const rows = await page.locator('ul[aria-label="API resource groups"]').evaluate((list) => {
          const counts = new Map<number, number>();
          for (const card of Array.from(list.children) as HTMLElement[]) counts.set(card.offsetTop, (counts.get(card.offsetTop) ?? 0) + 1);
          return [...counts.values()];
        });
        expect(rows.length, 'rows of cards').toBeGreaterThan(0);
        const columns = rows[0];
        if (columns > 1) expect(rows.filter((count) => count === 1), `cards per row: ${rows.join(', ')}`).toEqual([]);
      });

      test(`the announcement bar's close button is legible in ${mode} mode`, async ({page}) => {
        await useMode(page, mode);
        await gotoHydrated(page, HOME);
        const close = page.getByRole('button', {name: 'Close'}).first();
        await expect(close).toBeVisible();
        const seen = await close.evaluate((element) => {
          let opacity = 1;
          for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
          const bar = element.parentElement!.closest<HTMLElement>('.theme-announcement-bar, [role="banner"]')!;
          const icon = element.querySelector('svg');
          return {colour: getComputedStyle(icon ?? element).color, opacity, bar: getComputedStyle(bar).backgroundColor};
        });
        const bar = parseColour(seen.bar);
        expect(bar[3], `bar background ${seen.bar}`).toBe(1);
        const ratio = contrast(over(parseColour(seen.colour), bar, seen.opacity), bar);
        expect(ratio, `close ${seen.colour} at opacity ${seen.opacity} on ${seen.bar}`).toBeGreaterThanOrEqual(3);
      });

      test(`the schema page shows an example object and says what the schema is in ${mode} mode`, async ({page}) => {
        await useMode(page, mode);
        await gotoHydrated(page, SCHEMA_PAGE);
        const subtitle = page.locator('main h1 + p');
        await expect(subtitle).toBeVisible();
        await expect(subtitle).not.toContainText('components.schemas');
        await expect(subtitle).toContainText(/object/);

        // The schema's required properties, from the description the site serves.
        const spec = (await (await page.request.get('/openapi.json')).json()) as {components: {schemas: Record<string, {required?: string[]}>}};
        const required = spec.components.schemas[SCHEMA_NAME].required ?? [];
        expect(required.length).toBeGreaterThan(0);

        const example = page.locator('section[aria-labelledby="examples"] pre').first();
        await expect(example).toBeVisible();
        const value = JSON.parse((await example.textContent()) ?? '') as Record<string, unknown>;
        expect(Object.keys(value)).toEqual(expect.arrayContaining(required));

        const fields = await page.locator('section[aria-labelledby="fields"]').boundingBox();
        const box = await page.locator('section[aria-labelledby="examples"]').boundingBox();
        if (device.viewport.width >= 1200) {
          // A column of its own beside the fields, starting level with them.
          expect(box!.x, 'the example starts right of the fields').toBeGreaterThanOrEqual(fields!.x + fields!.width);
          expect(box!.y).toBeLessThan(fields!.y + 200);
        } else {
          expect(box!.y, 'the example comes after the fields').toBeGreaterThanOrEqual(fields!.y + fields!.height);
        }
      });
    }
  });
}

test.describe('phone (390 px, touch): the hero code sample', () => {
  test.use(VIEWPORTS[1]);
  test('shows a real call, scrolls sideways and shades the cut edge', async ({page}) => {
    await gotoHydrated(page, HOME);
    const pre = page.locator('header pre');
    await expect(pre).toContainText('curl --request POST');
    const seen = await pre.evaluate((element) => {
      const style = getComputedStyle(element);
      const layers = style.backgroundAttachment.split(',').map((layer) => layer.trim());
      return {
        cut: element.scrollWidth > element.clientWidth,
        scrolls: ['auto', 'scroll'].includes(style.overflowX),
        shade: style.backgroundImage.includes('gradient') && layers.includes('local') && layers.includes('scroll'),
      };
    });
    expect(seen).toEqual({cut: true, scrolls: true, shade: true});
  });
});
