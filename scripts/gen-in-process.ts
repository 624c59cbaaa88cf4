// `npm run gen`'s work inside a process that stays up (`npm start`): the
// same `gen-api-docs` of docusaurus-plugin-openapi-docs, from the same
// docusaurus.config.ts, into the same staging folder, then the same sync
// into docs/api/. What it saves on each save of the
// description is a new Node process, the Docusaurus CLI and the loading and
// construction of every other plugin: only the openapi-docs plugin is made.
import {rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import process from 'node:process';
import {stripVTControlCharacters} from 'node:util';

import type {LoadContext, Plugin} from '@docusaurus/types';

import {generationTargets, STAGING_DIR} from './gen';
import {syncGeneratedFiles, type SyncResult} from './sync-generated';
import {discardKeptLists, writeKeptLists} from '../src/openapi/generation/kept-files';

/** The plugin's package name, as docusaurus.config.ts names it in `plugins`. */
export const OPENAPI_PLUGIN = 'docusaurus-plugin-openapi-docs';

/** Why a generation stopped, in the words `npm run gen` would print before its non-zero exit. */
export class GenerationError extends Error {
  override name = 'GenerationError';
}

type PluginEntry = [string, Record<string, unknown>];
type PluginModule = {
  default?: PluginFactory & {validateOptions?: ValidateOptions};
  validateOptions?: ValidateOptions;
} & Partial<PluginFactory>;
type PluginFactory = (context: LoadContext, options: Record<string, unknown>) => Plugin<unknown>;
type ValidateOptions = (data: {validate: unknown; options: unknown}) => Record<string, unknown>;
interface CliCommand {
  parseAsync(argv: string[]): Promise<unknown>;
}

// Docusaurus's internals, as `docusaurus <command>` uses them (lib/commands/external.js):
// loadContext reads docusaurus.config.ts afresh on every call.
const fromCore = createRequire(require.resolve('@docusaurus/core/package.json'));
const {loadContext} = fromCore('./lib/server/site.js') as {loadContext(params: {siteDir: string}): Promise<LoadContext>};
const {normalizePluginOptions} = fromCore('@docusaurus/utils-validation') as {normalizePluginOptions: unknown};
// The CLI program class the Docusaurus CLI hands to each plugin's extendCli.
const {Command} = fromCore('commander') as {Command: new () => CliCommand};

/** The openapi-docs entries of the site config's `plugins`, with their options as written there. */
export function openApiPluginEntries(siteConfig: LoadContext['siteConfig']): PluginEntry[] {
  return siteConfig.plugins.filter((entry): entry is PluginEntry => Array.isArray(entry) && entry[0] === OPENAPI_PLUGIN && typeof entry[1] === 'object' && entry[1] !== null);
}

/** Loads docusaurus.config.ts as `npm run gen` has the CLI load it: writing into `stagingDir`. */
async function loadSiteContext(siteDir: string, stagingDir: string): Promise<LoadContext> {
  const before = process.env.API_GEN_STAGING_DIR;
  process.env.API_GEN_STAGING_DIR = stagingDir;
  try {
    return await loadContext({siteDir});
  } finally {
    // Only the config load reads it: the development server this process starts must not.
    if (before === undefined) delete process.env.API_GEN_STAGING_DIR;
    else process.env.API_GEN_STAGING_DIR = before;
  }
}

/**
 * Runs `fn` with the plugin's per-file "Successfully created …" lines left
 * out of the terminal, and with the errors it throws where it does not wait
 * for its own work (its page writers run in promises no one awaits) caught
 * and thrown here, as the CLI would have ended on them.
 */
async function generating(fn: () => Promise<void>): Promise<void> {
  const log = console.log;
  const lost: unknown[] = [];
  const onRejection = (reason: unknown) => lost.push(reason);
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && stripVTControlCharacters(args[0]).startsWith('Successfully created ')) return;
    log(...args);
  };
  process.on('unhandledRejection', onRejection);
  try {
    await fn();
    // A rejection no one handles is reported once the microtasks after it have run.
    await new Promise((resolve) => setImmediate(resolve));
  } catch (error) {
    lost.unshift(error);
  } finally {
    console.log = log;
    process.off('unhandledRejection', onRejection);
  }
  if (lost.length > 0) {
    const first = lost[0];
    throw new GenerationError(`gen-api-docs failed: ${first instanceof Error ? first.message : String(first)}`);
  }
}

/**
 * Generates every API page of the site at `siteDir` (which must be the
 * current directory: the plugin writes to paths relative to it) into the
 * staging folders, then syncs them into docs/api/ (and each other API's folder), exactly as
 * `npm run gen` does. Throws GenerationError when the plugin could not
 * generate; docs/api/ is then untouched.
 */
export async function generateApiPages(siteDir: string = process.cwd()): Promise<Array<SyncResult & {outputDir: string}>> {
  if (path.resolve(siteDir) !== process.cwd()) throw new GenerationError(`generates only in the current directory (${process.cwd()}), not ${siteDir}`);
  const targets = generationTargets(siteDir);
  for (const {staged} of targets) rmSync(staged, {recursive: true, force: true});
  discardKeptLists();
  const context = await loadSiteContext(siteDir, STAGING_DIR);
  const entries = openApiPluginEntries(context.siteConfig);
  if (entries.length === 0) throw new GenerationError(`docusaurus.config.ts has no ${OPENAPI_PLUGIN} plugin`);
  // Resolved from the config's folder, as Docusaurus resolves plugins.
  const pluginModule = createRequire(context.siteConfigPath)(OPENAPI_PLUGIN) as PluginModule;
  const factory = pluginModule.default ?? (pluginModule as PluginFactory);
  const validateOptions = pluginModule.default?.validateOptions ?? pluginModule.validateOptions;
  await generating(async () => {
    for (const [, rawOptions] of entries) {
      // As initPlugins validates them (lib/server/plugins/init.js), so the plugin gets the same options.
      const options = validateOptions ? validateOptions({validate: normalizePluginOptions, options: rawOptions}) : rawOptions;
      const plugin = factory(context, options);
      const cli = new Command();
      plugin.extendCli?.(cli as never);
      // One API at a time: `gen-api-docs <id>` awaits its generation, `all` does not.
      const ids = Object.keys((options.config ?? {}) as Record<string, unknown>);
      const pluginId = entries.length > 1 ? ['--plugin-id', String(options.id)] : [];
      for (const id of ids) await cli.parseAsync(['node', 'docusaurus', 'gen-api-docs', id, ...pluginId]);
    }
  });
  writeKeptLists();
  return targets.map(({staged, outputDir, record}) => ({outputDir, ...syncGeneratedFiles(staged, outputDir, record)}));
}
