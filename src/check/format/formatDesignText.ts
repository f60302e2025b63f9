import { importDesignFile, serializeDesignDocument, type DesignFileFormat, type DesignProblem } from '../../design';
import { FORMAT_NAMES } from '../formatCheckText';

/**
 * What `keylab format` makes of one file's text. Keylab design files are
 * rewritten in the canonical layout (serializeDesignDocument: the same text
 * Export design… writes); the other formats Keylab reads are not Keylab
 * design files and are never converted silently (`toKeylab` asks for the
 * Keylab design beside them); a file that does not read is refused with
 * each problem's line and column, and nothing is written for it.
 */
export type FormatDesignResult =
  /** A Keylab design: its canonical text, and where the file first differs from it (absent: already canonical). */
  | { readonly kind: 'keylab'; readonly canonical: string; readonly difference?: TextDifference }
  /** Another format Keylab reads; `keylab` is the canonical Keylab design of it when `toKeylab` was asked. */
  | { readonly kind: 'other'; readonly format: DesignFileFormat; readonly message: string; readonly keylab?: string }
  /**
   * Not a design Keylab can format: each problem with its path, line and
   * column where known; the format when the reader recognised it;
   * `notADesignFile` when it is valid JSON or YAML but no design format.
   */
  | { readonly kind: 'unreadable'; readonly problems: readonly DesignProblem[]; readonly format?: DesignFileFormat; readonly notADesignFile?: true };

/** The first line where two texts differ (1-based line and column), with both lines as they are. */
export interface TextDifference {
  readonly line: number;
  readonly column: number;
  /** The file's line ("" past its end). */
  readonly found: string;
  /** The canonical layout's line ("" past its end). */
  readonly expected: string;
}

export interface FormatDesignOptions {
  /** For another format: also import it and give its canonical Keylab design. */
  readonly toKeylab?: boolean;
}

/**
 * Formats one design file's text (see FormatDesignResult).
 *
 * @example
 * formatDesignText(text, "shop.keylab.json")
 * // { kind: "keylab", canonical: "{\n  \"format\": …", difference: { line: 57, column: 13, found: "            {", expected: "            {\"id\": \"o1\", …}," } }
 */
export function formatDesignText(text: string, fileName: string, options: FormatDesignOptions = {}): FormatDesignResult {
  // Import design…'s reader tells the formats apart by content and says where a file stops reading.
  // Read under its base name, as Import design… (and keylab check) read a file.
  const imported = importDesignFile(text, fileName.split(/[\\/]/).pop() || fileName);
  if (!imported.ok)
    return {
      kind: 'unreadable',
      problems: imported.errors,
      ...(imported.format ? { format: imported.format } : {}),
      ...(imported.notADesignFile ? { notADesignFile: true } : {}),
    };
  const format = imported.format ?? 'keylab';
  if (format !== 'keylab') {
    const message = `${fileName} is a ${FORMAT_NAMES[format]}, not a Keylab design file: keylab format rewrites Keylab design files only and converts nothing silently (keylab check reads it as it is; --to-keylab writes ${keylabFileName(fileName)} beside it).`;
    return options.toKeylab ? { kind: 'other', format, message, keylab: serializeDesignDocument(imported.design) } : { kind: 'other', format, message };
  }
  // Reading drops what the format doesn't keep (unknown keys, credentials, a second decision): rewriting would lose it silently.
  if (imported.warnings.length > 0) {
    return {
      kind: 'unreadable',
      format,
      problems: imported.warnings.map((warning) => ({
        ...warning,
        severity: 'error',
        message: `${warning.message} keylab format writes only what a design keeps, so it leaves this file as it is: remove or fix this first.`,
      })),
    };
  }
  const canonical = serializeDesignDocument(imported.design);
  const difference = firstDifference(text, canonical);
  return difference ? { kind: 'keylab', canonical, difference } : { kind: 'keylab', canonical };
}

/**
 * The name of the Keylab design written beside another format's file:
 * its name without the extension, then `.keylab.json`.
 *
 * @example
 * keylabFileName("models/shop-model.json") // "models/shop-model.keylab.json"
 * keylabFileName("stack.template.yaml")    // "stack.template.keylab.json"
 */
export function keylabFileName(fileName: string): string {
  return fileName.replace(/\.(json|ya?ml|template)$/i, '') + '.keylab.json';
}

/**
 * Where `text` first differs from `canonical`, line by line (a `\r\n` line
 * end differs at its `\r`); undefined when they are the same.
 *
 * @example
 * firstDifference('{\n  "a": 1\n}\n', '{\n  "a": 2\n}\n') // { line: 2, column: 8, found: '  "a": 1', expected: '  "a": 2' }
 */
export function firstDifference(text: string, canonical: string): TextDifference | undefined {
  if (text === canonical) return undefined;
  const found = text.split('\n');
  const expected = canonical.split('\n');
  for (let i = 0; i < Math.max(found.length, expected.length); i++) {
    const a = found[i] ?? '';
    const b = expected[i] ?? '';
    if (a === b && i < found.length && i < expected.length) continue;
    let column = 0;
    while (column < a.length && column < b.length && a[column] === b[column]) column++;
    return { line: i + 1, column: column + 1, found: a, expected: b };
  }
  return undefined;
}

/** The longest part of a line a message quotes. */
const QUOTED_LENGTH = 100;

/**
 * What a file that is not in the canonical layout says, as a file problem
 * (`file:line:column: error: …` in the text output): where it first differs,
 * both lines quoted as JSON strings (so control characters show as escapes),
 * and how to fix it.
 *
 * @example
 * layoutProblem("shop.keylab.json", { line: 57, column: 13, found: "            {", expected: "            {\"id\": \"o1\"…" }).message
 * // 'not in the canonical layout (keylab format): line 57 is "            {" where the layout has "            {\"id\": …"; run keylab format shop.keylab.json'
 */
export function layoutProblem(
  fileName: string,
  difference: TextDifference,
): { readonly severity: 'error'; readonly path: ''; readonly line: number; readonly column: number; readonly message: string } {
  const { line, column, found, expected } = difference;
  const what =
    found === '' && expected === ''
      ? 'the file does not end with exactly one newline'
      : found === ''
        ? `the file ends before line ${line}, which the layout has as ${quote(expected)}`
        : expected === ''
          ? `line ${line} is ${quote(found)}, where the layout has no more text`
          : `line ${line} is ${quote(found)} where the layout has ${quote(expected)}`;
  return { severity: 'error', path: '', line, column, message: `not in the canonical layout (keylab format): ${what}; run keylab format ${fileName}` };
}

function quote(line: string): string {
  return JSON.stringify(line.length > QUOTED_LENGTH ? `${line.slice(0, QUOTED_LENGTH)}…` : line);
}
