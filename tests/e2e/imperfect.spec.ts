import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {test, expect, gotoHydrated} from './fixtures';
import {serveDuringTests} from './static-server';

/**
 * The site built with `SPEC_FILE=tests/fixtures/imperfect.yaml npm run build`
 * (kept by scripts/corpus/fixture-builds.ts; `npm run test:e2e` builds it first
 * when it is missing or stale): a description with one known problem per
 * operation is published, each problem is printed with its location and
 * written to .spec/problems.json, and every operation has a page that shows
 * what it can.
 *
 * Expected lines and columns come from searching the fixture's own text, not
 * from the site's code.
 */

const KEPT = path.resolve(__dirname, '../../.work/fixture-builds/imperfect');
const BUILD = path.join(KEPT, 'build');
if (!existsSync(path.join(BUILD, 'sitemap.xml'))) {
  throw new Error(`no imperfect build at ${BUILD}: run "npm run test:e2e" (it builds tests/fixtures/imperfect.yaml first) or "tsx scripts/build-fixtures.ts"`);
}
const FIXTURE_LINES = readFileSync(path.resolve(__dirname, '../fixtures/imperfect.yaml'), 'utf8').split('\n');
const LOG = readFileSync(path.join(KEPT, 'build.log'), 'utf8');

interface Problem {
  kind: string;
  pointer: string;
  line?: number;
  column?: number;
  message: string;
}
const PROBLEMS = JSON.parse(readFileSync(path.join(KEPT, 'problems.json'), 'utf8')) as {total: number; byKind: Record<string, number>; problems: Problem[]};

/** 1-based line and column where `text` first appears in the fixture. */
function locate(text: string): {line: number; column: number} {
  const index = FIXTURE_LINES.findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`"${text}" is not in the fixture`);
  return {line: index + 1, column: FIXTURE_LINES[index].indexOf(text) + 1};
}

test.describe('a description with known problems', () => {
  test('the build says it published the description with its problems, and how many', () => {
    expect(LOG).toContain(`[spec] Published with ${PROBLEMS.total} problems in the description (all in .spec/problems.json;`);
    expect(PROBLEMS.total).toBe(PROBLEMS.problems.length);
    for (const kind of ['schema', 'reference', 'operation', 'link']) expect(PROBLEMS.byKind[kind], kind).toBeGreaterThan(0);
  });

  const located: {what: string; at: string; pointer: string; printed: string; message: RegExp}[] = [
    {
      what: 'a $ref outside the document',
      at: "- $ref: 'other.yaml#/components/parameters/Locale'",
      pointer: '/paths/~1pets~1{petId}~1transfer/post/parameters/2',
      printed: 'paths./pets/{petId}/transfer.post.parameters.2',
      message: /^\$ref "other\.yaml#\/components\/parameters\/Locale" points outside the document, and the build does not follow such references/,
    },
    {
      what: 'a $ref to nothing',
      at: "- $ref: '#/components/parameters/MissingParameter'",
      pointer: '/paths/~1pets~1{petId}~1transfer/post/parameters/1',
      printed: 'paths./pets/{petId}/transfer.post.parameters.1',
      message: /points to nothing in the document; shown as an unresolved reference where it is used$/,
    },
    {
      what: 'a keyword OpenAPI 3.0 does not have',
      at: 'additionalItems:',
      pointer: '/paths/~1pets~1{petId}~1measurements/get/responses/200/content/application~1json/schema/properties/legacyReading/additionalItems',
      printed: 'paths./pets/{petId}/measurements.get.responses.200.content.application/json.schema.properties.legacyReading.additionalItems',
      message: /^"additionalItems" is not an OpenAPI 3\.0 keyword here; ignored$/,
    },
    {
      what: 'a blank title',
      at: "title: ''",
      pointer: '/info/title',
      printed: 'info.title',
      message: /^info\.title is blank: the site calls the API "API", and its overview page is \/docs\/api\/overview$/,
    },
    {
      what: 'an operation with no operationId and a summary another has',
      at: 'post:\n',
      pointer: '/paths/~1owners/post',
      printed: 'paths./owners.post',
      message: /its page is "list-owners-2"/,
    },
  ];
  for (const {what, at, pointer, printed, message} of located) {
    // The log prints the first problems of each kind: these are among them.
    test(`${what}: printed with its line and column, and in problems.json`, () => {
      // A list item's location is its first key, after the "- ".
      const found = at === 'post:\n' ? locateAfter('  /owners:', 'post:') : locate(at);
      const where = at.startsWith('- ') ? {line: found.line, column: found.column + 2} : found;
      const problem = PROBLEMS.problems.find((candidate) => candidate.pointer === pointer);
      expect(problem, pointer).toBeDefined();
      expect(problem).toMatchObject({line: where.line, column: where.column});
      expect(problem!.message).toMatch(message);
      expect(LOG).toContain(`[spec]   - ${printed} (line ${where.line}, column ${where.column}): ${problem!.message}`);
    });
  }

  test('links in the description are reported where the text is', () => {
    const where = locate('description: |');
    const links = PROBLEMS.problems.filter((problem) => problem.kind === 'link');
    expect(links.map((problem) => problem.message)).toEqual([
      'link "#tag/Pets" points to a Redoc anchor; rewritten to /docs/api/pets',
      'link "#operation/getAge" points to a Redoc anchor; rewritten to /docs/api/get-age',
      expect.stringMatching(/^link "\/docs\/errors" is relative to the vendor's site; resolved against https:\/\/api\.example\.com/),
      expect.stringMatching(/^link "status\.example\.com\/pets"/),
      expect.stringMatching(/^link "#schema\/Owner"/),
      expect.stringMatching(/^link "#section\/Authentication"/),
    ]);
    for (const problem of links) expect(problem).toMatchObject({pointer: '/info/description', line: where.line, column: where.column + 'description: '.length});
  });

  test.describe('in Chromium', () => {
    const server = serveDuringTests(test, BUILD);

    test('every operation has a page, including repeated summaries and ones without a name', async ({request}) => {
      const sitemap = readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
      const routes = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
      for (const page of ['transfer-pet', 'get-measurements', 'set-nickname', 'search-pets', 'ping-pet', 'pet-options', 'get-photo', 'update-settings', 'get-age', 'list-vaccinations', 'list-owners', 'list-owners-2', 'get-owners-owner-id', 'delete-owners-owner-id']) {
        expect(routes, page).toContain(`/docs/api/${page}`);
        expect((await request.get(`${server.origin()}/docs/api/${page}`)).status(), page).toBe(200);
      }
      // The undeclared tag has its page too.
      expect(routes).toContain('/docs/api/vets');
    });

    test('an unresolved reference shows as such where it is used', async ({page}) => {
      await gotoHydrated(page, `${server.origin()}/docs/api/transfer-pet`);
      const main = page.locator('main');
      await expect(main).toContainText('other.yaml#/Pet');
      await expect(main).toContainText('https://example.com/schemas/owner.json');
      await expect(main).toContainText('#/components/responses/MissingNotFound');
      await expect(main).toContainText(/unresolved/i);
    });

    test('links in spec text lead to this site\'s pages, the vendor\'s site, or are plain text', async ({page}) => {
      test.setTimeout(120_000);
      await gotoHydrated(page, `${server.origin()}/docs/api/overview`);
      const description = page.locator('main');
      await expect(description.getByRole('link', {name: 'the pets', exact: true})).toHaveAttribute('href', '/docs/api/pets');
      await expect(description.getByRole('link', {name: "a pet's age", exact: true})).toHaveAttribute('href', '/docs/api/get-age');
      await expect(description.getByRole('link', {name: 'the error guide', exact: true})).toHaveAttribute('href', 'https://api.example.com/docs/errors');
      await expect(description.getByRole('link', {name: 'the status page', exact: true})).toHaveAttribute('href', 'https://status.example.com/pets');
      await expect(description.getByRole('link', {name: 'owner schema', exact: true})).toHaveCount(0);
      await expect(description).toContainText('owner schema');
      await expect(description.getByRole('link', {name: 'Authentication', exact: true}).first()).toHaveAttribute('href', /#authentication$/);
      // Loading the tag page's code is what takes time on a slow host: a
      // bound per navigation, not per test.
      await Promise.all([page.waitForURL(`${server.origin()}/docs/api/pets`, {timeout: 60_000}), description.getByRole('link', {name: 'the pets', exact: true}).click()]);
      await expect(page.locator('h1')).toHaveText('Pets');
    });
  });
});

test.describe('on a touch screen', () => {
  test.use({hasTouch: true, isMobile: true, viewport: {width: 390, height: 844}});
  const server = serveDuringTests(test, BUILD);

  test('the first tap on a link in a description follows it', async ({page}) => {
    test.setTimeout(120_000);
    await gotoHydrated(page, `${server.origin()}/docs/api/overview`);
    const link = page.locator('main').getByRole('link', {name: "a pet's age", exact: true});
    await Promise.all([page.waitForURL(`${server.origin()}/docs/api/get-age`, {timeout: 60_000}), link.tap()]);
    await expect(page.locator('h1')).toHaveText("Get a pet's age");
  });
});

/** The first line holding `text` after the line holding `anchor`. */
function locateAfter(anchor: string, text: string): {line: number; column: number} {
  const start = FIXTURE_LINES.findIndex((line) => line.includes(anchor));
  const index = FIXTURE_LINES.findIndex((line, at) => at > start && line.includes(text));
  return {line: index + 1, column: FIXTURE_LINES[index].indexOf(text) + 1};
}
