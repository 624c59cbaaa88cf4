// Writes the README's screenshot of an operation page from the production
// build in build/ (run `npm run build` first), so that it never shows an old look:
//
//   npm run screenshot:readme
//
// `npm run test:screenshots:update` runs it too.
import path from 'node:path';
import process from 'node:process';
import type {AddressInfo} from 'node:net';

import {chromium} from '@playwright/test';

import {CHROMIUM_FLAGS, CHROMIUM_PATH, HOST_RESOLVER_RULES} from '../config/chromium';
import {serveDirectory} from '../tests/e2e/static-server';
import {waitForHydration} from '../tests/e2e/react-state';

const projectRoot = path.resolve(__dirname, '..');
const OPERATION = '/docs/api/create-contact';
const README_SCREENSHOT = 'assets/readme/operation-page.png';

async function main(): Promise<void> {
  const server = await serveDirectory(path.join(projectRoot, 'build'));
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, HOST_RESOLVER_RULES]});
  try {
    const page = await browser.newPage({viewport: {width: 1280, height: 760}, deviceScaleFactor: 1});
    await page.addInitScript(() => window.localStorage.setItem('theme', 'light'));
    const response = await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${OPERATION}`);
    if (response?.status() !== 200) throw new Error(`[readme-screenshot] ${OPERATION} answered ${response?.status()}: run npm run build first`);
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({path: path.join(projectRoot, README_SCREENSHOT), animations: 'disabled', caret: 'hide'});
    process.stdout.write(`[readme-screenshot] wrote ${README_SCREENSHOT} from ${OPERATION}\n`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
