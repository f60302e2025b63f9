import type { DesignFileFormat, FindingDecisionDesign, PatternReason, ReviewCode, ReviewEvidence, ReviewSeverity, ReviewSubject } from '../design';

/**
 * The report of one `keylab check` run: every file it was asked about, each
 * file's findings and access-pattern verdicts, and the counts the exit code
 * is decided on. Plain data (JSON-safe, no functions), so `--format json`
 * writes it as is and the SARIF, JUnit and GitHub writers read it.
 *
 * Field order is part of the JSON format: objects are built in the order the
 * interfaces below declare their fields, and `--format json` writes them in
 * that order.
 */

/** error > warning > note; a failing access pattern counts as an error. */
export type CheckSeverity = ReviewSeverity;

/** The `--fail-on` threshold: the lowest severity of an open finding that fails the run (never: none does). */
export type FailOn = CheckSeverity | 'never';

/** A place in a file, 1-based, as editors and SARIF count (column in UTF-16 code units). */
export interface CheckLocation {
  readonly line: number;
  readonly column: number;
  /**
   * Present when the file does not write the subject itself (a CloudFormation
   * template has no access patterns, a Workbench model no key templates) and
   * the place is the nearest thing it has: what that is, in words.
   */
  readonly nearest?: string;
}

/** What a finding or a verdict is about, in the design's own names (absent fields: not about one): the review's own subject. */
export type CheckSubject = ReviewSubject;

/** One review finding in a checked file. */
export interface CheckFinding {
  /** The finding's stable id (what a decision is kept under). */
  readonly id: string;
  readonly code: ReviewCode;
  readonly severity: CheckSeverity;
  /** The rule's title ("Numbers in a string field"). */
  readonly title: string;
  readonly subject: CheckSubject;
  readonly message: string;
  readonly suggestion: string;
  /** The design's own samples showing it. */
  readonly evidence: readonly ReviewEvidence[];
  /** The decision recorded in the file (accepted, won't fix, fix later): a decided finding never fails the run. */
  readonly decision?: FindingDecisionDesign;
  /** Where in the file the finding's subject is written, when known. */
  readonly location?: CheckLocation;
}

/** One access pattern's verdict on the built-in engine, as the Design tab's Access patterns region shows it. */
export interface CheckPatternVerdict {
  readonly table: string;
  /** The pattern's id. */
  readonly pattern: string;
  /** The pattern's name as the design gives it. */
  readonly name: string;
  readonly verdict: 'passes' | 'fails';
  /** Why it fails (empty when it passes). */
  readonly reasons: readonly PatternReason[];
  readonly location?: CheckLocation;
}

/** A problem reading a file (or a warning the reader gave on a file it did read), with its place when known. */
export interface CheckFileProblem {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  /** Where in the document (`tables[0].entities[1].name`; "" for the whole file). */
  readonly path: string;
  readonly line?: number;
  readonly column?: number;
}

/** Open (undecided) findings and failing patterns of a file or a run, and decided findings. */
export interface CheckCounts {
  /** Open error findings plus failing access patterns. */
  readonly error: number;
  readonly warning: number;
  readonly note: number;
  /** Findings with a decision recorded (they never fail the run). */
  readonly decided: number;
  /** Access patterns that fail (already counted in `error`). */
  readonly failingPatterns: number;
}

/** A file that was read and checked. */
export interface CheckedDesignFile {
  readonly status: 'checked';
  /** The path as given or as found, relative to the working directory when inside it. */
  readonly file: string;
  readonly format: DesignFileFormat;
  readonly designName: string;
  readonly tables: readonly string[];
  /** Errors first, then warnings, then notes (reviewDesign's order). */
  readonly findings: readonly CheckFinding[];
  /** Every access pattern of every table, in the design's order (empty when the run's profile has no verdicts). */
  readonly patterns: readonly CheckPatternVerdict[];
  /** Samples that could not be written for the pattern run, per table ("Shop: Order sample o1: …"). */
  readonly sampleProblems: readonly string[];
  /** What the reader warned about (an unknown key dropped): shown, never failing. */
  readonly warnings: readonly CheckFileProblem[];
  readonly counts: CheckCounts;
  /**
   * Decisions the file records on findings of the rules run that no longer
   * fire (the design changed since): listed so they can be removed, as the
   * Design review lists them; they never fail the run. Absent when none.
   */
  readonly staleDecisions?: readonly FindingDecisionDesign[];
}

/** A file that could not be read as a design: the run exits 2. */
export interface UnreadableDesignFile {
  readonly status: 'unreadable';
  readonly file: string;
  /** The format, when the reader recognised it before it failed. */
  readonly format?: DesignFileFormat;
  readonly problems: readonly CheckFileProblem[];
}

export type CheckFileReport = CheckedDesignFile | UnreadableDesignFile;

/** A file found by a folder or a glob that is not a design file, and why (never skipped silently). */
export interface SkippedFile {
  readonly file: string;
  readonly reason: string;
}

/** What a run was asked to do. */
export interface CheckRunOptions {
  readonly failOn: FailOn;
  /** The profile's name, or "custom" for `--rules`. */
  readonly profile: string;
  /** The review codes run. */
  readonly rules: readonly ReviewCode[];
  /** Whether access patterns were run. */
  readonly patterns: boolean;
}

/** The whole run. */
export interface CheckReport {
  /** The report's own format version: bumped only on an incompatible change. */
  readonly reportVersion: 1;
  readonly tool: { readonly name: 'keylab'; readonly version: string };
  readonly options: CheckRunOptions;
  readonly files: readonly CheckFileReport[];
  readonly skipped: readonly SkippedFile[];
  readonly counts: CheckCounts;
  /** Files that could not be read. */
  readonly unreadable: number;
  /** 0: nothing at or above `failOn` is open; 1: something is; 2: a file could not be read. */
  readonly exitCode: 0 | 1 | 2;
}
