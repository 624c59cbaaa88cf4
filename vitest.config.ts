import path from 'node:path';
import {defineConfig} from 'vitest/config';

export default defineConfig({
  resolve: {
    // The alias Docusaurus gives site code, so components' modules import the same way in tests.
    alias: {'@site': path.resolve(__dirname)},
  },
  // Docusaurus's tsconfig says `jsx: preserve` (its bundler compiles JSX);
  // Vite's transformer would follow it, so component tests compile JSX with
  // React's automatic runtime here, as the site's bundler does.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['**/__tests__/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'build/**', '.docusaurus/**', 'tests/e2e/**', '.work/**'],
    // CSS module class names come out as their keys, so tests read `class="date"`.
    css: {modules: {classNameStrategy: 'non-scoped'}},
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
