import {afterEach, beforeEach, describe, expect, it} from 'vitest';

import {createApiLinks} from '../../src/openapi/links/api-links';
import {miniMeridian, temporarySite} from '../../src/openapi/test-helpers/mini-meridian';
import {createFooter} from '../footer';
import {createHomeLinks} from '../home';

let site: ReturnType<typeof temporarySite>;
let warnings: string[];
const links = () =>
  createApiLinks({
    specPath: '.spec/openapi.yaml',
    siteDir: site.dir,
    apiDocsBasePath: '/docs/api',
    validation: 'publish',
    warn: (line) => warnings.push(line),
  });
const footerLinks = (footer: ReturnType<typeof createFooter>) =>
  footer.links.map(({title, items}) => [title, items.map(({label, to}) => `${label} ${to}`)]);

beforeEach(() => {
  site = temporarySite();
  warnings = [];
});
afterEach(() => site.remove());

describe('footer', () => {
  it('links its API items to their pages', () => {
    site.writeSpec({
      ...miniMeridian,
      paths: {...(miniMeridian.paths as object), '/v1/campaigns/{id}/report': {get: {operationId: 'getCampaignReport', responses: {}}}},
    });
    expect(footerLinks(createFooter(links()))).toEqual([
      ['Docs', ['API Documentation /docs', 'API overview /docs/api/meridian-api', 'Authentication /docs/api/get-access-token']],
      ['Community', ['Blog /blog', 'Blog archive /blog/archive', 'Authors /blog/authors']],
      ['More', ['About these docs /markdown-page', 'Contacts API /docs/api/list-contacts', 'Campaign reports /docs/api/get-campaign-report']],
    ]);
    expect(warnings).toEqual([]);
  });

  it('leaves out a shortcut to an operation the description does not have, and says so', () => {
    site.writeSpec({openapi: '3.1.0', info: {title: 'Swagger Petstore', version: '1'}, paths: {'/pets': {get: {operationId: 'listPets', responses: {}}}}});
    expect(footerLinks(createFooter(links()))).toEqual([
      ['Docs', ['API Documentation /docs', 'API overview /docs/api/swagger-petstore']],
      ['Community', ['Blog /blog', 'Blog archive /blog/archive', 'Authors /blog/authors']],
      ['More', ['About these docs /markdown-page']],
    ]);
    expect(warnings).toEqual([
      '[api-links] config/footer.ts: operation "getAccessToken" is not in the API description; leaving the link out',
      '[api-links] config/footer.ts: operation "listContacts" is not in the API description; leaving the link out',
      '[api-links] config/footer.ts: operation "getCampaignReport" is not in the API description; leaving the link out',
    ]);
  });
});

describe('home page links', () => {
  it('give the token page to the call to action and create-contact to the code sample, or null to hide them', () => {
    const contacts = (miniMeridian.paths as Record<string, object>)['/v1/contacts'];
    site.writeSpec({...miniMeridian, paths: {...(miniMeridian.paths as object), '/v1/contacts': {...contacts, post: {operationId: 'createContact', summary: 'Create a contact', tags: ['Contacts'], responses: {}}}}});
    expect(createHomeLinks(links())).toEqual({accessToken: '/docs/api/get-access-token', createContact: '/docs/api/create-contact'});
    site.writeSpec({...miniMeridian, paths: {}});
    expect(createHomeLinks(links())).toEqual({accessToken: null, createContact: null});
    expect(warnings).toEqual([
      '[api-links] config/home.ts: operation "getAccessToken" is not in the API description; leaving the link out',
      '[api-links] config/home.ts: operation "createContact" is not in the API description; leaving the link out',
    ]);
  });
});
