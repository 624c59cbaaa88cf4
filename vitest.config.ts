import path from 'node:path';
import {defineConfig} from 'vitest/config';

export default defineConfig({
  resolve: {
    // The alias Docusaurus gives site code, so components' modules import the same way in tests.
    alias: {'@site': path.resolve(__dirname)},
  },
  test: {
    include: ['**/__tests__/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'build/**', '.docusaurus/**', 'tests/e2e/**', '.work/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
