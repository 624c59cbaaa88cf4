// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'build/',
      '.docusaurus/',
      '.spec/',
      'docs/api/',
      'test-results/',
      'playwright-report/',
      '.work/',
      'bench/results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {
      globals: {...globals.node, ...globals.browser},
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: {react, 'react-hooks': reactHooks},
    settings: {react: {version: 'detect'}},
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Bundler loaders are CommonJS: Rspack loads them with require(), and they
    // load their own dependencies the same way.
    files: ['src/plugins/**/*-loader.js'],
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    // Preloaded with `node --require` into the development server (src/dev-loop/dev-server-preload.cjs)
    // and into the build's Docusaurus processes (scripts/peak-memory-preload.cjs): CommonJS.
    files: ['src/dev-loop/*.cjs', 'scripts/*.cjs'],
    languageOptions: {globals: globals.node, sourceType: 'commonjs'},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_'}],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
