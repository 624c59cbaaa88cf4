import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {test, expect, gotoHydrated} from './fixtures';
import {serveDuringTests} from './static-server';

/**
 * The site built with `SPEC_FILE=tests/fixtures/overlay/openapi.yaml
 * SPEC_OVERLAYS=tests/fixtures/overlay/add-code-samples.yaml,tests/fixtures/overlay/remove-internal.yaml
 * npm run build` (kept by scripts/corpus/fixture-builds.ts; `npm run test:e2e`
 * builds it first when it is missing or stale): the operations marked
 * internal have no page, and the code sample an overlay added is on its
 * operation's page, in the server-rendered HTML and in Chromium.
 */

const KEPT = path.resolve(__dirname, '../../.work/fixture-builds/overlay');
const BUILD = path.join(KEPT, 'build');
if (!existsSync(path.join(BUILD, 'sitemap.xml'))) {
  throw new Error(`no overlay build at ${BUILD}: run "npm run test:e2e" (it builds tests/fixtures/overlay/openapi.yaml first) or "tsx scripts/build-fixtures.ts"`);
}
const LOG = readFileSync(path.join(KEPT, 'build.log'), 'utf8');
const SAMPLE = 'meridian contacts create --email ada@example.com --name "Ada Lovelace"';

function sitemapRoutes(): string[] {
  const sitemap = readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

test.describe('a description changed by overlays', () => {
  test('the build applied both overlays, in order', () => {
    expect(LOG).toMatch(/\[spec\] Applied 2 overlays from SPEC_OVERLAYS: \S*add-code-samples\.yaml \(1 action\), \S*remove-internal\.yaml \(1 action\);/);
    expect(LOG).toContain('[spec] Resolved "Overlay Test API" 1.0.0 from SPEC_FILE');
    expect(LOG).toMatch(/: 3 operations, sha256 /);
  });

  test('the operations marked internal have no page, the others do', () => {
    const routes = sitemapRoutes();
    for (const page of ['list-contacts', 'create-contact', 'get-contact']) expect(routes, page).toContain(`/docs/api/${page}`);
    for (const page of ['purge-contact', 'reindex-contacts']) {
      expect(routes, page).not.toContain(`/docs/api/${page}`);
      expect(existsSync(path.join(BUILD, 'docs/api', `${page}.html`)), page).toBe(false);
    }
  });

  test('the code sample an overlay added is in the page as served', () => {
    // Highlighted, so the sample's words are split by markup; its start and label are plain text.
    const html = readFileSync(path.join(BUILD, 'docs/api/create-contact.html'), 'utf8');
    expect(html).toContain('meridian CLI');
    expect(html).toContain('meridian contacts create ');
  });

  const server = serveDuringTests(test, BUILD);

  test('the code sample is shown on its page in the browser', async ({page}) => {
    await gotoHydrated(page, `${server.origin()}/docs/api/create-contact`);
    const main = page.locator('main');
    await expect(main.getByText('meridian CLI', {exact: true}).first()).toBeVisible();
    await expect(main).toContainText(SAMPLE);
  });
});
