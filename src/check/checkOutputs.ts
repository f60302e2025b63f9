import type { CheckReport } from './checkReport.types';
import { formatCheckText } from './formatCheckText';

export interface CheckOutputOptions {
  /** ANSI colours (text only; only when stdout is a terminal and NO_COLOR is unset). */
  readonly color?: boolean;
  readonly quiet?: boolean;
}

/** One `--format` of `keylab check`: the report written as text for stdout. */
export interface CheckOutputFormat {
  readonly name: string;
  /** One line for `--help`. */
  readonly description: string;
  write(report: CheckReport, options: CheckOutputOptions): string;
}

/**
 * The `--format` values of `keylab check`, by name (text is the default).
 * Each writer reads the same CheckReport; add a format here with its writer.
 */
export const CHECK_OUTPUT_FORMATS: readonly CheckOutputFormat[] = [
  { name: 'text', description: 'readable text: per file its findings, decisions and pattern verdicts, then a summary line (default)', write: formatCheckText },
  { name: 'json', description: 'the CheckReport as JSON (fields in a stable order; see the README)', write: (report) => `${JSON.stringify(report, null, 2)}\n` },
];
