import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';

import {SpecSourceError} from '../../spec-reader/spec-errors.js';
import {parseSpecText} from '../../spec-reader/parse-spec.js';
import {formatProblem} from '../problems.js';
import {validateSpec} from '../validate-spec.js';
import {FIXTURES, REPO_ROOT} from './helpers/run-cli.js';

/**
 * Refusals src/spec-source/README.md documents for descriptions that are valid OpenAPI:
 * nothing to document, and YAML that is unsafe to expand (an alias bomb,
 * which Redocly would expand for minutes).
 */
const DOCUMENTED_REFUSAL = /^(nothing to document|YAML error(?: at line \d+, column \d+)?: too many alias expansions)/;

/**
 * No false rejections: every description that `redocly lint` accepts with
 * only its `struct` rule is accepted by the spec step, over the shared corpus
 * (../shared/specs), the repository's own fixtures and the bundled spec.
 * Redocly is called here directly, as `redocly lint` calls it (references
 * resolved, external ones included), independently of lint-spec.ts; where
 * the library cannot lint a file at all, the `redocly lint` command itself
 * answers, as it bundles its own, later copy of the library.
 *
 * Agreeing also means that a description the linter accepts has no problem
 * against the OpenAPI schema, so SPEC_VALIDATION=strict does not refuse it
 * for one. The other kinds are the spec step's own: references it does not
 * follow, names a Swagger 2.0 conversion changed, page ids, links.
 */

const SHARED_SPECS = path.resolve(REPO_ROOT, '../shared/specs');

function specFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && /\.(ya?ml|json)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const files = [
  ...specFiles(SHARED_SPECS),
  ...specFiles(FIXTURES),
  ...specFiles(path.join(REPO_ROOT, 'tests/fixtures')),
  path.join(REPO_ROOT, 'openapi/meridian.yaml'),
  // Overlay documents (tests/fixtures/overlay/) are Redocly's to lint, never a description to publish.
].filter((file) => !/^overlay:/m.test(readFileSync(file, 'utf8')));

async function structErrors(file: string): Promise<number | undefined> {
  const {createConfig, lintFromString} = await import('@redocly/openapi-core');
  const config = await createConfig({rules: {struct: 'error'}});
  try {
    const problems = await lintFromString({source: readFileSync(file, 'utf8'), absoluteRef: file, config});
    return problems.filter((problem) => problem.severity === 'error').length;
  } catch {
    return redoclyLintErrors(file);
  }
}

const REDOCLY_CLI = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const cliConfigDir = mkdtempSync(path.join(os.tmpdir(), 'redocly-struct-'));
afterAll(() => rmSync(cliConfigDir, {recursive: true, force: true}));

/** Errors of `redocly lint` with only `struct`; undefined when it cannot lint the file at all (not OpenAPI, not YAML). */
function redoclyLintErrors(file: string): number | undefined {
  const config = path.join(cliConfigDir, 'redocly.yaml');
  writeFileSync(config, 'rules:\n  struct: error\n');
  const result = spawnSync(process.execPath, [REDOCLY_CLI, 'lint', '--config', config, '--format=json', file], {
    encoding: 'utf8',
    env: {PATH: process.env.PATH, HOME: cliConfigDir, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
    timeout: 60_000,
  });
  if (result.status === 0) return 0;
  try {
    const errors = (JSON.parse(result.stdout) as {totals: {errors: number}}).totals.errors;
    // A failed run with no errors counted is a file it gave up on.
    return errors > 0 ? errors : undefined;
  } catch {
    return undefined;
  }
}

describe('the spec step and redocly lint (struct) agree', () => {
  it('finds descriptions to compare', () => {
    // The shared corpus is beside the project in CI and on developer machines.
    expect(files.length).toBeGreaterThan(existsSync(SHARED_SPECS) ? 25 : 5);
  });

  it.each(files.map((file) => [path.relative(path.resolve(REPO_ROOT, '..'), file), file]))(
    '%s',
    async (_, file) => {
      const text = readFileSync(file, 'utf8');
      let parsed: unknown;
      try {
        parsed = parseSpecText(text, {what: 'file'});
      } catch (error) {
        if (!(error instanceof SpecSourceError)) throw error;
        // Not YAML or JSON, or unsafe YAML: never published, and not linted
        // here (Redocly would expand an alias bomb).
        expect(error.message).toMatch(/^(file is|YAML error)/);
        return;
      }
      let refusal = '';
      let schemaProblems: string[] = [];
      try {
        const checked = await validateSpec(parsed, {text});
        schemaProblems = checked.problems.filter((problem) => problem.kind === 'schema').map(formatProblem);
      } catch (error) {
        if (!(error instanceof SpecSourceError)) throw error;
        refusal = error.message;
      }
      if (refusal === '') {
        if (schemaProblems.length > 0 && (await structErrors(file)) === 0) expect(schemaProblems).toEqual([]);
        return;
      }
      // Whatever the linter says, a refusal is one of the documented fatal causes…
      expect(refusal).toMatch(/^(nothing to document|not an OpenAPI document|(OpenAPI|Swagger) \S+ is not supported|the openapi field must be)/);
      // …and a description the linter accepts is refused only for having nothing to document.
      if ((await structErrors(file)) === 0) expect(refusal).toMatch(DOCUMENTED_REFUSAL);
    },
    60_000,
  );
});
