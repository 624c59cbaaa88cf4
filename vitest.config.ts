import {availableParallelism} from 'node:os';
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
    // Many tests run the real commands in child processes (npm run spec, the
    // downloads worker, a minifier in a worker), which a slow or busy host
    // stretches several times. A pass must not depend on the host's speed; a
    // hang still fails.
    testTimeout: 180_000,
    // One test file per core: Vitest's default leaves one core idle (cores - 1, a
    // single worker on a two-core CI host), while many tests here wait on the
    // child processes and local servers they start.
    maxWorkers: Math.max(2, availableParallelism()),
    hookTimeout: 180_000,
  },
});
