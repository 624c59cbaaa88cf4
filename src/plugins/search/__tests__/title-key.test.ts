import {describe, expect, it} from 'vitest';

import {contentWords, splitCamelCase, stem, titleKey} from '../title-key';

describe('titleKey', () => {
  it('keys a title without case, punctuation, small words, plural endings and word order', () => {
    expect(new Set(['Get user', 'Get a user', 'get users', 'GET THE USER.', 'user: get', 'Get users from users'].map(titleKey))).toEqual(new Set(['get user']));
    expect(titleKey('List pull requests')).toBe('list pull request');
    expect(titleKey('Add member to team')).toBe(titleKey('add a member to a team'));
  });

  it('splits camelCase, so a title naming a type is found by its words', () => {
    expect(titleKey('List servicePrincipals')).toBe(titleKey('list service principals'));
    expect(titleKey('List joinedTeams')).toBe('joined list team');
  });

  it('is empty for a text of small words or none', () => {
    expect(titleKey('')).toBe('');
    expect(titleKey('the a of')).toBe('');
  });
});

describe('splitCamelCase, contentWords and stem', () => {
  it('split camelCase and acronyms before a capitalised word, and leave other text alone', () => {
    expect(splitCamelCase('userPrincipalName')).toBe('user Principal Name');
    expect(splitCamelCase('HTTPServer v1.0Beta')).toBe('HTTP Server v1.0 Beta');
    expect(splitCamelCase('email_marketing')).toBe('email_marketing');
  });

  it('keep the content words of a text, stemmed', () => {
    expect(contentWords('Get a repository for the users')).toEqual(['get', 'repository', 'user']);
    expect(['requests', 'repositories', 'addresses', 'status', 'class'].map(stem)).toEqual(['request', 'repository', 'address', 'statu', 'class']);
  });
});
