import { locateJsonError } from '../../errors';
import type { DesignProblem } from '../design.types';

/**
 * Reads untrusted JSON text: the value, or one problem saying where the text
 * stops being JSON (line and column, 1-based) and in which file.
 */
export type JsonTextResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly errors: readonly DesignProblem[] };

export function parseJsonText(text: string, fileName?: string): JsonTextResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const located = locateJsonError(text, error);
    const { line, column } = located.where ?? { line: 1, column: 1 };
    const reason = located.reason;
    const file = fileName ? `${fileName} ` : 'The file ';
    return {
      ok: false,
      errors: [
        {
          path: '',
          severity: 'error',
          line,
          column,
          message: `${file}is not valid JSON at line ${line}, column ${column}: ${cleanReason(reason)}. Fix the text there (a missing comma or quote, a trailing comma) and import it again.`,
        },
      ],
    };
  }
}

/** The engine's reason without its own position wording (we give line and column ourselves). */
function cleanReason(reason: string): string {
  return reason
    .replace(/^JSON\.parse: /, '')
    .replace(/ in JSON at position \d+.*$/, '')
    .replace(/ at line \d+ column \d+ of the JSON data$/, '')
    .replace(/\s*\(line \d+ column \d+\)$/, '');
}
