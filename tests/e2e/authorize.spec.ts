import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Locator, Page} from '@playwright/test';

import {axeViolations, describeViolations} from './axe';
import {test, expect, gotoHydrated} from './fixtures';
import {serveDuringTests} from './static-server';
import {CLIENT, startTestApi, type TestApi} from './test-api';

/**
 * The explorer's Authorize panel on the site built from
 * tests/fixtures/auth.yaml (every kind of security scheme, a templated local
 * server), against a real API on 127.0.0.1 started by these tests (see
 * ./test-api) and against the in-browser sandbox.
 */

const BUILD = path.resolve(__dirname, '../../.work/fixture-builds/auth/build');
if (!existsSync(path.join(BUILD, 'sitemap.xml'))) {
  throw new Error(`no auth fixture build at ${BUILD}: run "npm run test:e2e" (it builds tests/fixtures/auth.yaml first) or "tsx scripts/build-fixtures.ts"`);
}
const site = serveDuringTests(test, BUILD);

let api: TestApi;
let other: TestApi;
let noCors: TestApi;
test.beforeAll(async () => {
  other = await startTestApi();
  api = await startTestApi({redirectTo: () => other.origin});
  noCors = await startTestApi({cors: false});
});
test.afterAll(async () => {
  await Promise.all([api, other, noCors].map((server) => server?.close()));
});
test.beforeEach(() => {
  for (const server of [api, other, noCors]) {
    server.received.length = 0;
    server.tokenRequests.length = 0;
  }
});

async function openExplorer(page: Page, operation: string): Promise<Locator> {
  await gotoHydrated(page, `${site.origin()}/docs/api/${operation}`);
  await page.getByRole('button', {name: 'Open the API explorer'}).click();
  const explorer = page.getByRole('form', {name: 'API explorer'});
  await expect(explorer).toBeVisible();
  return explorer;
}

/** Chooses the templated local server and types the port of `server`. */
async function useServer(explorer: Locator, server: TestApi): Promise<void> {
  await explorer.getByLabel('Server', {exact: true}).selectOption({label: 'Local test API'});
  await explorer.getByLabel(/^\{port\}/).fill(String(server.port));
}

async function useSandbox(explorer: Locator): Promise<void> {
  await explorer.getByLabel('Server', {exact: true}).selectOption({label: 'Sandbox (mock in your browser)'});
}

/** Opens the Authorize panel, lets `fill` type into it, closes it. */
async function authorize(page: Page, opener: Locator, fill: (dialog: Locator) => Promise<void>): Promise<void> {
  await opener.getByRole('button', {name: 'Authorize'}).click();
  const dialog = page.getByRole('dialog', {name: 'Authorize'});
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole('button', {name: 'Done'}).click();
  await expect(dialog).toBeHidden();
}

const scheme = (dialog: Locator, key: string) => dialog.getByRole('group', {name: new RegExp(`^${key}\\b`)});

async function send(page: Page, explorer: Locator): Promise<Locator> {
  await explorer.getByRole('button', {name: /^Send /}).click();
  const response = page.getByTestId('explorer-response');
  await expect(response).toBeVisible();
  return response;
}

test.describe('against a real API', () => {
  test('an API key in a header', async ({page}) => {
    const explorer = await openExplorer(page, 'header-key');
    await useServer(explorer, api);
    await expect(explorer.getByTestId('auth-summary')).toContainText('Not authorized: this operation needs headerKey');
    await authorize(page, explorer, (dialog) => scheme(dialog, 'headerKey').getByLabel(/^API key/).fill('key-h'));
    await expect(explorer.getByTestId('auth-summary')).toContainText('Sends headerKey');
    await expect(await send(page, explorer)).toContainText('200');
    expect(api.received).toEqual([{method: 'GET', path: '/v1/header-key', query: {}, apiKey: 'key-h'}]);
  });

  test('an API key in the query', async ({page}) => {
    const explorer = await openExplorer(page, 'query-key');
    await useServer(explorer, api);
    await authorize(page, explorer, (dialog) => scheme(dialog, 'queryKey').getByLabel(/^API key/).fill('key q&1'));
    await send(page, explorer);
    expect(api.received).toEqual([{method: 'GET', path: '/v1/query-key', query: {api_key: 'key q&1'}}]);
  });

  test('an API key in a cookie, set for the request only', async ({page}) => {
    const explorer = await openExplorer(page, 'cookie-key');
    await useServer(explorer, api);
    await authorize(page, explorer, (dialog) => scheme(dialog, 'cookieKey').getByLabel(/^API key/).fill('key-c'));
    await send(page, explorer);
    expect(api.received).toEqual([{method: 'GET', path: '/v1/cookie-key', query: {}, cookie: 'session_key=key-c'}]);
    expect(await page.evaluate(() => document.cookie), 'the cookie is gone after the request').not.toContain('session_key');
  });

  test('HTTP basic', async ({page}) => {
    const explorer = await openExplorer(page, 'basic');
    await useServer(explorer, api);
    await authorize(page, explorer, async (dialog) => {
      await scheme(dialog, 'basicAuth').getByLabel('User name').fill('zoë');
      await scheme(dialog, 'basicAuth').getByLabel('Password').fill('pass:word');
    });
    await send(page, explorer);
    expect(api.received[0].authorization).toBe(`Basic ${Buffer.from('zoë:pass:word').toString('base64')}`);
  });

  test('HTTP bearer', async ({page}) => {
    const explorer = await openExplorer(page, 'bearer');
    await useServer(explorer, api);
    await authorize(page, explorer, (dialog) => scheme(dialog, 'bearerAuth').getByLabel(/^Bearer token/).fill('tok-b'));
    await send(page, explorer);
    expect(api.received[0].authorization).toBe('Bearer tok-b');
  });

  test('two schemes of one requirement are sent together', async ({page}) => {
    const explorer = await openExplorer(page, 'both');
    await useServer(explorer, api);
    await authorize(page, explorer, async (dialog) => {
      await scheme(dialog, 'headerKey').getByLabel(/^API key/).fill('key-h');
      await scheme(dialog, 'bearerAuth').getByLabel(/^Bearer token/).fill('tok-b');
    });
    await expect(explorer.getByTestId('auth-summary')).toContainText('Sends headerKey and bearerAuth');
    await send(page, explorer);
    expect(api.received).toEqual([{method: 'GET', path: '/v1/both', query: {}, apiKey: 'key-h', authorization: 'Bearer tok-b'}]);
  });

});

test.describe('OAuth 2.0 against a real token URL', () => {
  // The wrong secret is answered with 401, which the browser reports in the console.
  test.use({expectedConsoleErrors: [/status of 401 \(Unauthorized\)/]});

  test('client credentials: the token URL is asked, the token is used, scopes are compared', async ({page}) => {
    const explorer = await openExplorer(page, 'list-things');
    await useServer(explorer, api);
    await authorize(page, explorer, async (dialog) => {
      const oauth = scheme(dialog, 'oauth');
      // The operation's scope is preselected.
      await expect(oauth.getByRole('checkbox', {name: /things:read/})).toBeChecked();
      await oauth.getByLabel('Client ID').fill(CLIENT.id);
      await oauth.getByLabel('Client secret').fill('wrong');
      await oauth.getByRole('button', {name: 'Get token'}).click();
      await expect(oauth.getByRole('status')).toHaveText('The token URL answered 401 (invalid_client): Unknown client or wrong secret.');
      await oauth.getByLabel('Client secret').fill(CLIENT.secret);
      await oauth.getByRole('button', {name: 'Get token'}).click();
      await expect(oauth.getByRole('status')).toHaveText(`Token received from 127.0.0.1:${api.port}.`);
      await expect(oauth.getByTestId('token-state')).toContainText('Granted scopes: things:read.');
      await expect(oauth.getByTestId('token-state')).toContainText(/expires at .* \(in 10 min\)/);
    });
    expect(api.tokenRequests.at(-1)).toEqual({grant_type: 'client_credentials', client_id: CLIENT.id, client_secret: CLIENT.secret, scope: 'things:read'});
    await expect(explorer.getByTestId('auth-summary')).toHaveText('Sends oauth. Scopes needed: things:read; your token has: things:read.');
    await send(page, explorer);
    expect(api.received).toEqual([{method: 'GET', path: '/v1/things', query: {}, authorization: 'Bearer cc-token-2'}]);
    // The secret went to the token URL only.
    expect(JSON.stringify(api.received)).not.toContain(CLIENT.secret);

    await gotoHydrated(page, `${site.origin()}/docs/api/create-thing`);
    await page.getByRole('button', {name: 'Open the API explorer'}).click();
    await expect(page.getByTestId('auth-summary')).toContainText('(missing things:write: expect 403)');
  });

});

test.describe('sign-in and sessions', () => {
  test('OAuth 2.0 authorization code with PKCE: to the authorization URL and back, signed in', async ({page}) => {
    const explorer = await openExplorer(page, 'list-things');
    await useServer(explorer, api);
    await explorer.getByRole('button', {name: 'Authorize'}).click();
    const dialog = page.getByRole('dialog', {name: 'Authorize'});
    await scheme(dialog, 'oauth').getByLabel('Client ID').fill(CLIENT.id);
    await scheme(dialog, 'oauth').getByRole('button', {name: `Sign in at 127.0.0.1:${api.port}`}).click();
    // The test API approves at once and sends the browser back with a code.
    await page.waitForURL(new RegExp(`/docs/api/list-things$`));
    await expect(page.getByRole('dialog', {name: 'Authorize'}).getByRole('alert')).toHaveText('Signed in: oauth has a token.');
    expect(api.tokenRequests).toEqual([
      expect.objectContaining({grant_type: 'authorization_code', client_id: CLIENT.id, redirect_uri: `${site.origin()}/docs/api/list-things`, code_verifier: expect.stringMatching(/^[\w-]{43,128}$/)}),
    ]);
    await page.getByRole('dialog', {name: 'Authorize'}).getByRole('button', {name: 'Done'}).click();
    await send(page, page.getByRole('form', {name: 'API explorer'}));
    expect(api.received.at(-1)?.authorization).toMatch(/^Bearer pkce-token-\d+$/);
  });

  test('credentials persist across pages for the session, and Sign out forgets them', async ({page}) => {
    test.slow();
    let explorer = await openExplorer(page, 'header-key');
    await useServer(explorer, api);
    await authorize(page, explorer, (dialog) => scheme(dialog, 'headerKey').getByLabel(/^API key/).fill('key-kept'));

    // Another operation page, loaded afresh: same server, same key.
    explorer = await openExplorer(page, 'both');
    await expect(explorer.getByLabel(/^\{port\}/)).toHaveValue(String(api.port));
    await authorize(page, explorer, async (dialog) => {
      await expect(scheme(dialog, 'headerKey').getByLabel(/^API key/)).toHaveValue('key-kept');
      await scheme(dialog, 'bearerAuth').getByLabel(/^Bearer token/).fill('tok-kept');
    });
    await send(page, explorer);
    expect(api.received.at(-1)).toMatchObject({apiKey: 'key-kept', authorization: 'Bearer tok-kept'});
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('meridian-explorer'))), 'nothing in localStorage unless asked').toEqual([]);

    await explorer.getByRole('button', {name: 'Authorize'}).click();
    await page.getByRole('dialog', {name: 'Authorize'}).getByRole('button', {name: 'Sign out'}).click();
    await page.getByRole('dialog', {name: 'Authorize'}).getByRole('button', {name: 'Done'}).click();
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('meridian-explorer')))).toEqual([]);

    explorer = await openExplorer(page, 'header-key');
    await useServer(explorer, api);
    await expect(explorer.getByTestId('auth-summary')).toContainText('Not authorized');
    await send(page, explorer);
    expect(api.received.at(-1)).toEqual({method: 'GET', path: '/v1/header-key', query: {}});
  });

  test('"remember on this device" keeps the session in localStorage', async ({page}) => {
    const explorer = await openExplorer(page, 'header-key');
    await useServer(explorer, api);
    await authorize(page, explorer, async (dialog) => {
      await scheme(dialog, 'headerKey').getByLabel(/^API key/).fill('key-r');
      await dialog.getByRole('checkbox', {name: /^Remember on this device/}).check();
    });
    const stored = await page.evaluate(() => ({local: localStorage.getItem('meridian-explorer:v1'), session: sessionStorage.getItem('meridian-explorer:v1')}));
    expect(stored.session).toBeNull();
    expect(stored.local).toContain('key-r');
  });

  test('credentials are never sent to another origin: another port, or a redirect', async ({page}) => {
    let explorer = await openExplorer(page, 'header-key');
    await useServer(explorer, api);
    await authorize(page, explorer, (dialog) => scheme(dialog, 'headerKey').getByLabel(/^API key/).fill('key-h'));
    await explorer.getByLabel(/^\{port\}/).fill(String(other.port));
    await expect(explorer.getByTestId('auth-summary')).toContainText('Not authorized');
    await send(page, explorer);
    expect(other.received).toEqual([{method: 'GET', path: '/v1/header-key', query: {}}]);

    explorer = await openExplorer(page, 'hop');
    await useServer(explorer, api);
    await authorize(page, explorer, (dialog) => scheme(dialog, 'bearerAuth').getByLabel(/^Bearer token/).fill('tok-hop'));
    await explorer.getByRole('button', {name: /^Send /}).click();
    await expect(explorer.getByText(/The server answered with a redirect\. The explorer does not follow redirects of requests that carry your credentials/)).toBeVisible();
    expect(api.received.at(-1)).toMatchObject({path: '/v1/hop', authorization: 'Bearer tok-hop'});
    expect(other.received.filter((request) => request.path === '/v1/landing')).toEqual([]);
  });

  test('server variables: a field per variable, a list for an enum, kept across pages', async ({page}) => {
    let explorer = await openExplorer(page, 'public');
    await useServer(explorer, api);
    // Credentials filled in are not sent where the operation needs none.
    await authorize(page, explorer, (dialog) => scheme(dialog, 'bearerAuth').getByLabel(/^Bearer token/).fill('tok-unneeded'));
    await expect(explorer.getByTestId('auth-summary')).toHaveText('This operation needs no authorization: no credentials are sent.');
    await send(page, explorer);
    await expect(explorer.getByLabel(/^\{version\}/)).toHaveValue('v1');
    await explorer.getByLabel(/^\{version\}/).selectOption('v2');
    await send(page, explorer);
    await expect.poll(() => api.received).toEqual([
      {method: 'GET', path: '/v1/public', query: {}},
      {method: 'GET', path: '/v2/public', query: {}},
    ]);
    explorer = await openExplorer(page, 'mutual');
    await expect(explorer.getByLabel(/^\{version\}/)).toHaveValue('v2');
    await send(page, explorer);
    expect(api.received.at(-1)?.path).toBe('/v2/mutual');
    // A value that makes no URL is said, not thrown.
    await explorer.getByLabel(/^\{port\}/).fill('not a port');
    await explorer.getByRole('button', {name: /^Send /}).click();
    await expect(explorer.getByText('"http://127.0.0.1:not a port/v2" is not a server URL the explorer can send to')).toBeVisible();
  });

  test('the code samples show the reader\'s credentials only when asked', async ({page}) => {
    const explorer = await openExplorer(page, 'both');
    await useServer(explorer, api);
    const samples = page.locator('section[aria-label="Code samples"] [role="tabpanel"]:not([hidden])');
    await authorize(page, explorer, async (dialog) => {
      await scheme(dialog, 'headerKey').getByLabel(/^API key/).fill('key-s');
      await scheme(dialog, 'bearerAuth').getByLabel(/^Bearer token/).fill('tok-s');
    });
    await expect(samples).toContainText('YOUR_API_KEY');
    await expect(samples).toContainText('http://127.0.0.1:9/v1/both');
    await authorize(page, explorer, (dialog) => dialog.getByLabel('Use my credentials in the code samples').check());
    await expect(samples).toContainText('key-s');
    await expect(samples).toContainText('Bearer tok-s');
    await expect(samples).toContainText(`${api.origin}/v1/both`);
    await authorize(page, explorer, (dialog) => dialog.getByLabel('Use my credentials in the code samples').uncheck());
    await expect(samples).toContainText('YOUR_ACCESS_TOKEN');
  });

  test('the overview\'s Authorize panel fills in the explorers', async ({page}) => {
    await gotoHydrated(page, `${site.origin()}/docs/api/authorize-test-api`);
    const section = page.locator('section', {has: page.getByRole('heading', {name: 'Authentication schemes'})});
    await authorize(page, section, async (dialog) => {
      await dialog.getByLabel('Server', {exact: true}).selectOption({label: 'Local test API'});
      await dialog.getByLabel(/^\{port\}/).fill(String(api.port));
      await scheme(dialog, 'headerKey').getByLabel(/^API key/).fill('key-o');
    });
    await expect(section.getByRole('button', {name: 'Authorize'})).toBeFocused();
    const explorer = await openExplorer(page, 'header-key');
    await expect(explorer.getByTestId('auth-summary')).toContainText('Sends headerKey');
    await send(page, explorer);
    expect(api.received.at(-1)).toMatchObject({apiKey: 'key-o'});
  });
});

test.describe('failures the browser hides', () => {
  test.use({expectedConsoleErrors: [/CORS policy|Failed to load resource|net::ERR_/]});

  test('a CORS refusal is explained, with the request as cURL', async ({page}) => {
    const explorer = await openExplorer(page, 'header-key');
    await useServer(explorer, noCors);
    await authorize(page, explorer, (dialog) => scheme(dialog, 'headerKey').getByLabel(/^API key/).fill('key-cors'));
    await explorer.getByRole('button', {name: /^Send /}).click();
    const failure = page.getByTestId('explorer-failure');
    await expect(failure).toHaveAttribute('data-cause', 'cors');
    await expect(failure).toContainText(`${noCors.origin} answered, but did not allow this site (${site.origin()}) to read the response`);
    // A URL of only safe characters is one bare shell word (shellString, as in the page's cURL sample).
    await expect(failure).toContainText(`curl --request GET ${noCors.origin}/v1/header-key`);
    await expect(failure).toContainText("--header 'X-API-Key: key-cors'");
  });

  test('an unreachable server is told apart from CORS', async ({page}) => {
    const closed = await startTestApi();
    await closed.close();
    const explorer = await openExplorer(page, 'public');
    await useServer(explorer, closed);
    await explorer.getByRole('button', {name: /^Send /}).click();
    await expect(page.getByTestId('explorer-failure')).toHaveAttribute('data-cause', 'network');
    await expect(page.getByTestId('explorer-failure')).toContainText(`${closed.origin} could not be reached`);
  });
});

test.describe('against the sandbox', () => {
  const problem = async (response: Locator) => JSON.parse(await response.locator('pre').innerText()) as Record<string, unknown>;

  for (const {operation, key, fill} of [
    {operation: 'header-key', key: 'headerKey', fill: (group: Locator) => group.getByLabel(/^API key/).fill('k')},
    {operation: 'query-key', key: 'queryKey', fill: (group: Locator) => group.getByLabel(/^API key/).fill('k')},
    {operation: 'cookie-key', key: 'cookieKey', fill: (group: Locator) => group.getByLabel(/^API key/).fill('k')},
    {
      operation: 'basic',
      key: 'basicAuth',
      fill: async (group: Locator) => {
        await group.getByLabel('User name').fill('ada');
        await group.getByLabel('Password').fill('pw');
      },
    },
  ]) {
    test(`${key}: 401 with the description's problem without it, 200 with it`, async ({page}) => {
      const explorer = await openExplorer(page, operation);
      await useSandbox(explorer);
      const response = await send(page, explorer);
      await expect(response).toContainText('401 Unauthorized');
      expect(await problem(response)).toMatchObject({type: 'https://auth.example.com/problems/unauthorized', title: 'Not authenticated', status: 401});
      await authorize(page, explorer, (dialog) => fill(scheme(dialog, key)));
      await expect(await send(page, explorer)).toContainText('200 OK');
    });
  }

  test('bearer tokens: the sandbox refuses one it did not issue', async ({page}) => {
    const explorer = await openExplorer(page, 'bearer');
    await useSandbox(explorer);
    await authorize(page, explorer, (dialog) => scheme(dialog, 'bearerAuth').getByLabel(/^Bearer token/).fill('not-a-sandbox-token'));
    const response = await send(page, explorer);
    await expect(response).toContainText('401 Unauthorized');
    expect((await problem(response)).detail).toMatch(/only accepts tokens it issued/);
  });

  test('two schemes together, and the client credentials flow with scopes: 200, then 403 without the scope', async ({page}) => {
    let explorer = await openExplorer(page, 'both');
    await useSandbox(explorer);
    await authorize(page, explorer, (dialog) => scheme(dialog, 'headerKey').getByLabel(/^API key/).fill('k'));
    await expect(await send(page, explorer)).toContainText('401');
    await authorize(page, explorer, async (dialog) => {
      await scheme(dialog, 'bearerAuth').getByRole('button', {name: 'Get a sandbox token'}).click();
      await expect(scheme(dialog, 'bearerAuth').getByTestId('token-state')).toContainText('Granted scopes: things:read, things:write.');
    });
    await expect(await send(page, explorer)).toContainText('200 OK');
    explorer = await openExplorer(page, 'list-things');
    await authorize(page, explorer, async (dialog) => {
      const oauth = scheme(dialog, 'oauth');
      await oauth.getByRole('button', {name: 'Get a sandbox token'}).click();
      await expect(oauth.getByRole('status')).toContainText('The token URL answered 401 (invalid_client)');
      await oauth.getByLabel('Client ID').fill('sandbox-client');
      await oauth.getByLabel('Client secret').fill('anything');
      await oauth.getByRole('button', {name: 'Get a sandbox token'}).click();
      await expect(oauth.getByRole('status')).toHaveText('The sandbox issued a token.');
      await expect(oauth.getByTestId('token-state')).toContainText('Granted scopes: things:read.');
    });
    await expect(await send(page, explorer)).toContainText('200 OK');

    explorer = await openExplorer(page, 'create-thing');
    const denied = await send(page, explorer);
    await expect(denied).toContainText('403 Forbidden');
    expect(await problem(denied)).toMatchObject({title: 'Not allowed', status: 403, detail: 'The token lacks the scope things:write that this operation needs.'});
  });
});

test.describe('the panel for keyboard and screen-reader users', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`axe finds no WCAG 2.1 AA violation in the open panel and the explorer (${mode})`, async ({page}) => {
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), mode);
      const explorer = await openExplorer(page, 'list-things');
      await useServer(explorer, api);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await explorer.getByRole('button', {name: 'Authorize'}).click();
      const dialog = page.getByRole('dialog', {name: 'Authorize'});
      await expect(dialog).toBeVisible();
      expect(describeViolations(await axeViolations(page, 'dialog'), `the Authorize panel (${mode})`)).toEqual([]);
      await dialog.getByRole('button', {name: 'Done'}).click();
      expect(describeViolations(await axeViolations(page, 'form[aria-label="API explorer"]'), `the API explorer (${mode})`)).toEqual([]);
    });
  }

  test('opens from the keyboard, keeps focus inside, closes with Escape back on its button', async ({page}) => {
    const explorer = await openExplorer(page, 'header-key');
    const button = explorer.getByRole('button', {name: 'Authorize'});
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {name: 'Authorize'});
    await expect(dialog).toBeVisible();
    // A modal dialog: Tab cycles through its controls and never reaches the page behind it.
    for (let presses = 0; presses < 40; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    }
    await scheme(dialog, 'headerKey').getByLabel(/^API key/).focus();
    await page.keyboard.type('typed-key');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(explorer.getByTestId('auth-summary')).toContainText('Sends headerKey');
  });
});
