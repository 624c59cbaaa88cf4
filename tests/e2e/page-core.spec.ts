import type {Page, Route} from '@playwright/test';
import {test, expect, gotoHydrated, markDocument, waitForNetworkQuiet} from './fixtures';
import {MODEL_FILE} from './loaded-data';
import {isReacts} from './react-state';

/**
 * An operation page's first visit hydrates with the page's core
 * (`<id>.page-core.json`, src/openapi/models/page-core.ts): the parts that need its
 * full model (schemas, examples, code) stay server HTML, and the full model
 * is fetched when a reader first uses one of them (HydrateOnDemand, `ready`).
 * A client-side navigation gets the full model before the page renders.
 */

const PAGE = '/docs/api/create-contact';

/** The page models the page fetches, as parsed JSON, in order. */
function recordModels(page: Page): Record<string, unknown>[] {
  const models: Record<string, unknown>[] = [];
  page.on('response', (response) => {
    if (!MODEL_FILE.test(new URL(response.url()).pathname)) return;
    response
      .json()
      .then((model: Record<string, unknown>) => models.push(model))
      .catch(() => undefined);
  });
  return models;
}


test.describe("an operation page's core", () => {
  test('a first visit fetches the core only; pointing at a part fetches the full model once, and the part becomes interactive', async ({page}) => {
    const models = recordModels(page);
    await gotoHydrated(page, PAGE);
    await waitForNetworkQuiet(page);
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({kind: 'operation', id: 'create-contact', examples: {request: true, responses: true}});
    expect(models[0]).not.toHaveProperty('responses');
    expect(models[0]).not.toHaveProperty('requestBody');
    expect((models[0].codeSamples as Record<string, unknown>[])[0]).toMatchObject({id: 'curl', label: 'cURL'});
    expect((models[0].codeSamples as Record<string, unknown>[])[0]).not.toHaveProperty('code');
    // Everything is there as server HTML, readable before any of it is used.
    await expect(page.locator('#responses-section')).toContainText('201');
    expect(await isReacts(page, '#responses-section')).toBe(false);

    const examples = page.locator('.api-examples section[aria-labelledby="response-examples"]');
    await examples.hover();
    await expect.poll(() => models.length).toBe(2);
    expect(models[1]).toHaveProperty('responses');
    await expect.poll(() => isReacts(page, '.api-examples section[aria-labelledby="response-examples"]')).toBe(true);
    const tab = examples.locator('[role="tab"]').nth(1);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');

    // The other parts hydrate with the same model: nothing is fetched again.
    await page.locator('#responses-section').hover();
    await page.locator('#request-body-section').hover();
    await expect.poll(() => isReacts(page, '#responses-section')).toBe(true);
    await waitForNetworkQuiet(page);
    expect(models).toHaveLength(2);
  });

  test('a press that starts before the full model arrives ends on the server HTML, and what it closed stays closed', async ({page}) => {
    await gotoHydrated(page, PAGE);
    await waitForNetworkQuiet(page);
    const held: Route[] = [];
    await page.route(MODEL_FILE, (route) => {
      held.push(route);
    });
    const details = page.locator('#responses-section details[data-schema-details]').first();
    await expect(details).toHaveAttribute('open', '');
    await details.locator(':scope > summary').click();
    // The browser closed it: the part is still the server's HTML.
    await expect(details).not.toHaveAttribute('open', '');
    await expect.poll(() => held.length).toBe(1);
    expect(await isReacts(page, '#responses-section')).toBe(false);

    await held[0].continue();
    await page.unroute(MODEL_FILE);
    await expect.poll(() => isReacts(page, '#responses-section details[data-schema-details]')).toBe(true);
    // React's twin of the same element, closed as the reader left it.
    await expect(details).not.toHaveAttribute('open', '');
    await details.locator(':scope > summary').click();
    await expect(details).toHaveAttribute('open', '');
  });

  test('a tab clicked before the full model arrives is chosen once the part hydrates', async ({page}) => {
    await gotoHydrated(page, '/docs/api/update-contact');
    await waitForNetworkQuiet(page);
    const held: Route[] = [];
    await page.route(MODEL_FILE, (route) => {
      held.push(route);
    });
    const requestBody = page.locator('#request-body-section');
    const tab = (mediaType: string) => requestBody.getByRole('tab', {name: mediaType, exact: true});
    await tab('application/merge-patch+json').click();
    // Still the server's HTML, where a tab does nothing.
    await expect.poll(() => held.length).toBe(1);
    expect(await isReacts(page, '#request-body-section')).toBe(false);
    await expect(tab('application/json')).toHaveAttribute('aria-selected', 'true');

    await held[0].continue();
    await page.unroute(MODEL_FILE);
    await expect(tab('application/merge-patch+json')).toHaveAttribute('aria-selected', 'true');
    expect(new URL(page.url()).searchParams.get('content-type')).toBe('application/merge-patch+json');
    expect(await isReacts(page, '#request-body-section')).toBe(true);
  });

  test.describe('when the full model cannot be fetched', () => {
    test.use({expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 503/]});

    test('the parts stay readable server HTML and the explorer says why it is not there', async ({page}) => {
      await gotoHydrated(page, PAGE);
      await waitForNetworkQuiet(page);
      await page.route(MODEL_FILE, (route) => route.fulfill({status: 503, body: 'unavailable'}));
      await page.getByRole('button', {name: 'Open the API explorer'}).click();
      await expect(page.getByRole('alert')).toContainText('The API explorer could not load (Page model /assets/models/');
      await expect(page.getByRole('alert')).toContainText('HTTP 503');
      await page.locator('#responses-section').hover();
      await expect(page.locator('#responses-section')).toContainText('201');
      expect(await isReacts(page, '#responses-section')).toBe(false);

      // Once the server answers again, the next use fetches it.
      await page.unroute(MODEL_FILE);
      await page.locator('#request-body-section').hover();
      await expect.poll(() => isReacts(page, '#request-body-section')).toBe(true);
    });
  });

  test.describe('when React cannot hydrate the page', () => {
    test.use({expectedConsoleErrors: [/^Docusaurus React Root onRecoverableError:/]});

    test('it renders the page again, and the parts that kept server HTML render themselves from the full model', async ({page}) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const models = recordModels(page);
      // The server's title differs from what the page renders: a hydration mismatch, as a stale or altered HTML would give.
      await page.route(`**${PAGE}`, async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        const altered = html.replace('>Create a contact</h1>', '>Create a contact (altered)</h1>');
        expect(altered).not.toBe(html);
        await route.fulfill({response, body: altered});
      });
      await gotoHydrated(page, PAGE);
      await expect.poll(() => errors.some((text) => text.startsWith('Docusaurus React Root onRecoverableError:'))).toBe(true);
      await expect(page.locator('main h1')).toHaveText('Create a contact');
      // Every section is there, React's, without the reader pointing at it first.
      await expect(page.locator('#responses-section')).toContainText('201');
      await expect(page.locator('#request-body-section')).toContainText('email');
      expect(await isReacts(page, '#responses-section')).toBe(true);
      await expect(page.locator('.api-examples section[aria-labelledby="response-examples"]')).toBeVisible();
      await waitForNetworkQuiet(page);
      expect(models.filter((model) => 'responses' in model)).toHaveLength(1);
    });
  });

  test('a client-side navigation fetches the full model, never a core, and renders every part at once', async ({page}) => {
    await gotoHydrated(page, PAGE);
    await waitForNetworkQuiet(page);
    const models = recordModels(page);
    // Docusaurus reloads the page when a navigation's preload fails, after a console warning that says why.
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const sameDocument = await markDocument(page);
    await page.locator('.theme-doc-sidebar-menu a.menu__link[href$="/docs/api/get-contact"]').first().click();
    await expect(page).toHaveURL(/\/docs\/api\/get-contact$/);
    // The URL changes before the new page renders: the old page stays on screen until its data is loaded.
    await expect(page.locator('main h1')).toHaveText('Retrieve a contact');
    expect(await sameDocument(), `the click loaded a new document, not a client-side navigation; console warnings: ${JSON.stringify(warnings)}`).toBe(true);
    await expect(page.locator('#responses-section')).toContainText('200');
    expect(await isReacts(page, '#responses-section')).toBe(true);
    await waitForNetworkQuiet(page);
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({id: 'get-contact'});
    expect(models[0]).toHaveProperty('responses');
  });
});
