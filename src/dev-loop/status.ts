import type {SpecProblem} from '../spec-source/problems';

/**
 * What the development server shows the writer about the last run of the
 * spec step: `npm start` (scripts/start.ts) writes it as JSON after each run,
 * and the development-only overlay (src/plugins/dev-problems) reads it. Plain
 * JSON, shared by both sides.
 */
export interface DevStatus {
  /** Names this run of the spec step, unique across restarts of `npm start`, so a dismissed overlay comes back for the next one. */
  run: string;
  /** The description's source as the log names it, e.g. `SPEC_FILE spec/openapi.yaml`. */
  source: string;
  /** The edit could not be published: the pages on screen are the last good ones. */
  failure?: DevFailure;
  /** Problems of the description the pages are built from. */
  problems: DevProblem[];
  /** How many problems there are in all; `problems` holds at most MAX_LISTED_PROBLEMS. */
  total: number;
}

export interface DevFailure {
  /** The spec step's cause, e.g. `YAML error at line 3, column 9: …`. */
  message: string;
  details: readonly string[];
  /** Where the cause is, when the spec step names a line. */
  file?: string;
  line?: number;
  column?: number;
}

export interface DevProblem {
  /** The file the line and column are in (the description, or an overlay). */
  file: string;
  /** JSON Pointer (RFC 6901) into the description. */
  pointer: string;
  line?: number;
  column?: number;
  message: string;
}

/** The overlay lists this many; the rest are in `.spec/problems.json`. */
export const MAX_LISTED_PROBLEMS = 200;

/** `file:line:column` as editors and terminals link it; only as much as is known. */
export function locationOf(place: {file: string; line?: number; column?: number}): string {
  if (place.line === undefined) return place.file;
  return place.column === undefined ? `${place.file}:${place.line}` : `${place.file}:${place.line}:${place.column}`;
}

/** A problem as the terminal prints it: `spec.yaml:12:7: message (at /paths/~1pets/get)`. */
export function problemLine(problem: DevProblem): string {
  return `${locationOf(problem)}: ${problem.message} (at ${problem.pointer === '' ? '/' : problem.pointer})`;
}

/** The spec step's problems, with the file each is in (`sourceFile` unless the problem names another). */
export function devProblems(problems: readonly SpecProblem[], sourceFile: string): DevProblem[] {
  return problems.map((problem) => ({
    file: problem.file ?? sourceFile,
    pointer: problem.pointer,
    ...(problem.line === undefined ? {} : {line: problem.line}),
    ...(problem.column === undefined ? {} : {column: problem.column}),
    message: problem.message,
  }));
}

/** A failure with the place its message names (`… at line 3, column 9 …`, as parse-spec.ts words YAML errors), in `sourceFile`. */
export function devFailure(failure: {message: string; details: readonly string[]}, sourceFile: string): DevFailure {
  const place = /\bline (\d+), column (\d+)/.exec(failure.message);
  return {
    message: failure.message,
    details: failure.details,
    file: sourceFile,
    ...(place ? {line: Number(place[1]), column: Number(place[2])} : {}),
  };
}
