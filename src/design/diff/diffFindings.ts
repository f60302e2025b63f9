import type { Design } from '../design.types';
import { reviewDesign } from '../review';
import type { ReviewFinding } from '../review/review.types';
import { makeChange } from './change';
import type { StructuralChange } from './diff.types';
import { HOW } from './verdicts';

/**
 * The review's findings of both designs compared by finding id (code and
 * subject): those the new design has and the old did not (added), and those
 * it no longer has (resolved). Table names follow a renamed table.
 */
export function diffFindings(before: Design, after: Design, renamed: ReadonlyMap<string, string>): StructuralChange[] {
  const beforeFindings = reviewDesign({ design: before });
  const afterFindings = reviewDesign({ design: after });
  const beforeIds = new Set(beforeFindings.map((finding) => finding.id));
  const afterIds = new Set(afterFindings.map((finding) => finding.id));
  const tableOf = (finding: ReviewFinding) => renamed.get(finding.subject.table) ?? finding.subject.table;
  const change = (finding: ReviewFinding, action: 'added' | 'resolved') =>
    makeChange({
      table: tableOf(finding),
      area: 'finding',
      action,
      subject: `${finding.severity} ${finding.code}${finding.subject.entity ? ` (${finding.subject.entity})` : ''}`,
      [action === 'added' ? 'after' : 'before']: finding.message,
      verdict: 'review',
      verdictLabel: action === 'added' ? 'new finding' : 'finding resolved',
      how: action === 'added' ? HOW.findingAdded : HOW.findingResolved,
      severity: finding.severity,
      code: finding.code,
      ...(finding.subject.entity ? { entity: finding.subject.entity } : {}),
      // Two findings of one code and entity differ in their id only.
      id: `finding|${action}|${finding.id}`,
    });
  return [
    ...afterFindings.filter((finding) => !beforeIds.has(finding.id)).map((finding) => change(finding, 'added')),
    ...beforeFindings.filter((finding) => !afterIds.has(finding.id)).map((finding) => change(finding, 'resolved')),
  ];
}
