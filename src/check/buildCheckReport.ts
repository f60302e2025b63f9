import type { CheckCounts, CheckFileReport, CheckReport, CheckSeverity, FailOn, SkippedFile } from './checkReport.types';
import type { RuleSelection } from './checkProfiles';

/** The `--fail-on` values, strictest first. */
export const FAIL_ON_VALUES: readonly FailOn[] = ['error', 'warning', 'note', 'never'];

const RANK: Readonly<Record<CheckSeverity, number>> = { error: 0, warning: 1, note: 2 };

/**
 * The run's report from its files' parts: the totals and the exit code —
 * 2 when a file could not be read (the others are still reported), else 1
 * when an open finding (or a failing pattern, an error) is at or above
 * `failOn`, else 0. Decided findings never count.
 *
 * @example
 * buildCheckReport([part], [], { selection, failOn: "warning", version: "0.1.0" }).exitCode // 1 with an open warning
 */
export function buildCheckReport(
  files: readonly CheckFileReport[],
  skipped: readonly SkippedFile[],
  options: { readonly selection: RuleSelection; readonly failOn: FailOn; readonly version: string },
): CheckReport {
  const counts = sumCounts(files.flatMap((file) => (file.status === 'checked' ? [file.counts] : [])));
  const unreadable = files.filter((file) => file.status === 'unreadable').length;
  return {
    reportVersion: 1,
    tool: { name: 'keylab', version: options.version },
    options: {
      failOn: options.failOn,
      profile: options.selection.profile,
      rules: options.selection.rules.map((rule) => rule.code),
      patterns: options.selection.patterns,
    },
    files,
    skipped,
    counts,
    unreadable,
    exitCode: unreadable > 0 ? 2 : failsAt(counts, options.failOn) ? 1 : 0,
  };
}

/** Whether open findings at or above `failOn` exist in `counts`. */
export function failsAt(counts: CheckCounts, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  return (Object.keys(RANK) as CheckSeverity[]).some((severity) => RANK[severity] <= RANK[failOn] && counts[severity] > 0);
}

function sumCounts(all: readonly CheckCounts[]): CheckCounts {
  const total = { error: 0, warning: 0, note: 0, decided: 0, failingPatterns: 0 };
  for (const counts of all) for (const key of Object.keys(total) as (keyof CheckCounts)[]) total[key] += counts[key];
  return total;
}
