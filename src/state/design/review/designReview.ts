import { REVIEW_RULES, markAccepted, reviewDesign } from '../../../design/review';
import { type Design, type ReviewedFinding, type ReviewFinding, type ReviewRule, type ReviewSeverity, type StoredKeys } from '../../../design';

/**
 * The open design's review, computed from the design (src/design/review) and
 * kept per design object: the Design review region asks for it on every
 * render, and typing in a template asks on every keystroke, so a design seen
 * before costs a lookup. Accepting a finding replaces the design object but
 * not its tables, so the rules are not run again for it: only the acceptance
 * marks are.
 */

/** The findings of one review, with the counts the region shows. */
export interface DesignReview {
  /** Errors first, then warnings, then notes (reviewDesign's order). */
  readonly findings: readonly ReviewedFinding[];
  /** Open (not accepted) findings per severity. */
  readonly counts: Readonly<Record<ReviewSeverity, number>>;
  readonly acceptedCount: number;
  /**
   * Acceptances the design keeps whose finding no longer fires (the design
   * changed since): listed so they can be removed rather than kept silently.
   */
  readonly staleAcceptances: NonNullable<Design['acceptedFindings']>;
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
        // Acceptances are marked below (per design object), so the rules run without them.
        const { acceptedFindings: _accepted, ...withoutAcceptances } = design;
        raw = { storedKeys, findings: reviewDesign({ design: withoutAcceptances, ...(storedKeys ? { storedKeys } : {}) }, rules) };
        remember(raws, raw);
      }
      const review = summarize(markAccepted(raw.findings, design.acceptedFindings ?? []), design);
      remember(reviews, { storedKeys, review });
      return review;
    },
  };
}

function summarize(findings: readonly ReviewedFinding[], design: Design): DesignReview {
  const counts: Record<ReviewSeverity, number> = { error: 0, warning: 0, note: 0 };
  let acceptedCount = 0;
  for (const finding of findings) {
    if (finding.accepted) acceptedCount++;
    else counts[finding.severity]++;
  }
  const firing = new Set(findings.map((finding) => finding.id));
  const staleAcceptances = (design.acceptedFindings ?? []).filter((entry) => !firing.has(entry.id));
  return { findings, counts, acceptedCount, staleAcceptances };
}

/**
 * The design with `finding` accepted under `note` (trimmed); an earlier
 * acceptance of the same finding is replaced, never duplicated.
 */
export function withAcceptedFinding(design: Design, finding: Pick<ReviewFinding, 'id' | 'code'>, note: string): Design {
  const others = (design.acceptedFindings ?? []).filter((entry) => entry.id !== finding.id);
  return { ...design, acceptedFindings: [...others, { id: finding.id, code: finding.code, note: note.trim() }] };
}

/** The design without the acceptance of `findingId` (the same design when there is none). */
export function withoutAcceptedFinding(design: Design, findingId: string): Design {
  const accepted = design.acceptedFindings ?? [];
  if (!accepted.some((entry) => entry.id === findingId)) return design;
  const rest = accepted.filter((entry) => entry.id !== findingId);
  if (rest.length > 0) return { ...design, acceptedFindings: rest };
  // None left: the field goes, so the design file stays as it was before any acceptance.
  const { acceptedFindings: _none, ...without } = design;
  return without;
}

/** The design with the note of an accepted finding changed (the same design when it is not accepted or the note is unchanged). */
export function withAcceptanceNote(design: Design, findingId: string, note: string): Design {
  const accepted = design.acceptedFindings ?? [];
  const trimmed = note.trim();
  const entry = accepted.find((candidate) => candidate.id === findingId);
  if (!entry || entry.note === trimmed) return design;
  return { ...design, acceptedFindings: accepted.map((candidate) => (candidate === entry ? { ...candidate, note: trimmed } : candidate)) };
}

/** Why a note can't be saved, or undefined when it can: an acceptance says why, so an empty note is refused. */
export function acceptanceNoteProblem(note: string): string | undefined {
  return note.trim() === '' ? 'Write a note saying why this finding is accepted (it is kept in the design and shown in the review document).' : undefined;
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
