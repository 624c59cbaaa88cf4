import {readFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

import {FIELD_PAGES, fieldPlace, nameBucket, nameKey, writeNameLists, type NameBucket} from '../names-index';
import {describeFieldAnchor} from '../../../components/SiteSearch/name-hits';
import {writePagefindSite, type PagefindSite} from './helpers/pagefind-site';

describe('fieldPlace', () => {
  it('reads the name, depth and part of the page of a field anchor', () => {
    expect(fieldPlace('request-body.consent.email_marketing')).toEqual({name: 'email_marketing', depth: 2, part: 0});
    expect(fieldPlace('response-200.data[].consent.email_marketing')).toEqual({name: 'email_marketing', depth: 4, part: 1});
    expect(fieldPlace('header.Idempotency-Key')).toEqual({name: 'Idempotency-Key', depth: 1, part: 0});
    expect(fieldPlace('response-201-headers.Location')).toEqual({name: 'Location', depth: 1, part: 1});
    expect(fieldPlace('callback-0-request-body.event')).toEqual({name: 'event', depth: 1, part: 2});
    expect(fieldPlace('schema.email_marketing')).toEqual({name: 'email_marketing', depth: 1, part: 0});
    expect(fieldPlace('request-body:application~2f_xml.name')).toEqual({name: 'name', depth: 1, part: 0});
    expect(fieldPlace('query.a~2e_b')).toEqual({name: 'a.b', depth: 1, part: 0});
  });

  it('is undefined for ids that are not a named field: sections, items, options, any other key, headings', () => {
    for (const id of ['request-body', 'response-200', 'request-body.tags[]', 'request-body.value(1)', 'request-body.*', 'parameters', 'code-samples', 'query.~_']) {
      expect(fieldPlace(id), id).toBeUndefined();
    }
  });
});

describe('nameKey and nameBucket (one module for the build and the browser)', () => {
  it('key a name without case and separators, and hash the key with 32-bit FNV-1a into a bucket in range', () => {
    expect(new Set(['email_marketing', 'EmailMarketing', 'Email-Marketing', 'email.marketing', 'email marketing'].map(nameKey))).toEqual(new Set(['emailmarketing']));
    expect(nameKey('Ünïcode.näme')).toBe('ünïcodenäme');
    // FNV-1a's published test vector: "a" hashes to 0xe40c292c.
    expect(nameBucket('a', 2 ** 32)).toBe(0xe40c292c);
    for (const name of ['email_marketing', 'Idempotency-Key', 'pull-request', '__proto__']) {
      for (const buckets of [1, 16, 256]) {
        const bucket = nameBucket(nameKey(name), buckets);
        expect(bucket >= 0 && bucket < buckets && Number.isInteger(bucket), `${name} in ${buckets}`).toBe(true);
      }
    }
    expect(nameBucket('emailmarketing', 1)).toBe(0);
  });
});

describe('describeFieldAnchor', () => {
  it('says in words where a field is, its names unescaped', () => {
    expect(describeFieldAnchor('request-body.consent.email_marketing')).toEqual({part: 'Request body', path: 'consent.email_marketing'});
    expect(describeFieldAnchor('response-200.data[].a~20_b')).toEqual({part: 'Response 200', path: 'data[].a b'});
    expect(describeFieldAnchor('header.Idempotency-Key')).toEqual({part: 'Header', path: 'Idempotency-Key'});
    expect(describeFieldAnchor('callback-0-request-body.event')).toEqual({part: 'Callback: request body', path: 'event'});
  });
});

/** A page of the test site: an operation, a webhook or a schema page, with the field ids the site gives its fields. */
function pageHtml(title: string, meta: Record<string, string>, ids: string[], filter = ''): string {
  const metas = Object.entries(meta)
    .map(([key, value]) => `<span data-pagefind-meta="${key}">${value}</span>`)
    .join('');
  const fields = ids.map((id) => `<li id="${id}">${id}</li>`).join('');
  return `<html><body><div data-pagefind-body${filter ? ` data-pagefind-filter="${filter}"` : ''}><h1>${title}</h1>${metas}<ul>${fields}</ul></div></body></html>`;
}

describe('writeNameLists', () => {
  let site: PagefindSite;
  let indexDir: string;
  const pageIds: [string, string[]][] = [];

  beforeAll(async () => {
    const pages: [string, string, Record<string, string>, string[], string?][] = [
      ['docs/api/get-contact.html', 'Retrieve a contact', {kind: 'operation', method: 'GET', path: '/v1/contacts/{id}'}, ['parameters', 'response-200.consent.email_marketing', 'response-200.email']],
      ['docs/api/create-contact.html', 'Create a contact', {kind: 'operation', method: 'POST', path: '/v1/contacts'}, ['request-body.consent.email_marketing', 'response-201.consent.email_marketing']],
      ['docs/api/contact-created.html', 'Contact created', {kind: 'webhook', method: 'POST', path: 'contactCreated'}, ['request-body.email_marketing']],
      ['docs/api/schemas/consent.html', 'Consent', {kind: 'schema'}, ['schema.email_marketing']],
      ['docs/api/contacts.html', 'Contacts', {kind: 'guide'}, [], 'tag:Contacts'],
      ['docs/intro.html', 'Introduction', {kind: 'guide'}, ['request-body.email']],
      ['docs/api/agreement-create.html', 'Create agreementAcceptance', {kind: 'operation', method: 'POST', path: '/agreementAcceptances'}, ['request-body.userPrincipalName']],
      ['docs/api/audit-deep.html', 'Create auditEvent', {kind: 'operation', method: 'POST', path: '/audit/logs/events'}, ['request-body.userPrincipalName']],
      ['docs/api/audit-top.html', 'Create auditLog', {kind: 'operation', method: 'POST', path: '/audits'}, ['request-body.userPrincipalName']],
      ['docs/api/users-create.html', 'Create User', {kind: 'operation', method: 'POST', path: '/users'}, ['request-body.userPrincipalName']],
      ...Array.from({length: FIELD_PAGES + 2}, (_, index): [string, string, Record<string, string>, string[]] => [
        `docs/api/list-${index}.html`,
        `List ${index}`,
        {kind: 'operation', method: 'GET', path: `/v1/list/${index}`},
        ['response-200[].email'],
      ]),
    ];
    for (const [file, , , ids] of pages) pageIds.push([file, ids]);
    site = await writePagefindSite(
      'names-test-',
      pages.map(([file, title, meta, ids, filter]): [string, string] => [file, pageHtml(title, meta, ids, filter)]),
    );
    indexDir = site.indexDir;
  }, 60_000);

  afterAll(() => site.remove());

  /** Each name's targets as `url#anchor`, read back through the buckets as the browser reads them. */
  const lookup = (name: string): string[] => {
    const {buckets} = JSON.parse(readFileSync(path.join(indexDir, 'names/index.json'), 'utf8')) as {buckets: number};
    const key = nameKey(name);
    const bucket = JSON.parse(readFileSync(path.join(indexDir, `names/${nameBucket(key, buckets)}.json`), 'utf8')) as NameBucket;
    return (bucket.names.find(([listed]) => listed === key)?.[1] ?? []).map(([page, anchor]) => `${bucket.pages[page][0]}${anchor ? `#${anchor}` : ''}`);
  };

  it('lists each field with its best anchor per page: operations, then schema pages, then webhooks; shallow fields and requests first', () => {
    expect(writeNameLists(indexDir, pageIds).names).toBeGreaterThan(0);
    expect(lookup('email_marketing')).toEqual([
      '/docs/api/create-contact.html#request-body.consent.email_marketing',
      '/docs/api/get-contact.html#response-200.consent.email_marketing',
      '/docs/api/schemas/consent.html#schema.email_marketing',
      '/docs/api/contact-created.html#request-body.email_marketing',
    ]);
  });

  it('lists schema and tag pages by their names, and no field of a page that is neither an operation, a webhook nor a schema', () => {
    expect(lookup('Consent')).toEqual(['/docs/api/schemas/consent.html']);
    expect(lookup('contacts')).toEqual(['/docs/api/contacts.html']);
    expect(lookup('email')).not.toContain('/docs/intro.html#request-body.email');
  });

  it("lists equally deep fields first on pages whose title has the field's words, then on shorter paths, then by URL", () => {
    expect(lookup('userPrincipalName')).toEqual([
      '/docs/api/users-create.html#request-body.userPrincipalName',
      '/docs/api/agreement-create.html#request-body.userPrincipalName',
      '/docs/api/audit-top.html#request-body.userPrincipalName',
      '/docs/api/audit-deep.html#request-body.userPrincipalName',
    ]);
  });

  it('keeps FIELD_PAGES pages of a field at most, the shallowest', () => {
    const email = lookup('email');
    expect(email).toHaveLength(FIELD_PAGES);
    expect(email[0]).toBe('/docs/api/get-contact.html#response-200.email');
  });

  it('writes every bucket, so the browser never asks for a missing file', () => {
    const {buckets} = JSON.parse(readFileSync(path.join(indexDir, 'names/index.json'), 'utf8')) as {buckets: number};
    for (let bucket = 0; bucket < buckets; bucket += 1) expect(() => readFileSync(path.join(indexDir, `names/${bucket}.json`))).not.toThrow();
  });
});
