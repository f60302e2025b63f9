import type { CollectionRow, ItemCollection } from '../itemCollection';

/**
 * Whether an item collection keeps each entity's items in the order its
 * people mean — the question the entity order slide answers for one entity's
 * samples, asked of one partition's items, so the two never disagree. The
 * item collection already carries each row's intended rank (src/keys' one
 * judge over the sort key's fields, with the attribute's declared type); this
 * reads it for the slides and the review document, and adds what the naive
 * keys' order would do by the same ranks.
 */
export interface CollectionIntendedOrder {
  /** Per row of `collection.rows` (DynamoDB's order): its 1-based intended rank among its entity's rows here; undefined when not judged. */
  readonly intendedRanks: readonly (number | undefined)[];
  /** Per row of `collection.rows`: true when DynamoDB's order puts it outside its intended place among its entity's rows. */
  readonly outOfPlace: readonly boolean[];
  readonly outOfPlaceCount: number;
  /** The same count for the naive keys' order (`collection.rawOrder`). */
  readonly naiveOutOfPlaceCount: number;
  /** How many rows were judged (those the collection gave an intended rank). */
  readonly judgedCount: number;
}

/** Rows of `order` outside their intended place among their entity's rows: the i-th judged row of an entity must hold that entity's i-th intended rank. */
function countOutOfPlace(order: readonly CollectionRow[], rankAt: ReadonlyMap<string, readonly number[]>): number {
  const seen = new Map<string, number>();
  let count = 0;
  for (const row of order) {
    if (row.intendedRank === 0) continue;
    const index = seen.get(row.entity) ?? 0;
    seen.set(row.entity, index + 1);
    if (rankAt.get(row.entity)?.[index] !== row.intendedRank) count++;
  }
  return count;
}

/**
 * Reads a collection's judgement of its order against each entity's intended
 * order, and judges its naive keys' order by the same ranks.
 *
 * @example
 * // SCORE#{score} over scores 10, 1500, 240, 75, 9 (plain text): stored as 10, 1500, 240, 75, 9
 * judgeCollectionOrder(collection) // { intendedRanks: [2, 5, 4, 3, 1], outOfPlaceCount: 5, naiveOutOfPlaceCount: 5, … }
 */
export function judgeCollectionOrder(collection: ItemCollection): CollectionIntendedOrder {
  const ranks = new Map<string, number[]>();
  for (const row of collection.rows) {
    if (row.intendedRank === 0) continue;
    const list = ranks.get(row.entity);
    if (list) list.push(row.intendedRank);
    else ranks.set(row.entity, [row.intendedRank]);
  }
  // Ranks in intended order: ties share a rank, so the sorted ranks are what each place must hold.
  for (const list of ranks.values()) list.sort((a, b) => a - b);
  const judged = (row: CollectionRow) => row.intendedRank !== 0;
  return {
    intendedRanks: collection.rows.map((row) => (judged(row) ? row.intendedRank : undefined)),
    outOfPlace: collection.rows.map((row) => judged(row) && !row.inIntendedPlace),
    outOfPlaceCount: collection.notIntendedCount,
    naiveOutOfPlaceCount: countOutOfPlace(collection.rawOrder, ranks),
    judgedCount: collection.rows.filter(judged).length,
  };
}
