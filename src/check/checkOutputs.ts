import type { CheckReport } from './checkReport.types';
import { formatCheckText } from './formatCheckText';
import { writeGithubAnnotations, writeJunit, writeSarif } from './formats';
import { REVIEW_RULES } from '../design/review';

export interface CheckOutputOptions {
  /** ANSI colours (text only; only when stdout is a terminal and NO_COLOR is unset). */
  readonly color?: boolean;
  readonly quiet?: boolean;
  /** Where keylab's README is published (absolute URL), for SARIF's rule help links; left out when unknown. */
  readonly documentationUrl?: string;
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
  {
    name: 'json',
    description: 'the CheckReport as JSON (fields in a stable order; see the README)',
    write: (report) => `${JSON.stringify(report, null, 2)}\n`,
  },
  {
    name: 'sarif',
    description:
      'SARIF 2.1.0 for GitHub code scanning: every rule with its help, results at their line and column in the design file, decided findings as suppressions',
    write: (report, options) =>
      `${JSON.stringify(writeSarif(report, { rules: REVIEW_RULES, version: report.tool.version, ...(options.documentationUrl ? { documentationUrl: options.documentationUrl } : {}) }), null, 2)}\n`,
  },
  {
    name: 'junit',
    description: 'JUnit XML for CI test viewers: a testsuite per file, a testcase per finding, per rule that found nothing and per access pattern',
    write: (report) => writeJunit(report),
  },
  {
    name: 'github',
    description: 'GitHub Actions workflow commands: an ::error, ::warning or ::notice annotation per open finding, failing pattern and unreadable file',
    write: (report) => writeGithubAnnotations(report),
  },
];
