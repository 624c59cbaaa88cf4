import {existsSync} from 'node:fs';
import path from 'node:path';

import {test, expect, gotoHydrated} from './fixtures';
import {serveDuringTests} from './static-server';

/**
 * The GitHub cases of issue 44, on the large fixture, which holds GitHub's
 * operations whose titles share words (tests/fixtures/github-search.json,
 * merged by scripts/corpus/fixture-builds.ts) among 320 generated ones: an
 * operation whose title is exactly the query ranks first, before longer
 * titles that contain its words.
 */

const BUILD = path.resolve(__dirname, '../../.work/fixture-builds/large/build');
if (!existsSync(path.join(BUILD, 'sitemap.xml'))) {
  throw new Error(`no large fixture build at ${BUILD}: run "npm run test:e2e" (it generates and builds the large fixture first) or "tsx scripts/build-fixtures.ts"`);
}
const site = serveDuringTests(test, BUILD);

const CASES: [string, string][] = [
  ['list pull requests', 'List pull requests'],
  ['get a repository', 'Get a repository'],
  ['pulls/list', 'List pull requests'],
  ['GET /repos/octocat/hello-world/pulls', 'List pull requests'],
  ['GET https://api.github.com/repos/octocat/hello-world', 'Get a repository'],
  ['list pull request stacks', 'List pull request stacks'],
];

test('an exact title, operationId or concrete path puts its GitHub operation first, in the box and on /search', async ({page}) => {
  for (const [query, title] of CASES) {
    await gotoHydrated(page, `${site.origin()}/`);
    await page.getByRole('combobox', {name: 'Search'}).fill(query);
    const first = page.getByRole('listbox', {name: 'Search results'}).getByRole('option').first();
    await expect(first.locator('span[class*="hitTitle"]'), query).toHaveText(title);
    await gotoHydrated(page, `${site.origin()}/search?q=${encodeURIComponent(query)}`);
    await expect(page.locator('ol li > a').first(), query).toHaveText(title);
  }
});
