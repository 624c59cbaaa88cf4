import type {SpecLogger} from '../../resolve-spec.js';

/** A spec step logger that keeps every line, prefixed with its level, for exact assertions. */
export function collectingLogger(): SpecLogger & {lines: string[]} {
  const lines: string[] = [];
  return {
    lines,
    info: (line) => lines.push(`info  ${line}`),
    warn: (line) => lines.push(`warn  ${line}`),
    error: (line) => lines.push(`error ${line}`),
  };
}
