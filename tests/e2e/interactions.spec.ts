import {test, expect, gotoHydrated, waitForNetworkQuiet} from './fixtures';
import {operationRoutes} from './site-routes';

/** The page the search and mobile-menu tests aim at, and its title in the spec. */
const createContact = operationRoutes().find((route) => route.operationId === 'createContact')!;

test('the colour toggle switches to dark and the choice persists under localStorage "theme"', async ({page}) => {
  await gotoHydrated(page, '/docs');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  // The toggle cycles light → dark (system preference is not respected).
  await page.getByRole('button', {name: /dark and light mode/i}).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await gotoHydrated(page, '/blog');
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('a closed announcement bar stays closed after reload', async ({page}) => {
  await gotoHydrated(page, '/');
  const bar = page.getByRole('banner').filter({hasText: 'The Meridian API reference is new'});
  const announcement = page.locator('div[class*="announcementBar_"]');
  await expect(announcement).toBeVisible();
  await expect(announcement).toContainText('The Meridian API reference is new');
  await announcement.getByRole('button', {name: 'Close'}).click();
  await expect(announcement).toHaveCount(0);
  await page.reload();
  await waitForNetworkQuiet(page);
  await expect(announcement).toHaveCount(0);
  await expect(bar).toHaveCount(0);
});

test.describe('at a 390 px wide viewport', () => {
  test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});

  test('the mobile menu opens the docs sidebar and goes back to the main menu', async ({page}) => {
    await gotoHydrated(page, '/docs/api/create-contact');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    // On a docs page the menu opens on the secondary (docs sidebar) panel.
    await expect(sidebar.locator(`a[href="${createContact.path}"]`)).toBeVisible();
    await sidebar.getByRole('button', {name: /Back to main menu/}).click();
    const docsLink = sidebar.locator('.navbar-sidebar__item').first().getByRole('link', {name: 'API Documentation'});
    await expect(docsLink).toBeVisible();
    await docsLink.click();
    await expect(page).toHaveURL(/\/docs$/);
  });

  test('from the home page, the mobile menu reaches the docs sidebar', async ({page}) => {
    await gotoHydrated(page, '/');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await sidebar.getByRole('link', {name: 'API Documentation'}).click();
    await expect(page).toHaveURL(/\/docs$/);
    await expect(page.locator('h1')).toHaveText('API Documentation');
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(sidebar.locator('a[href="/docs/api/meridian-api"]')).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Contacts', exact: true})).toBeVisible();
    await sidebar.getByRole('button', {name: /Back to main menu/}).click();
    await expect(sidebar.getByRole('link', {name: 'API Documentation'}).first()).toBeVisible();
  });
});

test('search finds an operation by its summary and opens its page', async ({page}) => {
  await gotoHydrated(page, '/');
  const search = page.getByRole('combobox', {name: 'Search'});
  await search.click();
  await search.fill(createContact.summary);
  // The operation is the first suggestion, highlighted, so Enter opens it.
  const suggestion = page.getByRole('listbox', {name: 'Search results'}).getByRole('option').first();
  await expect(suggestion).toContainText(createContact.summary);
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${createContact.path}$`));
  await expect(page.locator('h1')).toHaveText(createContact.summary);
});
