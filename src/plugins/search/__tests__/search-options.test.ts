import {describe, expect, it} from 'vitest';

import {DEFAULT_OPTIONS, validateOptions} from '../search-options';

describe('validateOptions', () => {
  it('fills in the defaults', () => {
    expect(validateOptions(undefined)).toEqual(DEFAULT_OPTIONS);
    expect(validateOptions({language: 'de'})).toEqual({...DEFAULT_OPTIONS, language: 'de'});
    expect(DEFAULT_OPTIONS.excludeSelectors).toEqual(['aside.api-examples', '.schema-page-details']);
  });

  it('names the option and the bad value', () => {
    expect(() => validateOptions([])).toThrow('[search] options must be an object, got []');
    expect(() => validateOptions({outDir: 'x'})).toThrow('[search] unknown option "outDir"; known options: outputSubdir, glob, excludeSelectors, language');
    expect(() => validateOptions({outputSubdir: '../pagefind'})).toThrow('[search] option "outputSubdir" must be a relative folder inside the build output, got "../pagefind"');
    expect(() => validateOptions({outputSubdir: '/pagefind'})).toThrow('[search] option "outputSubdir" must be a relative folder inside the build output, got "/pagefind"');
    expect(() => validateOptions({glob: '**/*'})).toThrow('[search] option "glob" must match HTML files (end in ".html"), got "**/*"');
    expect(() => validateOptions({excludeSelectors: ['aside', '']})).toThrow('[search] option "excludeSelectors" must be a list of CSS selectors, got ["aside",""]');
    expect(() => validateOptions({language: 'English'})).toThrow('[search] option "language" must be a language code such as "en", got "English"');
  });
});
