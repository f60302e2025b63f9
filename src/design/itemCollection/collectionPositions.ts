import type { CollectionRow } from './itemCollection.types';

/** Where each row of a collection is in the other order (1-based), as ItemCollection holds it. */
export interface CollectionPositions {
  /** `rawPositions[i]`: the naive position of encoded row i. */
  readonly rawPositions: Int32Array;
  /** `positionsInRawOrder[j]`: the encoded position of naive row j. */
  readonly positionsInRawOrder: Int32Array;
  readonly outOfPlaceCount: number;
}

/**
 * The positions of rows given in both orders. Typed arrays, not a Map of
 * 20,000 rows: each row knows its entity and its rank in that entity's
 * encoded list, so a row's encoded index is looked up by those two numbers.
 */
export function positionsOf(encoded: readonly CollectionRow[], raw: readonly CollectionRow[]): CollectionPositions {
  const counts: number[] = [];
  for (const row of encoded) counts[row.entityIndex] = (counts[row.entityIndex] ?? 0) + 1;
  const encodedIndexByEntity = counts.map((count) => new Int32Array(count));
  for (let i = 0; i < encoded.length; i++) {
    const row = encoded[i] as CollectionRow;
    (encodedIndexByEntity[row.entityIndex] as Int32Array)[row.rank] = i;
  }
  const rawPositions = new Int32Array(encoded.length);
  const positionsInRawOrder = new Int32Array(encoded.length);
  let outOfPlaceCount = 0;
  for (let j = 0; j < raw.length; j++) {
    const row = raw[j] as CollectionRow;
    const i = (encodedIndexByEntity[row.entityIndex] as Int32Array)[row.rank] as number;
    rawPositions[i] = j + 1;
    positionsInRawOrder[j] = i + 1;
    if (i !== j) outOfPlaceCount++;
  }
  return { rawPositions, positionsInRawOrder, outOfPlaceCount };
}

/**
 * The positions after one entity's rows were merged into the others' (mergeInto
 * in both orders), from the others' positions and where the entity's rows went
 * (`encodedAt[rank]`, `rawAt[j]`: result indices of its encoded and naive
 * lists) — typed arrays only, without reading the 20,000 row objects.
 *
 * An other row at index i of its list lands at i plus the number of the
 * entity's rows placed before it: those whose result index minus their own
 * index (the other rows emitted before them) is at most i.
 */
export function positionsAfterMerge(
  others: CollectionPositions,
  addedByRaw: readonly CollectionRow[],
  encodedAt: Int32Array,
  rawAt: Int32Array,
): CollectionPositions {
  const otherCount = others.positionsInRawOrder.length;
  const added = addedByRaw.length;
  const total = otherCount + added;
  const encodedIndexOfOther = new Int32Array(otherCount);
  for (let i = 0, r = 0; i < otherCount; i++) {
    while (r < added && (encodedAt[r] as number) - r <= i) r++;
    encodedIndexOfOther[i] = i + r;
  }
  const rawPositions = new Int32Array(total);
  const positionsInRawOrder = new Int32Array(total);
  let outOfPlaceCount = 0;
  for (let j = 0, r = 0; j < otherCount; j++) {
    while (r < added && (rawAt[r] as number) - r <= j) r++;
    const rawIndex = j + r;
    const encodedIndex = encodedIndexOfOther[(others.positionsInRawOrder[j] as number) - 1] as number;
    rawPositions[encodedIndex] = rawIndex + 1;
    positionsInRawOrder[rawIndex] = encodedIndex + 1;
    if (encodedIndex !== rawIndex) outOfPlaceCount++;
  }
  for (let j = 0; j < added; j++) {
    const rawIndex = rawAt[j] as number;
    const encodedIndex = encodedAt[(addedByRaw[j] as CollectionRow).rank] as number;
    rawPositions[encodedIndex] = rawIndex + 1;
    positionsInRawOrder[rawIndex] = encodedIndex + 1;
    if (encodedIndex !== rawIndex) outOfPlaceCount++;
  }
  return { rawPositions, positionsInRawOrder, outOfPlaceCount };
}
