import {describe, expect, it} from 'vitest';

import type {ApiVersionInfo, VersionPagesFile} from '../../../plugins/api-versions/version-types';
import {currentPathOfIndex, switchTarget, versionOfPath} from '../switch-target';

const versions: ApiVersionInfo[] = [
  {name: '2.3.0', routeBasePath: '/docs/api', overviewPath: '/docs/api/meridian-api', schemasIndexPath: '/docs/api/schemas', current: true},
  {name: '2.2.0', releaseDate: '2025-04-08', routeBasePath: '/docs/api/2.2.0', overviewPath: '/docs/api/2.2.0/meridian-api', schemasIndexPath: '/docs/api/2.2.0/schemas', current: false},
  {name: '2.1.0', releaseDate: '2025-01-21', routeBasePath: '/docs/api/2.1.0', overviewPath: '/docs/api/2.1.0/meridian-api', current: false},
];

const overview = {kind: 'overview', pageId: 'meridian-api'} as const;
const createContact = {kind: 'operation', operationId: 'createContact', method: 'post', path: '/v1/contacts', pageId: 'create-contact', title: 'Create a contact'} as const;
const file: VersionPagesFile = {
  order: ['2.1.0', '2.2.0', '2.3.0'],
  pages: {
    '2.1.0': [overview, createContact, {kind: 'operation', operationId: 'searchContacts', method: 'post', path: '/v1/contacts/search', pageId: 'search-contacts', title: 'Search contacts'}],
    '2.2.0': [
      overview,
      // Renamed page id, same operationId: still the same operation.
      {...createContact, pageId: 'create-a-contact'},
      {kind: 'operation', operationId: 'searchContacts', method: 'post', path: '/v1/contacts/search', pageId: 'search-contacts', title: 'Search contacts'},
      // No operationId: matched by method and path.
      {kind: 'operation', method: 'get', path: '/v1/contacts/{contactId}/timeline', pageId: 'get-timeline'},
      {kind: 'schema', name: 'Contact', pageId: 'schemas/contact'},
    ],
    '2.3.0': [
      overview,
      createContact,
      {kind: 'operation', operationId: 'getContactTimeline', method: 'get', path: '/v1/contacts/{contactId}/timeline', pageId: 'get-contact-timeline', title: "Get a contact's timeline"},
      {kind: 'operation', operationId: 'completeAction', method: 'post', path: '/v1/actions/{actionId}/complete', pageId: 'complete-action', title: 'Complete an action'},
      {kind: 'schema', name: 'Contact', pageId: 'schemas/contact'},
    ],
  },
};

describe('switching API versions', () => {
  it('knows the version of a path by its longest route prefix', () => {
    expect(versionOfPath(versions, '/docs/api/2.2.0/create-contact')?.name).toBe('2.2.0');
    expect(versionOfPath(versions, '/docs/api/create-contact')?.name).toBe('2.3.0');
    expect(versionOfPath(versions, '/docs/changelog')).toBeUndefined();
  });

  it('goes to the same operation by operationId, else by method and path, and the same schema', () => {
    expect(switchTarget(file, versions, '/docs/api/create-contact', '2.2.0')).toEqual({path: '/docs/api/2.2.0/create-a-contact'});
    expect(switchTarget(file, versions, '/docs/api/2.2.0/create-a-contact', '2.1.0')).toEqual({path: '/docs/api/2.1.0/create-contact'});
    expect(switchTarget(file, versions, '/docs/api/2.2.0/get-timeline', '2.3.0')).toEqual({path: '/docs/api/get-contact-timeline'});
    expect(switchTarget(file, versions, '/docs/api/schemas/contact', '2.2.0')).toEqual({path: '/docs/api/2.2.0/schemas/contact'});
  });

  it("goes from one version's schemas index to another's, and says when a version has none", () => {
    expect(switchTarget(file, versions, '/docs/api/schemas', '2.2.0')).toEqual({path: '/docs/api/2.2.0/schemas'});
    expect(switchTarget(file, versions, '/docs/api/2.2.0/schemas/', '2.3.0')).toEqual({path: '/docs/api/schemas'});
    expect(switchTarget(file, versions, '/docs/api/schemas', '2.1.0')).toEqual({path: '/docs/api/2.1.0/meridian-api', note: 'Version 2.1.0 has no schemas.'});
  });

  it("points an older schemas index's canonical link at the current one, and nothing else", () => {
    expect(currentPathOfIndex(versions, '/docs/api/2.2.0/schemas')).toBe('/docs/api/schemas');
    expect(currentPathOfIndex(versions, '/docs/api/2.2.0/schemas/')).toBe('/docs/api/schemas');
    expect(currentPathOfIndex(versions, '/docs/api/2.2.0/create-contact')).toBeUndefined();
    expect(currentPathOfIndex(versions, '/docs/api/2.1.0/schemas')).toBeUndefined();
  });

  it("lands on the version's overview with a note from the changelog when the operation is not there", () => {
    expect(switchTarget(file, versions, '/docs/api/complete-action', '2.2.0')).toEqual({
      path: '/docs/api/2.2.0/meridian-api',
      note: 'Complete an action (POST /v1/actions/{actionId}/complete) is not in version 2.2.0: it was added in 2.3.0.',
    });
    expect(switchTarget(file, versions, '/docs/api/2.1.0/search-contacts', '2.3.0')).toEqual({
      path: '/docs/api/meridian-api',
      note: 'Search contacts (POST /v1/contacts/search) is not in version 2.3.0: it was removed in 2.3.0.',
    });
  });

  it("goes to the version's overview from a page that is not an API page", () => {
    expect(switchTarget(file, versions, '/docs/changelog', '2.1.0')).toEqual({path: '/docs/api/2.1.0/meridian-api'});
    expect(() => switchTarget(file, versions, '/docs', '9.9.9')).toThrow('no version is named "9.9.9"');
  });
});
