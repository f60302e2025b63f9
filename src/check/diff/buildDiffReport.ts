import type { Design, StructuralChange } from '../../design';
import { diffDesigns, VERDICT_LABELS, VERDICT_RANK } from '../../design/diff';
import type { DiffFinding, DiffReport, DiffSideSource, DiffSource } from './diffReport.types';
import { migrationSteps } from './migrationSteps';

/** A side as the command line names it: the path, or `git:REV:path`. */
export const sourceLabel = (source: DiffSource): string => (source.kind === 'file' ? source.path : `git:${source.rev}:${source.path}`);

/** A finding change as a finding (diffFindings gives every one its code and severity). */
function findingsOf(changes: readonly StructuralChange[]): DiffFinding[] {
  return changes.flatMap((change) =>
    change.code === undefined || change.severity === undefined
      ? []
      : [
          {
            code: change.code,
            severity: change.severity,
            table: change.table,
            ...(change.entity !== undefined ? { entity: change.entity } : {}),
            message: change.after ?? change.before ?? '',
            ...(change.decision !== undefined ? { decision: change.decision } : {}),
          },
        ],
  );
}

/**
 * `keylab diff`'s report of two revisions of a design: the structural diff
 * (diffDesigns), the change that needs the most work, the findings added and
 * resolved, and the migrations with their `npm run migrate` commands. Pure.
 *
 * @example
 * buildDiffReport(v1, v2, { before: { source: { kind: 'git', rev: 'main', path: 'shop.keylab.json' }, keylabDesign: true }, after: … }).worst
 * // { verdict: "newIndexAndBackfill", label: "new index and backfill" }
 */
export function buildDiffReport(before: Design, after: Design, sides: { readonly before: DiffSideSource; readonly after: DiffSideSource }): DiffReport {
  const diff = diffDesigns(before, after);
  const changes = diff.changes.filter((change) => change.area !== 'finding');
  const findings = diff.changes.filter((change) => change.area === 'finding');
  const worst = changes.reduce<StructuralChange | undefined>(
    (most, change) => (most === undefined || VERDICT_RANK[change.verdict] < VERDICT_RANK[most.verdict] ? change : most),
    undefined,
  );
  return {
    format: 'keylab.diff/1',
    before: sourceLabel(sides.before.source),
    after: sourceLabel(sides.after.source),
    summary: diff.summary,
    ...(worst ? { worst: { verdict: worst.verdict, label: VERDICT_LABELS[worst.verdict] } } : {}),
    changes,
    findings: {
      added: findingsOf(findings.filter((change) => change.action === 'added')),
      resolved: findingsOf(findings.filter((change) => change.action === 'resolved')),
      decided: findingsOf(diff.decidedFindings),
      staleDecisions: diff.staleDecisions,
    },
    migrations: migrationSteps(changes, before, after, sides),
  };
}
