/**
 * The comparator as the engine runs it: on prepared keys (src/keys
 * preparedKeys.ts: each key's plain flag decided once, when it is stored),
 * against plain `<` on the very same prepared arrays — sorting them, and
 * binary-searching every key in the sorted array (what a Query's bounds and
 * a GetItem do). Runs alternate between the two so drift hits both alike.
 */
import { comparePreparedKeys, compareUtf8, prepareKey, utf8ProbeOf, type PreparedKey } from '../../src/keys';
import { collectGarbage, createRandom, median, timeMs } from '../benchUtils';

/** `<` on the prepared keys' text: UTF-16 order, the baseline (wrong where a key is not plain). */
const plainCompare = (a: PreparedKey, b: PreparedKey): number => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0);

export interface PreparedFigures {
  readonly count: number;
  /** Keys whose flag is set (no code unit ≥ 0xD800). */
  readonly plainKeys: number;
  /** Preparing every key once (isPlainKey), ms. */
  readonly prepareMs: number;
  readonly sortOursMs: number;
  readonly sortPlainMs: number;
  readonly searchOursMs: number;
  readonly searchPlainMs: number;
  /** Ours sorted exactly as compareUtf8 sorts the strings; every binary search found its key. */
  readonly correct: boolean;
}

/**
 * Lower bound of `target` in `sorted` (ascending by comparePreparedKeys), as
 * the engine searches: one probe per search (utf8ProbeOf, the target's flag
 * read once), compared with each key it meets.
 */
function searchOurs(sorted: readonly PreparedKey[], target: PreparedKey): number {
  const probe = utf8ProbeOf(target.text, target.plain);
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (probe((sorted[middle] as PreparedKey).text) > 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The same search with plain `<` (three-way, as in the sort; on an array sorted by `<`). */
function searchPlain(sorted: readonly PreparedKey[], target: PreparedKey): number {
  const text = target.text;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const key = (sorted[middle] as PreparedKey).text;
    if ((text < key ? -1 : text > key ? 1 : 0) > 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Searches every target; returns how many were not found at their lower bound (0 when correct). */
function searchAll(sorted: readonly PreparedKey[], targets: readonly PreparedKey[], search: typeof searchOurs): number {
  let missing = 0;
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i] as PreparedKey;
    if ((sorted[search(sorted, target)] as PreparedKey).text !== target.text) missing++;
  }
  return missing;
}

export function measurePreparedKeys(keys: readonly string[], runs: number, seed: number): PreparedFigures {
  let prepared: PreparedKey[] = [];
  const prepareMs = timeMs(() => (prepared = keys.map(prepareKey)));
  const plainKeys = prepared.filter((key) => key.plain).length;
  // Warm-up on a slice, both comparators and both searches.
  const warm = prepared.slice(0, 50_000);
  for (let round = 0; round < 3; round++) {
    const ours = warm.slice().sort(comparePreparedKeys);
    const plain = warm.slice().sort(plainCompare);
    searchAll(ours, warm, searchOurs);
    searchAll(plain, warm, searchPlain);
  }

  const sortOurs: number[] = [];
  const sortPlain: number[] = [];
  let oursSorted: PreparedKey[] = [];
  let plainSorted: PreparedKey[] = [];
  for (let run = 0; run < runs; run++) {
    oursSorted = prepared.slice();
    collectGarbage();
    sortOurs.push(timeMs(() => oursSorted.sort(comparePreparedKeys)));
    plainSorted = prepared.slice();
    collectGarbage();
    sortPlain.push(timeMs(() => plainSorted.sort(plainCompare)));
  }

  // Every key looked up once, in a seeded random order.
  const targets = prepared.slice();
  const random = createRandom(seed);
  for (let i = targets.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [targets[i], targets[j]] = [targets[j] as PreparedKey, targets[i] as PreparedKey];
  }
  const searchOursTimes: number[] = [];
  const searchPlainTimes: number[] = [];
  let missing = 0;
  for (let run = 0; run < runs; run++) {
    collectGarbage();
    searchOursTimes.push(timeMs(() => (missing += searchAll(oursSorted, targets, searchOurs))));
    collectGarbage();
    searchPlainTimes.push(timeMs(() => (missing += searchAll(plainSorted, targets, searchPlain))));
  }

  const reference = keys.slice().sort(compareUtf8);
  let sameOrder = true;
  for (let i = 0; i < reference.length && sameOrder; i++) sameOrder = (oursSorted[i] as PreparedKey).text === reference[i];
  return {
    count: keys.length,
    plainKeys,
    prepareMs,
    sortOursMs: median(sortOurs),
    sortPlainMs: median(sortPlain),
    searchOursMs: median(searchOursTimes),
    searchPlainMs: median(searchPlainTimes),
    correct: sameOrder && missing === 0,
  };
}
