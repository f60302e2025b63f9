import type { ReviewCode, ReviewedFinding, ReviewSeverity, ReviewSubject } from '../../src/design/review';

/**
 * The labels of the review corpus (corpus/review/labels.json): per design
 * file, the findings a careful reviewer says it must raise, the ones it may
 * raise (not counted either way), and each access pattern's verdict. A
 * finding that matches neither is a false positive. Pure: no I/O here.
 */

/** The subject parts a label pins (absent parts match anything). */
export type LabelSubject = Partial<Omit<ReviewSubject, 'table'>> & { readonly table?: string };

export interface FindingLabel extends LabelSubject {
  readonly code: ReviewCode;
  /** Other codes a reviewer accepts for the same finding (a pitfall two rules could own, e.g. mixed offsets: precision or ISO). */
  readonly orCodes?: readonly ReviewCode[];
  /** The severity the finding must have (must) or may have (may); absent: any. */
  readonly severity?: ReviewSeverity;
  /** Why a reviewer wants it (for readers of the labels; not matched). */
  readonly why?: string;
}

export interface DesignLabels {
  /** What the design is and what it shows. */
  readonly about: string;
  /** true: a clean counterpart or a realistic model with no pitfall at warning level or above (no must). */
  readonly clean?: boolean;
  readonly must: readonly FindingLabel[];
  readonly may: readonly FindingLabel[];
  /** Access pattern id (unique in the design) → the verdict it must get. */
  readonly verdicts: Readonly<Record<string, 'passes' | 'fails'>>;
}

export interface CorpusLabels {
  readonly designs: Readonly<Record<string, DesignLabels>>;
}

const SUBJECT_KEYS = ['table', 'entity', 'index', 'keyAttribute', 'field', 'pattern'] as const;

/** Whether a finding is the one a label names: its code, every subject part the label pins, and (when given) its severity. */
export function matchesLabel(
  finding: Pick<ReviewedFinding, 'code' | 'severity' | 'subject'>,
  label: FindingLabel,
  options: { readonly severity: boolean },
): boolean {
  if (finding.code !== label.code && !(label.orCodes ?? []).includes(finding.code)) return false;
  if (options.severity && label.severity !== undefined && finding.severity !== label.severity) return false;
  return SUBJECT_KEYS.every((key) => label[key] === undefined || finding.subject[key] === label[key]);
}

/** A label's subject parts only (no code, severity or why), in a fixed key order. */
export function labelSubject(label: FindingLabel): LabelSubject {
  const subject: Record<string, string> = {};
  for (const key of SUBJECT_KEYS) if (label[key] !== undefined) subject[key] = label[key];
  return subject;
}

/** A finding's subject without empty parts, in a fixed key order. */
export function findingSubject(subject: ReviewSubject): LabelSubject {
  const out: Record<string, string> = {};
  for (const key of SUBJECT_KEYS) if (subject[key] !== undefined && subject[key] !== '') out[key] = subject[key];
  return out;
}

/** A subject as short text: `Order/SK/at`, `pattern top3`. */
export function subjectText(subject: LabelSubject): string {
  const parts = SUBJECT_KEYS.filter((key) => subject[key] !== undefined).map((key) => `${key}=${subject[key]}`);
  return parts.length === 0 ? '(any)' : parts.join(' ');
}
