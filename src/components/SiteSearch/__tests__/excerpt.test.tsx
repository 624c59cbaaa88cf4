import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';

import {decodeEntities, Excerpt, excerptParts, hitExcerpt, markWords, sentencesOf, EXCERPT_WORDS} from '../excerpt';
import {toSearchHit} from '../ranking';

describe('excerptParts', () => {
  it('turns <mark> pairs into marked runs and everything else into text', () => {
    expect(excerptParts('Creates a <mark>contact</mark> and returns <mark>it</mark>.')).toEqual([
      {text: 'Creates a ', marked: false},
      {text: 'contact', marked: true},
      {text: ' and returns ', marked: false},
      {text: 'it', marked: true},
      {text: '.', marked: false},
    ]);
  });

  it('decodes the escaped text Pagefind writes, so spec text reads as it was written', () => {
    expect(excerptParts('Get &lt;/script&gt;&lt;script&gt;window.__xss=6&lt;/script&gt; <mark>hostile</mark> & more')).toEqual([
      {text: 'Get </script><script>window.__xss=6</script> ', marked: false},
      {text: 'hostile', marked: true},
      {text: ' & more', marked: false},
    ]);
  });

  it('keeps any other tag, unescaped or escaped, as text', () => {
    expect(excerptParts('<img src=x onerror="window.__xss=1"><mark>x</mark><script>1</script>')).toEqual([
      {text: '<img src=x onerror="window.__xss=1">', marked: false},
      {text: 'x', marked: true},
      {text: '<script>1</script>', marked: false},
    ]);
    // An escaped <mark> from the spec's own text is text, not a highlight.
    expect(excerptParts('&lt;mark&gt;not a highlight&lt;/mark&gt;')).toEqual([{text: '<mark>not a highlight</mark>', marked: false}]);
  });

  it('survives an unclosed or stray </mark> and an empty excerpt', () => {
    expect(excerptParts('a <mark>b')).toEqual([
      {text: 'a ', marked: false},
      {text: 'b', marked: true},
    ]);
    expect(excerptParts('a</mark> b')).toEqual([{text: 'a b', marked: false}]);
    expect(excerptParts('')).toEqual([]);
  });
});

describe('decodeEntities', () => {
  it("undoes what Pagefind escapes (< and >) and leaves the page's own references as written", () => {
    expect(decodeEntities('&lt;b&gt; &amp; &quot; &#39;')).toBe('<b> &amp; &quot; &#39;');
  });
});

describe('Excerpt', () => {
  it('renders only <mark> elements and escaped text', () => {
    const html = renderToStaticMarkup(<Excerpt parts={excerptParts('&lt;img src=x onerror=alert(1)&gt; <mark>onerror</mark> <script>window.__xss=1</script>')} />);
    expect(html).toBe('<span>&lt;img src=x onerror=alert(1)&gt; <mark>onerror</mark> &lt;script&gt;window.__xss=1&lt;/script&gt;</span>');
  });
});

/** The indexed text of the bundled spec's getContactTimeline page as Pagefind stores it, labels and all. */
const timeline = toSearchHit({
  url: '/docs/api/get-contact-timeline.html',
  excerpt: '',
  meta: {title: "Get a contact's timeline", method: 'GET', path: '/v1/contacts/{contactId}/timeline', operationId: 'getContactTimeline', section: 'Contact Timeline', kind: 'operation'},
  content:
    "Get a contact's timeline. GET /v1/contacts/{contactId}/timeline. Operation ID getContactTimeline Tags Contact Timeline. " +
    'Returns the events of a contact, newest first. Each event refers to components.schemas.Contact. Parameters Path parameters contactId string required.',
});

describe('sentencesOf', () => {
  it("leaves out the page's title, endpoint, operationId and tag labels", () => {
    expect(sentencesOf(timeline)).toEqual([
      'Returns the events of a contact, newest first.',
      'Each event refers to components.schemas.Contact.',
      'Parameters Path parameters contactId string required.',
    ]);
  });

  it("leaves out a schema page's subtitle", () => {
    const schema = toSearchHit({url: '/docs/api/schemas/contact.html', excerpt: '', meta: {title: 'Contact'}, content: 'Contact. Schema · object · used by 4 operations and 1 schema. A person your firm advises.'});
    expect(sentencesOf(schema)).toEqual(['A person your firm advises.']);
  });

  it('leaves out the endpoint when Pagefind runs it and the labels into one sentence, as it does on operation pages', () => {
    const update = toSearchHit({
      url: '/docs/api/update-contact.html',
      excerpt: '',
      meta: {title: 'Update a contact', method: 'PATCH', path: '/v1/contacts/{contactId}', operationId: 'updateContact', section: 'Contacts', kind: 'operation'},
      content: 'Update a contact. PATCH /v1/contacts/{contactId} Operation ID updateContact Tags Contacts. Changes some fields of a contact.',
    });
    expect(sentencesOf(update)).toEqual(['Changes some fields of a contact.']);
    // A sentence of the page's own text that starts with the endpoint keeps what follows it.
    const own = {...update, content: 'PATCH /v1/contacts/{contactId} replaces nothing you leave out.'};
    expect(sentencesOf(own)).toEqual(['PATCH /v1/contacts/{contactId} replaces nothing you leave out.']);
  });
});

describe('hitExcerpt', () => {
  const text = (parts: {text: string; marked: boolean}[]) => parts.map((part) => (part.marked ? `[${part.text}]` : part.text)).join('');

  it('shows the sentence with the most words of the query, whole words marked and never their punctuation', () => {
    expect(text(hitExcerpt('contact schemas', timeline))).toBe('Each event refers to components.[schemas].[Contact].');
    expect(text(hitExcerpt('events newest', timeline))).toBe('Returns the [events] of a contact, [newest] first.');
  });

  it("shows the page's lead when no sentence has a word of the query, with no label in it", () => {
    expect(text(hitExcerpt('getContactTimeline', timeline))).toBe('Returns the events of a contact, newest first.');
  });

  it('marks a word the last query word begins, a plural, a typo in a long word, and a field name whole', () => {
    expect(text(hitExcerpt('retu', timeline))).toBe('[Returns] the events of a contact, newest first.');
    expect(text(hitExcerpt('evnets', timeline))).toBe('Returns the [events] of a contact, newest first.');
    const field = toSearchHit({url: '/docs/api/create-contact.html', excerpt: '', meta: {title: 'Create a contact'}, content: 'Create a contact. Fields. consent.email_marketing string. Whether the contact said yes.'});
    expect(text(hitExcerpt('email_marketing', field))).toBe('consent.[email_marketing] string.');
  });

  it('counts the words of the query a sentence has, so a list of names that begin with one does not win', () => {
    const events = toSearchHit({url: '/docs/api/list-events.html', excerpt: '', meta: {title: 'List events'}, content: "List events. Lists a contact's events. Items: contact_created contact_updated contact_deleted."});
    expect(text(hitExcerpt('contact', events))).toBe("Lists a [contact]'s events.");
  });

  it("falls back to Pagefind's excerpt when the data have no text", () => {
    expect(hitExcerpt('x', toSearchHit({url: '/a.html', excerpt: 'a <mark>x</mark>', meta: {}}))).toEqual([
      {text: 'a ', marked: false},
      {text: 'x', marked: true},
    ]);
  });
});

describe('markWords', () => {
  it(`cuts a long sentence to ${EXCERPT_WORDS} words around its first match`, () => {
    const words = Array.from({length: 60}, (_, index) => `w${index}`);
    words[20] = 'target';
    const parts = markWords(`${words.join(' ')}.`, (word) => word === 'target');
    const shown = parts.map((part) => part.text).join('');
    expect(shown.startsWith('… w16 ')).toBe(true);
    expect(shown.endsWith(' w43 …')).toBe(true);
    expect(parts.filter((part) => part.marked)).toEqual([{text: 'target', marked: true}]);
    expect(shown.match(/w\d+|target/g)).toHaveLength(EXCERPT_WORDS);
  });
});
