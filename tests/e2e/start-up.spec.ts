import {test, expect, gotoHydrated, markDocument} from './fixtures';

/**
 * How a page starts: its scripts run once the first frame is on screen
 * (config/ssr-template.ts), and React DOM's client is a script of its own,
 * loaded by the main script, so that its evaluation is not part of the main
 * script's task (src/plugins/staged-start); the page still hydrates, and
 * keeps working as an app afterwards.
 */

/** Only React DOM's client names its container key; the small `react-dom` module does not. */
const REACT_DOM_CLIENT_MARKER = '__reactContainer$';

test.describe('start-up in steps', () => {
  test("the HTML preloads its scripts and runs none before the first paint is on screen; the main script leaves React DOM's client to a script of its own; the page hydrates", async ({page, request}) => {
    const html = await (await request.get('/docs/api/create-contact')).text();
    // Deferred or blocking script elements would run in the task of the first layout (config/ssr-template.ts).
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    const preloaded = [...html.matchAll(/<link\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => /\srel="?preload\b/.test(tag) && /\sas="?script\b/.test(tag))
      .map((tag) => /\shref="?([^" >]+)/.exec(tag)?.[1] ?? '');
    const main = preloaded.find((src) => /\/main\.[0-9a-f]+\.js$/.test(src));
    expect(main, `the main script among the preloaded ${preloaded.join(', ')}`).toBeDefined();
    expect(preloaded.some((src) => /\/runtime~main\.[0-9a-f]+\.js$/.test(src))).toBe(true);

    // Whether the first paint was on screen (its timing entry queued) when the page added its first script element.
    await page.addInitScript(() => {
      new MutationObserver((records, observer) => {
        if (!records.some((record) => Array.from(record.addedNodes).some((node) => node instanceof HTMLScriptElement && node.src))) return;
        observer.disconnect();
        (window as Window & {paintsBeforeFirstScript?: number}).paintsBeforeFirstScript = performance.getEntriesByType('paint').length;
      }).observe(document, {childList: true, subtree: true});
    });
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await gotoHydrated(page, '/docs/api/create-contact');
    // The preloaded scripts are the ones that ran: each is a script element of the page now.
    const running = await page.locator('script[src]').evaluateAll((elements) => elements.map((element) => new URL((element as HTMLScriptElement).src).pathname));
    expect(running).toEqual(expect.arrayContaining(preloaded));
    expect(await page.evaluate(() => (window as Window & {paintsBeforeFirstScript?: number}).paintsBeforeFirstScript)).toBeGreaterThan(0);

    expect(await (await request.get(main!)).text()).not.toContain(REACT_DOM_CLIENT_MARKER);
    const holders: string[] = [];
    for (const src of new Set(scripts)) if ((await (await request.get(src)).text()).includes(REACT_DOM_CLIENT_MARKER)) holders.push(src);
    expect(holders).toHaveLength(1);
    expect(preloaded).not.toContain(holders[0]);
  });

  test('after starting in steps, a sidebar link navigates without a page load and the new page is interactive', async ({page}) => {
    await gotoHydrated(page, '/docs/api/create-contact');
    const sameDocument = await markDocument(page);
    const link = page.locator('.theme-doc-sidebar-menu a.menu__link[href$="/docs/api/list-contacts"]').first();
    await link.click();
    await expect(page).toHaveURL(/\/docs\/api\/list-contacts$/);
    await expect(page.locator('article h1')).toBeVisible();
    expect(await sameDocument()).toBe(true);
  });
});
