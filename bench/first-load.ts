// First-load JavaScript of built pages: each page loaded once in Chromium
// from a static server on 127.0.0.1, summing the gzip size of every script
// it fetched until the network was quiet (bench/page-load.ts's loadPage).
import {chromium} from '@playwright/test';

import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../config/chromium';
import {serveDirectory} from '../tests/e2e/static-server';
import {loadPage} from './page-load';

export interface FirstLoad {
  route: string;
  /** Gzip bytes of the scripts and the data they fetched, as loadPage counts them. */
  jsGzipBytes: number;
  jsFiles: number;
}

/** Loads each route of the build in `buildDir` and returns its first-load JS. */
export async function measureFirstLoad(buildDir: string, routes: readonly string[]): Promise<FirstLoad[]> {
  const server = await serveDirectory(buildDir);
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS});
  try {
    const results: FirstLoad[] = [];
    for (const route of routes) {
      const run = await loadPage(browser, `http://127.0.0.1:${port}${route}`);
      results.push({route, jsGzipBytes: run.jsGzipBytes, jsFiles: run.jsFiles});
    }
    return results;
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

// `tsx bench/first-load.ts <build dir> <route>...`: prints one line per route.
if (require.main === module) {
  const [dir, ...routes] = process.argv.slice(2);
  measureFirstLoad(dir, routes).then(
    (results) => {
      for (const result of results) console.log(`${result.route}\t${result.jsGzipBytes}\t${result.jsFiles}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
