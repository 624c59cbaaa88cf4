import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {test, expect, waitForNetworkQuiet} from './fixtures';
import {waitForHydration} from './react-state';
import {serveDuringTests} from './static-server';

/**
 * The site built from tests/fixtures/hostile.yaml (see hostile.spec.ts), on a
 * phone's screen: a 200-letter word in a tag name, summary, schema name, field
 * name and enum value, and an Azure-style path, wrap instead of making a page
 * wider than the screen.
 */

const HOSTILE_BUILD = path.resolve(__dirname, '../../.work/fixture-builds/hostile/build');
if (!existsSync(path.join(HOSTILE_BUILD, 'sitemap.xml'))) {
  throw new Error(`no hostile build at ${HOSTILE_BUILD}: run "npm run test:e2e" (it builds tests/fixtures/hostile.yaml first) or "tsx scripts/build-fixtures.ts"`);
}

const PHONE_WIDTH = 375;

/** Every page of the hostile build that shows spec text: the home page and the docs. */
function routes(): string[] {
  const xml = readFileSync(path.join(HOSTILE_BUILD, 'sitemap.xml'), 'utf8');
  const all = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  return all.filter((route) => route === '/' || route.startsWith('/docs'));
}

test.describe('long words and paths from the spec on a 375 px screen', () => {
  test.use({viewport: {width: PHONE_WIDTH, height: 800}});

  const site = serveDuringTests(test, HOSTILE_BUILD);

  test('the pages that carry the long tokens are in the build', () => {
    const all = routes();
    // The tag's and the schema's page ids are cut to fit a file name (page-ids.ts).
    expect(all.filter((route) => /^\/docs\/api\/storage-immutabilityabcdefghij[a-z]*-[a-z]{10}$/.test(route))).toHaveLength(1);
    expect(all.filter((route) => /^\/docs\/api\/schemas\/policy-immutabilityabcdefghij[a-z]*-[a-z]{10}$/.test(route))).toHaveLength(1);
    expect(all).toContain('/docs/api/extend-immutability-policy');
  });

  for (const route of routes()) {
    test(`${route} is no wider than the screen`, async ({page}) => {
      const response = await page.goto(`${site.origin()}${route}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await waitForNetworkQuiet(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'document width in px').toBeLessThanOrEqual(PHONE_WIDTH);
    });
  }
});
