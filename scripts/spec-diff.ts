// `npm run spec:diff -- <old> <new>`: what changed between two OpenAPI
// documents, operation by operation, with breaking changes marked.
//
//   tsx scripts/spec-diff.ts [--json] <old.yaml|json> <new.yaml|json>
//
// Exit status: 0 when nothing breaks existing clients, 1 when something does
// (so CI can stop a release), 2 when the command is used wrongly or a file
// cannot be read. The rules are in src/openapi-diff/rules.ts.
import process from 'node:process';

import {diffSpecs} from '../src/openapi-diff/diff-specs';
import {formatDiff} from '../src/openapi-diff/format-diff';
import {SpecLoadError, loadSpecFile} from '../src/openapi-diff/load-spec';
import {parseCommandLine, UsageError} from './command-line';

const LOG_PREFIX = '[spec-diff]';
const USAGE = 'usage: npm run spec:diff -- [--json] <old spec> <new spec>';

interface Arguments {
  help: boolean;
  json: boolean;
  files: string[];
}

function parseArguments(args: readonly string[]): Arguments | string {
  try {
    const {values, positionals} = parseCommandLine(args, {json: {type: 'boolean'}, help: {type: 'boolean', short: 'h'}}, {positionals: true});
    const parsed = {help: values.help ?? false, json: values.json ?? false, files: positionals};
    if (!parsed.help && parsed.files.length !== 2) return `Expected two spec files, got ${parsed.files.length}.`;
    return parsed;
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
}

function label(file: string, document: Record<string, unknown>): string {
  const info = document.info as {version?: unknown} | undefined;
  return typeof info?.version === 'string' ? `${info.version} (${file})` : file;
}

function main(): number {
  const parsed = parseArguments(process.argv.slice(2));
  if (typeof parsed === 'string') {
    process.stderr.write(`${LOG_PREFIX} ${parsed} ${USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [oldFile, newFile] = parsed.files as [string, string];
  let oldDoc: Record<string, unknown>;
  let newDoc: Record<string, unknown>;
  try {
    oldDoc = loadSpecFile(oldFile);
    newDoc = loadSpecFile(newFile);
  } catch (error) {
    if (!(error instanceof SpecLoadError)) throw error;
    process.stderr.write(`${LOG_PREFIX} Cannot read ${error.message}\n`);
    return 2;
  }
  const diff = diffSpecs(oldDoc, newDoc);
  process.stdout.write(
    parsed.json ? `${JSON.stringify(diff, null, 2)}\n` : formatDiff(diff, {old: label(oldFile, oldDoc), new: label(newFile, newDoc)}),
  );
  return diff.counts.breaking > 0 ? 1 : 0;
}

try {
  // exitCode rather than exit(): lets stdout drain when piped into a file or `head`.
  process.exitCode = main();
} catch (error) {
  process.stderr.write(`${LOG_PREFIX} Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
}
