import type { FindingDecisionDesign, KeyAttributeType } from '../design.types';
import type { ReviewCode, ReviewSeverity } from '../review/review.types';

/**
 * A structural diff between two designs (two saved designs, or two revisions
 * of one): every change, grouped by table, each with what DynamoDB can do
 * about it and, for key template changes, which stored items move and where.
 */

/**
 * What DynamoDB can do to make a change, from the cheapest:
 * - `designOnly`: nothing changes in DynamoDB (items are schemaless; an access pattern is the application's)
 * - `inPlace`: UpdateTable (add or delete a GSI, billing mode, capacity)
 * - `reindexInPlace`: items re-index in place when the attribute is rewritten (UpdateItem per item)
 * - `rewriteKeys`: the stored items move: a key can't be updated, each item is rewritten under its new key (Migrate keys)
 * - `newIndexAndBackfill`: a GSI's keys or projection can't change: a new index and backfill, then delete the old
 * - `newTable`: CreateTable, nothing existing moves; `deleteTable`: DeleteTable (its items go with it)
 * - `newTableAndMigration`: a base table key or an LSI change: a new table and a migration
 * - `review`: a review finding added or resolved (not a change DynamoDB makes)
 */
export type ChangeVerdict =
  'designOnly' | 'review' | 'inPlace' | 'reindexInPlace' | 'rewriteKeys' | 'newIndexAndBackfill' | 'newTable' | 'deleteTable' | 'newTableAndMigration';

/** What part of a design a change is about. */
export type ChangeArea = 'table' | 'keySchema' | 'billing' | 'index' | 'entity' | 'template' | 'attributes' | 'samples' | 'accessPattern' | 'finding';

export type ChangeAction = 'added' | 'removed' | 'changed' | 'renamed' | 'resolved';

/** Where one stored item's key sits: its partition, its sort key, and its place in the partition (1-based, DynamoDB's order). */
export interface PlacedKey {
  /** The partition key value(s) as text (multi-attribute keys joined with " · "). */
  readonly partition: string;
  /** The sort key value(s) as text ('' without a sort key). */
  readonly sort: string;
  readonly position: number;
  /** How many items (of every entity in this table or index) the partition holds. */
  readonly of: number;
}

/** One sample item of the entity, before and after the template change. */
export interface ItemMove {
  readonly sampleId: string;
  /** Undefined: the item is not in this table or index on that side (sparse index, a sample only on one side, or its key can't be built). */
  readonly before?: PlacedKey;
  readonly after?: PlacedKey;
  /** Its key (partition or sort) differs: the stored item is rewritten (table) or re-indexed (index). */
  readonly keyChanged: boolean;
  /** Its position in its partition differs (or its partition does). */
  readonly positionChanged: boolean;
  /** Why a side has no key (a field the new template needs and the sample lacks). */
  readonly problems: readonly string[];
}

/** The items of one entity in one key space (the table, or one index) whose keys a template change touches. */
export interface KeyMoves {
  /** Undefined: the table itself. */
  readonly index?: string;
  /** "table Leaderboard" or "index byPlayer". */
  readonly keySpace: string;
  readonly keyAttributes: readonly string[];
  /** Every sample of the entity, in the new order (DynamoDB's), then those no longer in it. */
  readonly items: readonly ItemMove[];
  /** How many items get a new key. */
  readonly moving: number;
  /** How many items change position in their partition. */
  readonly repositioned: number;
}

/** Migrate keys, prepared for a table-key template change: the entity and, per key attribute, its current and target template. */
export interface MigrateKeysPreparation {
  readonly designName: string;
  readonly table: string;
  readonly entity: string;
  readonly templates: Readonly<Record<string, { readonly current: string; readonly target: string }>>;
  /**
   * Stored key attributes the design no longer keys, read for the fields they
   * hold and written back unchanged (a concatenated GSI key a multi-attribute
   * conversion replaced: its fields become the typed attributes).
   */
  readonly readFrom?: readonly { readonly name: string; readonly type: KeyAttributeType; readonly role: 'partition' | 'sort'; readonly template: string }[];
  /** What the preparation is for, said where Migrate keys shows it (default: a structural diff's template change). */
  readonly purpose?: string;
}

export interface StructuralChange {
  /** Stable within a diff: area, action and subject. */
  readonly id: string;
  /** The table the change is in (the new name; the old one for a removed table). */
  readonly table: string;
  readonly area: ChangeArea;
  readonly action: ChangeAction;
  /** What changed, in the design's names: "index byPlayer", "entity Run: rankKey". */
  readonly subject: string;
  /** The old and new value as text, where there is one. */
  readonly before?: string;
  readonly after?: string;
  readonly verdict: ChangeVerdict;
  /** The badge: "in place", "new index and backfill", "new table and a migration", … */
  readonly verdictLabel: string;
  /** What DynamoDB can do, in one or two sentences. */
  readonly how: string;
  /** Template changes: the items that move, per table or index. */
  readonly moves?: readonly KeyMoves[];
  /** Table-key template changes: Migrate keys prepared for them. */
  readonly migrate?: MigrateKeysPreparation;
  /** Findings: the severity. */
  readonly severity?: ReviewSeverity;
  /** Findings: the review rule's code (`review.numberInStringField`). */
  readonly code?: ReviewCode;
  /** The entity the change is about (entity, template, attribute and sample changes; findings about one entity). */
  readonly entity?: string;
  /** A new finding the new design records a decision on: the decision (such a finding is quiet: in `decidedFindings`, not in `changes`). */
  readonly decision?: FindingDecisionDesign;
}

export interface TableChanges {
  readonly table: string;
  readonly changes: readonly StructuralChange[];
}

export interface StructuralDiff {
  readonly changes: readonly StructuralChange[];
  /** The same changes grouped by table, in the new design's table order (removed tables last). */
  readonly tables: readonly TableChanges[];
  /** "No changes." or "5 changes: new index and backfill (1), items move: rewrite keys (1), design only (3)." */
  readonly summary: string;
  /** New findings the new design records a decision on: quiet (not changes, not in the summary), listed as decided, as keylab check lists them. */
  readonly decidedFindings: readonly StructuralChange[];
  /** The new design's decisions whose finding no longer fires: remove them from the design. */
  readonly staleDecisions: readonly FindingDecisionDesign[];
}
