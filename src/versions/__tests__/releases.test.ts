import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {checkReleases, compareVersions, listReleaseEntries, VersionConfigError} from '../releases';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, {recursive: true, force: true});
});

/** A site root whose openapi/releases/ holds these files (name → text). */
function siteWith(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'releases-'));
  roots.push(root);
  mkdirSync(path.join(root, 'openapi/releases'), {recursive: true});
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, 'openapi/releases', name), text);
  return root;
}

const release = (version: string, date = '2025-01-21') => `openapi: 3.1.0\ninfo:\n  title: T\n  version: '${version}'\n  x-release-date: '${date}'\npaths: {}\n`;

/** The one-line message checkReleases throws for the releases of `root`. */
function configError(root: string): string {
  try {
    checkReleases(listReleaseEntries(root));
  } catch (error) {
    expect(error).toBeInstanceOf(VersionConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a VersionConfigError');
}

describe('released versions: the files of openapi/releases/', () => {
  it('lists every description file by the version its name gives, with its release date, and nothing else', () => {
    const root = siteWith({'2.1.0.yaml': release('2.1.0'), '2.2.0.json': JSON.stringify({openapi: '3.1.0', info: {title: 'T', version: '2.2.0'}, paths: {}}), 'README.md': '# notes'});
    const checked = checkReleases(listReleaseEntries(root));
    expect(checked.map(({version, location, releaseDate}) => ({version, location, releaseDate}))).toEqual([
      {version: '2.1.0', location: 'openapi/releases/2.1.0.yaml', releaseDate: '2025-01-21'},
      {version: '2.2.0', location: 'openapi/releases/2.2.0.json', releaseDate: undefined},
    ]);
  });

  it('has no versions when the folder does not exist', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'releases-'));
    roots.push(root);
    expect(listReleaseEntries(root)).toEqual([]);
  });

  it('stops with one line naming the file when info.version disagrees with the file name', () => {
    expect(configError(siteWith({'2.2.0.yaml': release('2.2.1')}))).toBe(
      '[versions] openapi/releases/2.2.0.yaml: the file is named for version 2.2.0 but says info.version "2.2.1"; name the file after its info.version.',
    );
    expect(configError(siteWith({'2.2.0.yaml': 'openapi: 3.1.0\ninfo: {title: T}\npaths: {}\n'}))).toBe(
      '[versions] openapi/releases/2.2.0.yaml: the file is named for version 2.2.0 but has no info.version; name the file after its info.version.',
    );
  });

  it('stops with one line naming the file when it is missing (a link to nothing) or cannot be read', () => {
    const missing = siteWith({});
    symlinkSync(path.join(missing, 'gone.yaml'), path.join(missing, 'openapi/releases/2.2.0.yaml'));
    expect(configError(missing)).toBe('[versions] openapi/releases/2.2.0.yaml: version 2.2.0: the file is missing.');
    const folder = siteWith({});
    mkdirSync(path.join(folder, 'openapi/releases/2.2.0.yaml'));
    expect(configError(folder)).toBe('[versions] openapi/releases/2.2.0.yaml: version 2.2.0 is a folder, not a description file.');
    const unreadable = siteWith({'2.2.0.yaml': 'openapi: [unclosed\n'});
    const message = configError(unreadable);
    expect(message).toMatch(/^\[versions\] openapi\/releases\/2\.2\.0\.yaml: version 2\.2\.0 cannot be parsed \(.+\)\.$/);
    expect(message).not.toContain('\n');
  });

  it('refuses a name that cannot be a path segment of its routes, and two files of one version', () => {
    expect(configError(siteWith({'2 2.yaml': release('2 2')}))).toBe(
      '[versions] openapi/releases/2 2.yaml: "2 2" cannot name a version (its pages\' routes use it as a path segment: letters, digits, ".", "-", "_").',
    );
    expect(configError(siteWith({'2.2.0.json': release('2.2.0'), '2.2.0.yaml': release('2.2.0')}))).toBe(
      '[versions] openapi/releases/2.2.0.yaml: version 2.2.0 is also openapi/releases/2.2.0.json; keep one file per version.',
    );
  });

  it('orders versions as dotted numbers', () => {
    expect(['2.10.0', '2.9.0', '2.2.0', '10.0.0'].sort(compareVersions)).toEqual(['2.2.0', '2.9.0', '2.10.0', '10.0.0']);
  });
});
