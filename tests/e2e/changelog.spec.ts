import {test, expect, gotoHydrated} from './fixtures';

test('the changelog shows the seeded breaking change of the current version, explained', async ({page}) => {
  await gotoHydrated(page, '/docs/changelog');
  await expect(page.locator('h1')).toHaveText('API changelog');
  // The current spec removes `metrics.complained` from the campaign report (see openapi/releases/).
  const change = page.locator('li').filter({hasText: 'metrics.complained'}).first();
  await expect(change).toContainText('Breaking');
  await expect(change).toContainText('Removing a response field breaks clients that read it.');
  // Each release in openapi/releases/ has its own section.
  for (const version of ['2.2.0', '2.1.0']) {
    await expect(page.getByRole('heading', {level: 2}).filter({hasText: version})).toHaveCount(1);
  }
  // Operations that still exist link to their page.
  await expect(page.locator('main a[href="/docs/api/get-campaign-report"]').first()).toBeVisible();
});

test('a change to a field links the field in the current reference, and a removed field names its last version', async ({page}) => {
  await gotoHydrated(page, '/docs/changelog');
  // `metrics.complained` was removed from the campaign report in the current version: last in the newest release.
  const removed = page.locator('li').filter({hasText: 'metrics.complained'}).first();
  await expect(removed).toContainText(/Last in version 2\.2\.0\./);
  // A field that is still there links its id on its operation page, and the link lands on it.
  const fieldLinks = page.locator('main li a[href*="#request-body."], main li a[href*="#response-"]');
  expect(await fieldLinks.count()).toBeGreaterThan(0);
  const href = await fieldLinks.first().getAttribute('href');
  await fieldLinks.first().click();
  const id = decodeURIComponent(href!.split('#')[1]);
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
});
