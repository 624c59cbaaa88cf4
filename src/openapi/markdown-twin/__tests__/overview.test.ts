import {describe, expect, it} from 'vitest';

import {overviewToMarkdown, tagToMarkdown} from '..';
import type {OverviewPageModel, TagPageModel} from '../../models/model-types';
import {p, root, SITE} from './fixtures';

describe('overviewToMarkdown and tagToMarkdown', () => {
  it('writes the overview: version, guide, servers, schemes with scopes, resources, contact', () => {
    const overview: OverviewPageModel = {
      kind: 'overview',
      id: 'meridian-api',
      title: 'Meridian API',
      version: '2.3.0',
      description: root(p('The API.')),
      plainDescription: 'The API.',
      toc: [],
      servers: [{url: 'https://api.meridian.example', description: 'Production'}],
      securitySchemes: [
        {
          key: 'oauth2',
          kind: 'oauth2',
          type: 'oauth2',
          description: root(p('Client credentials.')),
          flows: [{type: 'clientCredentials', tokenUrl: 'https://api.meridian.example/v1/oauth/token', scopes: [{name: 'contacts:read', description: 'Read contacts.'}]}],
        },
      ],
      contact: {name: 'Support', email: 'api-support@meridian.example'},
      license: {name: 'Terms', url: 'https://meridian.example/terms'},
      tags: [{name: 'Contacts', summary: 'People.', permalink: '/docs/api/contacts', operationCount: 1}],
    };
    expect(overviewToMarkdown(overview, SITE)).toBe(
      [
        '# Meridian API',
        '',
        'Version `2.3.0`',
        '',
        'The API.',
        '',
        '## Servers',
        '',
        '- `https://api.meridian.example`: Production',
        '',
        '## Authentication schemes',
        '',
        '### `oauth2` (oauth2)',
        '',
        'Client credentials.',
        '',
        'Flow `clientCredentials`, token URL `https://api.meridian.example/v1/oauth/token`.',
        '',
        '| Scope | Grants |',
        '| --- | --- |',
        '| `contacts:read` | Read contacts. |',
        '',
        '## Resources',
        '',
        '- [Contacts](https://developer.meridian.example/docs/api/contacts) (1 operation): People.',
        '',
        '## Contact and licence',
        '',
        '- Contact: Support, api-support@meridian.example',
        '- Licence: [Terms](https://meridian.example/terms)',
        '',
      ].join('\n'),
    );
  });

  it('writes a tag page: description and operations', () => {
    const tag: TagPageModel = {
      kind: 'tag',
      id: 'contacts',
      name: 'Contacts',
      description: root(p('People you advise.')),
      plainDescription: 'People you advise.',
      operations: [
        {id: 'list-contacts', permalink: '/docs/api/list-contacts', method: 'get', path: '/v1/contacts', summary: 'List contacts', deprecated: false},
        {id: 'old', permalink: '/docs/api/old', method: 'delete', path: '/v1/old', summary: 'Old', deprecated: true},
      ],
    };
    expect(tagToMarkdown(tag, SITE)).toBe(
      [
        '# Contacts',
        '',
        'People you advise.',
        '',
        '## Operations',
        '',
        '- [List contacts](https://developer.meridian.example/docs/api/list-contacts): `GET /v1/contacts`',
        '- [Old](https://developer.meridian.example/docs/api/old): `DELETE /v1/old` (deprecated)',
        '',
      ].join('\n'),
    );
  });
});
