// Also bundled for the browser (the version switcher): types only, no imports.

/**
 * What a generated page documents, independent of its version: the same key
 * in two versions is "the same page". An operation is matched by its
 * operationId, else by its method and path (a webhook by its method and event).
 */
export type PageKey =
  | {kind: 'overview'}
  | {kind: 'tag'; name: string}
  | {kind: 'schema'; name: string}
  | {kind: 'operation' | 'webhook'; operationId?: string; method: string; path: string};

/** One page of a version, as the version switcher matches it (written to the browser as JSON). */
export type VersionPage = PageKey & {pageId: string; title?: string};

/** The page of `pages` that documents what `key` does: same operationId first, then same method and path. */
export function matchPage<Page extends PageKey>(pages: readonly Page[], key: PageKey): Page | undefined {
  switch (key.kind) {
    case 'overview':
      return pages.find((page) => page.kind === 'overview');
    case 'tag':
    case 'schema':
      return pages.find((page) => page.kind === key.kind && page.name === key.name);
    default: {
      const operations = pages.filter((page): page is Page & {kind: 'operation' | 'webhook'; method: string; path: string} => page.kind === key.kind);
      return (
        (key.operationId === undefined ? undefined : operations.find((page) => 'operationId' in page && page.operationId === key.operationId)) ??
        operations.find((page) => page.method === key.method && page.path === key.path)
      );
    }
  }
}
