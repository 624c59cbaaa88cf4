import {describe, expect, it} from 'vitest';

import {isShortQuery, searchDelay, shouldPreload, TYPING_PAUSE_MS} from '../typing';

describe('searchDelay', () => {
  it('waits for the next key after a key typed', () => {
    expect(searchDelay({inputType: 'insertText', data: 'c'})).toBe(TYPING_PAUSE_MS);
    expect(searchDelay({inputType: 'deleteContentBackward', data: null})).toBe(TYPING_PAUSE_MS);
    expect(searchDelay({})).toBe(TYPING_PAUSE_MS);
  });

  it('searches at once when the query arrives whole', () => {
    expect(searchDelay({inputType: 'insertFromPaste', data: null})).toBe(0);
    expect(searchDelay({inputType: 'insertFromDrop', data: null})).toBe(0);
    expect(searchDelay({inputType: 'insertReplacementText', data: null})).toBe(0);
    expect(searchDelay({inputType: 'insertText', data: 'campaign'})).toBe(0);
  });

  it('counts a character outside the Basic Multilingual Plane as one key', () => {
    expect(searchDelay({inputType: 'insertText', data: '😀'})).toBe(TYPING_PAUSE_MS);
  });
});

describe('shouldPreload', () => {
  it('waits for four letters of the last word, spaces aside', () => {
    expect(shouldPreload('c')).toBe(false);
    expect(shouldPreload('con')).toBe(false);
    expect(shouldPreload(' con ')).toBe(false);
    expect(shouldPreload('cont')).toBe(true);
    expect(shouldPreload(' cont ')).toBe(true);
    expect(shouldPreload('😀😀😀')).toBe(false);
  });

  it('looks at the last word only: a new word starts again', () => {
    expect(shouldPreload('list co')).toBe(false);
    expect(shouldPreload('list cont')).toBe(true);
    expect(shouldPreload('GET /us')).toBe(false);
    expect(shouldPreload('GET /users')).toBe(true);
  });
});

describe('isShortQuery', () => {
  it('holds for one or two characters, spaces aside', () => {
    expect(isShortQuery('c')).toBe(true);
    expect(isShortQuery(' co ')).toBe(true);
    expect(isShortQuery('😀😀')).toBe(true);
  });

  it('does not hold for an empty query or three characters', () => {
    expect(isShortQuery('')).toBe(false);
    expect(isShortQuery('   ')).toBe(false);
    expect(isShortQuery('con')).toBe(false);
    expect(isShortQuery('a b')).toBe(false);
  });
});
