import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {countDocsPages, SPLIT_FROM_PAGES, STEPS, stepEnvironments} from '../site-build';

describe('site-build', () => {
  it('bundles in one process, then renders in another, each with Docusaurus\'s own switch, for a large site', () => {
    const steps = stepEnvironments({PATH: '/bin', CI: 'true'}, SPLIT_FROM_PAGES);
    expect(steps).toEqual([
      {name: 'bundling', env: {PATH: '/bin', CI: 'true', DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'}},
      {name: 'static rendering', env: {PATH: '/bin', CI: 'true', DOCUSAURUS_SKIP_BUNDLING: 'true'}},
    ]);
    expect(STEPS.map(({variable}) => variable)).toEqual(['DOCUSAURUS_EXIT_AFTER_BUNDLING', 'DOCUSAURUS_SKIP_BUNDLING']);
  });

  it('builds a site of fewer pages in one process, with the environment as it is', () => {
    expect(stepEnvironments({PATH: '/bin'}, SPLIT_FROM_PAGES - 1)).toEqual([{name: 'build', env: {PATH: '/bin'}}]);
  });

  it('runs one build with the environment as it is when the caller already chose a step', () => {
    expect(stepEnvironments({DOCUSAURUS_SKIP_BUNDLING: 'true'}, 5000)).toEqual([{name: 'build', env: {DOCUSAURUS_SKIP_BUNDLING: 'true'}}]);
    expect(stepEnvironments({DOCUSAURUS_EXIT_AFTER_BUNDLING: ''}, 5000)).toHaveLength(1);
  });

  it('counts the Markdown and MDX pages under the docs folder, generated ones in subfolders included', () => {
    const docs = mkdtempSync(path.join(os.tmpdir(), 'site-build-docs-'));
    try {
      mkdirSync(path.join(docs, 'api/2.1.0'), {recursive: true});
      for (const file of ['intro.mdx', 'guide.md', 'api/create-contact.api.mdx', 'api/contact.schema.mdx', 'api/2.1.0/create-contact.api.mdx']) writeFileSync(path.join(docs, file), '# x\n');
      for (const file of ['api/sidebar.ts', 'api/create-contact.page.json', 'api/2.1.0/changelog.data.json']) writeFileSync(path.join(docs, file), '{}');
      expect(countDocsPages(docs)).toBe(5);
      expect(countDocsPages(path.join(docs, 'missing'))).toBe(0);
    } finally {
      rmSync(docs, {recursive: true, force: true});
    }
  });

  it('relies on what Docusaurus does: both switches are read by its build', async () => {
    const {readFile} = await import('node:fs/promises');
    const source = await readFile(require.resolve('@docusaurus/core/lib/commands/build/buildLocale.js'), 'utf8');
    for (const {variable} of STEPS) expect(source).toContain(`process.env.${variable} === 'true'`);
  });
});
