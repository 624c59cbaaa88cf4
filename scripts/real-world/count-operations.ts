import {parse} from 'yaml';

import {expectedOperations} from '../corpus/expected-operations';

/**
 * How many pages a description should give: its operations (every HTTP
 * method of every path item) plus its webhooks (OpenAPI 3.1). A test oracle:
 * it reads the file with none of the site's code (src/openapi,
 * src/spec-source), so that the report's "operations" column does not share a
 * bug with the generator whose "pages" column it is compared with. It reuses
 * the corpus runner's oracle for the walk, which is independent on purpose
 * too, rather than being a third reader of `paths`.
 */
export function countOperations(document: unknown): number {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return 0;
  const record = document as Record<string, unknown>;
  // A webhook is a path item keyed by event name instead of path, and may be a
  // `$ref` into components/pathItems like one under `paths`. Descriptions
  // written before OpenAPI 3.1 (GitHub's) use the `x-webhooks` extension,
  // which the site reads first, as Redoc does.
  const webhookItems = typeof record['x-webhooks'] === 'object' && record['x-webhooks'] !== null ? record['x-webhooks'] : record.webhooks;
  const webhooks = expectedOperations({...record, paths: webhookItems});
  return expectedOperations(record).length + webhooks.length;
}

/** Parses a description file's text: JSON when it looks like JSON (much faster on the 20 MB ones), else YAML. */
export function parseDescription(text: string): unknown {
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // YAML is a superset of JSON in practice; let its parser say what is wrong.
    }
  }
  // `yaml` itself, not the site's parseSpecText: this is an oracle (see countOperations).
  return parse(text, {maxAliasCount: -1});
}
