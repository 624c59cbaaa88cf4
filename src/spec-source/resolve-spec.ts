import {readFile, stat} from 'node:fs/promises';
import path from 'node:path';

import {BUNDLED_SPEC_PATH, OUT_DIR, displayPath, readSpecConfig} from './spec-config.js';
import type {SpecConfig, SpecEnv, SpecSource} from './spec-config.js';
import {SpecConfigError, SpecSourceError} from '../spec-reader/spec-errors.js';
import {fetchSpec} from './fetch-spec.js';
import type {FetchSpecOptions} from './fetch-spec.js';
import {formatAge, formatBytes, formatDuration, plural} from './format-units.js';
import {decodeSpecBytes, parseSpecText, serializeSpec} from '../spec-reader/parse-spec.js';
import {seedParsedSpec} from '../spec-reader/parsed-spec-cache.js';
import {applyOverlays, readOverlays} from './overlays.js';
import {redactSecrets} from './urls.js';
import {pageOutline} from '../openapi/generation/page-outline';
import {SpecDocument} from '../spec-reader/spec-document';
import {problemsFile, summarizeProblems, type SpecProblem} from './problems.js';
import {validateSpec, type ValidatedSpec} from './validate-spec.js';
import {
  PAGE_OUTLINE_FILE_NAME,
  PROBLEMS_FILE_NAME,
  SPEC_FILE_NAME,
  lastKnownGood,
  restoreLastKnownGood,
  sha256,
  writeDerivedFiles,
  writeSpecAtomically,
} from './write-spec.js';
import type {DerivedFiles, SpecProvenance} from './write-spec.js';

export const LOG_PREFIX = '[spec]';

/** Where log lines go. Lines arrive with the `[spec]` prefix already on. */
export interface SpecLogger {
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

/** Fetch settings that are not environment variables; tests shrink them. */
export type FetchTuning = Pick<
  FetchSpecOptions,
  'maxBytes' | 'maxRedirects' | 'attempts' | 'backoffMs' | 'maxRetryAfterMs'
>;

export interface ResolveSpecOptions {
  /** The SPEC_* variables (the CLI reads them once from process.env). */
  env: SpecEnv;
  /** Site root: SPEC_FILE is relative to it, and the defaults below live in it. */
  root: string;
  /** Default `<root>/.spec`. */
  outDir?: string;
  /** Default `<root>/openapi/meridian.yaml`. */
  bundledPath?: string;
  log?: SpecLogger;
  now?: () => Date;
  fetch?: FetchTuning;
  /** What to do about a failed source, in place of any advice that names the SPEC_* variables (another API of the site: its configuration entry). */
  sourceHint?: string;
  /** The caller lists the problems itself (the development server: one located line each), so the log only counts them. */
  quietProblems?: boolean;
  /** Called with the description's data as parsed from its source, before any check: npm start finds the files it references there instead of parsing it again. */
  onSourceParsed?: (document: unknown) => void;
}

export interface ResolveSpecResult {
  /** resolved: a new spec is in place; fallback: the last known good one is; failed: the build must stop. */
  status: 'resolved' | 'fallback' | 'failed';
  exitCode: 0 | 1;
  /** Provenance of the spec now in `.spec/`, unless failed. */
  provenance?: SpecProvenance;
  /** Problems of the spec now in `.spec/` (also in `.spec/problems.json`). */
  problems?: SpecProblem[];
  /** Why the description could not be used, when it could not (status fallback or failed): the cause and its detail lines. */
  failure?: {message: string; details: readonly string[]};
}

/** How many problems the log shows; `.spec/problems.json` has them all. */
const PRINTED_PROBLEMS = 20;

const BANNER = '!'.repeat(72);

function describeSource(source: {kind: string; location: string}): string {
  switch (source.kind) {
    case 'proxy':
      return `proxy ${source.location}`;
    case 'file':
      return `SPEC_FILE ${source.location}`;
    default:
      return `bundled spec ${source.location}`;
  }
}

function defaultHint(source: SpecSource): string {
  switch (source.kind) {
    case 'proxy':
      return 'Check SPEC_PROXY_URL, or set SPEC_FILE to build from a local file.';
    case 'file':
      return `Check SPEC_FILE (it resolves to ${source.path}), or unset it to use SPEC_PROXY_URL or the bundled spec.`;
    default:
      return `Fix ${source.location}, or set SPEC_PROXY_URL or SPEC_FILE to build from another source.`;
  }
}

function withoutFinalPeriod(text: string): string {
  return text.replace(/\.$/, '');
}

async function readLocalSpec(filePath: string, maxBytes: number): Promise<Buffer> {
  try {
    const info = await stat(filePath);
    if (info.isDirectory()) throw new SpecSourceError('is a directory, not a file');
    if (info.size > maxBytes) {
      throw new SpecSourceError(`larger than the ${formatBytes(maxBytes)} cap of SPEC_MAX_BYTES (${formatBytes(info.size)})`, {
        hint: `Set SPEC_MAX_BYTES to at least ${Math.ceil(info.size / 1024 ** 2)}MB to publish a description this large (a build needs memory in proportion).`,
      });
    }
    return await readFile(filePath);
  } catch (error) {
    if (error instanceof SpecSourceError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new SpecSourceError('file not found');
    if (code === 'EACCES' || code === 'EPERM') throw new SpecSourceError('permission denied');
    throw new SpecSourceError(`could not read the file: ${(error as Error).message}`);
  }
}

/** The spec's derived files: its problems, and the outline the docs plugin generates pages from. */
function derivedFiles(checked: ValidatedSpec, sourceLabel: string, specSha256: string): DerivedFiles {
  return {
    [PROBLEMS_FILE_NAME]: Buffer.from(`${JSON.stringify(problemsFile(checked.problems, sourceLabel, specSha256), null, 2)}\n`, 'utf8'),
    [PAGE_OUTLINE_FILE_NAME]: Buffer.from(JSON.stringify(pageOutline(new SpecDocument(checked.document))), 'utf8'),
  };
}

/** Loads, parses and checks the spec from the configured source; throws SpecSourceError. */
async function loadCheckedSpec(
  config: SpecConfig,
  {tuning, now, info, warn, onSourceParsed}: {tuning: FetchTuning; now: () => Date; info: (line: string) => void; warn: (line: string) => void; onSourceParsed?: (document: unknown) => void},
): Promise<{spec: Buffer; document: unknown; provenance: SpecProvenance; derived: DerivedFiles; problems: SpecProblem[]}> {
  const {source} = config;
  // SPEC_MAX_BYTES bounds the files read from disk; the fetch keeps its own bound (tuning.maxBytes, else 25 MB).
  const {maxBytes} = config;
  // Read before the description is fetched: a missing overlay refuses the build without a wasted fetch.
  const overlays = await readOverlays(config.overlays, (file) => readLocalSpec(file, maxBytes));
  let bytes: Buffer;
  let contentType: string | undefined;
  if (source.kind === 'proxy') {
    info(`Fetching ${source.location} (timeout ${formatDuration(config.timeoutMs)} per attempt)`);
    const fetched = await fetchSpec(source.url, {
      ...tuning,
      timeoutMs: config.timeoutMs,
      token: config.token,
      onRetry: warn,
      now: () => now().getTime(),
    });
    bytes = fetched.body;
    contentType = fetched.contentType;
  } else {
    bytes = await readLocalSpec(source.path, maxBytes);
  }
  const fetchedAt = now().toISOString();

  const what = source.kind === 'proxy' ? 'body' : 'file';
  const text = decodeSpecBytes(bytes, what);
  const parsed = parseSpecText(text, {what, contentType});
  onSourceParsed?.(parsed);
  const overlaid = overlays.length > 0 ? await applyOverlays(parsed, overlays) : undefined;
  const checked = overlaid?.changed
    ? await validateSpec(overlaid.document, {text: overlaid.text, ...(config.linkBase ? {linkBase: config.linkBase} : {})})
    : await validateSpec(parsed, {text, ...(config.linkBase ? {linkBase: config.linkBase} : {})});
  for (const notice of [...(overlaid?.notices ?? []), ...checked.notices]) info(notice);
  // The overlays' problems count as the description's: published with them, or refused under strict.
  if (overlaid !== undefined) checked.problems.unshift(...overlaid.problems);
  if (config.validation === 'strict' && checked.problems.length > 0) {
    throw new SpecSourceError(
      `${plural(checked.problems.length, 'problem')} in the description, and SPEC_VALIDATION=strict refuses a description with problems`,
      {
        details: summarizeProblems(checked.problems, PRINTED_PROBLEMS),
        hint: 'Fix the problems listed above, or unset SPEC_VALIDATION to publish the description with its problems listed.',
      },
    );
  }

  const spec = Buffer.from(serializeSpec(checked.document), 'utf8');
  const specSha256 = sha256(spec);
  return {
    spec,
    document: checked.document,
    problems: checked.problems,
    derived: derivedFiles(checked, describeSource(source), specSha256),
    provenance: {
      source: {kind: source.kind, location: source.location},
      sha256: specSha256,
      title: checked.title,
      version: checked.version,
      operationCount: checked.operationCount,
      ...(checked.webhookCount > 0 ? {webhookCount: checked.webhookCount} : {}),
      ...(overlaid !== undefined ? {overlays: overlaid.overlays} : {}),
      fetchedAt,
    },
  };
}

/**
 * Resolves the spec into `<outDir>/openapi.yaml` and `provenance.json`.
 *
 * Only a spec that passed every check is written. On failure, SPEC_STRICT=1
 * stops with `.spec/` untouched; otherwise the last known good spec stays (or
 * is put back) in place with a loud warning, and the build goes on. With no
 * last known good spec, it fails: the site must never publish an empty or bad
 * reference.
 */
export async function resolveSpec(options: ResolveSpecOptions): Promise<ResolveSpecResult> {
  const root = path.resolve(options.root);
  const outDir = options.outDir ?? path.join(root, OUT_DIR);
  const bundledPath = options.bundledPath ?? path.join(root, BUNDLED_SPEC_PATH);
  const now = options.now ?? (() => new Date());
  const sink = options.log ?? silentLogger;
  // Every line passes through here, so the token cannot reach the log even if
  // a server echoes it into a redirect or an error.
  const secrets = [options.env.SPEC_PROXY_TOKEN?.trim()];
  const line = (text: string): string => `${LOG_PREFIX} ${redactSecrets(text, secrets)}`;
  const info = (text: string): void => sink.info(line(text));
  const warn = (text: string): void => sink.warn(line(text));
  const error = (text: string): void => sink.error(line(text));

  let config: SpecConfig;
  try {
    config = readSpecConfig(options.env, {root, bundledPath});
  } catch (failure) {
    if (!(failure instanceof SpecConfigError)) throw failure;
    error(`${failure.message}.`);
    error('Fix the variable and run again; nothing was changed.');
    return {status: 'failed', exitCode: 1};
  }
  for (const notice of config.notices) info(notice);

  const label = describeSource(config.source);
  let failure: SpecSourceError;
  try {
    const resolved = await loadCheckedSpec(config, {tuning: options.fetch ?? {}, now, info, warn, ...(options.onSourceParsed ? {onSourceParsed: options.onSourceParsed} : {})});
    try {
      await writeSpecAtomically(outDir, resolved);
    } catch (writeError) {
      throw new SpecSourceError(
        `the spec is valid, but writing ${displayPath(root, outDir)}/ failed: ${(writeError as Error).message}`,
        {hint: `Check that ${displayPath(root, outDir)}/ can be written.`},
      );
    }
    const {provenance, problems} = resolved;
    try {
      // What each later reader of the spec would parse from it, ready for the first.
      seedParsedSpec(path.join(outDir, SPEC_FILE_NAME), provenance.sha256, resolved.document);
    } catch {
      // A full disk: the first reader parses the file, as it did before.
    }
    info(
      `Resolved "${provenance.title}" ${provenance.version} from ${label}: ` +
        `${plural(provenance.operationCount, 'operation')}${provenance.webhookCount ? `, ${plural(provenance.webhookCount, 'webhook')}` : ''}, ` +
        `sha256 ${provenance.sha256.slice(0, 12)}`,
    );
    reportProblems(problems, displayPath(root, path.join(outDir, PROBLEMS_FILE_NAME)), warn, options.quietProblems);
    return {status: 'resolved', exitCode: 0, provenance, problems};
  } catch (caught) {
    failure =
      caught instanceof SpecSourceError
        ? caught
        : new SpecSourceError(caught instanceof Error ? caught.message : String(caught));
  }

  const outDirLabel = `${displayPath(root, outDir)}/`;
  const problem = [
    `Could not use the spec from ${label}: ${withoutFinalPeriod(failure.message)}.`,
    // A detail that is already a list (a heading, or indented) keeps its shape.
    ...failure.details.map((detail) => (/^\s|:$/.test(detail) ? `  ${detail}` : `  - ${detail}`)),
  ];
  // Another API's hint names its configuration entry rather than the SPEC_* variables the failure's own hint names.
  const hint = options.sourceHint ?? failure.hint ?? defaultHint(config.source);
  const failed = {message: failure.message, details: failure.details};

  if (config.strict) {
    for (const text of problem) error(text);
    error(hint);
    error(`SPEC_STRICT=1, so the build stops here; ${outDirLabel} is unchanged.`);
    return {status: 'failed', exitCode: 1, failure: failed};
  }

  const good = await lastKnownGood(outDir);
  if (good === undefined) {
    for (const text of problem) error(text);
    error(hint);
    error(`There is no last known good spec in ${outDirLabel} to fall back to, so the build stops here.`);
    return {status: 'failed', exitCode: 1, failure: failed};
  }

  let restoredProblems: SpecProblem[];
  try {
    await restoreLastKnownGood(outDir, good);
    // The derived files are recomputed from the restored spec: whatever
    // .spec/ held (another spec's, or none) must not go with it.
    const text = good.spec.toString('utf8');
    const checked = await validateSpec(parseSpecText(text, {what: 'file'}), {text, ...(config.linkBase ? {linkBase: config.linkBase} : {})});
    await writeDerivedFiles(outDir, derivedFiles(checked, describeSource(good.provenance.source), good.provenance.sha256));
    restoredProblems = checked.problems;
  } catch (restoreError) {
    for (const text of problem) error(text);
    error(`Could not put the last known good spec back in ${outDirLabel}: ${(restoreError as Error).message}.`);
    return {status: 'failed', exitCode: 1, failure: failed};
  }

  const {provenance} = good;
  const ageMs = now().getTime() - Date.parse(provenance.fetchedAt);
  warn(BANNER);
  warn('WARNING: building with the LAST KNOWN GOOD spec; the API reference may be out of date.');
  for (const text of problem) warn(text);
  warn(
    `Using "${provenance.title}" ${provenance.version} from ${describeSource(provenance.source)}, ` +
      `fetched ${formatAge(ageMs)} (${provenance.fetchedAt}), sha256 ${provenance.sha256.slice(0, 12)}.`,
  );
  warn(`${hint} Set SPEC_STRICT=1 to make this an error.`);
  warn(BANNER);
  reportProblems(restoredProblems, displayPath(root, path.join(outDir, PROBLEMS_FILE_NAME)), warn, options.quietProblems);
  return {status: 'fallback', exitCode: 0, provenance, problems: restoredProblems, failure: failed};
}

function reportProblems(problems: readonly SpecProblem[], problemsPath: string, warn: (line: string) => void, quiet = false): void {
  if (problems.length === 0) return;
  warn(
    `Published with ${plural(problems.length, 'problem')} in the description (all in ${problemsPath}; ` +
      `SPEC_VALIDATION=strict refuses a description with problems)${quiet ? '.' : ':'}`,
  );
  if (!quiet) for (const line of summarizeProblems(problems, PRINTED_PROBLEMS)) warn(line);
}

const silentLogger: SpecLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
