import {describe, expect, it} from 'vitest';

import {diffSpecs} from '../diff-specs';
import {formatDiff, operationTitle, summaryLine} from '../format-diff';
import {jsonContent, specWith} from './fixtures';

const OK = {'200': {description: 'OK'}};

describe('formatDiff', () => {
  it('groups changes by operation, removed first, with BREAKING markers and a summary line', () => {
    const before = specWith({
      '/v1/things': {get: {operationId: 'listThings', summary: 'List things', parameters: [{name: 'q', in: 'query', schema: {type: 'string'}}], responses: OK}},
      '/v1/search': {get: {operationId: 'search', responses: OK}},
    });
    const after = specWith({
      '/v1/things': {
        get: {operationId: 'listThings', summary: 'List things', responses: {...OK, '404': {description: 'Not found'}}},
        post: {summary: 'Create a thing', requestBody: jsonContent({type: 'object'}), responses: OK},
      },
    });
    expect(formatDiff(diffSpecs(before, after), {old: '1.0.0 (old.yaml)', new: '1.1.0 (new.yaml)'})).toBe(
      [
        'Comparing 1.0.0 (old.yaml) with 1.1.0 (new.yaml)',
        '',
        'Removed operations:',
        '  GET /v1/search (search)',
        '    BREAKING    The operation was removed.',
        '                Removing an operation breaks every client that calls it.',
        '',
        'Added operations:',
        '  POST /v1/things (Create a thing)',
        '    compatible  The operation was added.',
        '                A new operation does not affect existing clients.',
        '',
        'Changed operations:',
        '  GET /v1/things (listThings: List things)',
        '    BREAKING    Removed query parameter `q`.',
        '                Removing a parameter breaks clients that send it: the API may reject it, or ignore it and return different results.',
        '    compatible  Added response `404`.',
        '                Clients should handle status codes they do not know by their class (2xx, 4xx, 5xx).',
        '',
        'Summary: 1 operation added, 1 removed, 1 changed; 2 breaking changes, 2 compatible.',
        '',
      ].join('\n'),
    );
  });

  it('says so when no operation changed', () => {
    const document = specWith({'/v1/things': {get: {responses: OK}}});
    expect(formatDiff(diffSpecs(document, document), {old: 'a.yaml', new: 'b.yaml'})).toBe(
      'Comparing a.yaml with b.yaml\n\nNo changes to operations.\n\nSummary: 0 operations added, 0 removed, 0 changed; 0 breaking changes, 0 compatible.\n',
    );
  });
});

describe('operationTitle and summaryLine', () => {
  it('names an operation by method and path, then its operationId and summary when it has them', () => {
    expect(operationTitle({method: 'GET', path: '/v1/things'})).toBe('GET /v1/things');
    expect(operationTitle({method: 'GET', path: '/v1/things', operationId: 'listThings', summary: 'List things'})).toBe(
      'GET /v1/things (listThings: List things)',
    );
  });

  it('uses singular words for one', () => {
    expect(summaryLine({added: 1, removed: 0, changed: 2, breaking: 1, nonBreaking: 3})).toBe(
      'Summary: 1 operation added, 0 removed, 2 changed; 1 breaking change, 3 compatible.',
    );
  });
});
