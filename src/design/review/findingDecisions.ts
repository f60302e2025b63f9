import type { FindingDecisionDesign } from '../design.types';

/**
 * Decisions on review findings (accepted, won't fix, fix later), read the
 * same way by every reader of a review: `keylab check`, `keylab diff` and the
 * Design tab. A decided finding is quiet (never fails a run, never listed as
 * new); a decision whose finding no longer fires is stale and listed, so it
 * can be removed from the design.
 */

/** Whether a finding carries a decision (reviewDesign marks the findings a design keeps a decision on). */
export function isDecided(finding: { readonly decision?: FindingDecisionDesign }): boolean {
  return finding.decision !== undefined;
}

/**
 * The decisions whose finding no longer fires: of the rules that ran (`ranCodes`), none reported
 * a finding with the decision's id. A decision on a rule that didn't run (a narrower --rules or
 * profile) is not stale: nothing was checked.
 *
 * @example
 * staleDecisions(design.decisions ?? [], reviewDesign({ design }), new Set(REVIEW_RULES.map((rule) => rule.code)))
 */
export function staleDecisions(
  decisions: readonly FindingDecisionDesign[],
  fired: readonly { readonly id: string }[],
  ranCodes: ReadonlySet<string>,
): FindingDecisionDesign[] {
  if (decisions.length === 0) return [];
  const firedIds = new Set(fired.map((finding) => finding.id));
  return decisions.filter((decision) => !firedIds.has(decision.id) && ranCodes.has(decision.code));
}
