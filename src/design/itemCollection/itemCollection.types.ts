import type { KeyAttributeValue } from '../../keys';
import type { JsonItem, KeyAttributeType } from '../design.types';

/** One attribute of a (possibly multi-attribute) key, as text for display: S as is, N normalised, B as base64. */
export interface KeyPartText {
  readonly attribute: string;
  readonly type: KeyAttributeType;
  readonly text: string;
}

/** One partition-key value of a table or index, with how many sample items it holds. */
export interface PartitionSummary {
  /** A stable identity of the value (its DynamoDB JSON tuple), for selects and `buildItemCollection`. */
  readonly id: string;
  /** The value as DynamoDB stores it: one attribute, or the tuple of a multi-attribute GSI partition key. */
  readonly parts: readonly KeyPartText[];
  readonly itemCount: number;
  /** Items per entity, in the table's entity order; only entities with items here. */
  readonly entities: readonly { readonly entity: string; readonly itemCount: number }[];
}

/** A sample item of one entity in one partition, with its sort key encoded and naive. */
export interface CollectionRow {
  readonly entity: string;
  /** The entity's place in the table (ties in the sort key keep the table's entity order). */
  readonly entityIndex: number;
  readonly sampleId: string;
  /** The row's index in its entity's rows of this partition, in DynamoDB's order. */
  readonly rank: number;
  readonly partitionId: string;
  /** The sort key as DynamoDB stores it, one part per sort attribute (empty without a sort key). */
  readonly sortKey: readonly KeyPartText[];
  /** What a naive design stores: the template's literals and the field values as typed (src/keys buildRawKey). */
  readonly rawSortKey: readonly KeyPartText[];
  /** The comparison values, built once per row: `sortKey` for compareKeys. */
  readonly sortValues: readonly KeyAttributeValue[];
  /**
   * A single S sort key's text (and the naive one's), compared without the
   * tuple walk; undefined for no sort key, N, B or several attributes. Each
   * with its isPlainKey flag (src/keys preparedKeys): `<` is UTF-8 order then.
   */
  readonly sortText: string | undefined;
  readonly sortPlain: boolean;
  readonly rawSortText: string | undefined;
  readonly rawSortPlain: boolean;
  /** The naive key's comparison values; undefined for a part the attribute's type cannot hold (not a number for N, not base64 for B). */
  readonly rawSortValues: readonly (KeyAttributeValue | undefined)[];
  /**
   * The row's 1-based place among its entity's rows of this partition in
   * their intended order (src/keys judgeIntendedOrder over the sort key's
   * fields: numbers by value, dates by time…; ties share); 0 when the sort key
   * has no single template to judge.
   */
  readonly intendedRank: number;
  /** False when DynamoDB's order puts the row elsewhere among its entity's rows than its intended order does. */
  readonly inIntendedPlace: boolean;
  /** The whole item the sample becomes. */
  readonly item: JsonItem;
}

/** A row in the item collection's order, with its marks (positionedRow builds it on demand). */
export interface PositionedRow {
  readonly row: CollectionRow;
  /** 1-based position in DynamoDB's order (ascending: what a Query returns with ScanIndexForward = true). */
  readonly position: number;
  /** 1-based position the naive (unencoded) keys would give the row. */
  readonly rawPosition: number;
  /** True when the naive keys would put the row elsewhere: see explainOutOfPlace for why. */
  readonly outOfPlace: boolean;
  /** On the table (not an index): the earlier row with the same full key, which this write would replace. */
  readonly sameKeyAs?: CollectionRow;
}

/** A sample whose keys don't encode: it is in no partition, and this says why. */
export interface UnencodableSample {
  readonly entity: string;
  readonly sampleId: string;
  /** One message per problem, each naming the key attribute (and field, when known). */
  readonly messages: readonly string[];
}

/** One partition's items, every entity's together, in DynamoDB's order. */
export interface ItemCollection {
  readonly indexName?: string;
  /** The partition shown; undefined when the table or index has no sample in it. */
  readonly partition?: PartitionSummary;
  /** The rows in DynamoDB's order (see positionedRow for one row's marks). */
  readonly rows: readonly CollectionRow[];
  /** The rows in the naive keys' order. */
  readonly rawOrder: readonly CollectionRow[];
  /** `rawPositions[i]`: the 1-based naive position of `rows[i]`. */
  readonly rawPositions: Int32Array;
  /** `positionsInRawOrder[j]`: the 1-based position in DynamoDB's order of `rawOrder[j]`. */
  readonly positionsInRawOrder: Int32Array;
  readonly outOfPlaceCount: number;
  /** Rows DynamoDB's order puts elsewhere among their entity's rows than their intended order does (CollectionRow.inIntendedPlace). */
  readonly notIntendedCount: number;
  /** Samples of the table's or index's entities whose keys don't encode (any partition: theirs is unknown). */
  readonly unencodable: readonly UnencodableSample[];
}
