import type { ItemWrite } from '../localDynamoDB.types';
import { keyOf } from '../schema/checkKeys';
import type { ListPosition } from '../storage/chunkedSortedList';
import type { KeyProbe, StoreEntry } from '../storage/keyedStore';
import { canonicalKey } from '../storage/partitionKey';
import type { TableStore } from '../storage/tableStore';
import { isExpired } from './expiry';

/** Options of one sweep (see LocalDynamoDB.sweepExpiredItems). */
export interface SweepOptions {
  /**
   * Items to look at per TTL-enabled table in this sweep, resuming where the
   * last sweep of that table stopped. Default: all of them (a full pass).
   */
  readonly maxItemsPerTable?: number;
}

/** Where a table's sliced sweep resumes: after this item. */
interface SweepCursor {
  /** The table store the cursor belongs to (a re-created table starts over). */
  readonly table: TableStore;
  readonly canonical: string;
  readonly pk: StoreEntry['pk'];
  readonly components: KeyProbe;
}

/**
 * DynamoDB's background TTL process, as a planner: finds the expired items of
 * the tables with TTL enabled (see expiry.ts) and returns their deletes, which
 * the engine commits as one `writeItems` change marked `by: 'ttl'`. Tables
 * without TTL cost nothing. A sweep with `maxItemsPerTable` looks at that many
 * items of each table and remembers where it stopped, so a timer can sweep a
 * million-item table in slices instead of scanning all of it on every tick.
 */
export class TtlSweeper {
  private readonly cursors = new Map<string, SweepCursor>();

  /** The deletes of the expired items found in this sweep (planned against the current state, not applied). */
  plan(tables: ReadonlyMap<string, TableStore>, nowMs: number, options: SweepOptions = {}): ItemWrite[] {
    const writes: ItemWrite[] = [];
    for (const [name, cursor] of this.cursors) {
      if (tables.get(name) !== cursor.table) this.cursors.delete(name);
    }
    for (const [name, table] of tables) {
      const ttl = table.definition.timeToLive;
      if (!ttl?.enabled) continue;
      this.sweepTable(name, table, ttl.attributeName, nowMs, options.maxItemsPerTable ?? Infinity, writes);
    }
    return writes;
  }

  private sweepTable(name: string, table: TableStore, attributeName: string, nowMs: number, budget: number, writes: ItemWrite[]): void {
    const store = table.items;
    const partitions = store.partitionsInScanOrder();
    const cursor = budget === Infinity ? undefined : this.cursors.get(name);
    let position: ListPosition = partitions.begin();
    let resumeAfter: KeyProbe | undefined;
    if (cursor) {
      position = store.scanPositionOf(cursor.pk);
      if (partitions.at(position)?.canonical === cursor.canonical) resumeAfter = cursor.components;
    }
    const hasSortKey = table.definition.keys.sortKey !== undefined;
    let left = budget;
    let last: StoreEntry | undefined;
    let first = true;
    partitions.walk(position, false, (partition) => {
      const entries = partition.entries;
      let from = entries.begin();
      if (first && resumeAfter) {
        // A hash-only table has one item per partition: that one was looked at.
        if (!hasSortKey) {
          first = false;
          return true;
        }
        from = entries.upperBound(store.probe(resumeAfter));
      }
      first = false;
      entries.walk(from, false, (entry) => {
        if (left <= 0) return false;
        left--;
        last = entry;
        const item = entry.record.item;
        if (isExpired(item, attributeName, nowMs)) writes.push({ tableName: name, key: keyOf(item, table.definition.keys), item: undefined });
        return true;
      });
      return left > 0;
    });
    if (left > 0 || !last) {
      // The pass reached the end of the table: the next sweep starts over.
      this.cursors.delete(name);
    } else {
      const entry: StoreEntry = last;
      this.cursors.set(name, { table, canonical: canonicalKey(entry.pk), pk: entry.pk, components: store.componentsOf(entry) });
    }
  }
}
