// Builds the sites the end-to-end suite checks besides the main one (see
// scripts/corpus/fixture-builds.ts), unless current kept builds exist:
//
//   tsx scripts/build-fixtures.ts
//
// Part of `npm run test:e2e`, so the hostile and imperfect suites never skip.
import path from 'node:path';
import process from 'node:process';

import {ensureFixtureBuild, FIXTURE_SPECS, type FixtureName} from './corpus/fixture-builds';

const projectRoot = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  for (const name of Object.keys(FIXTURE_SPECS) as FixtureName[]) {
    await ensureFixtureBuild(projectRoot, name, (line) => process.stdout.write(`${line}\n`));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
