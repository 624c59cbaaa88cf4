import {describe, expect, it} from 'vitest';

import {closestPaths, editDistance, titleOfTwin} from '../closest-pages';

const PAGES = ['/docs/api/create-contact', '/docs/api/create-contact-tag', '/docs/api/create-tag', '/docs/api/list-contacts', '/docs/api/contacts', '/docs/changelog'];

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('create-contct', 'create-contact')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('closestPaths', () => {
  it('offers the page a typo was meant for first', () => {
    expect(closestPaths('/docs/api/create-contct', PAGES)).toEqual(['/docs/api/create-contact']);
  });

  it('ignores case, a trailing slash and .html', () => {
    expect(closestPaths('/docs/api/Create-Contct/', PAGES)).toEqual(['/docs/api/create-contact']);
    expect(closestPaths('/docs/api/list-contact.html', PAGES)).toEqual(['/docs/api/list-contacts']);
  });

  it('orders by distance, then as the candidates came, and stops at count', () => {
    expect(closestPaths('/docs/api/contact', PAGES, 2)).toEqual(['/docs/api/contacts']);
    expect(closestPaths('/docs/api/create-tags', PAGES)).toEqual(['/docs/api/create-tag']);
    expect(closestPaths('/docs/api/create-contact-tags', PAGES)).toEqual(['/docs/api/create-contact-tag', '/docs/api/create-contact']);
  });

  it('offers nothing for an address unlike every page, and never the address itself', () => {
    expect(closestPaths('/docs/api/no-such-operation', PAGES)).toEqual([]);
    expect(closestPaths('/docs/api/create-contact/', PAGES)).toEqual(['/docs/api/create-contact-tag']);
  });
});

describe('titleOfTwin', () => {
  it('reads the first heading of a Markdown twin', () => {
    expect(titleOfTwin('# Create a contact\n\n`POST /v1/contacts`\n')).toBe('Create a contact');
  });

  it('gives null when the twin does not open with a heading', () => {
    expect(titleOfTwin('Some text\n# Later heading\n')).toBeNull();
    expect(titleOfTwin('<!doctype html><html>')).toBeNull();
  });
});
