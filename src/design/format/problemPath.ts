import type { DesignProblem } from '../design.types';

/**
 * Paths in a design document, as messages print them: `tables[0].entities[2].keys.SK`,
 * with names that are not identifiers quoted (`attributes["first name"]`).
 */

// The path and JSON-type helpers are DynamoDB JSON's too: one copy, in src/dynamo.
export { describeJsonType, elementPath, isPlainObject, memberPath } from '../../dynamo';

export function errorAt(path: string, message: string): DesignProblem {
  return { path, message, severity: 'error' };
}

export function warningAt(path: string, message: string): DesignProblem {
  return { path, message, severity: 'warning' };
}

/**
 * One line per problem, as every notice, alert and report shows it (file imports, share links,
 * saved designs): the path, where it is in the file when the file is JSON text, then the message.
 * A problem with no path (the whole document) is its message, with the position in front unless
 * the message already gives it.
 *
 * @example
 * describeDesignProblem({ path: "tables[0].entities[2].name", line: 14, column: 11, message: "must be text …", severity: "error" })
 * // "tables[0].entities[2].name (line 14, column 11): must be text …"
 * describeDesignProblem({ path: "tables[0].name", message: "is missing …", severity: "error" }) // "tables[0].name: is missing …"
 */
export function describeDesignProblem(problem: DesignProblem): string {
  const position = problem.line !== undefined ? `line ${problem.line}, column ${problem.column ?? 1}` : undefined;
  if (problem.path) {
    // The interchange readers (ShapeReader) already begin their messages with the path: say it once.
    const message = problem.message.startsWith(`${problem.path}: `) ? problem.message.slice(problem.path.length + 2) : problem.message;
    return `${problem.path}${position ? ` (${position})` : ''}: ${message}`;
  }
  if (position && !problem.message.includes(position)) return `${position.charAt(0).toUpperCase()}${position.slice(1)}: ${problem.message}`;
  return problem.message;
}

/** A readable list of allowed values: `"S", "N" or "B"`. */
export function quotedChoices(choices: readonly string[]): string {
  const quoted = choices.map((choice) => JSON.stringify(choice));
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}
