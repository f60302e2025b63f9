import type { TransactWriteItemsCommandInput } from '@aws-sdk/client-dynamodb';
import type { KeyAttributeType } from '../design';
import type { Item } from '../expressions';
import type { CodecFindingCode, CompiledKeyTemplate, KeyRole } from '../keys';

/**
 * A re-key migration: which key attributes an entity's items carry, how they
 * are read today (the current templates, or "raw": a decoding template such
 * as `{score}` over today's plain strings) and how they must be written (the
 * target templates). Attributes are the table's key and every index key the
 * entity has, in either version.
 */
export interface MigrationKeyAttribute {
  readonly name: string;
  readonly type: KeyAttributeType;
  readonly role: KeyRole;
  /** How stored values are read (undefined: the attribute is new in the target, e.g. a GSI key added). */
  readonly current?: string;
  /** How values are written (undefined: the attribute is dropped, e.g. the entity leaves a sparse index). */
  readonly target?: string;
}

export interface MigrationSpec {
  readonly tableName: string;
  /** Copy into this table (blue/green), the source left untouched; undefined: rewrite in place. */
  readonly targetTableName?: string;
  readonly partitionKey: string;
  readonly sortKey?: string;
  readonly attributes: readonly MigrationKeyAttribute[];
  /**
   * Attribute names seen on the table's items when the plan read them (see
   * watchAddedAttributes): an old item that has gained one of them since then
   * counts as changed (its rewrite's condition says attribute_not_exists).
   */
  readonly watchedAttributes?: readonly string[];
}

/** A spec with its templates compiled (see compileMigration). */
export interface CompiledMigration {
  readonly spec: MigrationSpec;
  readonly attributes: readonly CompiledKeyAttribute[];
  /** Target template fields no current template gives: read from the item's own S/N attribute of that name. */
  readonly fallbackFields: readonly string[];
}

export interface CompiledKeyAttribute extends MigrationKeyAttribute {
  readonly currentTemplate?: CompiledKeyTemplate;
  readonly targetTemplate?: CompiledKeyTemplate;
}

/** Why one item's key attribute can't be read or written (the step-1 finding, and the attribute it concerns). */
export interface KeyProblem {
  readonly attribute: string;
  readonly code: CodecFindingCode | 'migrate.notAKeyValue';
  readonly message: string;
  readonly field?: string;
}

export type PlanStatus = 'rewrite' | 'unchanged' | 'alreadyMigrated' | 'cannotEncode' | 'otherEntity';

/** One stored item's fate. `key` is its current table key. */
export type PlanEntry =
  | {
      readonly status: 'rewrite';
      readonly key: Item;
      readonly item: Item;
      readonly newKey: Item;
      readonly newItem: Item;
      readonly sizeBefore: number;
      readonly sizeAfter: number;
      readonly sameKey: boolean;
    }
  | { readonly status: 'unchanged' | 'alreadyMigrated' | 'otherEntity'; readonly key: Item; readonly item: Item }
  | { readonly status: 'cannotEncode'; readonly key: Item; readonly item: Item; readonly problems: readonly KeyProblem[] };

export type RewriteEntry = Extract<PlanEntry, { status: 'rewrite' }>;

/** The stored items copy mode writes into the target as they are (every status but `rewrite`). */
export type CopiedStatus = Exclude<PlanStatus, 'rewrite'>;

/**
 * Copy mode: an item written into the target table as it is (`newItem` is
 * `item`, `newKey` is `key`), so the new table is whole: unchanged and
 * already migrated items, other entities' items, and items that can't be
 * encoded (kept as they are, as a rewrite in place leaves them).
 */
export interface CopyEntry {
  readonly status: 'copy';
  readonly copied: CopiedStatus;
  readonly key: Item;
  readonly item: Item;
  readonly newKey: Item;
  readonly newItem: Item;
  readonly sizeBefore: number;
  readonly sizeAfter: number;
  readonly sameKey: true;
}

/** One write of a plan: a rewrite, or (copy mode) an item copied as it is. */
export type WriteEntry = RewriteEntry | CopyEntry;

/**
 * Two items mapping to one new table key (the second would overwrite the
 * first), or a new key that another stored item already has. Blocks Apply.
 */
export interface Collision {
  /** twoItems: two source items on one new key (either mode); existingKey: in place, a stored item already there; inTarget: copying, a different item already in the target table there. */
  readonly kind: 'twoItems' | 'existingKey' | 'inTarget';
  readonly newKey: Item;
  /** The current keys of the items that would land on `newKey` (for existingKey and inTarget: the written item, then the item already there). */
  readonly keys: readonly Item[];
  readonly message: string;
}

export interface PlanCounts {
  readonly rewrite: number;
  readonly unchanged: number;
  readonly alreadyMigrated: number;
  readonly cannotEncode: number;
  readonly collisions: number;
  readonly otherEntity: number;
  readonly bytesBefore: number;
  readonly bytesAfter: number;
  /** Copy into a new table: every source item is written (the copy* counts say how; all 0 in place). */
  readonly copying: boolean;
  /** Unchanged and already migrated items copied as they are. */
  readonly copyUnchanged: number;
  /** Other entities' items copied as they are. */
  readonly copyOtherEntity: number;
  /** Items that can't be encoded, copied as they are (in place leaves them as they are too). */
  readonly copyCannotEncode: number;
  /** Writes whose target key already holds exactly the planned item (a copy half done): their Put is refused and settles as done. */
  readonly alreadyInTarget: number;
}

/** What a whole plan says: the entries (in scan order), their counts and the collisions. */
export interface MigrationPlan {
  readonly spec: MigrationSpec;
  readonly entries: readonly PlanEntry[];
  /**
   * Every write, in scan order (the apply runner, the plan file and the
   * checkpoint index these): in place the rewrites; copying into a new table,
   * one per source item (the rewrites and the copies as they are).
   */
  readonly rewrites: readonly WriteEntry[];
  readonly collisions: readonly Collision[];
  readonly counts: PlanCounts;
}

/**
 * How to tell, by reading, that a rewrite is done: `moved` — the new key
 * holds an item and (in place) the old key holds none; `sameKey` — the item
 * (the table key did not change) carries the target values in `expect`.
 */
export type SettleRule =
  | {
      readonly kind: 'moved';
      readonly oldRead: { readonly TableName: string; readonly Key: Item };
      readonly newRead: { readonly TableName: string; readonly Key: Item };
      readonly keepsOld: boolean;
    }
  | { readonly kind: 'sameKey'; readonly read: { readonly TableName: string; readonly Key: Item }; readonly expect: Item };

/** The requests of one rewrite: the one transaction that does it, and how to settle it by reading. */
export interface RewriteRequests {
  readonly transaction: TransactWriteItemsCommandInput;
  readonly settle: SettleRule;
}
