import { describeReviewDate, isSignOffCurrent } from '../decisions';
import type { Design } from '../design.types';
import type { ReviewedFinding } from '../review';
import type { ClosingSlide, SlideDecision, SlideSignOff } from './slides.types';

/** Decisions per closing slide: each is a comment with who and when. */
export const DEFAULT_DECISIONS_PER_SLIDE = 5;

/**
 * The closing slides: what the review meeting recorded in the design — each
 * decision on a finding (with the finding as the review raises it now, or
 * none when the design no longer raises it) and each sign-off, current or out
 * of date (isSignOffCurrent: anything it covers changed since). None for a
 * design with nothing recorded.
 *
 * @example
 * closingSlides(signedDesign, reviewDesign({ design: signedDesign }), 5)[0]?.signOffs
 * // [{ reviewer: "Grace", signedAt: "2026-12-05 10:00 UTC", revision: 3, current: true }]
 */
export function closingSlides(
  design: Design,
  findings: readonly ReviewedFinding[],
  perSlide: number,
  subjectOf: (finding: ReviewedFinding) => string,
): ClosingSlide[] {
  const recorded = design.decisions ?? [];
  const signed = design.signOffs ?? [];
  if (recorded.length === 0 && signed.length === 0) return [];
  const raised = new Map(findings.map((finding) => [finding.id, finding]));
  const decisions: SlideDecision[] = recorded.map((decision) => {
    const finding = raised.get(decision.id);
    return {
      findingId: decision.id,
      code: decision.code,
      kind: decision.kind,
      comment: decision.comment,
      decidedBy: decision.decidedBy,
      decidedAt: describeReviewDate(decision.decidedAt),
      ...(finding ? { finding: { subject: subjectOf(finding), severity: finding.severity } } : {}),
    };
  });
  const decided = new Set(recorded.map((decision) => decision.id));
  const signOffs: SlideSignOff[] = signed.map((entry) => ({
    reviewer: entry.reviewer,
    signedAt: describeReviewDate(entry.signedAt),
    revision: entry.revision,
    current: isSignOffCurrent(design, entry),
  }));
  const pageCount = Math.max(1, Math.ceil(decisions.length / perSlide));
  return Array.from({ length: pageCount }, (_, page) => ({
    kind: 'closing',
    id: `closing|${page + 1}`,
    title: 'Decisions and sign-off',
    revision: design.revision ?? 1,
    decisions: decisions.slice(page * perSlide, (page + 1) * perSlide),
    signOffs: page === 0 ? signOffs : [],
    decisionCount: decisions.length,
    undecidedCount: findings.filter((finding) => !decided.has(finding.id)).length,
    page: page + 1,
    pageCount,
  }));
}
