import {describe, expect, it} from 'vitest';

import {browserFailure, classifyFailure, reasonGroup} from '../classify';

const failed = {timedOut: false, exitCode: 1, timeoutSeconds: 900};

describe('classifyFailure', () => {
  it('takes the spec step own verdict, without the path', () => {
    const log = [
      '> meridian-api-docs@0.1.0 spec',
      '> tsx scripts/spec.ts',
      '',
      'npm warn Unknown user config "nodedir".',
      '[spec] Could not use the spec from SPEC_FILE /work/corpus/node_modules/x/3.0/json/post.json: invalid OpenAPI 3.0 document: MINPROPERTIES must NOT have fewer than 1 properties (and 2 more).',
      '[spec]   - REQUIRED must have required property \'responses\'',
      '[spec] Check SPEC_FILE (it resolves to /work/corpus/node_modules/x/3.0/json/post.json), or unset it.',
      '[spec] There is no last known good spec in .spec/ to fall back to, so the build stops here.',
    ].join('\n');
    expect(classifyFailure('spec', log, failed)).toEqual({
      step: 'spec',
      reason: 'invalid OpenAPI 3.0 document: MINPROPERTIES must NOT have fewer than 1 properties (and 2 more)',
      group: 'invalid OpenAPI N document: MINPROPERTIES must NOT have fewer than N properties',
    });
  });

  it('sums up the Docusaurus broken-link report, grouped by the links that are broken', () => {
    const log = [
      '[ERROR] Error: Unable to build website for locale en.',
      '    at tryToBuildLocale (/site/node_modules/@docusaurus/core/lib/commands/build/build.js:83:15)',
      '  [cause]: Error: Docusaurus found broken links!',
      '',
      "  Please check the pages of your site in the list below, and make sure you don't reference any path that does not exist.",
      '',
      '  Exhaustive list of all broken links found:',
      '  - Broken link on source page path = /blog/welcome:',
      '     -> linking to /docs/api/create-contact',
      '  - Broken link on source page path = /docs/intro:',
      '     -> linking to /docs/api/create-contact',
      '     -> linking to /docs/api/list-contacts (resolved as: /docs/api/list-contacts)',
      '',
      '      at throwError (/site/node_modules/@docusaurus/logger/lib/logger.js:80:11)',
    ].join('\n');
    const failure = classifyFailure('build', log, failed);
    expect(failure).toEqual({
      step: 'build',
      reason: 'Docusaurus found broken links: 2 links on 2 pages (/docs/api/create-contact, /docs/api/list-contacts)',
      group: 'Docusaurus found broken links to /docs/api/create-contact, /docs/api/list-contacts',
    });
  });

  it('takes the first Error: line that is not a stack frame', () => {
    const log = [
      'Successfully created "docs/api"',
      '[ERROR] Error: [api-pages] no operation or webhook has page id "" in .spec/openapi.yaml; run "npm run spec" again.',
      '    at Object.createApiPageMD [as api] (/site/src/openapi/generation/page-generators.ts:96:25)',
      '[INFO] Docusaurus version: 3.10.2',
    ].join('\n');
    expect(classifyFailure('gen', log, failed)).toEqual({
      step: 'gen',
      reason: 'Error: [api-pages] no operation or webhook has page id "" in .spec/openapi.yaml; run "npm run spec" again.',
      group: 'Error: [api-pages] no operation or webhook has page id "…" in .spec/…; run "…" again.',
    });
    expect(classifyFailure('build', 'x\nTypeError: Cannot read properties of undefined (reading \'get\')\n', failed).reason).toBe(
      "TypeError: Cannot read properties of undefined (reading 'get')",
    );
  });

  it('names a crash of V8 rather than the error lines before it', () => {
    const log = [
      '[ERROR] Error: something logged earlier',
      '<--- Last few GCs --->',
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      ' 1: 0xb8d0a3 node::Abort() [node]',
    ].join('\n');
    expect(classifyFailure('build', log, {...failed, exitCode: 134})).toEqual({
      step: 'build',
      reason: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
      group: 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory',
    });
  });

  it('says a step timed out, whatever its log', () => {
    expect(classifyFailure('gen', 'Error: killed', {timedOut: true, exitCode: null, timeoutSeconds: 900})).toEqual({
      step: 'gen',
      reason: 'timed out after 900 s',
      group: 'timed out after 900 s',
    });
  });

  it('falls back to the exit code and the last line', () => {
    expect(classifyFailure('changelog', 'npm warn Unknown user config\nsomething odd happened\n', {...failed, exitCode: 2}).reason).toBe(
      'exit code 2: something odd happened',
    );
    expect(classifyFailure('build', '', {...failed, exitCode: null}).reason).toBe('exit code none');
  });
});

describe('reasonGroup', () => {
  it('puts the same cause with other paths, names and sizes in one group', () => {
    expect(reasonGroup('larger than the 25 MB cap (44.9 MB)')).toBe(reasonGroup('larger than the 25 MB cap (26.1 MB)'));
    expect(reasonGroup('external $ref "a.yaml" at /paths/~1pets/get')).toBe(reasonGroup('external $ref "b.yaml#/X" at /components/schemas/Y'));
    expect(reasonGroup('the spec has no operations')).not.toBe(reasonGroup('file not found'));
  });
});

describe('browserFailure', () => {
  it('is nothing when the browser found nothing', () => {
    expect(browserFailure([])).toBeUndefined();
  });

  it('gives the first problem with its route and how many more; groups by what went wrong, whatever the route', () => {
    const failure = browserFailure(['/docs/api/list-pets: uncaught exception: x is undefined', '/docs/api/pets: did not hydrate within 120 s']);
    expect(failure).toEqual({
      step: 'browser',
      reason: '/docs/api/list-pets: uncaught exception: x is undefined (and 1 more)',
      group: 'uncaught exception: x is undefined',
    });
    expect(browserFailure(['/docs/api/get-owner: uncaught exception: x is undefined'])?.group).toBe(failure?.group);
  });
});
