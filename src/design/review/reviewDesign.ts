import type { AcceptedFindingDesign } from '../design.types';
import { ReviewContext } from './reviewContext';
import type { ReviewedFinding, ReviewFinding, ReviewInput, ReviewRule, ReviewSeverity } from './review.types';
import { REVIEW_RULES } from './rules';

const SEVERITY_RANK: Readonly<Record<ReviewSeverity, number>> = { error: 0, warning: 1, note: 2 };

/**
 * Runs every rule over a design: its findings, errors first, each marked
 * accepted where the design keeps an acceptance under its id. A rule that
 * throws (a bug, never the design's fault) is reported as a finding of its
 * own rather than taking the review down.
 *
 * @example
 * reviewDesign({ design: LEADERBOARD_DESIGN }).map((finding) => finding.code)
 */
export function reviewDesign(input: ReviewInput, rules: readonly ReviewRule[] = REVIEW_RULES): readonly ReviewedFinding[] {
  const steps = reviewDesignSteps(input, rules);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * reviewDesign in steps, for a caller that must not hold the main thread for
 * a whole review (the Design tab reviews after each keystroke's paint): one
 * step per entity (compiling its templates and encoding its samples' keys),
 * one for the sort ranges, one per rule. The caller may yield between steps
 * or stop, when the design changed meanwhile, by dropping the generator; the
 * result is reviewDesign's.
 */
export function* reviewDesignSteps(input: ReviewInput, rules: readonly ReviewRule[] = REVIEW_RULES): Generator<void, readonly ReviewedFinding[], void> {
  const context = new ReviewContext(input);
  // The shared context first, an entity at a time: for 20 entities × 1,000 samples it is most of a review.
  for (const review of context.entities()) {
    for (const template of review.templates) review.encodedKeys(template.attribute.name);
    yield;
  }
  context.sortRanges();
  yield;
  const findings: ReviewFinding[] = [];
  for (const rule of rules) {
    findings.push(...checkRule(rule, context));
    yield;
  }
  return markAccepted(sortFindings(findings), input.design.acceptedFindings ?? []);
}

function checkRule(rule: ReviewRule, context: ReviewContext): readonly ReviewFinding[] {
  try {
    return rule.check(context);
  } catch (error) {
    return [
      context.finding(rule.code, 'note', { table: '' }, {
        message: `The check "${rule.title}" stopped on this design (${error instanceof Error ? error.message : String(error)}); its findings are missing.`,
        evidence: [],
        suggestion: 'Report it with the design file attached.',
      }),
    ];
  }
}

/** Errors first, then warnings, then notes; within a severity, in rule order. */
function sortFindings(findings: readonly ReviewFinding[]): ReviewFinding[] {
  return findings.map((finding, order) => ({ finding, order })).sort((a, b) => SEVERITY_RANK[a.finding.severity] - SEVERITY_RANK[b.finding.severity] || a.order - b.order).map(({ finding }) => finding);
}

/** Marks the findings the design keeps an acceptance for (by id) with its note; the rest as they are. */
export function markAccepted(findings: readonly ReviewFinding[], accepted: readonly AcceptedFindingDesign[]): ReviewedFinding[] {
  if (accepted.length === 0) return [...findings];
  const notes = new Map(accepted.map((entry) => [entry.id, entry.note]));
  return findings.map((finding) => {
    const note = notes.get(finding.id);
    return note === undefined ? finding : { ...finding, accepted: { note } };
  });
}
