import type { FindingDecisionDesign } from '../design.types';
import { ReviewContext } from './reviewContext';
import type { ReviewedFinding, ReviewFinding, ReviewInput, ReviewRule, ReviewSeverity } from './review.types';
import { REVIEW_RULES } from './rules';

const SEVERITY_RANK: Readonly<Record<ReviewSeverity, number>> = { error: 0, warning: 1, note: 2 };

/**
 * Runs every rule over a design: its findings, errors first, each marked
 * with the decision the design keeps under its id, if any. A rule that
 * throws (a bug, never the design's fault) is reported as a finding of its
 * own rather than taking the review down.
 *
 * @example
 * reviewDesign({ design: LEADERBOARD_DESIGN }).map((finding) => finding.code)
 */
export function reviewDesign(input: ReviewInput, rules: readonly ReviewRule[] = REVIEW_RULES): readonly ReviewedFinding[] {
  const context = new ReviewContext(input);
  const findings: ReviewFinding[] = [];
  for (const rule of rules) {
    try {
      findings.push(...rule.check(context));
    } catch (error) {
      findings.push(
        context.finding(
          rule.code,
          'note',
          { table: '' },
          {
            message: `The check "${rule.title}" stopped on this design (${error instanceof Error ? error.message : String(error)}); its findings are missing.`,
            evidence: [],
            suggestion: 'Report it with the design file attached.',
          },
        ),
      );
    }
  }
  return markDecided(sortFindings(findings), input.design.decisions ?? []);
}

/** Errors first, then warnings, then notes; within a severity, in rule order. */
function sortFindings(findings: readonly ReviewFinding[]): ReviewFinding[] {
  return findings
    .map((finding, order) => ({ finding, order }))
    .sort((a, b) => SEVERITY_RANK[a.finding.severity] - SEVERITY_RANK[b.finding.severity] || a.order - b.order)
    .map(({ finding }) => finding);
}

/** Marks the findings the design keeps a decision on (by id) with it; the rest as they are (open). */
export function markDecided(findings: readonly ReviewFinding[], decisions: readonly FindingDecisionDesign[]): ReviewedFinding[] {
  if (decisions.length === 0) return [...findings];
  const byId = new Map(decisions.map((entry) => [entry.id, entry]));
  return findings.map((finding) => {
    const decision = byId.get(finding.id);
    return decision === undefined ? finding : { ...finding, decision };
  });
}
