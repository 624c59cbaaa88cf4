import {describe, expect, it} from 'vitest';

import {formatProblem, problemsFile, readablePath, summarizeProblems, type SpecProblem} from '../problems.js';

const problem = (kind: SpecProblem['kind'], line: number, message = `problem at ${line}`): SpecProblem => ({
  kind,
  pointer: `/paths/~1pets/get/x${line}`,
  line,
  column: 3,
  message,
});

describe('problems', () => {
  it('writes a pointer as a path a person reads', () => {
    expect(readablePath('/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema/additionalItems')).toBe(
      'paths./pets/{id}.get.responses.200.content.application/json.schema.additionalItems',
    );
    expect(readablePath('')).toBe('(document root)');
    expect(readablePath('/a~0b')).toBe('a~b');
  });

  it('formats one problem with its location, or without when it has none', () => {
    expect(formatProblem(problem('schema', 12, 'bad'))).toBe('paths./pets.get.x12 (line 12, column 3): bad');
    expect(formatProblem({kind: 'link', pointer: '/info/description', message: 'gone'})).toBe('info.description: gone');
  });

  it('groups by kind, prints at most the limit with a few of every kind, and counts the rest', () => {
    const problems = [...Array.from({length: 3}, (_, index) => problem('link', 100 + index)), ...Array.from({length: 4}, (_, index) => problem('schema', index + 1))];
    expect(summarizeProblems(problems, 5)).toEqual([
      'Not allowed by the OpenAPI schema (4):',
      '  - paths./pets.get.x1 (line 1, column 3): problem at 1',
      '  - paths./pets.get.x2 (line 2, column 3): problem at 2',
      '  - paths./pets.get.x3 (line 3, column 3): problem at 3',
      '  … and 1 more',
      'Links in descriptions (3):',
      '  - paths./pets.get.x100 (line 100, column 3): problem at 100',
      '  - paths./pets.get.x101 (line 101, column 3): problem at 101',
      '  … and 1 more',
    ]);
    expect(summarizeProblems(problems, 20).filter((line) => line.startsWith('  - '))).toHaveLength(7);
  });

  it('writes the file in document order with counts by kind', () => {
    const file = problemsFile([problem('link', 9), problem('schema', 2), {kind: 'reference', pointer: '/z', message: 'no line'}], 'SPEC_FILE x.yaml', 'abc');
    expect(file).toMatchObject({source: 'SPEC_FILE x.yaml', sha256: 'abc', total: 3, byKind: {schema: 1, link: 1, reference: 1}});
    expect(file.problems.map((entry) => entry.line ?? null)).toEqual([2, 9, null]);
  });
});
