/**
 * The value a page's API version has in the search index (Pagefind's
 * `version` filter and metadata, the endpoint and names lists): the API's id
 * and the version's name, `petstore@1.0.0`, so two APIs whose versions share
 * a name are never one filter value. An API id has no "@" (src/apis/apis-config.ts).
 * No imports: the build's search plugin reads the lists it writes with it too.
 */
export function versionKey(apiId: string, version: string): string {
  return `${apiId}@${version}`;
}

/** The version's name in a key (`petstore@1.0.0` → `1.0.0`); a value without an API id is a name already. */
export function versionNameOfKey(key: string): string {
  const at = key.indexOf('@');
  return at < 0 ? key : key.slice(at + 1);
}
