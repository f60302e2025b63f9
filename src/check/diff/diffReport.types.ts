import type { ChangeVerdict, FindingDecisionDesign, ReviewCode, ReviewSeverity, StructuralChange } from '../../design';

/**
 * `keylab diff`'s report: the structural diff of two revisions of a design
 * (src/design/diff) with what a pull request's reviewer needs beside it — the
 * change that needs the most work, the findings added and resolved, and the
 * `npm run migrate` command for each migration. Written as text, Markdown
 * (a pull-request comment) or JSON.
 */

/** Where one side of the diff came from, as the command line named it. */
export type DiffSource =
  | { readonly kind: 'file'; readonly path: string }
  /** `git:REV:path`: the file as committed in REV. */
  | { readonly kind: 'git'; readonly rev: string; readonly path: string };

/** One side of the diff: where it came from and whether `npm run migrate` can read it (a Keylab design file). */
export interface DiffSideSource {
  readonly source: DiffSource;
  /** A Keylab design file (`"format": "keylab.design/1"`): the one format `npm run migrate --from/--to` reads. */
  readonly keylabDesign: boolean;
}

/** A review finding the new design has and the old one did not (added), or the reverse (resolved). */
export interface DiffFinding {
  readonly code: ReviewCode;
  readonly severity: ReviewSeverity;
  readonly table: string;
  readonly entity?: string;
  readonly message: string;
  /** The decision the new design records on it (decided findings only). */
  readonly decision?: FindingDecisionDesign;
}

/**
 * A migration the diff needs, for one entity of one table (its key template
 * changes) or one table (a key schema, LSI or name change): the shell lines
 * that carry it out with `npm run migrate`, or none and why.
 */
export interface DiffMigration {
  readonly table: string;
  readonly entity?: string;
  /** The changes it carries out, by subject ("entity Run: table key rankKey"). */
  readonly changes: readonly string[];
  /** Shell lines to paste, in order (a `git show` that writes a revision to a file first); empty when no command carries it out. */
  readonly commands: readonly string[];
  /** What to know before running the commands, or why there are none. */
  readonly note: string;
}

export interface DiffReport {
  readonly format: 'keylab.diff/1';
  /** The two sides as the command line named them (`git:main:designs/shop.keylab.json`). */
  readonly before: string;
  readonly after: string;
  /** The structural diff's summary: "5 changes: new index and backfill (1), …". */
  readonly summary: string;
  /** The structural change that needs the most work (none: nothing changes in DynamoDB or the design's structure). */
  readonly worst?: { readonly verdict: ChangeVerdict; readonly label: string };
  /** Every change but the findings, grouped by table, the most work first within a table. */
  readonly changes: readonly StructuralChange[];
  /**
   * Findings added and resolved; `decided`: new findings the new design records a decision on (quiet, as keylab check keeps
   * them: not in `added`); `staleDecisions`: the new design's decisions whose finding no longer fires (remove them).
   */
  readonly findings: {
    readonly added: readonly DiffFinding[];
    readonly resolved: readonly DiffFinding[];
    readonly decided: readonly DiffFinding[];
    readonly staleDecisions: readonly FindingDecisionDesign[];
  };
  readonly migrations: readonly DiffMigration[];
}
