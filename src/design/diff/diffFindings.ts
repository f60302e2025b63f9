import type { Design, FindingDecisionDesign } from '../design.types';
import { isDecided, reviewDesign, staleDecisions } from '../review';
import type { ReviewedFinding } from '../review/review.types';
import { REVIEW_RULES } from '../review/rules';
import { makeChange } from './change';
import type { StructuralChange } from './diff.types';
import { HOW } from './verdicts';

/** The findings part of a diff: the changes, the new findings the new design records a decision on, and its stale decisions. */
export interface FindingsDiff {
  readonly changes: readonly StructuralChange[];
  readonly decided: readonly StructuralChange[];
  readonly staleDecisions: readonly FindingDecisionDesign[];
}

/**
 * The review's findings of both designs compared by finding id (code and
 * subject): those the new design has and the old did not (added), and those
 * it no longer has (resolved). Table names follow a renamed table. Decisions
 * are read as `keylab check` reads them: a new finding the new design records
 * a decision on is quiet (in `decided`, not a change), and a decision of the
 * new design whose finding no longer fires is stale (listed).
 */
export function diffFindings(before: Design, after: Design, renamed: ReadonlyMap<string, string>): FindingsDiff {
  const beforeFindings = reviewDesign({ design: before });
  const afterFindings = reviewDesign({ design: after });
  const beforeIds = new Set(beforeFindings.map((finding) => finding.id));
  const afterIds = new Set(afterFindings.map((finding) => finding.id));
  const tableOf = (finding: ReviewedFinding) => renamed.get(finding.subject.table) ?? finding.subject.table;
  const change = (finding: ReviewedFinding, action: 'added' | 'resolved') =>
    makeChange({
      table: tableOf(finding),
      area: 'finding',
      action,
      subject: `${finding.severity} ${finding.code}${finding.subject.entity ? ` (${finding.subject.entity})` : ''}`,
      [action === 'added' ? 'after' : 'before']: finding.message,
      verdict: 'review',
      verdictLabel: action === 'added' ? (isDecided(finding) ? 'decided finding' : 'new finding') : 'finding resolved',
      how: action === 'added' ? (isDecided(finding) ? HOW.findingDecided : HOW.findingAdded) : HOW.findingResolved,
      severity: finding.severity,
      code: finding.code,
      ...(finding.subject.entity ? { entity: finding.subject.entity } : {}),
      ...(action === 'added' && finding.decision ? { decision: finding.decision } : {}),
      // Two findings of one code and entity differ in their id only.
      id: `finding|${action}|${finding.id}`,
    });
  const added = afterFindings.filter((finding) => !beforeIds.has(finding.id));
  return {
    changes: [
      ...added.filter((finding) => !isDecided(finding)).map((finding) => change(finding, 'added')),
      ...beforeFindings.filter((finding) => !afterIds.has(finding.id)).map((finding) => change(finding, 'resolved')),
    ],
    decided: added.filter(isDecided).map((finding) => change(finding, 'added')),
    staleDecisions: staleDecisions(after.decisions ?? [], afterFindings, ALL_RULE_CODES),
  };
}

const ALL_RULE_CODES: ReadonlySet<string> = new Set(REVIEW_RULES.map((rule) => rule.code));
