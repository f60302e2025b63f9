import { compareKeys, explainByteOrder, explainStringOrder } from '../../keys';
import { positionedRow } from './buildItemCollection';
import type { CollectionRow, ItemCollection, KeyPartText, PositionedRow } from './itemCollection.types';

/** Why a row is out of place: the row whose naive order against it flips, and the sentence that says why. */
export interface OutOfPlaceReason {
  /** A row the naive keys put on the other side of this one. */
  readonly other: PositionedRow;
  readonly sentence: string;
}

/**
 * Why the naive keys would put a row elsewhere: a row of the collection on
 * the other side of it in the naive order than in DynamoDB's, and the first
 * differing byte of the two naive keys (src/keys explainStringOrder /
 * explainByteOrder; numbers by value). Computed on demand (a shown row), not
 * for all 20,000. Undefined for a row in place.
 *
 * @example
 * // Leaderboard, {score:int(10)}: the run with score 9 is 2nd, but naive "9#…" would come last:
 * explainOutOfPlace(collection, 2)?.sentence
 * // 'Naive key "9#1719741600#p_1024" would sort after Run run-5 ("875#…"), which it precedes encoded: The first difference is byte 1: …'
 */
export function explainOutOfPlace(collection: ItemCollection, position: number): OutOfPlaceReason | undefined {
  const row = positionedRow(collection, position);
  if (!row || !row.outOfPlace) return undefined;
  const otherPosition = findFlippedPartner(collection, row);
  const other = otherPosition === undefined ? undefined : positionedRow(collection, otherPosition);
  if (!other) return undefined;
  const naiveBefore = other.rawPosition < row.rawPosition;
  const relation = naiveBefore ? 'after' : 'before';
  const encodedRelation = naiveBefore ? 'precedes' : 'follows';
  const lead = `Naive key ${quoteKey(row.row.rawSortKey)} would sort ${relation} ${other.row.entity} ${JSON.stringify(other.row.sampleId)} (${quoteKey(other.row.rawSortKey)}), which it ${encodedRelation} encoded`;
  return { other, sentence: `${lead}: ${explainNaivePair(row.row, other.row)}` };
}

/** The position of a row on the other side of `row` in the naive order: the naive neighbours first, then any. */
function findFlippedPartner(collection: ItemCollection, row: PositionedRow): number | undefined {
  const flipped = (otherPosition: number | undefined, otherRawPosition: number): otherPosition is number =>
    otherPosition !== undefined && otherPosition !== row.position && otherRawPosition < row.rawPosition !== otherPosition < row.position;
  const before = collection.positionsInRawOrder[row.rawPosition - 2];
  if (flipped(before, row.rawPosition - 1)) return before;
  const after = collection.positionsInRawOrder[row.rawPosition];
  if (flipped(after, row.rawPosition + 1)) return after;
  for (let j = 0; j < collection.positionsInRawOrder.length; j++) {
    const candidate = collection.positionsInRawOrder[j];
    if (flipped(candidate, j + 1)) return candidate;
  }
  return undefined;
}

function quoteKey(parts: readonly KeyPartText[]): string {
  return parts.map((part) => JSON.stringify(part.text)).join(' · ');
}

/** The first sort attribute whose naive values differ, and why they order as they do. */
function explainNaivePair(row: CollectionRow, other: CollectionRow): string {
  for (let i = 0; i < row.rawSortKey.length; i++) {
    const part = row.rawSortKey[i] as KeyPartText;
    const otherPart = other.rawSortKey[i] as KeyPartText;
    const x = row.rawSortValues[i];
    const y = other.rawSortValues[i];
    const prefix = row.rawSortKey.length > 1 ? `${part.attribute}: ` : '';
    if (x === undefined || y === undefined) {
      if (x === y) continue;
      const bad = x === undefined ? part : otherPart;
      return `${prefix}${JSON.stringify(bad.text)} is not a valid ${bad.type === 'N' ? 'number' : 'base64 binary'} for ${bad.attribute} (${bad.type}), so a naive write would fail.`;
    }
    if (compareKeys(x, y) === 0) continue;
    if ('S' in x && 'S' in y) return prefix + explainStringOrder(x.S, y.S).sentence;
    if ('B' in x && 'B' in y) return prefix + explainByteOrder(x.B, y.B, JSON.stringify(part.text), JSON.stringify(otherPart.text)).sentence;
    const [small, large] = compareKeys(x, y) < 0 ? [part.text, otherPart.text] : [otherPart.text, part.text];
    return `${prefix}${small} is less than ${large}: number (N) keys sort by value.`;
  }
  return 'The naive keys are equal; their order follows the entities’ order.';
}
