import {assignPageIds} from '../generation/page-ids';
import {titleSummary} from '../generation/page-outline';
import type {SpecDocument} from '../../spec-reader/spec-document';

/**
 * Hand-written links into the generated reference (footer, home page, docs,
 * blog) name what they point at, an operationId or a tag name, rather than a
 * page URL: the page ids come from whichever API description the site is
 * built from, so a URL written by hand breaks as soon as that description is
 * another API's or a release renames an operation.
 */
export type ApiReference = {operation: string} | {tag: string} | {overview: true};

export interface ResolvedReference {
  /** Route of the page, without the site's baseUrl (Docusaurus adds it to `to` and Markdown links). */
  permalink: string;
  /** False when the target is not in the description, or there is no resolved description yet. */
  found: boolean;
  /** What the page is about, for a link written without text: the operation's summary (else
   * `METHOD /path`), the tag name, or the API title. Absent when there is no description. */
  label?: string;
}

/** Where links go when there is no resolved description to look in: the docs home always exists. */
export const NO_SPEC_PERMALINK = '/docs';

/** Why a reference resolved with `found: false` against a description, for messages. */
export function missingTargetReason(reference: ApiReference): string {
  if ('operation' in reference) return `operation "${reference.operation}" is not in the API description`;
  // A tag that is declared but used by no operation has no page either.
  if ('tag' in reference) return `tag "${reference.tag}" is not used by any operation in the API description`;
  return 'the API description has no overview';
}

/**
 * The page a reference points at in `spec` (see page-ids.ts for the ids). An
 * operationId or tag the description does not have resolves to the overview,
 * with `found: false`; without a description (`undefined`) everything
 * resolves to the docs home. Reporting a miss is the caller's business.
 */
export function resolveReference(
  spec: SpecDocument | undefined,
  reference: ApiReference,
  apiDocsBasePath: string,
): ResolvedReference {
  if (!spec) return {permalink: NO_SPEC_PERMALINK, found: false};
  const ids = assignPageIds(spec);
  const page = (id: string) => `${apiDocsBasePath}/${id}`;
  const overview: ResolvedReference = {permalink: page(ids.overviewId), found: true, label: spec.title};

  if ('operation' in reference) {
    const entry = ids.byOperationId(reference.operation);
    if (!entry) return {...overview, found: false};
    // The summary when it is a title (a paragraph is no link text), else what the page is: its method and path.
    return {permalink: page(entry.pageId), found: true, label: titleSummary(entry.operation) ?? `${entry.method.toUpperCase()} ${entry.path}`};
  }
  if ('tag' in reference) {
    const id = ids.tagPageId(reference.tag);
    return id === undefined ? {...overview, found: false} : {permalink: page(id), found: true, label: reference.tag};
  }
  return overview;
}
