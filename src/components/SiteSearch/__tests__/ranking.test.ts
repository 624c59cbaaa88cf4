import {describe, expect, it} from 'vitest';

import {exactKeys, rankExactMatches, toSearchHit, type SearchHit} from '../ranking';

const createContact = toSearchHit({
  url: '/docs/api/create-contact.html',
  excerpt: 'Creates a <mark>contact</mark>',
  meta: {title: 'Create a contact', method: 'POST', path: '/v1/contacts', operationId: 'createContact', section: 'Contacts'},
});
const getContact = toSearchHit({
  url: '/docs/api/get-contact.html',
  excerpt: '',
  meta: {title: 'Get a contact', method: 'GET', path: '/v1/contacts/{contactId}', operationId: 'getContact', section: 'Contacts'},
});
const contactsTag = toSearchHit({url: '/docs/api/contacts.html', excerpt: '', meta: {title: 'Contacts'}});
const blogPost = toSearchHit({url: '/blog/welcome.html', excerpt: '', meta: {title: 'Create a contact', section: 'Blog'}});

describe('toSearchHit', () => {
  it('turns the built file into the route and reads the operation metadata', () => {
    expect(createContact).toEqual({
      path: '/docs/api/create-contact',
      title: 'Create a contact',
      section: 'Contacts',
      method: 'POST',
      apiPath: '/v1/contacts',
      operationId: 'createContact',
      excerpt: 'Creates a <mark>contact</mark>',
    });
  });

  it('names the section from the path when the page sets none, and cuts index.html to its folder', () => {
    expect(contactsTag.section).toBe('API reference');
    expect(toSearchHit({url: '/docs/api/schemas/contact.html', excerpt: '', meta: {title: 'Contact'}}).section).toBe('Schemas');
    expect(toSearchHit({url: '/docs/guide/index.html', excerpt: '', meta: {}})).toMatchObject({path: '/docs/guide/', title: '/docs/guide/', section: 'Docs'});
    expect(toSearchHit({url: '/blog/welcome.html', excerpt: '', meta: {title: 'Welcome'}}).section).toBe('Blog');
  });

  it('has no endpoint without a method', () => {
    expect(toSearchHit({url: '/docs/intro.html', excerpt: '', meta: {title: 'Intro', path: '/x'}}).apiPath).toBeUndefined();
  });
});

describe('rankExactMatches', () => {
  const pagefindOrder: SearchHit[] = [contactsTag, blogPost, getContact, createContact];
  const paths = (hits: SearchHit[]) => hits.map((hit) => hit.path);

  it('puts the operation named by its summary, operationId or METHOD /path first, case and spacing aside', () => {
    for (const query of ['Create a contact', 'create  a CONTACT ', 'createContact', 'createcontact', 'POST /v1/contacts', 'post /v1/contacts']) {
      expect(paths(rankExactMatches(query, pagefindOrder))[0], query).toBe('/docs/api/create-contact');
    }
    expect(paths(rankExactMatches('GET /v1/contacts/{contactId}', pagefindOrder))[0]).toBe('/docs/api/get-contact');
  });

  it('ranks an operation before another page with the same title, and keeps Pagefind order otherwise', () => {
    expect(paths(rankExactMatches('Create a contact', pagefindOrder))).toEqual(['/docs/api/create-contact', '/blog/welcome', '/docs/api/contacts', '/docs/api/get-contact']);
    expect(paths(rankExactMatches('contact', pagefindOrder))).toEqual(paths(pagefindOrder));
    expect(paths(rankExactMatches('   ', pagefindOrder))).toEqual(paths(pagefindOrder));
  });

  it('does not match a part of a path or a different method', () => {
    expect(paths(rankExactMatches('POST /v1/contacts/{contactId}', pagefindOrder))).toEqual(paths(pagefindOrder));
    expect(paths(rankExactMatches('GET /v1/contacts', pagefindOrder))).toEqual(paths(pagefindOrder));
  });

  it('lists the keys of a hit in normal form', () => {
    expect(exactKeys(createContact)).toEqual(['create a contact', 'createcontact', 'post /v1/contacts']);
    expect(exactKeys(contactsTag)).toEqual(['contacts']);
  });
});
