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
    const reason = error instanceof Error ? error.message : String(error);
    const { line, column } = locateJsonError(text, reason);
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

/** Engines word the error differently: "at position 45", "(line 3 column 5)", "at line 3 column 5 of the JSON data". */
function locateJsonError(text: string, reason: string): { line: number; column: number } {
  const lineColumn = /line (\d+) column (\d+)/.exec(reason);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(reason);
  const offset = position ? Number(position[1]) : text.length;
  return lineColumnAt(text, offset);
}

/** The 1-based line and column of a UTF-16 offset in text. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: Math.min(offset, text.length) - lineStart + 1 };
}

/** The engine's reason without its own position wording (we give line and column ourselves). */
function cleanReason(reason: string): string {
  return reason
    .replace(/^JSON\.parse: /, '')
    .replace(/ in JSON at position \d+.*$/, '')
    .replace(/ at line \d+ column \d+ of the JSON data$/, '')
    .replace(/\s*\(line \d+ column \d+\)$/, '');
}
