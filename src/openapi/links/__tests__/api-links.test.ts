import {afterEach, beforeEach, describe, expect, it} from 'vitest';

import {createApiLinks, type ApiLinksOptions} from '../api-links';
import {miniMeridian, temporarySite} from '../../test-helpers/mini-meridian';

describe('createApiLinks', () => {
  let site: ReturnType<typeof temporarySite>;
  let warnings: string[];
  const links = (overrides: Partial<ApiLinksOptions> = {}) =>
    createApiLinks({
      specPath: '.spec/openapi.yaml',
      siteDir: site.dir,
      apiDocsBasePath: '/docs/api',
      validation: 'publish',
      warn: (line) => warnings.push(line),
      ...overrides,
    });

  beforeEach(() => {
    site = temporarySite();
    warnings = [];
  });
  afterEach(() => site.remove());

  it('gives the page of a found reference, silently', () => {
    site.writeSpec();
    const apiLinks = links();
    expect(apiLinks.apiLink({operation: 'getAccessToken'}, {from: 'config/footer.ts'})).toBe('/docs/api/get-access-token');
    expect(apiLinks.optionalApiLink({tag: 'Contacts'}, {from: 'config/home.ts'})).toBe('/docs/api/contacts');
    expect(apiLinks.apiLink({overview: true}, {from: 'config/footer.ts'})).toBe('/docs/api/meridian-api');
    expect(warnings).toEqual([]);
  });

  it('links a missing target to the overview and says so once, naming the file', () => {
    site.writeSpec();
    const apiLinks = links();
    expect(apiLinks.apiLink({operation: 'getCampaignReport'}, {from: 'config/footer.ts'})).toBe('/docs/api/meridian-api');
    expect(apiLinks.apiLink({operation: 'getCampaignReport'}, {from: 'config/footer.ts'})).toBe('/docs/api/meridian-api');
    expect(apiLinks.apiLink({tag: 'Campaigns'}, {from: 'docs/intro.mdx:12:3'})).toBe('/docs/api/meridian-api');
    expect(warnings).toEqual([
      '[api-links] config/footer.ts: operation "getCampaignReport" is not in the API description; linking to the overview instead',
      '[api-links] docs/intro.mdx:12:3: tag "Campaigns" is not used by any operation in the API description; linking to the overview instead',
    ]);
  });

  it('leaves an optional link out when its target is missing', () => {
    site.writeSpec();
    expect(links().optionalApiLink({operation: 'getAccessToken2'}, {from: 'config/home.ts'})).toBeUndefined();
    expect(warnings).toEqual([
      '[api-links] config/home.ts: operation "getAccessToken2" is not in the API description; leaving the link out',
    ]);
  });

  it('throws on a missing target under SPEC_VALIDATION=strict', () => {
    site.writeSpec();
    const apiLinks = links({validation: 'strict'});
    expect(apiLinks.apiLink({operation: 'getAccessToken'}, {from: 'config/footer.ts'})).toBe('/docs/api/get-access-token');
    expect(() => apiLinks.apiLink({operation: 'getCampaignReport'}, {from: 'config/footer.ts'})).toThrow(
      new Error('[api-links] config/footer.ts: operation "getCampaignReport" is not in the API description (SPEC_VALIDATION=strict)'),
    );
    expect(() => apiLinks.optionalApiLink({tag: 'Campaigns'}, {from: 'config/home.ts'})).toThrow(
      new Error('[api-links] config/home.ts: tag "Campaigns" is not used by any operation in the API description (SPEC_VALIDATION=strict)'),
    );
    expect(warnings).toEqual([]);
  });

  it('fails at every use of a missing target under strict, not only the first', () => {
    site.writeSpec();
    const apiLinks = links({validation: 'strict'});
    const use = () => apiLinks.apiLink({operation: 'getCampaignReport'}, {from: 'config/footer.ts'});
    expect(use).toThrow('[api-links] config/footer.ts: operation "getCampaignReport" is not in the API description (SPEC_VALIDATION=strict)');
    expect(use).toThrow('[api-links] config/footer.ts: operation "getCampaignReport" is not in the API description (SPEC_VALIDATION=strict)');
  });

  it('holds problems until releaseReports, then tells each once and later ones at once', () => {
    site.writeSpec();
    const apiLinks = links({holdReports: true});
    expect(apiLinks.optionalApiLink({operation: 'getCampaignReport'}, {from: 'config/footer.ts'})).toBeUndefined();
    expect(apiLinks.optionalApiLink({operation: 'getCampaignReport'}, {from: 'config/footer.ts'})).toBeUndefined();
    expect(warnings).toEqual([]);
    apiLinks.releaseReports();
    expect(warnings).toEqual(['[api-links] config/footer.ts: operation "getCampaignReport" is not in the API description; leaving the link out']);
    apiLinks.apiLink({tag: 'Campaigns'}, {from: 'blog/welcome.md:3:1'});
    expect(warnings).toHaveLength(2);
    apiLinks.releaseReports();
    expect(warnings).toHaveLength(2);
  });

  it('under strict, holds the errors too and throws them together on release', () => {
    site.writeSpec();
    const apiLinks = links({validation: 'strict', holdReports: true});
    expect(apiLinks.apiLink({operation: 'getCampaignReport'}, {from: 'config/footer.ts'})).toBe('/docs/api/meridian-api');
    expect(apiLinks.optionalApiLink({operation: 'getAccessToken2'}, {from: 'config/home.ts'})).toBeUndefined();
    expect(() => apiLinks.releaseReports()).toThrow(
      new Error(
        [
          '[api-links] config/footer.ts: operation "getCampaignReport" is not in the API description (SPEC_VALIDATION=strict)',
          '[api-links] config/home.ts: operation "getAccessToken2" is not in the API description (SPEC_VALIDATION=strict)',
        ].join('\n'),
      ),
    );
    expect(() => apiLinks.apiLink({tag: 'Campaigns'}, {from: 'docs/intro.mdx:1:1'})).toThrow(
      '[api-links] docs/intro.mdx:1:1: tag "Campaigns" is not used by any operation in the API description (SPEC_VALIDATION=strict)',
    );
  });

  it('reads the description once, on the first reference', () => {
    site.writeSpec();
    const apiLinks = links();
    expect(apiLinks.apiLink({operation: 'listContacts'}, {from: 'a'})).toBe('/docs/api/list-contacts');
    // A new description on disk is not seen by the same config load.
    site.writeSpec({...miniMeridian, paths: {}});
    expect(apiLinks.apiLink({operation: 'listContacts'}, {from: 'a'})).toBe('/docs/api/list-contacts');
    expect(links().apiLink({operation: 'listContacts'}, {from: 'a'})).toBe('/docs/api/meridian-api');
  });

  it('links to /docs with one warning when there is no resolved description yet, even when strict', () => {
    const apiLinks = links({validation: 'strict'});
    expect(apiLinks.apiLink({operation: 'getAccessToken'}, {from: 'config/footer.ts'})).toBe('/docs');
    expect(apiLinks.apiLink({overview: true}, {from: 'config/footer.ts'})).toBe('/docs');
    expect(apiLinks.optionalApiLink({operation: 'getAccessToken'}, {from: 'config/home.ts'})).toBeUndefined();
    expect(warnings).toEqual([
      '[api-links] .spec/openapi.yaml does not exist, so links to API pages point to /docs; run "npm run spec" to resolve them',
    ]);
  });

  it('refuses a resolved description that is not a document', () => {
    site.writeSpec('just text');
    expect(() => links().apiLink({overview: true}, {from: 'a'})).toThrow(
      new Error('[api-links] .spec/openapi.yaml is not an OpenAPI document; run "npm run spec".'),
    );
  });
});
