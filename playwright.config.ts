import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from './config/chromium';

/** Port of the production build served for the end-to-end suite (127.0.0.1 only). */
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Generous, so that a pass never depends on the host's speed: hosts differ
  // more than twofold, and a busy one more.
  timeout: 90_000,
  expect: {
    timeout: 20_000,
    // Baselines beside the tests, one folder per spec file, named by the test (page, mode, width).
    // Tolerances absorb anti-aliasing that differs between hosts running the same Chromium and
    // fonts (threshold: per-pixel colour distance; at most 0.5% of the pixels may differ), while a
    // moved block, a wrapped strip or a see-through dialog changes far more than that.
    toHaveScreenshot: {
      pathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
      threshold: 0.2,
      maxDiffPixelRatio: 0.005,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Locally, a failed test keeps its trace, with a DOM snapshot per action
    // but no screencast frames. CI keeps only the run's output, so a trace
    // there is a file nobody opens, recorded for every test at a large share
    // of the suite's time; `--trace retain-on-failure` records one anyway.
    trace: process.env.CI ? 'off' : {mode: 'retain-on-failure', screenshots: false},
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], channel: undefined}}],
  // The production build, served the way `npm run serve` serves it; Playwright
  // starts it before the suite and stops it afterwards.
  webServer: {
    command: `npx docusaurus serve --host 127.0.0.1 --port ${port} --no-open`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
