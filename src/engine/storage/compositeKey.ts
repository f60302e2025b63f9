import { getOwnAttribute, partitionAttributesOf, sortAttributesOf, type Item, type KeySchemaInfo } from '../../expressions';
import type { KeyAttributeValue, KeyType } from '../../keys';
import { canonicalKey } from './partitionKey';
import { plainFlagOf, rawComparator, rawKeyOf, type RawKey } from './rawKey';

/**
 * Multi-attribute index keys (a GSI with up to four HASH and four RANGE
 * attributes) in the stores, which otherwise hold one partition value and one
 * sort value per entry:
 *
 * - the partition is the combination of every HASH attribute: one synthetic
 *   S value built from their canonical forms (partitionKey.ts), so partitions
 *   are still found by a Map lookup and scanned in hash order;
 * - the sort key is a {@link CompositeRawKey}, compared attribute by attribute
 *   left to right, each with its own type's comparator — the ones
 *   `compareKeys` uses (`compareUtf8`, `compareDynamoNumbers`, `compareBytes`).
 *
 * Single-attribute keys never take these paths.
 */

/** A multi-attribute index entry's sort key: one raw value per RANGE attribute, left to right. */
export type CompositeRawKey = readonly RawKey[];

/** A stored sort key: raw (one sort attribute) or composite (several). */
export type StoredSortKey = RawKey | CompositeRawKey;

/** Compares two stored sort keys of one store. */
export type SortKeyComparator = (a: StoredSortKey, b: StoredSortKey) => number;

/**
 * The partition value of a key's partition attributes: the value itself for
 * one attribute; for several, an S value joining their canonical forms, each
 * length-prefixed so that no two combinations give the same text.
 *
 * @example
 * partitionValueOf([{ S: "a" }, { N: "1e1" }]) // { S: "3:S:a4:N:10" }
 */
export function partitionValueOf(values: readonly KeyAttributeValue[]): KeyAttributeValue {
  if (values.length === 1) return values[0] as KeyAttributeValue;
  let text = '';
  for (const value of values) {
    const canonical = canonicalKey(value);
    text += `${canonical.length}:${canonical}`;
  }
  return { S: text };
}

/**
 * Orders composite sort keys attribute by attribute, left to right, each by
 * its type. A shorter key (a query's equality prefix) compares equal to every
 * key it is a prefix of, which is what lets one binary search find a prefix's range.
 *
 * @example
 * compositeComparator(["S", "N"])(["a", "10"], ["a", "9"]) > 0 // true
 */
export function compositeComparator(types: readonly KeyType[]): (a: CompositeRawKey, b: CompositeRawKey) => number {
  const comparators = types.map(rawComparator);
  return (a, b) => {
    const length = Math.min(a.length, b.length);
    for (let i = 0; i < length; i++) {
      const order = (comparators[i] as (x: RawKey, y: RawKey) => number)(a[i] as RawKey, b[i] as RawKey);
      if (order !== 0) return order;
    }
    return 0;
  };
}

/** An item's key values in an index: the partition value, and the sort key as a value (one sort attribute) and raw. */
export interface IndexKeyValues {
  readonly pk: KeyAttributeValue;
  /** The sort attribute's value with one sort attribute; undefined without one or with several. */
  readonly sk: KeyAttributeValue | undefined;
  readonly skRaw: StoredSortKey | undefined;
  /** The sort key is one plain S value (plainFlagOf in rawKey.ts): decided here, once per write. */
  readonly skPlain: boolean;
}

/**
 * The key values of `item` in an index with these keys, or undefined when
 * the item lacks any of the key attributes (it is not in the index).
 */
export function indexKeyValuesOf(keys: KeySchemaInfo, item: Item): IndexKeyValues | undefined {
  if (!keys.partitionKeys) {
    const pk = getOwnAttribute(item, keys.partitionKey.name) as KeyAttributeValue | undefined;
    if (pk === undefined) return undefined;
    if (!keys.sortKey) return { pk, sk: undefined, skRaw: undefined, skPlain: false };
    const sk = getOwnAttribute(item, keys.sortKey.name) as KeyAttributeValue | undefined;
    return sk === undefined ? undefined : { pk, sk, skRaw: rawKeyOf(sk), skPlain: plainFlagOf(sk) };
  }
  const partitionValues = valuesOf(partitionAttributesOf(keys), item);
  const sortValues = partitionValues && valuesOf(sortAttributesOf(keys), item);
  if (!partitionValues || !sortValues) return undefined;
  const pk = partitionValueOf(partitionValues);
  if (sortValues.length === 0) return { pk, sk: undefined, skRaw: undefined, skPlain: false };
  if (sortValues.length === 1) return { pk, sk: sortValues[0], skRaw: rawKeyOf(sortValues[0] as KeyAttributeValue), skPlain: plainFlagOf(sortValues[0]) };
  return { pk, sk: undefined, skRaw: sortValues.map(rawKeyOf), skPlain: false };
}

/** The sort-attribute types a store of these keys orders by: `sortKeyType` for one, `sortKeyTypes` for several. */
export function sortShapeOf(keys: KeySchemaInfo): { sortKeyType: KeyType | undefined; sortKeyTypes?: readonly KeyType[] } {
  const sort = sortAttributesOf(keys);
  if (sort.length > 1) return { sortKeyType: undefined, sortKeyTypes: sort.map((attribute) => attribute.type) };
  return { sortKeyType: sort[0]?.type };
}

/** A raw key value back as an AttributeValue of its type. */
export function valueOfRaw(raw: RawKey, type: KeyType): KeyAttributeValue {
  if (type === 'S') return { S: raw as string };
  if (type === 'N') return { N: raw as string };
  return { B: raw as Uint8Array };
}

function valuesOf(attributes: readonly { readonly name: string }[], item: Item): KeyAttributeValue[] | undefined {
  const values: KeyAttributeValue[] = [];
  for (const attribute of attributes) {
    const value = getOwnAttribute(item, attribute.name) as KeyAttributeValue | undefined;
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values;
}
