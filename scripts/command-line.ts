import {parseArgs} from 'node:util';

/** A command used wrongly: the message says which argument and why, for the CLI to print with its usage. */
export class UsageError extends Error {}

interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
}

/**
 * `node:util` parseArgs for the project's command-line entry points, with
 * errors that name the argument: `Unknown option "--colour".`,
 * `--spec needs a value.`, `--json takes no value.`, `Unexpected argument
 * "x".`. Options take `--name value` or `--name=value`. Strict parseArgs
 * refuses the same arguments but words the errors for Node's own tooling.
 */
export function parseCommandLine<const Options extends Record<string, OptionSpec>>(
  args: readonly string[],
  options: Options,
  {positionals = false}: {positionals?: boolean} = {},
) {
  const {tokens} = parseArgs({args: [...args], options, strict: false, allowPositionals: true, tokens: true});
  for (const token of tokens) {
    if (token.kind === 'positional' && !positionals) throw new UsageError(`Unexpected argument "${token.value}".`);
    if (token.kind !== 'option') continue;
    const option = options[token.name] as OptionSpec | undefined;
    if (option === undefined) throw new UsageError(`Unknown option "${token.rawName}".`);
    if (option.type === 'string' && (token.value === undefined || token.value === '')) throw new UsageError(`${token.rawName} needs a value.`);
    if (option.type === 'boolean' && token.inlineValue) throw new UsageError(`${token.rawName} takes no value.`);
  }
  // Every argument is known and well formed now, so strict parsing succeeds and types the values.
  return parseArgs({args: [...args], options, strict: true, allowPositionals: positionals});
}
