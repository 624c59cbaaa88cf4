import {describe, expect, it} from 'vitest';
import {RULE_KEYS} from '../schema-model';
import {ruleLabels, rulePhrases, ruleProblems, SCHEMA_RULES, type RulePhrase} from '../schema-rules';
import type {SchemaRules} from '../model-types';

/** A phrase as the twin writes it, values in backticks. */
const words = (phrase: RulePhrase) => phrase.map((part) => (typeof part === 'string' ? part : `\`${part.code}\``)).join('');

describe('the table of schema rules', () => {
  it('covers every keyword the page model keeps, each in one row', () => {
    const covered = SCHEMA_RULES.flatMap((rule) => rule.keywords);
    expect([...covered].sort()).toEqual([...RULE_KEYS].sort());
    expect(new Set(covered).size).toBe(covered.length);
  });

  it('every row is shown (on the page or in the twin) and checked', () => {
    for (const rule of SCHEMA_RULES) {
      expect(rule.phrases, rule.keywords.join()).toBeDefined();
      expect(rule.check, rule.keywords.join()).toBeDefined();
    }
  });

  const all: SchemaRules = {
    format: 'email', minLength: 2, maxLength: 8, pattern: '^a', minimum: 1, exclusiveMinimum: 0, maximum: 9, exclusiveMaximum: 10,
    multipleOf: 3, minItems: 1, maxItems: 4, uniqueItems: true, minProperties: 1, maxProperties: 5,
  };

  it('labels for the page, pattern last', () => {
    expect(ruleLabels(all)).toEqual([
      '2 to 8 characters', '≥ 1', '> 0', '≤ 9', '< 10', 'multiple of 3', '≥ 1 items', '≤ 4 items', 'unique items', '≥ 1 properties', '≤ 5 properties', 'pattern: ^a',
    ]);
    expect(ruleLabels({maxLength: 3})).toEqual(['≤ 3 characters']);
  });

  it('phrases for the twin, the format only when the type label does not say it', () => {
    expect(rulePhrases(all, {typeLabel: 'string'}).map(words)).toEqual([
      'format `email`', 'min length 2', 'max length 8', 'pattern `^a`', 'minimum 1', 'greater than 0', 'maximum 9', 'less than 10', 'multiple of 3',
      'min items 1', 'max items 4', 'unique items', 'min properties 1', 'max properties 5',
    ]);
    expect(rulePhrases({format: 'email', minLength: 4, maxLength: 4}, {typeLabel: 'string<email>'}).map(words)).toEqual(['length 4']);
  });

  it('checks a value of each kind only against the rules of its kind', () => {
    expect(ruleProblems('x', all, '/a', '/a').map((problem) => problem.detail)).toEqual([
      '/a must be a valid email.', '/a must be at least 2 characters long.', '/a must match the pattern ^a.',
    ]);
    expect(ruleProblems(12, all, '', '/').map((problem) => problem.detail)).toEqual(['/ must be ≤ 9.', '/ must be < 10.']);
    expect(ruleProblems([1, 1], all, '', '/')).toEqual([{pointer: '/1', detail: '/1 repeats /0: the items must be unique.'}]);
    expect(ruleProblems({}, all, '', '/')).toEqual([{pointer: '', detail: '/ must have at least 1 properties.'}]);
    expect(ruleProblems(true, all, '', '/')).toEqual([]);
  });
});
