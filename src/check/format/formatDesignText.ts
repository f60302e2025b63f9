import { DESIGN_FILE_FORMAT_NAMES, designFormatOf, importDesignFile, parseDesignDocument, serializeDesignDocument, type DesignFileFormat, type DesignProblem } from '../../design';

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
  /** Not a design Keylab can format: each problem with its path, line and column where known. */
  | { readonly kind: 'unreadable'; readonly problems: readonly DesignProblem[] };

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
  const json = readJson(text);
  const format = json.ok ? designFormatOf(json.value) : undefined;
  if (format === 'keylab') return formatKeylab(text, fileName);
  if (json.ok && format === undefined) return unreadable(importDesignFile(text, fileName));
  // Another format, or not JSON at all (YAML, or broken JSON): Import design…'s reader says which, or what is wrong and where.
  if (!json.ok || options.toKeylab) {
    const imported = importDesignFile(text, fileName);
    if (!imported.ok) return { kind: 'unreadable', problems: imported.errors };
    return other(format ?? 'cloudformation', fileName, options.toKeylab ? serializeDesignDocument(imported.design) : undefined);
  }
  return other(format ?? 'cloudformation', fileName, undefined);
}

function formatKeylab(text: string, fileName: string): FormatDesignResult {
  const read = parseDesignDocument(text, { fileName });
  if (!read.ok) return { kind: 'unreadable', problems: read.errors };
  // Reading drops what the format doesn't keep (unknown keys, credentials, a second decision): rewriting would lose it silently.
  if (read.warnings.length > 0) {
    return {
      kind: 'unreadable',
      problems: read.warnings.map((warning) => ({
        ...warning,
        severity: 'error',
        message: `${warning.message} keylab format writes only what a design keeps, so it leaves this file as it is: remove or fix this first (or open the file in Keylab and export it).`,
      })),
    };
  }
  const canonical = serializeDesignDocument(read.design);
  const difference = firstDifference(text, canonical);
  return difference ? { kind: 'keylab', canonical, difference } : { kind: 'keylab', canonical };
}

function other(format: DesignFileFormat, fileName: string, keylab: string | undefined): FormatDesignResult {
  const name = DESIGN_FILE_FORMAT_NAMES[format];
  const message = `${fileName} is a ${name}, not a Keylab design file: keylab format rewrites Keylab design files only and converts nothing silently (keylab check reads it as it is; --to-keylab writes ${keylabFileName(fileName)} beside it).`;
  return keylab === undefined ? { kind: 'other', format, message } : { kind: 'other', format, message, keylab };
}

function unreadable(result: ReturnType<typeof importDesignFile>): FormatDesignResult {
  return { kind: 'unreadable', problems: result.ok ? [] : result.errors };
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

function readJson(text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
