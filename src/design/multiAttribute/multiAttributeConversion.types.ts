import type { Design, IndexDesign, KeyAttributeDesign, KeyAttributeType } from '../design.types';
import type { KeyComparison } from '../compare/compareKeySides';
import type { TypedFieldAttribute } from './typedAttributes';

/**
 * The conversion of a GSI keyed by concatenated strings (`GSI1PK =
 * PLAYER#{playerId}`, `GSI1SK = {ts:epoch(16)}#{score:int(10)}`) into a
 * multi-attribute GSI keyed by the typed fields themselves (`playerId` S;
 * `ts` N, `score` N): what the index becomes, the samples' order before and
 * after, each access pattern's key condition left to right, and what stored
 * items need for the backfill.
 */

/** Which GSI to convert. */
export interface MultiAttributeConversionTarget {
  readonly table: string;
  readonly index: string;
  /**
   * A name for the converted index (default: the same name). DynamoDB can't
   * change a GSI's key schema, so the migration creates a new GSI either way;
   * a new name lets the old one serve reads until the new one is backfilled.
   */
  readonly newIndexName?: string;
}

/** What happened to one side (partition or sort) of the index's key. */
export interface ConvertedKeySide {
  readonly role: 'partition' | 'sort';
  /** The side's attributes before and after, left to right. */
  readonly before: readonly KeyAttributeDesign[];
  readonly after: readonly KeyAttributeDesign[];
  /** False when the side is kept as it was (already typed, a constant, or already multi-attribute); `why` says which. */
  readonly converted: boolean;
  readonly why: string;
  /** The concatenated attribute the side replaced and each entity's template for it (converted sides only). */
  readonly source?: { readonly attribute: string; readonly templates: Readonly<Record<string, string>> };
  /** The typed attributes the fields became, left to right (converted sides only). */
  readonly typed: readonly TypedFieldAttribute[];
  /** The concatenated key's literal text (prefixes, delimiters), which a multi-attribute key has no place for. */
  readonly droppedLiterals: readonly string[];
}

/** Where a typed attribute's value comes from for items already stored. */
export interface BackfillSource {
  /** The stored key attribute whose text holds the field (`GSI1SK`). */
  readonly attribute: string;
  /** Its template, which reads the field back out (`{ts:epoch(16)}#{score:int(10)}`). */
  readonly template: string;
}

/** One typed attribute an entity's items must carry to be in the converted index. */
export interface BackfillAttribute {
  readonly name: string;
  readonly type: KeyAttributeType;
  readonly field: string;
  /** The template the entity now writes for it. */
  readonly template: string;
  /** `exists`: the items already carry it with this type (as a key attribute or an attribute); `write`: the backfill writes it. */
  readonly status: 'exists' | 'write';
  /** For `write`: the stored key it is read out of (undefined when no stored key holds it readably). */
  readonly from?: BackfillSource;
  /** False when a stored item's value can't be derived (no attribute holds it and no stored key reads back): the application must write it. */
  readonly derivable: boolean;
  readonly explanation: string;
}

export interface EntityBackfill {
  readonly entity: string;
  readonly attributes: readonly BackfillAttribute[];
  /** Whether any attribute must be written (false: the items are indexed as they are). */
  readonly needsWrite: boolean;
}

/** One access pattern on the index, checked on the concatenated key and on the typed key. */
export interface ConvertedPatternCheck {
  readonly patternId: string;
  readonly name: string;
  /** Whether the pattern is a Query on the concatenated key. */
  readonly servedBefore: boolean;
  /** Whether the typed key serves it (equality on every partition attribute; equality on leading sort attributes, then at most one range or begins_with on the next). */
  readonly serves: boolean;
  /** The key condition before (`GSI1PK = :GSI1PK AND begins_with(GSI1SK, :GSI1SKPrefix)`), when it was a Query. */
  readonly before?: string;
  /** The rewritten key condition on the typed attributes, when served. */
  readonly after?: string;
  /** The rewritten Query in words (buildPatternRequest's explanation), or why the typed key can't serve it and what to do. */
  readonly reason: string;
}

export interface MultiAttributeConversion {
  readonly table: string;
  /** The index before and after (the same name unless `newIndexName` was given). */
  readonly before: IndexDesign;
  readonly after: IndexDesign;
  readonly partition: ConvertedKeySide;
  readonly sort: ConvertedKeySide;
  /** The entities whose items are in the index. */
  readonly entities: readonly string[];
  /** The concatenated key (left, old string order) beside the typed key (right, new typed order) over the entities' samples, ascending. */
  readonly orders: KeyComparison;
  /** Every access pattern that queries the index. */
  readonly patterns: readonly ConvertedPatternCheck[];
  readonly backfill: readonly EntityBackfill[];
  /** Concatenated attributes nothing keys any more: the converted design stops writing them (stored items keep them until removed). */
  readonly removedAttributes: readonly string[];
  /** What changes in meaning, in words. */
  readonly notes: readonly string[];
}

export type MultiAttributeConversionResult =
  { readonly ok: true; readonly design: Design; readonly conversion: MultiAttributeConversion } | { readonly ok: false; readonly message: string };
