import {test, expect, gotoHydrated} from './fixtures';

/**
 * Where the code comes on an operation page (issue 43, point 4): on a phone
 * the code samples and Try it follow the endpoint and description, before
 * the parameters, instead of after every response field; on a wide screen
 * they stay in the examples column on the right.
 */

const OPERATION = '/docs/api/create-contact';

test.describe('phone (390 px)', () => {
  test.use({viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true});

  test('the code samples and Try it come before the parameters, near the top', async ({page}) => {
    await gotoHydrated(page, OPERATION);
    const top = (selector: string) =>
      page.locator(selector).first().evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    const codeTabs = await top('section[aria-label="Code samples"] [role="tablist"]');
    const parameters = await top('h2#parameters');
    const tryIt = await top('section[aria-labelledby="try-it"]');
    expect(codeTabs, 'the code samples tab list is above the Parameters heading').toBeLessThan(parameters);
    expect(codeTabs, 'the code samples tab list, px from the page top').toBeLessThanOrEqual(1500);
    expect(tryIt, 'Try it, px from the page top').toBeLessThanOrEqual(2000);
  });
});

test.describe('desktop (1440 px)', () => {
  test.use({viewport: {width: 1440, height: 900}});

  test('the code samples are in the right-hand column', async ({page}) => {
    await gotoHydrated(page, OPERATION);
    const codeSamples = await page.locator('section[aria-label="Code samples"]').boundingBox();
    const parameters = await page.locator('section[aria-labelledby="parameters"]').boundingBox();
    expect(codeSamples && parameters, 'both are laid out').toBeTruthy();
    expect(codeSamples!.x, 'the code samples start right of the main column').toBeGreaterThan(parameters!.x + parameters!.width);
  });
});
