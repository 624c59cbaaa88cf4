/** How the diff words its changes: names as code, plurals, types and values. */

/** `a`, `a` and `b`, `a`, `b` and `c`: names between backticks, for readers to show as code. */
export function codeList(values: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  const quoted = values.map((value) => `\`${value}\``);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted.at(-1)}`;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

export function enumValueText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

export function typeText(types: readonly string[] | undefined): string {
  return types === undefined ? 'any' : types.join(' | ');
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
