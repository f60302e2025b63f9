import type { ReviewCode, ReviewSubject } from './review.types';

/**
 * A finding's stable id: its code and subject joined with `|`, so accepting
 * a finding survives edits elsewhere in the design and recomputation.
 *
 * @example
 * findingId("review.widthTooNarrow", { table: "Leaderboard", entity: "Score", keyAttribute: "SK", field: "score" })
 * // "review.widthTooNarrow|Leaderboard|Score||SK|score|"
 */
export function findingId(code: ReviewCode, subject: ReviewSubject): string {
  return [code, subject.table, subject.entity ?? '', subject.index ?? '', subject.keyAttribute ?? '', subject.field ?? '', subject.pattern ?? ''].join('|');
}
