import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/__tests__/**/*.test.ts'],
    exclude: ['node_modules/**', 'build/**', '.docusaurus/**', 'tests/e2e/**', 'bench/work/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
