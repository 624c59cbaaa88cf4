import type {Page} from '@playwright/test';

import {escapeFieldName} from '../../src/openapi/links/field-anchors';
import {test, expect, gotoHydrated} from './fixtures';
import {fieldPaths, findOperation, requestBodySchema, resolvedSpec, responseSchemas} from './spec-helpers';

/**
 * Every field has an address (issue #15): an id in the server's HTML derived
 * from where the field sits, a link that copies it, and a URL with it that
 * opens the field's collapsed parents and shows it, JavaScript on and off.
 *
 * The fields expected come from walking the description (spec-helpers.ts),
 * not from the site's page model; the id grammar is the contract under test.
 */

const CREATE_CONTACT = '/docs/api/create-contact';
const EMAIL_MARKETING = 'request-body.consent.email_marketing';
/** Below a field of an array item, two levels down: collapsed until asked for. */
const LIST_CONTACTS = '/docs/api/list-contacts';
const NESTED_IN_LIST = 'response-200.data[].consent.email_marketing';

function anchorOf(prefix: string, path: string[]): string {
  return path.reduce((id, step) => (step === '[]' ? `${id}[]` : step === '*' ? `${id}.*` : `${id}.${escapeFieldName(step)}`), prefix);
}

function createContactFieldIds(): string[] {
  const spec = resolvedSpec();
  const {operation} = findOperation(spec, 'createContact');
  const created = responseSchemas(spec, operation).find((response) => response.status === '201');
  if (!created) throw new Error('createContact has no 201 response in .spec/openapi.yaml');
  const ids = [
    ...fieldPaths(spec, requestBodySchema(spec, operation), 'request').map((path) => anchorOf('request-body', path)),
    ...fieldPaths(spec, created.schema, 'response').map((path) => anchorOf('response-201', path)),
  ];
  if (ids.length < 20) throw new Error(`expected the body and the 201 response of createContact to have fields; found ${ids.length}`);
  return ids;
}

/** Every id attribute of a served page, as the server sent it. */
async function staticIds(page: Page, route: string): Promise<string[]> {
  const response = await page.request.get(route);
  expect(response.status()).toBe(200);
  const html = await response.text();
  // The build minifies attributes: quoted or not.
  return [...html.matchAll(/\sid=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/** The `<details>` around an element that are closed (none when its parents are expanded). */
async function closedAncestors(page: Page, id: string): Promise<number> {
  return page.evaluate((target) => {
    let closed = 0;
    for (let element = document.getElementById(target)?.parentElement; element; element = element.parentElement) {
      if (element instanceof HTMLDetailsElement && !element.open) closed += 1;
    }
    return closed;
  }, id);
}

test.describe('field anchors in the server-rendered HTML', () => {
  test('every field of create-contact\'s request body and 201 response has one id, unique on the page', async ({page}) => {
    const ids = await staticIds(page, CREATE_CONTACT);
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    const missing = createContactFieldIds().filter((id) => !counts.has(id));
    expect(missing, 'fields without their id').toEqual([]);
    const duplicated = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
    expect(duplicated, 'ids used more than once on the page').toEqual([]);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`opening a field's URL, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({javaScriptEnabled});
    const open = async (page: Page, url: string) => {
      if (javaScriptEnabled) await gotoHydrated(page, url);
      else await page.goto(url);
    };

    test('create-contact#request-body.consent.email_marketing shows the field with its parents expanded', async ({page}) => {
      await open(page, `${CREATE_CONTACT}#${EMAIL_MARKETING}`);
      const field = page.locator(`[id="${EMAIL_MARKETING}"]`);
      await expect(field).toBeVisible();
      await expect(field).toBeInViewport();
      expect(await closedAncestors(page, EMAIL_MARKETING)).toBe(0);
    });

    test('a field inside a collapsed part of an array item opens its parents', async ({page}) => {
      // Collapsed on a plain visit: the test only means something if it is.
      await open(page, LIST_CONTACTS);
      expect(await closedAncestors(page, NESTED_IN_LIST)).toBeGreaterThan(0);
      await open(page, `${LIST_CONTACTS}#${NESTED_IN_LIST}`);
      const field = page.locator(`[id="${NESTED_IN_LIST}"]`);
      await expect(field).toBeVisible();
      await expect(field).toBeInViewport();
      expect(await closedAncestors(page, NESTED_IN_LIST)).toBe(0);
    });

    test('a field of a response that is not the first tab is shown', async ({page}) => {
      const id = 'response-409.title';
      await open(page, `${CREATE_CONTACT}#${id}`);
      await expect(page.locator(`[id="${id}"]`)).toBeVisible();
      await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
    });
  });
}

test.describe('the field link', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  test('is reachable by keyboard, has an accessible name, and copies the full URL', async ({page, baseURL}) => {
    await gotoHydrated(page, CREATE_CONTACT);
    const link = page.locator(`[id="${EMAIL_MARKETING}"] > div > a.field-link`);
    await expect(link).toHaveAttribute('href', `#${EMAIL_MARKETING}`);
    await expect(link).toHaveAccessibleName('Link to field consent.email_marketing');
    await link.focus();
    await expect(link).toBeFocused();
    // Shown when focused, for sighted keyboard users.
    await expect(link).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    const expected = `${baseURL}${CREATE_CONTACT}#${EMAIL_MARKETING}`;
    await expect(page).toHaveURL(expected);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await expect(page.getByRole('status').filter({hasText: 'Link to the field copied'})).toHaveCount(1);
  });

  test('a click on another field copies that field\'s URL', async ({page, baseURL}) => {
    await gotoHydrated(page, CREATE_CONTACT);
    const id = 'response-201.consent.updated_at';
    const field = page.locator(`[id="${id}"]`);
    await field.hover();
    await field.locator(':scope > div > a.field-link').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${CREATE_CONTACT}#${id}`);
  });
});
