// The data the diff engine produces. It is plain JSON (no Maps, no classes) so
// that the changelog generator can write it to a file that the site imports and
// React renders without running any of the engine in the browser.

/** What changed, as a stable machine-readable name (close to oasdiff's ids). */
export type ChangeKind =
  | 'operation-added'
  | 'operation-removed'
  | 'operation-deprecated'
  | 'operation-undeprecated'
  | 'parameter-added'
  | 'parameter-removed'
  | 'parameter-location-changed'
  | 'parameter-required-changed'
  | 'parameter-type-changed'
  | 'parameter-enum-values-added'
  | 'parameter-enum-values-removed'
  | 'request-body-added'
  | 'request-body-removed'
  | 'request-body-required-changed'
  | 'request-media-type-added'
  | 'request-media-type-removed'
  | 'request-field-added'
  | 'request-field-removed'
  | 'request-field-required-changed'
  | 'request-field-type-changed'
  | 'request-field-enum-values-added'
  | 'request-field-enum-values-removed'
  | 'response-status-added'
  | 'response-status-removed'
  | 'response-media-type-added'
  | 'response-media-type-removed'
  | 'response-field-added'
  | 'response-field-removed'
  | 'response-field-required-changed'
  | 'response-field-type-changed'
  | 'response-field-enum-values-added'
  | 'response-field-enum-values-removed'
  | 'security-required'
  | 'security-no-longer-required'
  | 'security-scheme-added'
  | 'security-scheme-removed'
  | 'security-scopes-added'
  | 'security-scopes-removed';

/**
 * One change to one operation. `message` says what changed and `explanation`
 * says why that is (or is not) breaking. Names from the spec appear in
 * `message` between backticks; readers render them as code, never as markup.
 */
export interface Change {
  kind: ChangeKind;
  breaking: boolean;
  message: string;
  explanation: string;
  /** The field the change concerns, for changes to a body's fields. */
  field?: FieldRef;
  /** Set by the changelog: the field's address in the current reference
   * (`/docs/api/create-contact#request-body.consent`), when it is there. */
  link?: string;
  /** Set by the changelog for a field that is no longer in the reference: the last version that had it. */
  lastVersion?: string;
}

/** A field of a request or response body, by the diff's dotted path (`address.postcode`, `items[].sku`, `''` for the body). */
export interface FieldRef {
  in: 'request' | 'response';
  /** The response's status, for response fields. */
  status?: string;
  path: string;
}

/** How an operation is named in reports: its method and path, plus what the spec calls it. */
export interface OperationRef {
  /** Upper case, as it appears in requests: `GET`. */
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
}

export interface OperationDiff {
  operation: OperationRef;
  /** The operation's page in the version the entry describes (a removed one: in the version before), when the site publishes it. */
  link?: string;
  changes: Change[];
}

export interface DiffCounts {
  added: number;
  removed: number;
  changed: number;
  /** Changes (of any kind, including removed operations) that break existing clients. */
  breaking: number;
  nonBreaking: number;
}

export interface SpecDiff {
  /** `info.version` of each side, when it has one. */
  oldVersion?: string;
  newVersion?: string;
  /** Each added operation carries one `operation-added` change. */
  added: OperationDiff[];
  /** Each removed operation carries one `operation-removed` change. */
  removed: OperationDiff[];
  /** Operations on both sides with at least one change. */
  changed: OperationDiff[];
  counts: DiffCounts;
}

/** One version in the changelog, compared with the version before it. */
export interface ChangelogEntry {
  /** Anchor for the version's heading: `v2-2-0`, or `unreleased`. */
  id: string;
  /** Heading text: the version, or `Unreleased / current (2.3.0)`. */
  title: string;
  version: string;
  /** `info.x-release-date` of the release (YYYY-MM-DD), when it has one. */
  date?: string;
  /** The top entry: the resolved spec compared with the newest release. */
  unreleased: boolean;
  /** The version this one is compared with; absent for the oldest release, which has nothing before it. */
  previousVersion?: string;
  /** Operations in this version. */
  operationCount: number;
  counts: DiffCounts;
  added: OperationDiff[];
  removed: OperationDiff[];
  changed: OperationDiff[];
}

/** What the changelog page renders: plain JSON written at build time. */
export interface Changelog {
  currentVersion: string;
  /** The page of each operationId of the current spec (see src/openapi/generation/page-ids.ts): only these are linked. */
  currentOperationPages: {operationId: string; permalink: string}[];
  /** Newest first. */
  entries: ChangelogEntry[];
}
