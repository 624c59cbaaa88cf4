import type {ReactNode} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it, vi} from 'vitest';

import type {Changelog} from '../../../openapi-diff/diff-types';
import ApiChangelog from '../index';

// Docusaurus's client aliases, as plain stand-ins that render the same elements.
vi.mock('@docusaurus/Link', () => ({default: ({to, children}: {to: string; children: ReactNode}) => <a href={to}>{children}</a>}));
vi.mock('@theme/Heading', () => ({
  default: ({as: Tag, id, children}: {as: 'h2' | 'h3'; id: string; children: ReactNode}) => <Tag id={id}>{children}</Tag>,
}));

const changelog: Changelog = {
  currentVersion: '2.3.0',
  currentOperationPages: [
    {operationId: 'completeAction', permalink: '/docs/api/complete-action'},
    // A page id with a suffix (another page claimed update-action first) is used as it is.
    {operationId: 'updateAction', permalink: '/docs/api/update-action-2'},
  ],
  entries: [
    {
      id: 'unreleased',
      title: 'Unreleased / current (2.3.0)',
      version: '2.3.0',
      unreleased: true,
      previousVersion: '2.2.0',
      operationCount: 24,
      counts: {added: 1, removed: 1, changed: 1, breaking: 2, nonBreaking: 2},
      added: [
        {
          operation: {method: 'POST', path: '/v1/actions/{actionId}/complete', operationId: 'completeAction', summary: 'Complete an action'},
          changes: [{kind: 'operation-added', breaking: false, message: 'The operation was added.', explanation: 'A new operation does not affect existing clients.'}],
        },
      ],
      removed: [
        {
          operation: {method: 'GET', path: '/v1/contacts/search', operationId: 'searchContacts', summary: 'Search <b>contacts</b>'},
          changes: [{kind: 'operation-removed', breaking: true, message: 'The operation was removed.', explanation: 'Removing an operation breaks every client that calls it.'}],
        },
      ],
      changed: [
        {
          operation: {method: 'PATCH', path: '/v1/actions/{actionId}', operationId: 'updateAction', summary: 'Update an action'},
          changes: [
            {
              kind: 'request-field-enum-values-removed',
              breaking: true,
              message: 'Request field `state` no longer accepts the value `<img src=x onerror=alert(1)>`.',
              explanation: 'Requests that send a removed value are now rejected.',
            },
            {
              kind: 'response-status-added',
              breaking: false,
              message: 'Added response `409`.',
              explanation: 'Clients should handle status codes they do not know by their class (2xx, 4xx, 5xx).',
            },
          ],
        },
      ],
    },
    {
      id: 'v2-2-0',
      title: '2.2.0',
      version: '2.2.0',
      date: '2025-04-08',
      unreleased: false,
      previousVersion: '2.1.0',
      operationCount: 24,
      counts: {added: 0, removed: 0, changed: 0, breaking: 0, nonBreaking: 0},
      added: [],
      removed: [],
      changed: [],
    },
    {
      id: 'v2-1-0',
      title: '2.1.0',
      version: '2.1.0',
      date: '2025-01-21',
      unreleased: false,
      operationCount: 23,
      counts: {added: 0, removed: 0, changed: 0, breaking: 0, nonBreaking: 0},
      added: [],
      removed: [],
      changed: [],
    },
  ],
};

function render(data: Changelog): string {
  return renderToStaticMarkup(<ApiChangelog changelog={data} />);
}

describe('ApiChangelog', () => {
  const html = render(changelog);

  it('renders one h2 per version, newest first, with the date when known', () => {
    expect([...html.matchAll(/<h2 id="([^"]+)">(.*?)<\/h2>/g)].map((match) => [match[1], match[2]])).toEqual([
      ['unreleased', 'Unreleased / current (2.3.0)'],
      ['v2-2-0', '2.2.0<span class="date"> <time dateTime="2025-04-08">2025-04-08</time></span>'],
      ['v2-1-0', '2.1.0<span class="date"> <time dateTime="2025-01-21">2025-01-21</time></span>'],
    ]);
  });

  it('states the counts, or that nothing changed, or that the version is the oldest', () => {
    expect(html).toContain('Compared with 2.2.0: 1 operation added, 1 removed, 1 changed. <span class="badge badge--danger');
    expect(html).toContain('>2 breaking changes</span>');
    expect(html).toContain('No changes to operations since 2.1.0.');
    expect(html).toContain('23 operations. This is the oldest version in the changelog; earlier changes are not recorded.');
  });

  it('marks breaking changes with an Infima danger badge and gives every change its explanation', () => {
    expect(html.match(/>Breaking<\/span>/g)).toHaveLength(2);
    expect(html).toContain('Removing an operation breaks every client that calls it.');
    expect(html).toContain('Clients should handle status codes they do not know by their class (2xx, 4xx, 5xx).');
  });

  it('links operations that exist in the current spec to their pages, and only those', () => {
    expect([...html.matchAll(/<a href="([^"]+)">([^<]*)<\/a>/g)].map((match) => [match[1], match[2]])).toEqual([
      ['/docs/api/complete-action', 'Complete an action'],
      ['/docs/api/update-action-2', 'Update an action'],
    ]);
  });

  it('renders spec text as text: backticked names as code, markup escaped', () => {
    expect(html).toContain('Request field <code>state</code> no longer accepts the value <code>&lt;img src=x onerror=alert(1)&gt;</code>.');
    expect(html).toContain('Search &lt;b&gt;contacts&lt;/b&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
  });

  it('says when there is nothing to show', () => {
    expect(render({currentVersion: '1.0.0', currentOperationPages: [], entries: []})).toBe('<p>No versions of the API are recorded yet.</p>');
  });
});
