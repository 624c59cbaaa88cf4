import {describe, expect, it} from 'vitest';

import {bodyAnchor, childAnchor, escapeFieldName, isAnchorWithin, parameterAnchor, responseHeaderAnchor, unescapeFieldName} from '../field-anchors';

describe('field anchors', () => {
  it('keeps plain names readable and builds the documented ids', () => {
    const body = bodyAnchor({kind: 'request'});
    expect(childAnchor.property(childAnchor.property(body, 'consent'), 'email_marketing')).toBe('request-body.consent.email_marketing');
    const tags = childAnchor.items(childAnchor.property(bodyAnchor({kind: 'response', status: '201'}), 'tags'));
    expect(childAnchor.property(tags, 'name')).toBe('response-201.tags[].name');
    expect(parameterAnchor('query', 'limit')).toBe('query.limit');
    expect(responseHeaderAnchor('201', 'Location')).toBe('response-201-headers.Location');
    expect(bodyAnchor({kind: 'request'}, 'application/xml', 1)).toBe('request-body:application~2f_xml');
  });

  it('escapes every character that could forge a separator or break an id', () => {
    expect(escapeFieldName('a.b')).toBe('a~2e_b');
    expect(escapeFieldName('tags[]')).toBe('tags~5b_~5d_');
    expect(escapeFieldName('first name')).toBe('first~20_name');
    expect(escapeFieldName('"quoted"')).toBe('~22_quoted~22_');
    expect(escapeFieldName('~')).toBe('~7e_');
    expect(escapeFieldName('prénom')).toBe('pr~e9_nom');
    expect(escapeFieldName('😀')).toBe('~1f600_');
    expect(escapeFieldName('')).toBe('~_');
    expect(escapeFieldName('%2E')).toBe('~25_2E');
  });

  it('gives ids made only of characters valid unencoded in an id and a URL fragment', () => {
    const names = ['a.b', 'x y', '<script>', "it's", '\u0000', 'a/b', '#hash', '(0)', '*', 'ünï', '𝔘'];
    for (const name of names) expect(escapeFieldName(name)).toMatch(/^[A-Za-z0-9_~-]+$/);
  });

  it('is one-to-one: different names never share an id, and every id reads back to its name', () => {
    const names = ['a', 'a.b', 'a~2e_b', 'a_b', '', '~_', '~', '_', 'tags[]', 'tags~5b_~5d_', '1', '01', 'A', 'é', 'e\u0301'];
    const ids = names.map(escapeFieldName);
    expect(new Set(ids).size).toBe(names.length);
    for (const name of names) expect(unescapeFieldName(escapeFieldName(name))).toBe(name);
  });

  it('keeps thousands of sibling properties distinct', () => {
    const names = Array.from({length: 5000}, (_, index) => (index % 2 === 0 ? `field ${index}` : `field.${index}`));
    const ids = new Set(names.map((name) => childAnchor.property('schema', name)));
    expect(ids.size).toBe(5000);
  });

  it('cannot forge one section from another through a status code', () => {
    expect(bodyAnchor({kind: 'response', status: '201-headers'})).toBe('response-201~2d_headers');
    expect(bodyAnchor({kind: 'response', status: '4XX'})).toBe('response-4XX');
  });

  it('knows which fields lie below another', () => {
    expect(isAnchorWithin('request-body.consent.email_marketing', 'request-body.consent')).toBe(true);
    expect(isAnchorWithin('response-201.tags[].name', 'response-201.tags')).toBe(true);
    expect(isAnchorWithin('response-201.pet(1).name', 'response-201.pet')).toBe(true);
    expect(isAnchorWithin('request-body.consented', 'request-body.consent')).toBe(false);
    expect(isAnchorWithin('request-body.consent', 'request-body.consent')).toBe(true);
  });

  it('refuses text escapeFieldName cannot have written', () => {
    expect(unescapeFieldName('a.b')).toBeUndefined();
    expect(unescapeFieldName('~zz_')).toBeUndefined();
    expect(unescapeFieldName('~110000_')).toBeUndefined();
  });
});
