import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';

const require = createRequire(import.meta.url);

// The core's route preloader, as installed: ../preload.server.ts and
// ../route-sections/preload.ts are copies of it with one change (the table
// searched by matchRoutesIndexed), so any change to it must be carried over.
const CORE_PRELOAD = require.resolve('@docusaurus/core/lib/client/preload.js');

/** The file without comments and blank lines: the code our copies follow. */
const codeOf = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n');

describe("the core's preload, which src/plugins/route-matching/client/preload.server.ts and src/plugins/route-sections/client/preload.ts copy", () => {
  it('is still the @docusaurus/core 3.10.2 code the copies follow (if not: carry the change over to both copies)', () => {
    expect(codeOf(readFileSync(CORE_PRELOAD, 'utf8'))).toBe(
      [
        "import routes from '@generated/routes';",
        "import { matchRoutes } from 'react-router-config';",
        'export default function preload(pathname) {',
        '    const matches = Array.from(new Set([pathname, decodeURI(pathname)]))',
        '        .map((p) => matchRoutes(routes, p))',
        '        .flat();',
        '    return Promise.all(matches.map((match) => match.route.component.preload?.()));',
        '}',
      ].join('\n'),
    );
  });
});
