import {describe, expect, it} from 'vitest';

import {parseCommandLine, UsageError} from '../command-line';

const OPTIONS = {
  spec: {type: 'string'},
  only: {type: 'string', multiple: true},
  json: {type: 'boolean'},
  help: {type: 'boolean', short: 'h'},
} as const;

describe('parseCommandLine', () => {
  it('reads --name value, --name=value, repeated options, short flags and positionals after --', () => {
    expect(parseCommandLine(['--spec', 'a.yaml', '--only=x', '--only', 'y', '-h', '--json', 'old', '--', '--new'], OPTIONS, {positionals: true})).toEqual({
      values: {spec: 'a.yaml', only: ['x', 'y'], help: true, json: true},
      positionals: ['old', '--new'],
    });
    expect(parseCommandLine([], OPTIONS).values).toEqual({});
  });

  it('names the argument that is wrong, and why', () => {
    const message = (args: string[], positionals = false) => {
      try {
        parseCommandLine(args, OPTIONS, {positionals});
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(message(['--colour=red'])).toBe('Unknown option "--colour".');
    expect(message(['-x'])).toBe('Unknown option "-x".');
    expect(message(['--spec'])).toBe('--spec needs a value.');
    expect(message(['--spec='])).toBe('--spec needs a value.');
    expect(message(['--json=yes'])).toBe('--json takes no value.');
    expect(message(['stray'])).toBe('Unexpected argument "stray".');
    expect(message(['stray'], true)).toBe('accepted');
  });
});
