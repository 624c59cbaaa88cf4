import type {convertObj as ConvertObj} from 'swagger2openapi';

import {findLinkProblems} from '../openapi/links/link-problems';
import {API_DOCS_BASE_PATH, assignPageIds} from '../openapi/generation/page-ids';
import {linkContextFor} from '../openapi/links/spec-link-context';
import {SpecDocument, isObject} from '../spec-reader/spec-document';
import {SpecSourceError} from '../spec-reader/spec-errors.js';
import {lintSource, lintSpec} from './lint-spec.js';
import type {SpecProblem} from './problems.js';
import {withDistinctSanitisedNames} from './swagger-names.js';

/** A parsed document; only its top-level shape is known before validation. */
export type OpenApiDocument = Record<string, unknown>;

export interface ValidatedSpec {
  /** The document to publish: as received, or converted from Swagger 2.0. */
  document: OpenApiDocument;
  openapiVersion: string;
  title: string;
  version: string;
  /** Operations under `paths`. */
  operationCount: number;
  /** Operations under `webhooks` (or `x-webhooks`). */
  webhookCount: number;
  /** Things worth telling the reader that are not failures (a conversion). */
  notices: string[];
  /** What is wrong with the description but does not stop it being published. */
  problems: SpecProblem[];
}

export interface ValidateOptions {
  /** The text the document was parsed from, so problems get its lines and columns. */
  text?: string;
  /** SPEC_LINK_BASE (already checked), for links in spec text relative to the vendor's site. */
  linkBase?: string;
}


const SUPPORTED_OPENAPI = /^3\.[012](?:\.\d+)?$/;

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/**
 * Decides whether a description can be published, and lists what is wrong
 * with it. Refused (SpecSourceError): not a mapping, not OpenAPI 3.0/3.1/3.2
 * or Swagger 2.0, a Swagger document the converter cannot convert, or nothing
 * to document (no operations and no webhooks). Everything else the OpenAPI
 * schema or the page generator objects to is a located problem, and the
 * description is published with it. The document itself is not changed.
 */
export async function validateSpec(parsed: unknown, options: ValidateOptions = {}): Promise<ValidatedSpec> {
  const notices: string[] = [];
  const problems: SpecProblem[] = [];
  // Pointers of problems above that name a definition, so they are located at its name.
  const onKey = new Set<string>();
  const original = parsed;
  const document = await asOpenApi3(parsed, notices, problems, onKey);
  const openapiVersion = String(document.openapi);

  // Lint what was received, so lines and columns are the author's. Without
  // the text (a caller with a parsed object), the pointers alone locate.
  const source = await lintSource(options.text ?? JSON.stringify(original), original);
  const located = options.text !== undefined;
  // Problems found before the linter had the text (the version field).
  for (const [index, problem] of problems.entries()) {
    const at = located ? source.locate(problem.pointer, onKey.has(problem.pointer)) : undefined;
    if (at) problems[index] = {...problem, line: at.line, column: at.column};
  }
  const label = isObject(original) && 'swagger' in original ? 'Swagger 2.0' : `OpenAPI ${openapiVersion.split('.').slice(0, 2).join('.')}`;
  for (const problem of await lintSpec(source, label)) {
    problems.push(located ? problem : withoutLocation(problem));
  }

  const spec = new SpecDocument(document);
  const operationCount = spec.operations().length;
  const webhookCount = spec.webhooks().length;
  if (operationCount + webhookCount === 0) {
    throw new SpecSourceError(
      'nothing to document: the description has no operations (paths with HTTP methods) and no webhooks, so the reference would be empty',
    );
  }
  const pageIds = assignPageIds(spec);
  // First, as it names the overview. A missing title is the linter's (`info`
  // requires one); a blank one is allowed by the schema but names nothing.
  if (typeof spec.info.title === 'string' && spec.info.title.trim() === '') {
    const at = located ? source.locate('/info/title', true) : undefined;
    problems.push({
      kind: 'operation',
      pointer: '/info/title',
      ...(at ? {line: at.line, column: at.column} : {}),
      message: `info.title is blank: the site calls the API "${spec.title}", and its overview page is ${API_DOCS_BASE_PATH}/${pageIds.overviewId}`,
    });
  }
  // How the generator names and groups pages where the description leaves it
  // open. Operation and tag pointers are the same in a converted Swagger 2.0
  // document as in the original, so they locate in the received text too.
  for (const note of pageIds.notes) {
    const at = located ? source.locate(note.pointer, true) : undefined;
    problems.push({kind: note.kind, pointer: note.pointer, ...(at ? {line: at.line, column: at.column} : {}), message: note.message});
  }
  // Links in descriptions, as the pages will show them (rewritten, resolved
  // against the vendor's site, or plain text); located at the text's start.
  // A converted Swagger 2.0 document keeps its description pointers for
  // operations and tags, not for everything: only a 3.x text locates them.
  const convertedFromSwagger = isObject(original) && 'swagger' in original;
  const linkContext = linkContextFor(spec, {apiDocsBasePath: API_DOCS_BASE_PATH, ...(options.linkBase ? {linkBase: options.linkBase} : {})});
  for (const link of findLinkProblems(spec, linkContext)) {
    const at = located && !convertedFromSwagger ? source.locate(link.pointer) : undefined;
    problems.push({kind: 'link', pointer: link.pointer, ...(at ? {line: at.line, column: at.column} : {}), message: link.message});
  }

  const info = spec.info;
  return {
    document,
    openapiVersion,
    title: spec.title,
    version: typeof info.version === 'string' || typeof info.version === 'number' ? String(info.version) : '',
    operationCount,
    webhookCount,
    notices,
    problems,
  };
}

function withoutLocation(problem: SpecProblem): SpecProblem {
  const copy = {...problem};
  delete copy.line;
  delete copy.column;
  return copy;
}

async function asOpenApi3(parsed: unknown, notices: string[], problems: SpecProblem[], onKey: Set<string>): Promise<OpenApiDocument> {
  if (!isObject(parsed)) {
    throw new SpecSourceError(`not an OpenAPI document (the document is ${describeValue(parsed)}, not a mapping)`);
  }
  if ('openapi' in parsed) {
    const version = parsed.openapi;
    // `openapi: 3.1` unquoted in YAML is the number 3.1: clearly meant, so it
    // is read as the version it spells, with a problem for the author.
    if (typeof version === 'number' && SUPPORTED_OPENAPI.test(String(version))) {
      problems.push({kind: 'schema', pointer: '/openapi', message: `the openapi field must be a string such as "${version}.0", not a number (quote it in YAML); read as "${version}"`});
      return {...parsed, openapi: String(version)};
    }
    if (typeof version !== 'string') {
      throw new SpecSourceError(
        `the openapi field must be a string such as "3.1.0", not ${describeValue(version)} (quote it in YAML)`,
      );
    }
    if (!SUPPORTED_OPENAPI.test(version)) {
      throw new SpecSourceError(`OpenAPI ${version} is not supported (only 3.0.x, 3.1.x and 3.2.x, and Swagger 2.0)`);
    }
    return parsed;
  }
  if ('swagger' in parsed) {
    if (parsed.swagger !== '2.0') {
      throw new SpecSourceError(`Swagger ${String(parsed.swagger)} is not supported (only 2.0, which is converted)`);
    }
    const {document: distinct, renames} = withDistinctSanitisedNames(parsed);
    for (const rename of renames) {
      onKey.add(rename.pointer);
      problems.push({
        kind: 'conversion',
        pointer: rename.pointer,
        message: `${rename.what} "${rename.from}" is published as "${rename.to}": OpenAPI 3 names allow only letters, digits, ".", "-" and "_", and "${rename.taken}" is another ${rename.what}'s name`,
      });
    }
    // The converter refuses an `info` that is not a mapping, which the linter reports where it is.
    const converted = await convertSwagger2(!('info' in distinct) || isObject(distinct.info) ? distinct : {...distinct, info: {}});
    notices.push(
      `Converted Swagger 2.0 to OpenAPI ${String(converted.openapi)} with swagger2openapi; the converted document is used.`,
    );
    return converted;
  }
  throw new SpecSourceError('not an OpenAPI document (no openapi or swagger field)');
}

export async function convertSwagger2(swagger: OpenApiDocument): Promise<OpenApiDocument> {
  // Loaded only when needed: it pulls in an HTTP client at import time. It is
  // CommonJS, so its exports sit on `default` when imported from ESM and on
  // the module itself when this file runs as CommonJS.
  const loaded = (await import('swagger2openapi')) as {
    convertObj?: typeof ConvertObj;
    default?: {convertObj?: typeof ConvertObj};
  };
  const convertObj = loaded.convertObj ?? loaded.default?.convertObj;
  if (convertObj === undefined) throw new SpecSourceError('could not load swagger2openapi to convert Swagger 2.0');
  try {
    const result = await convertObj(structuredClone(swagger), {
      // Fix what can be fixed (missing descriptions and the like) rather than
      // refuse; the converted document is validated afterwards anyway.
      patch: true,
      warnOnly: true,
      // Shared objects (YAML aliases) are allowed in the input.
      anchors: true,
      // Skips the converter's own YAML dump of the whole input, used only for its error messages.
      text: '{}',
    });
    return result.openapi;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new SpecSourceError(`could not convert Swagger 2.0 to OpenAPI 3.0: ${message}`);
  }
}
