import { REVIEW_RULES, markDecided, reviewDesign } from '../../../design/review';
import {
  type Design,
  type FindingDecisionDesign,
  type FindingDecisionKind,
  type ReviewedFinding,
  type ReviewFinding,
  type ReviewRule,
  type ReviewSeverity,
  type StoredKeys,
} from '../../../design';

/**
 * The open design's review, computed from the design (src/design/review) and
 * kept per design object: the Design review region asks for it on every
 * render, and typing in a template asks on every keystroke, so a design seen
 * before costs a lookup. Deciding on a finding replaces the design object but
 * not its tables, so the rules are not run again for it: only the decision
 * marks are.
 */

/** The findings of one review, with the counts the region shows. */
export interface DesignReview {
  /** Errors first, then warnings, then notes (reviewDesign's order). */
  readonly findings: readonly ReviewedFinding[];
  /** Open (not decided) findings per severity: a decided finding stays out of them. */
  readonly counts: Readonly<Record<ReviewSeverity, number>>;
  /** Decided findings per kind of decision. */
  readonly decidedCounts: Readonly<Record<FindingDecisionKind, number>>;
  /** Findings accepted (decidedCounts.accepted). */
  readonly acceptedCount: number;
  /**
   * Decisions the design keeps whose finding no longer fires (the design
   * changed since): listed so they can be removed rather than kept silently.
   */
  readonly staleDecisions: readonly FindingDecisionDesign[];
}

export interface DesignReviewer {
  /** The review of `design` (with the keys stored in its tables, if any); memoised per design and per storedKeys list. */
  review(design: Design, storedKeys?: readonly StoredKeys[]): DesignReview;
}

interface RawReview {
  readonly storedKeys: readonly StoredKeys[] | undefined;
  readonly findings: readonly ReviewFinding[];
}

/**
 * A reviewer over `rules` (every rule unless told; tests pass their own).
 *
 * @example
 * const reviewer = createDesignReviewer();
 * reviewer.review(LEADERBOARD_DESIGN).counts // { error: 0, warning: 1, note: 0 }
 */
export function createDesignReviewer(rules: readonly ReviewRule[] = REVIEW_RULES): DesignReviewer {
  // Keyed by the tables array: what the rules read. A rename or an acceptance keeps it.
  // Two per tables array and per design: the Design review asks with the stored keys, the Review document without.
  const byTables = new WeakMap<Design['tables'], RawReview[]>();
  const byDesign = new WeakMap<Design, { readonly storedKeys: readonly StoredKeys[] | undefined; readonly review: DesignReview }[]>();
  const remember = <T extends { readonly storedKeys: readonly StoredKeys[] | undefined }>(list: T[], entry: T) => {
    list.unshift(entry);
    list.length = Math.min(list.length, 2);
  };
  return {
    review(design, storedKeys) {
      const reviews = byDesign.get(design) ?? [];
      byDesign.set(design, reviews);
      const known = reviews.find((entry) => entry.storedKeys === storedKeys);
      if (known) return known.review;
      const raws = byTables.get(design.tables) ?? [];
      byTables.set(design.tables, raws);
      let raw = raws.find((entry) => entry.storedKeys === storedKeys);
      if (!raw) {
        // Decisions are marked below (per design object), so the rules run without them.
        const { decisions: _decisions, ...undecided } = design;
        raw = { storedKeys, findings: reviewDesign({ design: undecided, ...(storedKeys ? { storedKeys } : {}) }, rules) };
        remember(raws, raw);
      }
      const review = summarize(markDecided(raw.findings, design.decisions ?? []), design);
      remember(reviews, { storedKeys, review });
      return review;
    },
  };
}

function summarize(findings: readonly ReviewedFinding[], design: Design): DesignReview {
  const counts: Record<ReviewSeverity, number> = { error: 0, warning: 0, note: 0 };
  const decidedCounts: Record<FindingDecisionKind, number> = { accepted: 0, wontFix: 0, fixLater: 0 };
  for (const finding of findings) {
    if (finding.decision) decidedCounts[finding.decision.kind]++;
    else counts[finding.severity]++;
  }
  const firing = new Set(findings.map((finding) => finding.id));
  const staleDecisions = (design.decisions ?? []).filter((entry) => !firing.has(entry.id));
  return { findings, counts, decidedCounts, acceptedCount: decidedCounts.accepted, staleDecisions };
}

/** One part of what a finding is about, labelled: `{ label: "entity", text: "Score" }`. */
export interface SubjectPart {
  readonly label: 'table' | 'entity' | 'index' | 'key' | 'field' | 'pattern';
  readonly text: string;
}

/**
 * What a finding is about, in the design's names, in the order a reader
 * narrows it down: table · entity · index · key · field, or the access
 * pattern (by its name, its id when the design no longer has it).
 */
export function describeSubject(design: Design, subject: ReviewFinding['subject']): readonly SubjectPart[] {
  const parts: SubjectPart[] = [];
  if (subject.table !== '') parts.push({ label: 'table', text: subject.table });
  if (subject.entity !== undefined) parts.push({ label: 'entity', text: subject.entity });
  if (subject.index !== undefined) parts.push({ label: 'index', text: subject.index });
  if (subject.keyAttribute !== undefined) parts.push({ label: 'key', text: subject.keyAttribute });
  if (subject.field !== undefined) parts.push({ label: 'field', text: subject.field });
  if (subject.pattern !== undefined) {
    const pattern = design.tables.find((table) => table.name === subject.table)?.accessPatterns.find((candidate) => candidate.id === subject.pattern);
    parts.push({ label: 'pattern', text: pattern?.name ?? subject.pattern });
  }
  return parts;
}
