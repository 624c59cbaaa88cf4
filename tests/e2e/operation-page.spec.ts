import {createServer, type IncomingMessage, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {test, expect, gotoHydrated, waitForNetworkQuiet} from './fixtures';
import {MODEL_FILE} from './loaded-data';
import {operationRoutes} from './site-routes';
import {fieldNames, findOperation, parameterNames, requestBodySchema, requestMediaTypes, resolvedSpec, responseSchemas, specParameters, successExample} from './spec-helpers';

const spec = resolvedSpec();
const createContact = findOperation(spec, 'createContact');
const updateContact = findOperation(spec, 'updateContact');
/** updateContact takes `application/json` and `application/merge-patch+json`. */
const updateMediaTypes = requestMediaTypes(spec, updateContact.operation);
const CODE_SAMPLE_LABELS = ['cURL', 'JavaScript', 'Node.js', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby'];

test.describe('with JavaScript disabled', () => {
  test.use({javaScriptEnabled: false});

  test('create-contact shows method, path, every parameter, field, status code and code sample', async ({page}) => {
    await page.goto('/docs/api/create-contact');
    const text = await page.locator('main').innerText();
    expect(text).toContain(createContact.method.toUpperCase());
    expect(text).toContain(createContact.path);
    const expected = new Set<string>([
      ...parameterNames(spec, createContact.path, createContact.operation),
      ...fieldNames(spec, requestBodySchema(spec, createContact.operation)),
      ...responseSchemas(spec, createContact.operation).flatMap(({schema}) => [...fieldNames(spec, schema)]),
      ...responseSchemas(spec, createContact.operation).map(({status}) => status),
    ]);
    expect(expected.size).toBeGreaterThan(20);
    const missing = [...expected].filter((name) => !text.includes(name));
    expect(missing, 'names missing from the page without JavaScript').toEqual([]);
    const codeSamples = page.locator('section[aria-label="Code samples"]');
    for (const label of CODE_SAMPLE_LABELS) await expect(codeSamples.getByRole('tab', {name: label, exact: true})).toHaveCount(1);
    // Every panel is visible without JavaScript (the noscript stylesheet un-hides tabs).
    const curlPanelText = await codeSamples.locator('[role="tabpanel"]').nth(0).innerText();
    expect(curlPanelText).toContain('curl');
    await expect(codeSamples.locator('[role="tabpanel"]').last()).toBeVisible();
  });
});

test.describe('server-rendered parts a reader relies on (JavaScript off)', () => {
  test.use({javaScriptEnabled: false});

  // A test per operation page, so each page has the whole test timeout and the workers share them.
  const LOCATION_HEADINGS: Record<string, string> = {path: 'Path parameters', query: 'Query parameters', header: 'Header parameters', cookie: 'Cookie parameters'};
  const withParameters = operationRoutes()
    .map((route) => ({route, parameters: specParameters(spec, route.apiPath, (spec.paths as Record<string, Record<string, Record<string, unknown>>>)[route.apiPath][route.method])}))
    .filter(({parameters}) => parameters.length > 0);

  test('the spec has parameters on most operations to check below', () => {
    expect(withParameters.length, 'operations with parameters').toBeGreaterThan(10);
    expect(withParameters.reduce((sum, {parameters}) => sum + parameters.length, 0), 'parameters').toBeGreaterThan(30);
  });

  for (const {route, parameters} of withParameters) {
    test(`every parameter of ${route.path}: location, name, type, required, description and example`, async ({page}) => {
      await page.goto(route.path);
      for (const parameter of parameters) {
        const where = `${route.path} ${parameter.in} parameter ${parameter.name}`;
        const group = page.locator('section[aria-labelledby="parameters"] div').filter({has: page.getByRole('heading', {level: 3, name: LOCATION_HEADINGS[parameter.in]})});
        const item = group.locator('li').filter({has: page.locator('code', {hasText: new RegExp(`^${parameter.name}$`)})}).first();
        await expect(item, where).toBeVisible();
        const text = (await item.innerText()).replace(/\s+/g, ' ');
        if (parameter.type) expect(text, `${where}: type`).toContain(parameter.type);
        // The first line holds the name, the type and the flags (styled in capitals).
        const header = (await item.locator('div').first().innerText()).toLowerCase();
        expect(/\brequired\b/.test(header), `${where}: required`).toBe(parameter.required);
        if (parameter.description) {
          // The first words as the reader sees them: Markdown links, code and emphasis marks dropped.
          const plain = parameter.description.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '');
          expect(text, `${where}: description`).toContain(plain.split(/\s+/).slice(0, 4).join(' '));
        }
        if (parameter.example) expect(text, `${where}: example`).toContain(parameter.example);
      }
    });
  }

  const servers = (spec.servers as {url: string}[]).map((server) => server.url);

  test('the endpoint line names the server and the path', async ({page}) => {
    await page.goto('/docs/api/create-contact');
    await expect(page.locator('header code').first()).toHaveText(`${servers[0]}${createContact.path}`);
  });

  test('content-type tabs list every request media type, and every panel is readable', async ({page}) => {
    await page.goto('/docs/api/update-contact');
    const requestBody = page.locator('#request-body-section');
    for (const {mediaType} of updateMediaTypes) await expect(requestBody.getByRole('tab', {name: mediaType, exact: true})).toHaveCount(1);
    await expect(requestBody.getByRole('tabpanel')).toHaveCount(updateMediaTypes.length);
    for (const panel of await requestBody.getByRole('tabpanel').all()) await expect(panel).toContainText('custom_attributes');
  });

  test('response tabs: one per status code, each with its description', async ({page}) => {
    await page.goto('/docs/api/create-contact');
    const statuses = responseSchemas(spec, createContact.operation).map(({status}) => status);
    const responses = page.locator('#responses-section');
    for (const status of statuses) await expect(responses.getByRole('tab', {name: status, exact: true})).toHaveCount(1);
    const panels = responses.getByRole('tabpanel');
    await expect(panels).toHaveCount(statuses.length);
    for (const panel of await panels.all()) await expect(panel).toBeVisible();
  });

  test('oneOf with a discriminator names the property and every mapped variant', async ({page}) => {
    await page.goto('/docs/api/get-contact-timeline');
    const variants = page.locator('#responses-section').getByText('Exactly one of (chosen by type):');
    await expect(variants.first()).toBeVisible();
    const summaries = await page.locator('#responses-section details summary').allInnerTexts();
    for (const value of ['contact_created', 'email_sent', 'reply_received', 'action_completed', 'tag_added']) {
      expect(summaries.some((text) => text.startsWith(`type = ${value}`)), `variant ${value}`).toBe(true);
    }
  });

  test('admonitions and highlighted code in spec descriptions', async ({page}) => {
    await page.goto('/docs/api/delete-contact');
    await expect(page.locator('main .theme-admonition-danger')).toContainText('Deleting is permanent');
    await page.goto('/docs/api/meridian-api');
    const code = page.locator('main pre').first();
    await expect(code).toBeVisible();
    expect(await code.locator('span.token').count()).toBeGreaterThan(3);
  });
});

test.describe('the API explorer', () => {
  let server: Server;
  let received: {method?: string; url?: string; contentType?: string; body: string}[] = [];

  test.beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      const headers = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'GET,POST,PATCH,DELETE,OPTIONS',
      };
      if (request.method === 'OPTIONS') {
        response.writeHead(204, headers).end();
        return;
      }
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({method: request.method, url: request.url, contentType: request.headers['content-type'], body});
        response.writeHead(201, {...headers, 'content-type': 'application/json'}).end(JSON.stringify({id: 'ct_from_local_server', received: JSON.parse(body || 'null')}));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test.beforeEach(() => {
    received = [];
  });

  test('loads on demand and sends a real request to a server', async ({page}) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await gotoHydrated(page, '/docs/api/create-contact');
    await waitForNetworkQuiet(page);
    const before = scripts.length;
    await page.getByRole('button', {name: 'Open the API explorer'}).click();
    const explorer = page.getByRole('form', {name: 'API explorer'});
    await expect(explorer).toBeVisible();
    expect(scripts.length, 'the explorer is a separate chunk loaded on click').toBeGreaterThan(before);
    await explorer.getByLabel('Server', {exact: true}).selectOption({label: 'Custom server URL…'});
    const {port} = server.address() as AddressInfo;
    await explorer.getByLabel('Server URL').fill(`http://127.0.0.1:${port}`);
    await explorer.getByRole('button', {name: /Send POST request/}).click();
    const result = page.getByTestId('explorer-response');
    await expect(result).toContainText('201');
    await expect(result).toContainText('ct_from_local_server');
    expect(received).toHaveLength(1);
    expect(received[0].method).toBe('POST');
    expect(received[0].url).toBe(createContact.path);
    expect(JSON.parse(received[0].body)).toHaveProperty('email');
  });

  for (const viewport of [
    {name: 'desktop', width: 1280, height: 800},
    {name: 'phone', width: 390, height: 844},
  ]) {
    test(`loading the explorer on a slow network moves nothing above it (${viewport.name})`, async ({page}) => {
      await page.setViewportSize({width: viewport.width, height: viewport.height});
      // Every layout shift of the page's life, as Chromium reports it to CLS.
      await page.addInitScript(() => {
        const shifts: {value: number; hadRecentInput: boolean}[] = [];
        (window as unknown as {layoutShifts: typeof shifts}).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {value: number; hadRecentInput: boolean}[]) {
            shifts.push({value: entry.value, hadRecentInput: entry.hadRecentInput});
          }
        }).observe({type: 'layout-shift', buffered: true});
      });
      let models = 0;
      page.on('response', (response) => {
        if (MODEL_FILE.test(new URL(response.url()).pathname)) models += 1;
      });
      await gotoHydrated(page, '/docs/api/create-contact');
      await waitForNetworkQuiet(page);
      // From here on scripts wait until the test lets them through: the explorer
      // chunk lands well after the 500 ms in which Chromium excuses a shift
      // caused by the click, however fast or slow the host.
      let releaseScripts = () => {};
      const scriptsHeld = new Promise<void>((resolve) => {
        releaseScripts = resolve;
      });
      await page.route('**/*.js', async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      const tryIt = page.locator('section[aria-labelledby="try-it"]');
      await tryIt.scrollIntoViewIfNeeded();
      const watched = {
        title: page.locator('h1'),
        requestBody: page.locator('#request-body-section h2'),
        codeSamples: page.locator('section[aria-label="Code samples"]'),
        tryItHeading: tryIt.locator('h2#try-it'),
      };
      // Only what is above the box in its column must stay: on a phone the
      // request body follows Try it (look-mobile.spec.ts), and the form
      // opening there pushes it down, as the reader asked.
      const tryItBox = await tryIt.boundingBox();
      const belowTryIt = ([key, box]: [string, {x: number; y: number; width: number} | null]) =>
        key !== 'tryItHeading' && box !== null && tryItBox !== null && box.y > tryItBox.y && box.x < tryItBox.x + tryItBox.width && box.x + box.width > tryItBox.x;
      const measure = () =>
        Promise.all(Object.entries(watched).map(async ([key, locator]) => [key, await locator.boundingBox()] as [string, {x: number; y: number; width: number} | null]));
      const measured = await measure();
      const pushedDown = new Set(measured.filter(belowTryIt).map(([key]) => key));
      const boxesBefore = Object.fromEntries(measured.filter(([key]) => !pushedDown.has(key)));

      // The page's full model (fetched on intent, not a script) is here before
      // the click, as on a page read for a moment: what this test slows is the
      // explorer's own code, whose placeholder is the form-sized skeleton.
      const open = page.getByRole('button', {name: 'Open the API explorer'});
      await open.hover();
      await expect.poll(() => models, 'the core at load, then the full model on intent').toBeGreaterThanOrEqual(2);
      await open.click();
      await expect(tryIt.locator('[aria-busy="true"]').getByRole('status')).toHaveText('Loading the API explorer…');
      const loadingHeight = (await tryIt.boundingBox())?.height;
      await page.waitForTimeout(600);
      releaseScripts();
      await expect(page.getByRole('form', {name: 'API explorer'})).toBeVisible({timeout: 15_000});
      await page.waitForTimeout(300);
      expect((await tryIt.boundingBox())?.height, 'the placeholder has the height of the form').toBeCloseTo(loadingHeight ?? 0, 0);

      const boxesAfter = Object.fromEntries((await measure()).filter(([key]) => !pushedDown.has(key)));
      expect(boxesAfter, 'the title, the schemas, the code samples and the Try it heading stay where they were').toEqual(boxesBefore);
      const shifts = await page.evaluate(() => (window as unknown as {layoutShifts: {value: number; hadRecentInput: boolean}[]}).layoutShifts);
      const unexpected = shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0);
      expect(unexpected, 'layout shift not caused by the click, over load, hydration and the explorer arriving').toBeLessThanOrEqual(0.02);
    });
  }

  test.describe('when its code cannot be fetched', () => {
    // One pattern: Playwright reads a two-element array in test.use as [value, options].
    test.use({expectedConsoleErrors: [/Failed to load resource: net::ERR_CONNECTION_REFUSED|Loading chunk \S+ failed/]});

    test('says so in the Try it box, and the page keeps working', async ({page}) => {
      await gotoHydrated(page, '/docs/api/create-contact');
      await waitForNetworkQuiet(page);
      await page.route('**/*.js', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', {name: 'Open the API explorer'}).click();
      const tryIt = page.locator('section[aria-labelledby="try-it"]');
      await expect(tryIt.getByRole('alert')).toContainText('The API explorer could not load');
      await expect(tryIt.getByRole('alert')).toContainText('Reload the page to try again.');
      // The rest of the page is still there and still interactive.
      await expect(page.locator('h1')).toHaveText(String(createContact.operation.summary));
      const codeSampleTab = page.locator('section[aria-label="Code samples"]').getByRole('tab', {name: 'Python', exact: true});
      await codeSampleTab.click();
      await expect(codeSampleTab).toHaveAttribute('aria-selected', 'true');
    });
  });

  test('the explorer button hides and shows the explorer, keeping what was typed', async ({page}) => {
    await gotoHydrated(page, '/docs/api/create-contact');
    const button = page.getByRole('button', {name: 'Open the API explorer'});
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const explorer = page.getByRole('form', {name: 'API explorer'});
    await explorer.getByLabel(/Request body/).fill('{"email": "kept@example.com"}');
    await page.getByRole('button', {name: 'Hide the API explorer'}).click();
    await expect(explorer).toBeHidden();
    await page.getByRole('button', {name: 'Open the API explorer'}).click();
    await expect(explorer.getByLabel(/Request body/)).toHaveValue('{"email": "kept@example.com"}');
    await expect(page.getByRole('button', {name: 'Hide the API explorer'})).toHaveAttribute('aria-expanded', 'true');
  });

  test('follows the content type chosen on the page, and the page follows the explorer', async ({page}) => {
    expect(updateMediaTypes.map(({mediaType}) => mediaType)).toEqual(['application/json', 'application/merge-patch+json']);
    const [json, mergePatch] = updateMediaTypes;
    await gotoHydrated(page, '/docs/api/update-contact');
    const requestBody = page.locator('#request-body-section');
    const tab = (mediaType: string) => requestBody.getByRole('tab', {name: mediaType, exact: true});
    await expect(tab(json.mediaType)).toHaveAttribute('aria-selected', 'true');
    await requestBody.hover();
    await tab(mergePatch.mediaType).click();
    await expect(tab(mergePatch.mediaType)).toHaveAttribute('aria-selected', 'true');
    expect(new URL(page.url()).searchParams.get('content-type')).toBe(mergePatch.mediaType);
    // The request example in the side column shows the chosen type's example.
    const requestExample = page.locator('section[aria-labelledby="request-example"]');
    await requestExample.hover();
    await expect(requestExample.locator('.theme-code-block-title, [class*="codeBlockTitle"]').first()).toContainText(mergePatch.mediaType);
    expect(JSON.parse(await requestExample.locator('pre').first().innerText())).toEqual(mergePatch.firstExample);

    await page.getByRole('button', {name: 'Open the API explorer'}).click();
    const explorer = page.getByRole('form', {name: 'API explorer'});
    await expect(explorer.getByLabel('Content type')).toHaveValue(mergePatch.mediaType);
    expect(JSON.parse(await explorer.getByLabel(/Request body/).inputValue())).toEqual(mergePatch.firstExample);
    await explorer.getByLabel('Server', {exact: true}).selectOption({label: 'Custom server URL…'});
    const {port} = server.address() as AddressInfo;
    await explorer.getByLabel('Server URL').fill(`http://127.0.0.1:${port}`);
    await explorer.getByRole('button', {name: /Send PATCH request/}).click();
    await expect(page.getByTestId('explorer-response')).toContainText('ct_from_local_server');
    expect(received.map(({method, contentType}) => [method, contentType])).toEqual([['PATCH', mergePatch.mediaType]]);
    expect(JSON.parse(received[0].body)).toEqual(mergePatch.firstExample);

    // Back to JSON in the explorer: the page's tab and the body follow.
    await explorer.getByLabel('Content type').selectOption(json.mediaType);
    await expect(tab(json.mediaType)).toHaveAttribute('aria-selected', 'true');
    expect(JSON.parse(await explorer.getByLabel(/Request body/).inputValue())).toEqual(json.firstExample);
  });

  test('a link with a content type opens the page on that type', async ({page}) => {
    const mergePatch = updateMediaTypes[1];
    await gotoHydrated(page, `/docs/api/update-contact?content-type=${encodeURIComponent(mergePatch.mediaType)}`);
    const requestBody = page.locator('#request-body-section');
    await expect(requestBody.getByRole('tab', {name: mergePatch.mediaType, exact: true})).toHaveAttribute('aria-selected', 'true');
    await expect(requestBody.getByRole('tabpanel').filter({visible: true})).toHaveCount(1);
    const example = page.locator('section[aria-labelledby="request-example"] pre').first();
    expect(JSON.parse(await example.innerText())).toEqual(mergePatch.firstExample);
  });

  test('the sandbox asks for a token, then answers with the example, and with a 422 problem for a bad body', async ({page}) => {
    await gotoHydrated(page, '/docs/api/create-contact');
    await page.getByRole('button', {name: 'Open the API explorer'}).click();
    const explorer = page.getByRole('form', {name: 'API explorer'});
    await expect(explorer.getByLabel('Server', {exact: true})).toHaveValue(/\d+/);
    expect(await explorer.getByLabel('Server', {exact: true}).locator('option:checked').innerText()).toMatch(/sandbox/i);
    // Without a token the sandbox answers as the API does: 401, with the description's problem.
    await explorer.getByRole('button', {name: /Send POST request/}).click();
    const result = page.getByTestId('explorer-response');
    await expect(result).toContainText('401 Unauthorized');
    await explorer.getByRole('button', {name: 'Authorize'}).click();
    const oauth2 = page.getByRole('dialog', {name: 'Authorize'}).getByRole('group', {name: /^oauth2\b/});
    await oauth2.getByLabel('Client ID').fill('cli_sandbox');
    await oauth2.getByLabel('Client secret').fill('sandbox-secret');
    await oauth2.getByRole('button', {name: 'Get a sandbox token'}).click();
    await expect(oauth2.getByTestId('token-state')).toContainText('Granted scopes: contacts:write.');
    await page.getByRole('dialog', {name: 'Authorize'}).getByRole('button', {name: 'Done'}).click();
    await explorer.getByRole('button', {name: /Send POST request/}).click();
    const example = successExample(spec, createContact.operation);
    await expect(result).toContainText(`${example.status} `);
    const shown = await result.locator('pre').innerText();
    expect(JSON.parse(shown)).toEqual(example.value);

    await explorer.getByLabel(/Request body/).fill('{"first_name": 5}');
    await explorer.getByRole('button', {name: /Send POST request/}).click();
    await expect(result).toContainText('422 Unprocessable Content');
    const problem = JSON.parse(await result.locator('pre').innerText()) as {status: number; errors: {pointer: string}[]};
    expect(problem.status).toBe(422);
    expect(problem.errors.map((error) => error.pointer)).toEqual(expect.arrayContaining(['/first_name', '/last_name', '/email']));
    expect(received).toHaveLength(0);
  });
});

test('"Collapse all" and "Expand all" close and open every nested schema of the responses, each offered when it would do something', async ({page}) => {
  await gotoHydrated(page, '/docs/api/create-contact');
  const section = page.locator('#responses-section');
  const states = () => section.locator('details[data-schema-details]').evaluateAll((nodes) => nodes.map((node) => (node as HTMLDetailsElement).open));
  // Every nested schema of these responses is open on load: "Expand all" would do nothing (issue 43).
  expect((await states()).every(Boolean)).toBe(true);
  await expect(section.getByRole('button', {name: 'Expand all'})).toHaveCount(0);
  await section.getByRole('button', {name: 'Collapse all'}).click();
  expect((await states()).some(Boolean)).toBe(false);
  await section.getByRole('button', {name: 'Expand all'}).click();
  const opened = await states();
  expect(opened.length).toBeGreaterThan(0);
  expect(opened.every(Boolean)).toBe(true);
});

for (const query of ['createContact', 'getContactTimeline']) {
  test(`search finds an operation by its operationId "${query}"`, async ({page}) => {
    const target = findOperation(spec, query);
    await gotoHydrated(page, '/');
    const search = page.getByRole('combobox', {name: 'Search'});
    await search.fill(query);
    await expect(page.getByRole('listbox', {name: 'Search results'}).getByRole('option').first()).toContainText(String(target.operation.summary));
    await search.press('Enter');
    await expect(page.locator('h1')).toHaveText(String(target.operation.summary));
  });
}
