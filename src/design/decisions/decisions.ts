import type { Design, FindingDecisionDesign, FindingDecisionKind, SignOffDesign } from '../design.types';
import { designFingerprint } from './fingerprint';
import { MAX_DECISION_COMMENT_LENGTH, MAX_REVIEWER_NAME_LENGTH } from './limits';

/**
 * A review meeting's record, as pure changes of the design: decide a
 * finding (accept, won't fix, fix later, with a comment, who and when),
 * withdraw a decision, sign off. Each returns a new design (or the same one
 * when nothing changes); the stores save it like any other edit.
 */

/** What a decision says, on screen and in the review document. */
export const DECISION_KIND_LABELS: Readonly<Record<FindingDecisionKind, string>> = { accepted: 'Accepted', wontFix: "Won't fix", fixLater: 'Fix later' };

/**
 * A decision's or sign-off's date as people read it in a meeting, in UTC
 * (the same for everyone who opens the file); "" for none (an older file's
 * acceptance), the text itself when it is not a date.
 *
 * @example
 * describeReviewDate("2026-12-05T10:40:00+01:00") // "2026-12-05 09:40 UTC"
 */
export function describeReviewDate(iso: string): string {
  if (iso === '') return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * A decision in one line, as `keylab check` and `keylab diff` print it: its kind, who, when and why
 * (raw design text: each output makes it safe its own way).
 *
 * @example
 * describeDecision({ kind: "accepted", decidedBy: "Ana", decidedAt: "2026-12-05T09:40:00Z", comment: "fine", … })
 * // 'Accepted by Ana on 2026-12-05 09:40 UTC: "fine"'
 */
export function describeDecision(decision: Pick<FindingDecisionDesign, 'kind' | 'decidedBy' | 'decidedAt' | 'comment'>): string {
  const by = decision.decidedBy ? ` by ${decision.decidedBy}` : '';
  const at = decision.decidedAt ? ` on ${describeReviewDate(decision.decidedAt)}` : '';
  const comment = decision.comment ? `: "${decision.comment}"` : '';
  return `${DECISION_KIND_LABELS[decision.kind]}${by}${at}${comment}`;
}

/**
 * A stale decision (its finding no longer fires) in one line, as `keylab check` and `keylab diff` list it.
 *
 * @example
 * describeStaleDecision(decision) // 'stale decision review.noTiebreaker (Accepted by Ana) on review.noTiebreaker|…: the finding no longer fires; remove the decision from the design'
 */
export function describeStaleDecision(decision: Pick<FindingDecisionDesign, 'id' | 'code' | 'kind' | 'decidedBy'>): string {
  const by = decision.decidedBy ? ` by ${decision.decidedBy}` : '';
  return `stale decision ${decision.code} (${DECISION_KIND_LABELS[decision.kind]}${by}) on ${decision.id}: the finding no longer fires; remove the decision from the design`;
}

/** The decision itself, without the finding it is about. */
export interface FindingDecisionInput {
  readonly kind: FindingDecisionKind;
  readonly comment: string;
  readonly decidedBy: string;
}

/** Why a decision can't be recorded, or undefined when it can: it says why and who, so neither may be empty. */
export function decisionProblem(decision: Pick<FindingDecisionInput, 'comment' | 'decidedBy'>): string | undefined {
  if (decision.decidedBy.trim() === '') return 'Type your name in “Your name” first: a decision records who made it.';
  if (decision.decidedBy.trim().length > MAX_REVIEWER_NAME_LENGTH)
    return `Your name is ${decision.decidedBy.trim().length.toLocaleString('en-US')} characters long; a name is at most ${MAX_REVIEWER_NAME_LENGTH}: shorten it.`;
  if (decision.comment.trim() === '') return 'Write a comment saying why (it is kept in the design and shown in the review document).';
  if (decision.comment.trim().length > MAX_DECISION_COMMENT_LENGTH)
    return `The comment is ${decision.comment.trim().length.toLocaleString('en-US')} characters long; a comment is at most ${MAX_DECISION_COMMENT_LENGTH.toLocaleString('en-US')}: shorten it.`;
  return undefined;
}

/**
 * The design with `finding` decided (comment and name trimmed, dated `now`);
 * an earlier decision on the same finding is replaced in place, never
 * duplicated. The caller checks decisionProblem first.
 *
 * @example
 * decideFinding(design, { id: "review.noTiebreaker|…", code: "review.noTiebreaker" },
 *   { kind: "wontFix", comment: "scores are unique per season", decidedBy: "Ada" }, new Date())
 *   .decisions // [{ id: "review.noTiebreaker|…", kind: "wontFix", …, decidedAt: "2026-12-05T09:40:00.000Z" }]
 */
export function decideFinding(design: Design, finding: { readonly id: string; readonly code: string }, decision: FindingDecisionInput, now: Date): Design {
  const entry: FindingDecisionDesign = {
    id: finding.id,
    code: finding.code,
    kind: decision.kind,
    comment: decision.comment.trim(),
    decidedBy: decision.decidedBy.trim(),
    decidedAt: now.toISOString(),
  };
  const decisions = design.decisions ?? [];
  const at = decisions.findIndex((other) => other.id === finding.id);
  return { ...design, decisions: at < 0 ? [...decisions, entry] : decisions.map((other, i) => (i === at ? entry : other)) };
}

/** The design without the decision on `findingId` (the same design when there is none): the finding is open again. */
export function withdrawDecision(design: Design, findingId: string): Design {
  const decisions = design.decisions ?? [];
  if (!decisions.some((entry) => entry.id === findingId)) return design;
  const rest = decisions.filter((entry) => entry.id !== findingId);
  if (rest.length > 0) return { ...design, decisions: rest };
  // None left: the field goes, so the design file is as it was before any decision.
  const { decisions: _none, ...without } = design;
  return without;
}

/** Why `reviewer` can't sign off, or undefined when they can. */
export function signOffProblem(reviewer: string): string | undefined {
  if (reviewer.trim() === '') return 'Type your name in “Your name” first: a sign-off records who gave it.';
  if (reviewer.trim().length > MAX_REVIEWER_NAME_LENGTH)
    return `Your name is ${reviewer.trim().length.toLocaleString('en-US')} characters long; a name is at most ${MAX_REVIEWER_NAME_LENGTH}: shorten it.`;
  return undefined;
}

/**
 * The design signed off by `reviewer` at `now`, for its current revision
 * (`revision ?? 1`) and fingerprint. The reviewer's earlier sign-off (same
 * name, trimmed) is replaced: one sign-off per reviewer, the latest.
 *
 * @example
 * signOff(design, "Ada", new Date()).signOffs
 * // [{ reviewer: "Ada", signedAt: "2026-12-05T10:00:00.000Z", revision: 1, fingerprint: "…" }]
 */
export function signOff(design: Design, reviewer: string, now: Date): Design {
  const name = reviewer.trim();
  const entry: SignOffDesign = { reviewer: name, signedAt: now.toISOString(), revision: design.revision ?? 1, fingerprint: designFingerprint(design) };
  const others = (design.signOffs ?? []).filter((other) => other.reviewer !== name);
  return { ...design, signOffs: [...others, entry] };
}

/** The design without `reviewer`'s sign-off (the same design when they have none). */
export function withdrawSignOff(design: Design, reviewer: string): Design {
  const signOffs = design.signOffs ?? [];
  if (!signOffs.some((entry) => entry.reviewer === reviewer)) return design;
  const rest = signOffs.filter((entry) => entry.reviewer !== reviewer);
  if (rest.length > 0) return { ...design, signOffs: rest };
  const { signOffs: _none, ...without } = design;
  return without;
}
