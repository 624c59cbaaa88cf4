import type {ApiVersionInfo} from '../../plugins/api-versions/version-types';

/** What the reader sees for a version in the list: its label (else its name), and its release date or that it is current. */
export function versionItemLabel(version: ApiVersionInfo): string {
  const date = version.releaseDate ? ` · ${version.releaseDate}` : '';
  const name = version.label ?? version.name;
  return version.current ? `${name} (current)${date}` : `${name}${date}`;
}
