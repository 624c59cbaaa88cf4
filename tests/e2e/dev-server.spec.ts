import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Page} from '@playwright/test';

import {test, expect} from './fixtures';
import {startDevServer, waitForPage, type DevServer} from '../../scripts/dev-server';
import {copySite} from '../../scripts/site-copy';

/**
 * The writer's loop: `npm start` on a small description in a copy of the
 * site (so the served build and `.spec/` of the rest of the suite stay as
 * they are), edited while a page is open. One development server for the
 * whole file, the steps in order; every wait is for an event, with room
 * for a slow host.
 */

const PORT = Number(process.env.DEV_E2E_PORT ?? 4334);
const FIXTURE = path.join(__dirname, '..', 'fixtures', 'dev-loop', 'openapi.yaml');
/** A save reaches the page after the spec step, gen and a rebuild: seconds, more on a loaded host. */
const AFTER_SAVE = {timeout: 180_000};

test.describe.configure({mode: 'serial'});

let work: string;
let description: string;
let server: DevServer;

/** The description with `from` replaced by `to`, saved as an editor does. */
function edit(from: string, to: string): void {
  const text = readFileSync(description, 'utf8');
  if (!text.includes(from)) throw new Error(`the description has no "${from}" to replace`);
  writeFileSync(description, text.replace(from, to));
}

/** The line (1-based) of the first occurrence of `text` in the description. */
function lineOf(text: string): number {
  return readFileSync(description, 'utf8').split('\n').findIndex((line) => line.includes(text)) + 1;
}

/** Marks the window, so that a full reload (which loses the mark) is told from an update in place. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, {devServerTestMark: true}));
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  work = mkdtempSync(path.join(tmpdir(), 'dev-server-e2e-'));
  description = path.join(work, 'spec', 'openapi.yaml');
  await copySite(path.join(__dirname, '..', '..'), path.join(work, 'site'), {warm: false});
  mkdirSync(path.join(work, 'spec'));
  copyFileSync(FIXTURE, description);
  // As in the corpus: another API's description cannot resolve the site's hand-written links to
  // Meridian's operations, so it publishes with them listed even when the caller (CI) gates its own
  // build with SPEC_VALIDATION=strict.
  const env = {SPEC_FILE: description, SPEC_VALIDATION: 'publish'};
  server = startDevServer({siteDir: path.join(work, 'site'), port: PORT, env});
  await waitForPage(`${server.url}/docs/api/list-lanterns`, 540_000).catch((error: Error) => {
    throw new Error(`${error.message}; the server printed:\n${server.output()}`);
  });
});

test.afterAll(async () => {
  await server?.stop();
  // A process of the stopped server can still be finishing a write (the bundler's cache): retry, as rm -rf would be retried.
  if (work) rmSync(work, {recursive: true, force: true, maxRetries: 10, retryDelay: 300});
});

test.describe('npm start follows the description', () => {
  test.use({baseURL: `http://127.0.0.1:${PORT}`});

  test('an edited description shows on the open page without a reload, at the same scroll position', async ({page}) => {
    test.setTimeout(300_000);
    await page.setViewportSize({width: 1280, height: 500});
    await page.goto('/docs/api/list-lanterns');
    await expect(page.getByText('Every lantern, brightest first.')).toBeVisible({timeout: 120_000});
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const scrolled = await page.evaluate(() => window.scrollY);
    await markWindow(page);
    edit('Every lantern, brightest first.', 'Every lantern, dimmest first.');
    await expect(page.getByText('Every lantern, dimmest first.')).toBeVisible(AFTER_SAVE);
    expect(await page.evaluate(() => 'devServerTestMark' in window)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('a new operation appears in the sidebar', async ({page}) => {
    test.setTimeout(300_000);
    await page.goto('/docs/api/list-rooms');
    const sidebar = page.locator('nav.menu');
    await expect(sidebar.getByRole('link', {name: 'List rooms'})).toBeVisible({timeout: 120_000});
    await expect(sidebar.getByRole('link', {name: 'Get a room'})).toHaveCount(0);
    await markWindow(page);
    edit(
      '  /rooms:\n',
      [
        '  /rooms/{roomId}:',
        '    get:',
        '      operationId: getRoom',
        '      tags: [Rooms]',
        '      summary: Get a room',
        '      parameters:',
        '        - {name: roomId, in: path, required: true, schema: {type: string}}',
        "      responses:\n        '200': {description: The room.}",
        '  /rooms:',
        '',
      ].join('\n'),
    );
    await expect(sidebar.getByRole('link', {name: 'Get a room'})).toBeVisible(AFTER_SAVE);
    await sidebar.getByRole('link', {name: 'Get a room'}).click();
    await expect(page.getByRole('heading', {level: 1, name: 'Get a room'})).toBeVisible(AFTER_SAVE);
    expect(await page.evaluate(() => 'devServerTestMark' in window)).toBe(true);
  });

  test('a problem in the description is in the overlay with its place and JSON Pointer, and can be dismissed', async ({page}) => {
    test.setTimeout(300_000);
    await page.goto('/docs/api/list-rooms');
    await expect(page.getByRole('heading', {level: 1, name: 'List rooms'})).toBeVisible({timeout: 120_000});
    await expect(page.locator('[data-spec-dev-overlay]')).toHaveCount(0);
    edit("$ref: '#/components/schemas/Room'", "$ref: '#/components/schemas/Rom'");
    const line = lineOf("schemas/Rom'");
    const column = readFileSync(description, 'utf8').split('\n')[line - 1].indexOf('$ref') + 1;
    const overlay = page.getByRole('complementary', {name: 'Problems in the API description'});
    await expect(overlay).toBeVisible(AFTER_SAVE);
    await expect(overlay.getByRole('heading')).toHaveText('API description: 1 problem');
    await expect(overlay.getByRole('listitem')).toHaveCount(1);
    const problem = overlay.getByRole('listitem');
    await expect(problem.locator('code').first()).toHaveText(`${description}:${line}:${column}`);
    await expect(problem.locator('code').nth(1)).toHaveText('/paths/~1rooms/get/responses/200/content/application~1json/schema/items');
    await expect(problem).toContainText('"#/components/schemas/Rom" points to nothing in the document');
    await overlay.getByRole('button', {name: 'Dismiss the list of problems'}).click();
    await expect(overlay).toHaveCount(0);
    // Dismissed for this run of the spec step: a reload does not bring it back.
    const statusRead = () => page.waitForResponse((response) => response.url().endsWith('/__spec-dev/status.json') && response.ok(), {timeout: 120_000});
    const firstRead = statusRead();
    await page.reload();
    await firstRead;
    // The overlay shows a status as soon as it is read: by the next read, the first was handled.
    await statusRead();
    await expect(page.getByRole('heading', {level: 1, name: 'List rooms'})).toBeVisible({timeout: 120_000});
    await expect(overlay).toHaveCount(0);
    const published = server.nextLine(/^\[start\] pages up to date/, AFTER_SAVE.timeout);
    edit("$ref: '#/components/schemas/Rom'", "$ref: '#/components/schemas/Room'");
    await published;
  });

  test('a save that cannot be published keeps the last good page and says where it fails; the next good save resumes', async ({page}) => {
    test.setTimeout(300_000);
    await page.goto('/docs/api/list-lanterns');
    await expect(page.getByText('Every lantern, dimmest first.')).toBeVisible({timeout: 120_000});
    const overlay = page.getByRole('complementary', {name: 'Problems in the API description'});
    // The fix of the previous test, published: no problem left.
    await expect(overlay).toHaveCount(0, AFTER_SAVE);
    await markWindow(page);
    edit('Every lantern, dimmest first.', 'Every lantern: [half-typed');
    const line = lineOf('[half-typed');
    await expect(overlay).toBeVisible(AFTER_SAVE);
    await expect(overlay.getByRole('heading')).toHaveText('This edit cannot be published');
    await expect(overlay.locator('code').first()).toHaveText(new RegExp(`^${description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}:\\d+$`));
    await expect(overlay).toContainText(`YAML error at line ${line}, column`);
    await expect(page.getByText('Every lantern, dimmest first.')).toBeVisible();
    edit('Every lantern: [half-typed', 'Every lantern, in the order they were lit.');
    await expect(page.getByText('Every lantern, in the order they were lit.')).toBeVisible(AFTER_SAVE);
    await expect(overlay).toHaveCount(0);
    expect(await page.evaluate(() => 'devServerTestMark' in window)).toBe(true);
    expect(server.output()).toMatch(new RegExp(`${path.basename(description)}:${line}:\\d+: YAML error at line ${line}`));
  });
});
