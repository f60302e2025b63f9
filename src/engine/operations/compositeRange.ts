import type { PreparedSortKeyCondition } from '../../expressions';
import type { KeyAttributeValue } from '../../keys';
import type { ListPosition, Probe } from '../storage/chunkedSortedList';
import type { CompositeRawKey } from '../storage/compositeKey';
import type { KeyedStore, Partition, StoreEntry } from '../storage/keyedStore';
import { rawKeyOf, rawStartsWith, type RawKey } from '../storage/rawKey';

/** Where a walk over one partition starts, and when it must stop. */
export interface Range {
  readonly from: ListPosition | undefined;
  readonly inRange: (entry: StoreEntry) => boolean;
}

/**
 * The sort-key range of a Query on an index with several sort attributes:
 * equality on the first `prefix.length` of them, then at most one condition
 * on the next. The store orders entries by their composite sort keys
 * attribute by attribute (compositeKey.ts), and a shorter key compares equal
 * to every key it begins, so each bound is one binary search and the walk
 * stops at the first entry outside the range — as planRange does for one
 * sort attribute, in either direction, resuming after `startAfter`.
 */
export function planCompositeRange(
  store: KeyedStore<StoreEntry>,
  partition: Partition<StoreEntry>,
  prefix: readonly KeyAttributeValue[],
  condition: PreparedSortKeyCondition | undefined,
  descending: boolean,
  startAfter: Probe<StoreEntry> | undefined,
): Range {
  const entries = partition.entries;
  const compare = store.compareSortKeys as unknown as (a: CompositeRawKey, b: CompositeRawKey) => number;
  const head: RawKey[] = prefix.map((value) => rawKeyOf(value));
  const at = head.length;
  const raw = (value: unknown) => rawKeyOf(value as KeyAttributeValue);
  const withHead = (value: unknown): CompositeRawKey => [...head, raw(value)];
  const sortKey = (entry: StoreEntry) => entry.skRaw as CompositeRawKey;
  /** Target vs entry, on the target's attributes only. */
  const versus = (target: CompositeRawKey) => (entry: StoreEntry) => compare(target, sortKey(entry));
  const lower = (target: CompositeRawKey) => entries.lowerBound(versus(target));
  const upper = (target: CompositeRawKey) => entries.upperBound(versus(target));
  const inHead = (entry: StoreEntry) => compare(head, sortKey(entry)) === 0;
  const always = () => true;

  if (!descending) {
    let from: ListPosition;
    let inRange: (entry: StoreEntry) => boolean = at > 0 ? inHead : always;
    switch (condition?.operator) {
      case undefined:
        from = at > 0 ? lower(head) : entries.begin();
        break;
      case '=': {
        const target = withHead(condition.value);
        from = lower(target);
        inRange = (entry) => compare(target, sortKey(entry)) === 0;
        break;
      }
      case '>=':
      case '>':
        from = condition.operator === '>' ? upper(withHead(condition.value)) : lower(withHead(condition.value));
        break;
      case '<':
      case '<=': {
        const target = withHead(condition.value);
        from = at > 0 ? lower(head) : entries.begin();
        inRange = condition.operator === '<' ? (entry) => compare(target, sortKey(entry)) > 0 : (entry) => compare(target, sortKey(entry)) >= 0;
        break;
      }
      case 'between': {
        const high = withHead(condition.high);
        from = lower(withHead(condition.low));
        inRange = (entry) => compare(high, sortKey(entry)) >= 0;
        break;
      }
      case 'begins_with': {
        const start = raw(condition.prefix);
        from = lower(withHead(condition.prefix));
        inRange = (entry) => inHead(entry) && rawStartsWith(sortKey(entry)[at] as RawKey, start);
        break;
      }
    }
    if (startAfter) {
      const after = entries.upperBound(startAfter);
      if (entries.comparePositions(after, from) > 0) from = after;
    }
    return { from, inRange };
  }

  // Descending: start at the last entry inside the upper bound, stop below the lower bound.
  let end: ListPosition;
  let inRange: (entry: StoreEntry) => boolean = at > 0 ? inHead : always;
  switch (condition?.operator) {
    case undefined:
      end = at > 0 ? upper(head) : entries.end();
      break;
    case '=': {
      const target = withHead(condition.value);
      end = upper(target);
      inRange = (entry) => compare(target, sortKey(entry)) === 0;
      break;
    }
    case '<=':
    case '<':
      end = condition.operator === '<=' ? upper(withHead(condition.value)) : lower(withHead(condition.value));
      break;
    case '>=':
    case '>': {
      const target = withHead(condition.value);
      end = at > 0 ? upper(head) : entries.end();
      inRange = condition.operator === '>' ? (entry) => compare(target, sortKey(entry)) < 0 : (entry) => compare(target, sortKey(entry)) <= 0;
      break;
    }
    case 'between': {
      const low = withHead(condition.low);
      end = upper(withHead(condition.high));
      inRange = (entry) => compare(low, sortKey(entry)) <= 0;
      break;
    }
    case 'begins_with': {
      const start = raw(condition.prefix);
      const target = withHead(condition.prefix);
      // Entries of the head that begin with `start` are contiguous: before them the attribute is < start, after them > it.
      end = entries.lowerBound((entry) => {
        if (!inHead(entry)) return compare(head, sortKey(entry));
        return rawStartsWith(sortKey(entry)[at] as RawKey, start) ? 1 : compare(target, sortKey(entry));
      });
      inRange = (entry) => inHead(entry) && rawStartsWith(sortKey(entry)[at] as RawKey, start);
      break;
    }
  }
  if (startAfter) {
    const before = entries.lowerBound(startAfter);
    if (entries.comparePositions(before, end) < 0) end = before;
  }
  return { from: entries.previous(end), inRange };
}
