import type { Item } from '../../expressions';
import { copyStoredItem } from './copyStoredItem';
import type { ItemRecord } from './keyedStore';

/**
 * A stored item as a read returns it whole (GetItem, BatchGetItem, Query,
 * Scan): the stored object itself when it is frozen (see freezeItem.ts) —
 * callers can read it but not change it, so no copy is needed — otherwise
 * (an item holding binary) a deep copy.
 *
 * Why not always a copy: a 100-item Query page spent about as long copying
 * its items as finding them, and the endpoint serialises them right away.
 *
 * @example
 * const item = readOut(record); Object.isFrozen(item) // true unless it holds B or BS
 */
export function readOut(record: ItemRecord): Item {
  return record.frozen ? record.item : copyStoredItem(record.item);
}
