/** Folder of an older version's downloads in the build (`versions/2.2.0/openapi.yaml`, `.json`, the Postman collection); the current version's stay at the root. Also bundled for the browser: no imports. */
export function versionDownloadsDir(version: string): string {
  return `versions/${version}`;
}
