import {describe, expect, it} from 'vitest';

import type {ApiVersionsData} from '../../../plugins/api-versions/version-types';
import {versionSearchFilters} from '../search-filters';
import {versionKey, versionNameOfKey} from '../version-key';

/** An API's versions as its api-versions plugin instance gives them, the current first. */
function apiVersions(apiId: string, names: string[]): ApiVersionsData {
  return {
    apiId,
    storageKey: `docs-preferred-version-${apiId}`,
    pagesUrl: `/${apiId}.versions.json`,
    versions: names.map((name, index) => ({name, routeBasePath: `/docs/${apiId}${index === 0 ? '' : `/${name}`}`, overviewPath: `/docs/${apiId}/overview`, current: index === 0})),
  };
}

// Two APIs whose versions share names: Meridian 2.3.0 (current), 2.2.0, 2.1.0; a partner API 2.2.0 (current), 2.1.0.
const meridian = apiVersions('meridian', ['2.3.0', '2.2.0', '2.1.0']);
const partner = apiVersions('partner', ['2.2.0', '2.1.0']);
const single = apiVersions('petstore', ['1.0.0']);

describe('versionKey', () => {
  it('names the API with the version, and gives the name back for display', () => {
    expect(versionKey('petstore', '1.0.0')).toBe('petstore@1.0.0');
    expect(versionNameOfKey('petstore@1.0.0')).toBe('1.0.0');
    expect(versionNameOfKey('2.2.0')).toBe('2.2.0');
  });
});

describe('versionSearchFilters', () => {
  it('keeps the version being read and every other API’s current version, even where their names are the same', () => {
    expect(versionSearchFilters([meridian, partner, single], 'meridian@2.2.0')).toEqual({version: {none: ['meridian@2.3.0', 'meridian@2.1.0', 'partner@2.1.0']}});
    // Reading the partner API's current 2.2.0 keeps it, and leaves out Meridian's 2.2.0, an older version of another API.
    expect(versionSearchFilters([meridian, partner], 'partner@2.2.0')).toEqual({version: {none: ['meridian@2.2.0', 'meridian@2.1.0', 'partner@2.1.0']}});
  });

  it('filters nothing for every version, or on a site whose APIs have one version each', () => {
    expect(versionSearchFilters([meridian, partner], undefined)).toEqual({});
    expect(versionSearchFilters([single], 'petstore@1.0.0')).toEqual({});
  });
});
