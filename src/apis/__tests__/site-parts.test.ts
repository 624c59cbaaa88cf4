import {describe, expect, it} from 'vitest';

import {apiOfPath} from '../../components/ApiCatalog/api-of-path';
import {chosenServer, serverChoices} from '../../components/ApiExplorer/server-url';
import {EMPTY_SESSION} from '../../components/ApiExplorer/explorer-storage';
import {withApiMenu} from '../../../config/navbar';

const apis = [
  {id: 'meridian', routeBasePath: '/docs/api'},
  {id: 'petstore', routeBasePath: '/docs/apis/petstore'},
];

describe('the parts of a site with several APIs', () => {
  it('tells which API a page belongs to by the longest route prefix, none for other pages', () => {
    expect(apiOfPath(apis, '/docs/api/create-contact')?.id).toBe('meridian');
    expect(apiOfPath(apis, '/docs/api/2.2.0/create-contact')?.id).toBe('meridian');
    expect(apiOfPath(apis, '/docs/apis/petstore/1.0.0/get-pet-by-id')?.id).toBe('petstore');
    expect(apiOfPath(apis, '/docs/apis/petstore')?.id).toBe('petstore');
    expect(apiOfPath(apis, '/docs/apis/petstores/x')).toBeUndefined();
    expect(apiOfPath(apis, '/docs')).toBeUndefined();
  });

  it('keys another API’s credentials apart from the main API’s for the same server, and leaves the main API’s keys as they were', () => {
    const page = {servers: [{url: 'http://127.0.0.1:4010'}]};
    const session = {...EMPTY_SESSION, server: 'http://127.0.0.1:4010'};
    const main = chosenServer(serverChoices(page), session);
    const other = chosenServer(serverChoices(page), session, 'api:petstore');
    expect(main.credentialsKey).toBe('http://127.0.0.1:4010');
    expect(other.credentialsKey).toBe('api:petstore http://127.0.0.1:4010');
    expect(other.baseUrl).toBe(main.baseUrl);
  });

  it('adds a menu of the APIs to the navbar after its first item, only when there are several', () => {
    const base = {items: [{type: 'docSidebar', sidebarId: 'openApiSidebar', label: 'API Documentation'}, {type: 'custom-apiVersionDropdown', position: 'right'}]} as Parameters<typeof withApiMenu>[0];
    expect(withApiMenu(base, [{label: 'Meridian', sidebarId: 'openApiSidebar'}])).toBe(base);
    expect(withApiMenu(base, [{label: 'Meridian', sidebarId: 'openApiSidebar'}, {label: 'Petstore', sidebarId: 'api:petstore'}]).items).toEqual([
      base.items![0],
      {
        type: 'dropdown',
        label: 'APIs',
        position: 'left',
        items: [
          {type: 'docSidebar', sidebarId: 'openApiSidebar', label: 'Meridian'},
          {type: 'docSidebar', sidebarId: 'api:petstore', label: 'Petstore'},
        ],
      },
      base.items![1],
    ]);
  });
});
