// The spec-source step: choose, fetch, check and publish the OpenAPI document
// the site is built from. `scripts/spec.ts` is the command-line entry.
export {resolveSpec, LOG_PREFIX} from './resolve-spec.js';
export type {FetchTuning, ResolveSpecOptions, ResolveSpecResult, SpecLogger} from './resolve-spec.js';
export {readSpecConfig, readSpecEnv, BUNDLED_SPEC_PATH, DEFAULT_TIMEOUT_MS, OUT_DIR} from './spec-config.js';
export type {SpecConfig, SpecEnv, SpecSource, SpecSourceKind} from './spec-config.js';
export {SpecConfigError, SpecSourceError} from '../spec-reader/spec-errors.js';
export {DEFAULT_MAX_BYTES, FETCH_DEFAULTS, USER_AGENT, fetchSpec} from './fetch-spec.js';
export type {FetchSpecOptions, FetchedSpec} from './fetch-spec.js';
export {MAX_ALIAS_COUNT, decodeSpecBytes, parseSpecText, serializeSpec} from '../spec-reader/parse-spec.js';
export {validateSpec} from './validate-spec.js';
export {formatProblem, readablePath, summarizeProblems} from './problems.js';
export type {ProblemKind, ProblemsFile, SpecProblem} from './problems.js';
export type {OpenApiDocument, ValidatedSpec} from './validate-spec.js';
export {
  LAST_KNOWN_GOOD_DIR,
  PAGE_OUTLINE_FILE_NAME,
  PROBLEMS_FILE_NAME,
  PROVENANCE_FILE_NAME,
  SPEC_FILE_NAME,
  lastKnownGood,
  restoreLastKnownGood,
  writeFileAtomically,
  writeSpecAtomically,
} from './write-spec.js';
export type {DerivedFiles, ResolvedSpecFiles, SpecProvenance} from './write-spec.js';
export {PROXY_SPEC_PATH, parseRetryAfter, redactUrl, specUrlFromProxyBase} from './urls.js';
