import {existsSync} from 'node:fs';
import path from 'node:path';
import type {APIRequestContext} from '@playwright/test';

import {test, expect} from './fixtures';
import {serveDuringTests} from './static-server';

/**
 * llms.txt on the two-API example (tests/fixtures/apis/apis.ts: Meridian,
 * and the Petstore with one older version): it lists the current version of
 * each API and links each API's and each older version's own index, and
 * every link of every index leads to a published Markdown file
 * (src/plugins/llms-txt).
 */

const BUILD = path.resolve(__dirname, '../../.work/fixture-builds/apis/build');
if (!existsSync(path.join(BUILD, 'sitemap.xml'))) {
  throw new Error(`no two-API fixture build at ${BUILD}: run "npm run test:e2e" (it builds tests/fixtures/apis/apis.ts first) or "tsx scripts/build-fixtures.ts"`);
}
const site = serveDuringTests(test, BUILD);

/** The site's configured origin (config/site.ts), which every absolute link in llms.txt starts with. */
const SITE_URL = 'https://docs.meridian.example';

/** An llms.txt-style index: its H1, its H2 sections and the links of each. */
interface LlmsIndex {
  title: string;
  sections: Map<string, string[]>;
}

async function fetchIndex(request: APIRequestContext, url: string): Promise<LlmsIndex> {
  const response = await request.get(url.replace(SITE_URL, site.origin()));
  expect(response.status(), url).toBe(200);
  const text = await response.text();
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) sections.set(line.slice(3), (current = []));
    const link = /^- \[[^\]]*\]\((\S+)\)/.exec(line);
    if (link && current) current.push(link[1]!);
  }
  return {title: text.split('\n')[0]!, sections};
}

test.describe('llms.txt knows every API and version', () => {
  test('lists the current version of each API, and links each API’s and each older version’s own index', async ({request}) => {
    const main = await fetchIndex(request, `${SITE_URL}/llms.txt`);
    expect(main.title).toBe('# Meridian');
    const titles = [...main.sections.keys()];
    expect(titles[0]).toBe('Docs');
    expect(titles).toContain('API reference: Contacts');
    expect(titles).toContain('Petstore API reference: pet');
    expect(titles.at(-1)).toBe('Optional');

    const links = [...main.sections.values()].flat();
    // The current Petstore pages, none of its older version's.
    expect(main.sections.get('Petstore API reference: pet')).toContain(`${SITE_URL}/docs/apis/petstore/get-pet-by-id.md`);
    expect(links.filter((link) => link.includes('/docs/apis/petstore/1.0.0/'))).toEqual([]);
    expect(main.sections.get('Optional')).toEqual(expect.arrayContaining([`${SITE_URL}/apis/petstore/llms.txt`, `${SITE_URL}/apis/petstore/versions/1.0.0/llms.txt`]));

    const petstore = await fetchIndex(request, `${SITE_URL}/apis/petstore/llms.txt`);
    expect(petstore.title).toBe('# Meridian: Petstore API');
    expect(petstore.sections.get('API reference: pet')).toContain(`${SITE_URL}/docs/apis/petstore/get-pet-by-id.md`);
    expect([...petstore.sections.values()].flat().filter((link) => link.includes('/docs/api/'))).toEqual([]);
    expect(petstore.sections.get('Optional')).toEqual(
      expect.arrayContaining([`${SITE_URL}/apis/petstore/openapi.yaml`, `${SITE_URL}/apis/petstore/versions/1.0.0/llms.txt`]),
    );

    const older = await fetchIndex(request, `${SITE_URL}/apis/petstore/versions/1.0.0/llms.txt`);
    expect(older.title).toBe('# Meridian: Petstore API 1.0.0');
    const olderLinks = [...older.sections.values()].flat();
    expect(olderLinks).toContain(`${SITE_URL}/docs/apis/petstore/1.0.0/get-pet-by-id.md`);
    expect(olderLinks.every((link) => link.startsWith(`${SITE_URL}/docs/apis/petstore/1.0.0/`))).toBe(true);

    // Every link of every index is published.
    for (const link of new Set([...links, ...[...petstore.sections.values()].flat(), ...olderLinks])) {
      if (!link.startsWith(SITE_URL)) continue;
      const response = await request.get(link.replace(SITE_URL, site.origin()));
      expect(response.status(), link).toBe(200);
    }
  });

  test('llms-full.txt holds the current pages of every API, and no older version’s', async ({request}) => {
    const response = await request.get(`${site.origin()}/llms-full.txt`);
    expect(response.status()).toBe(200);
    const sources = [...(await response.text()).matchAll(/^Source: (\S+)$/gm)].map((match) => match[1]);
    expect(sources).toContain(`${SITE_URL}/docs/api/create-contact`);
    expect(sources).toContain(`${SITE_URL}/docs/apis/petstore/get-pet-by-id`);
    expect(sources.filter((source) => source!.includes('/1.0.0/'))).toEqual([]);
  });
});
