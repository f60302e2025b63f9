import { getOwnAttribute, type Item } from '../../expressions';
import type { KeyAttributeValue } from '../../keys';
import type { TableDefinition } from '../schema/tableDefinition';
import { keyAttributesOf, type RestoredItem } from '../storage/deferredItem';
import { canonicalKey } from '../storage/partitionKey';

/**
 * Rebuilds a table's items from its stored writes, oldest first — the load
 * side of both adapters' logs (IndexedDB records, journal lines).
 *
 * Puts alone need no bookkeeping: `restoreTable` (TableStore.putMany) lets a
 * later item win over an earlier one with the same key, so the puts are
 * handed over as one list, and a bulk-loaded table stored in key order stays
 * on the engine's fast path (no sort). Only the first delete switches to a
 * map keyed by the item's full key, which costs a string per item.
 */
export class TableReplay {
  private readonly partitionKey: string;
  private readonly sortKey: string | undefined;
  private puts: RestoredItem[] = [];
  private byKey: Map<string, RestoredItem> | undefined;
  /** Writes replayed (puts and deletes), to judge how much of the log is garbage. */
  writes = 0;

  constructor(readonly definition: TableDefinition) {
    this.partitionKey = definition.keys.partitionKey.name;
    this.sortKey = definition.keys.sortKey?.name;
  }

  /** Replays a put (a whole item, or one to be read later: it replaces any earlier item with its key). */
  put(item: RestoredItem): void {
    this.writes++;
    if (this.byKey) this.byKey.set(this.keyOf(item), item);
    else this.puts.push(item);
  }

  /** Replays a delete of the item with this key (the key's attributes, or a whole item). */
  delete(key: Item): void {
    this.writes++;
    if (!this.byKey) {
      this.byKey = new Map();
      for (const item of this.puts) this.byKey.set(this.keyOf(item), item);
      this.puts = [];
    }
    this.byKey.delete(this.keyOf(key));
  }

  /** The table's items after every replayed write (duplicates possible before a delete: later ones win in restoreTable). */
  items(): RestoredItem[] {
    return this.byKey ? [...this.byKey.values()] : this.puts;
  }

  /** True when a delete was replayed, i.e. the log holds items that are gone. */
  get hasDeletes(): boolean {
    return this.byKey !== undefined;
  }

  /** The full key as one string: canonical partition key, length-prefixed so no sort key can fake the boundary. */
  private keyOf(restored: RestoredItem): string {
    const item = keyAttributesOf(restored);
    const partition = canonicalKey(getOwnAttribute(item, this.partitionKey) as KeyAttributeValue);
    if (this.sortKey === undefined) return partition;
    return `${partition.length}:${partition}${canonicalKey(getOwnAttribute(item, this.sortKey) as KeyAttributeValue)}`;
  }
}
