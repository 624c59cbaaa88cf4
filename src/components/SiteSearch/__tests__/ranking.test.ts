import {describe, expect, it} from 'vitest';

import {correctTypos, exactKeys, lastWordComplete, matchClass, matchPathTemplate, namesField, rankHits, routeOf, stem, toSearchHit, withinOneEdit, type SearchHit} from '../ranking';

const operation = (title: string, method: string, path: string, operationId: string, section = 'Contacts'): SearchHit =>
  toSearchHit({url: `/docs/api/${operationId.toLowerCase().replace(/\W+/g, '-')}.html`, excerpt: '', meta: {title, method, path, operationId, section}});

const createContact = toSearchHit({
  url: '/docs/api/create-contact.html',
  excerpt: 'Creates a <mark>contact</mark>',
  content: 'Create a contact. Creates a contact.',
  meta: {title: 'Create a contact', method: 'POST', path: '/v1/contacts', operationId: 'createContact', section: 'Contacts', kind: 'operation'},
});
const getContact = operation('Get a contact', 'GET', '/v1/contacts/{contactId}', 'getContact');
const contactsTag = toSearchHit({url: '/docs/api/contacts.html', excerpt: '', meta: {title: 'Contacts', kind: 'guide'}});
const contactSchema = toSearchHit({url: '/docs/api/schemas/contact.html', excerpt: '', meta: {title: 'Contact', kind: 'schema'}});
const blogPost = toSearchHit({url: '/blog/welcome.html', excerpt: '', meta: {title: 'Create a contact', section: 'Blog', kind: 'blog'}});

// GitHub's REST description (@octokit/openapi 23.0.2): the cases of issue 44, in the order Pagefind gave them.
const pullStacks = operation('List pull request stacks', 'GET', '/repos/{owner}/{repo}/pulls/stacks', 'pulls/list-stacks', 'pulls');
const pullsList = operation('List pull requests', 'GET', '/repos/{owner}/{repo}/pulls', 'pulls/list', 'pulls');
const pullComments = operation('List review comments in a repository', 'GET', '/repos/{owner}/{repo}/pulls/comments', 'pulls/list-review-comments-for-repo', 'pulls');
const pullGet = operation('Get a pull request', 'GET', '/repos/{owner}/{repo}/pulls/{pull_number}', 'pulls/get', 'pulls');
const forkApproval = operation('Get fork PR contributor approval permissions for a repository', 'GET', '/repos/{owner}/{repo}/actions/permissions/fork-pr-contributor-approval', 'actions/get-fork-pr-contributor-approval-permissions-repository', 'actions');
const reposGet = operation('Get a repository', 'GET', '/repos/{owner}/{repo}', 'repos/get', 'repos');
const github = [pullStacks, forkApproval, pullComments, pullGet, pullsList, reposGet];

const paths = (hits: SearchHit[]) => hits.map((hit) => hit.path);
const first = (query: string, hits: SearchHit[]) => rankHits(query, hits)[0]?.path;

describe('toSearchHit', () => {
  it('turns the built file into the route and reads the operation metadata and text', () => {
    expect(createContact).toEqual({
      path: '/docs/api/create-contact',
      title: 'Create a contact',
      section: 'Contacts',
      kind: 'operation',
      name: undefined,
      method: 'POST',
      apiPath: '/v1/contacts',
      operationId: 'createContact',
      excerpt: 'Creates a <mark>contact</mark>',
      content: 'Create a contact. Creates a contact.',
    });
  });

  it('names the section and kind from the path when the page sets none, and cuts index.html to its folder', () => {
    expect(toSearchHit({url: '/docs/api/contacts.html', excerpt: '', meta: {title: 'Contacts'}})).toMatchObject({section: 'API reference', kind: 'guide'});
    expect(toSearchHit({url: '/docs/api/schemas/contact.html', excerpt: '', meta: {title: 'Contact'}})).toMatchObject({section: 'Schemas', kind: 'schema'});
    expect(toSearchHit({url: '/docs/guide/index.html', excerpt: '', meta: {}})).toMatchObject({path: '/docs/guide/', title: '/docs/guide/', section: 'Docs', kind: 'guide'});
    expect(toSearchHit({url: '/blog/welcome.html', excerpt: '', meta: {title: 'Welcome'}})).toMatchObject({section: 'Blog', kind: 'blog'});
    expect(getContact.kind).toBe('operation');
  });

  it('puts the pages of every API, not only the main one at /docs/api, in its reference or schemas', () => {
    const petstore = (url: string, meta: Record<string, string>) => toSearchHit({url, excerpt: '', meta: {api: 'Petstore', version: 'petstore@2.0.0', ...meta}});
    expect(petstore('/docs/apis/petstore/pet.html', {title: 'pet', kind: 'guide'})).toMatchObject({section: 'API reference', kind: 'guide', api: 'Petstore'});
    expect(petstore('/docs/apis/petstore/schemas/pet.html', {title: 'Pet', kind: 'schema'})).toMatchObject({section: 'Schemas', kind: 'schema'});
    expect(petstore('/docs/apis/petstore/get-pet-by-id.html', {title: 'Find pet by ID', method: 'get', path: '/pet/{petId}', section: 'pet'})).toMatchObject({section: 'pet', version: 'petstore@2.0.0'});
    // An older version of the main API: its schema pages are schemas too.
    expect(toSearchHit({url: '/docs/api/2.2.0/schemas/contact.html', excerpt: '', meta: {title: 'Contact', kind: 'schema', version: 'meridian@2.2.0'}}).section).toBe('Schemas');
    // A guide outside every API stays a guide of the docs.
    expect(toSearchHit({url: '/docs/apis-overview.html', excerpt: '', meta: {title: 'APIs', kind: 'guide'}}).section).toBe('Docs');
  });

  it('has no endpoint without a method', () => {
    expect(toSearchHit({url: '/docs/intro.html', excerpt: '', meta: {title: 'Intro', path: '/x'}}).apiPath).toBeUndefined();
  });
});

describe('rankHits', () => {
  const meridian: SearchHit[] = [contactsTag, blogPost, getContact, contactSchema, createContact];

  it('puts the operation named by its summary, operationId or METHOD /path first, case, spacing and separators aside', () => {
    for (const query of ['Create a contact', 'create  a CONTACT ', 'createContact', 'createcontact', 'create_contact', 'POST /v1/contacts', 'post /v1/contacts']) {
      expect(first(query, meridian), query).toBe('/docs/api/create-contact');
    }
    expect(first('GET /v1/contacts/{contactId}', meridian)).toBe(getContact.path);
  });

  it('matches a path with concrete values, a server prefix or a full URL, and prefers the more literal template', () => {
    expect(first('GET /v1/contacts/c_123', meridian)).toBe(getContact.path);
    expect(first('https://api.meridian.example/v1/contacts/c_123', meridian)).toBe(getContact.path);
    expect(first('GET /repos/octocat/hello-world/pulls', github)).toBe(pullsList.path);
    expect(first('/repos/octocat/hello-world/pulls/comments', github)).toBe(pullComments.path);
    expect(first('GET api.github.com/repos/octocat/hello-world/pulls/42', github)).toBe(pullGet.path);
    expect(first('GET /repos/octocat/hello-world', github)).toBe(reposGet.path);
  });

  it('ranks an exact title before longer titles with the same words (the GitHub cases of issue 44)', () => {
    expect(first('list pull requests', github)).toBe(pullsList.path);
    expect(first('get a repository', github)).toBe(reposGet.path);
    expect(first('get repository', github)).toBe(reposGet.path);
    expect(first('list pull request', github)).toBe(pullsList.path);
    expect(first('pulls/list', github)).toBe(pullsList.path);
  });

  it('ranks titles with every word of the query next, fewer other words first, the last word as a prefix', () => {
    expect(paths(rankHits('pull request', github)).slice(0, 3)).toEqual([pullGet.path, pullsList.path, pullStacks.path]);
    expect(first('list pull req', github)).toBe(pullsList.path);
  });

  it('forgives one typo in a word of five letters or more', () => {
    expect(first('crete contact', meridian)).toBe('/docs/api/create-contact');
    expect(first('list pull reqeusts', github)).toBe(pullsList.path);
    expect(matchClass('gat contact', getContact)[0]).toBe(4);
  });

  it('finds a schema or tag by its name, an operation before another page with the same title, and keeps Pagefind order otherwise', () => {
    expect(first('contact', meridian)).toBe(contactSchema.path);
    expect(first('Contacts', meridian)).toBe(contactsTag.path);
    expect(paths(rankHits('Create a contact', meridian)).slice(0, 2)).toEqual(['/docs/api/create-contact', '/blog/welcome']);
    expect(paths(rankHits('consent', meridian))).toEqual(paths(meridian));
    expect(paths(rankHits('   ', meridian))).toEqual(paths(meridian));
  });

  it('does not match a part of a path or a different method', () => {
    expect(matchClass('POST /v1/contacts/{contactId}', createContact)[0]).toBe(4);
    expect(matchClass('GET /v1/contacts', createContact)[0]).toBe(4);
    expect(matchClass('/v1', createContact)[0]).toBe(4);
  });

  it('lists the keys of a hit in normal form', () => {
    expect(exactKeys(createContact)).toEqual(['create a contact', 'createcontact', 'post /v1/contacts']);
    expect(exactKeys(contactsTag)).toEqual(['contacts']);
  });
});

describe('namesField', () => {
  it('finds a field by its name followed by its type, not the same word in a sentence', () => {
    expect(namesField('due_at', 'Fields. due_at string<date-time> required. When it is due.')).toBe(true);
    expect(namesField('idempotency-key', 'Header parameters Idempotency-Key string. A unique value.')).toBe(true);
    expect(namesField('email_marketing', 'Fields. consent.email_marketing string. Whether they agreed.')).toBe(true);
    expect(namesField('due_at', 'Set due_at to plan an action.')).toBe(false);
    expect(namesField('due at', 'due at string')).toBe(false);
  });

  it('ranks an operation with the field before pages that only mention it', () => {
    const overview = toSearchHit({url: '/docs/api/meridian-api.html', excerpt: '', meta: {title: 'Meridian API'}, content: 'Send an Idempotency-Key header with every POST.'});
    const create = toSearchHit({url: '/docs/api/create-tag.html', excerpt: '', meta: {title: 'Create a tag', method: 'POST', path: '/v1/tags'}, content: 'Create a tag. Header parameters Idempotency-Key string. A unique value.'});
    expect(paths(rankHits('Idempotency-Key', [overview, create]))).toEqual([create.path, overview.path]);
  });
});

describe('matchPathTemplate', () => {
  it('counts literal segments, allows a server base path of up to two segments, and matches mixed segments', () => {
    expect(matchPathTemplate(['v1', 'contacts', 'c1'], '/v1/contacts/{id}')).toBe(2);
    expect(matchPathTemplate(['v1.0', 'users', 'me'], '/users/{user-id}')).toBe(1);
    expect(matchPathTemplate(['a', 'b', 'c', 'users'], '/users')).toBeUndefined();
    expect(matchPathTemplate(['gists', 'x.json'], '/gists/{id}.json')).toBe(2);
    expect(matchPathTemplate(['gists', 'x.txt'], '/gists/{id}.json')).toBeUndefined();
  });
});

describe('stem and withinOneEdit', () => {
  it('makes a plural and its singular one word', () => {
    expect(['requests', 'repositories', 'addresses', 'status', 'class'].map(stem)).toEqual(['request', 'repository', 'address', 'statu', 'class']);
  });

  it('allows one insertion, deletion, substitution or swap', () => {
    expect(['crete', 'creatte', 'creatr', 'craete', 'create'].map((word) => withinOneEdit(word, 'create'))).toEqual([true, true, true, true, true]);
    expect(withinOneEdit('crate', 'create')).toBe(true);
    expect(withinOneEdit('cretae', 'create')).toBe(true);
    expect(withinOneEdit('crt', 'create')).toBe(false);
    expect(withinOneEdit('delete', 'create')).toBe(false);
  });
});

describe('the names lists in the ranking', () => {
  const webhook = (title: string, name: string) =>
    toSearchHit({url: `/docs/api/${name}.html`, excerpt: '', meta: {title, method: 'POST', path: name, kind: 'webhook'}, content: `${title}. pull_request object required. The pull request.`});
  const pullRequestSchema: SearchHit = {...toSearchHit({url: '/docs/api/schemas/pull-request.html', excerpt: '', meta: {title: 'pull-request', kind: 'schema'}}), name: 'pull-request'};
  const fieldHit = (hit: SearchHit, anchor: string, rank: number): SearchHit => ({
    ...hit,
    path: `${hit.path}#${anchor}`,
    field: {name: anchor.slice(anchor.lastIndexOf('.') + 1), anchor, rank, part: 'Response 200', path: anchor.slice(anchor.indexOf('.') + 1)},
  });

  it('puts a schema named exactly, or as an identifier in another case or with other separators, before webhooks that mention it', () => {
    const hits = [webhook('pull_request opened', 'pull-request-opened'), webhook('pull_request closed', 'pull-request-closed'), pullRequestSchema];
    for (const query of ['pull-request', 'PullRequest', 'pull_request']) expect(first(query, hits), query).toBe('/docs/api/schemas/pull-request');
    expect(matchClass('pull request review', pullRequestSchema)[0]).toBe(4);
  });

  it('ranks the pages of a field in the names list order, before pages that only list it in their text and after titles with the query', () => {
    const pullsGet = fieldHit(pullGet, 'response-200.mergeable_state', 0);
    const pullsUpdate = fieldHit(operation('Update a pull request', 'PATCH', '/repos/{owner}/{repo}/pulls/{pull_number}', 'pulls/update', 'pulls'), 'response-200.mergeable_state', 1);
    const inText = toSearchHit({url: '/docs/api/pull-request-edited.html', excerpt: '', meta: {title: 'pull_request edited', method: 'POST', path: 'pull-request-edited', kind: 'webhook'}, content: 'mergeable_state string The state.'});
    const titled = operation('Get the mergeable_state of a pull request', 'GET', '/x', 'x/mergeable-state');
    const ranked = rankHits('mergeable_state', [inText, pullsUpdate, titled, pullsGet]);
    expect(paths(ranked)).toEqual(['/docs/api/x-mergeable-state', '/docs/api/pulls-get#response-200.mergeable_state', '/docs/api/pulls-update#response-200.mergeable_state', '/docs/api/pull-request-edited']);
    expect(matchClass('MergeableState', pullsGet)).toEqual([3.5, 0]);
  });

  it('reads a hit\'s route without the anchor of its field', () => {
    expect(routeOf({path: '/docs/api/create-contact#request-body.consent.email_marketing'})).toBe('/docs/api/create-contact');
    expect(routeOf({path: '/docs/api/create-contact'})).toBe('/docs/api/create-contact');
  });
});

describe('correctTypos', () => {
  const autoMerge = toSearchHit({url: '/docs/api/pull-request-auto-merge-disabled.html', excerpt: '', meta: {title: 'pull_request auto_merge_disabled', kind: 'webhook'}});
  const merged = toSearchHit({url: '/docs/api/merge-upstream.html', excerpt: '', meta: {title: 'Sync a fork branch with the upstream repository (merge upstream)'}});

  it('corrects a word with two letters swapped, or one letter wrong, missing or extra, from the titles found', () => {
    expect(correctTypos('mrege a pull request', [autoMerge, merged])).toBe('merge a pull request');
    expect(correctTypos('list pull requsts', [pullsList, pullStacks])).toBe('list pull requests');
    expect(correctTypos('get a repositroy', [reposGet, forkApproval])).toBe('get a repository');
    expect(correctTypos('crete contact', [createContact])).toBe('create contact');
  });

  it('leaves words a title has, short words and words with no title one edit away, and says when nothing changed', () => {
    expect(correctTypos('merge a pull request', [autoMerge])).toBeUndefined();
    expect(correctTypos('get a repo', [reposGet])).toBeUndefined();
    expect(correctTypos('pagination headers', [reposGet, pullsList])).toBeUndefined();
  });

  it('takes the correction most titles have when several are one edit away', () => {
    const hits = ['List labels', 'Get a label', 'Update a label'].map((title, index) => operation(title, 'GET', `/l/${index}`, `issues/label-${index}`, 'issues'));
    expect(correctTypos('delete a lable', [...hits, operation('Get a table', 'GET', '/t', 'x/table')])).toBe('delete a label');
  });
});

describe('a query still being typed', () => {
  it('reads its last word as a prefix of any length, so a title with its words is found before the word is whole', () => {
    expect(matchClass('create a c', createContact)[0]).toBe(2);
    expect(matchClass('list pull r', pullsList)[0]).toBe(2);
    expect(matchClass('list x', pullsList)[0]).toBe(4);
  });
});

describe('lastWordComplete', () => {
  it('is true when the last word of the query is a whole word of a title, plurals aside, and false while it is still being typed', () => {
    expect(lastWordComplete('get a repository', [forkApproval])).toBe(true);
    expect(lastWordComplete('list pull request', [pullStacks])).toBe(true);
    expect(lastWordComplete('create a cont', [createContact, getContact])).toBe(false);
    expect(lastWordComplete('a', [createContact])).toBe(false);
  });
});
