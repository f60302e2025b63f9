import type { Item } from '../../expressions';
import type { KeyAttributeValue } from '../../keys';
import type { StoredSortKey } from './compositeKey';
import type { DeferredItem } from './deferredItem';
import { freezeItem } from './freezeItem';
import type { ItemRecord } from './keyedStore';

/**
 * A table's record of one item (see ItemRecord): every record of every table
 * is one of these, so the reads that walk them see one object shape.
 *
 * A record made from a {@link DeferredItem} (a data file's item, loaded by
 * key) reads its item on first use of `item` or `frozen`, and freezes it
 * then. That fills in what the record stands for; it changes nothing a
 * reader could have seen, so records stay immutable as far as callers go.
 */
export class StoredRecord implements ItemRecord {
  readonly record: ItemRecord = this;
  private stored: Item | undefined;
  private frozenFlag: boolean;
  private deferred: DeferredItem | undefined;

  private constructor(
    stored: Item | undefined,
    deferred: DeferredItem | undefined,
    readonly pk: KeyAttributeValue,
    readonly sk: KeyAttributeValue | undefined,
    readonly skRaw: StoredSortKey | undefined,
    readonly skPlain: boolean,
    readonly size: number,
  ) {
    this.stored = stored;
    this.deferred = deferred;
    // Stored items are the table's own: frozen, they can be read out without a copy.
    this.frozenFlag = stored === undefined ? false : freezeItem(stored);
  }

  /** A record of an item the table owns (it is frozen here). */
  static of(
    item: Item,
    pk: KeyAttributeValue,
    sk: KeyAttributeValue | undefined,
    skRaw: StoredSortKey | undefined,
    skPlain: boolean,
    size: number,
  ): StoredRecord {
    return new StoredRecord(item, undefined, pk, sk, skRaw, skPlain, size);
  }

  /** A record of an item read later; `pk`/`sk` are the deferred item's key values. */
  static deferred(
    deferred: DeferredItem,
    pk: KeyAttributeValue,
    sk: KeyAttributeValue | undefined,
    skRaw: StoredSortKey | undefined,
    skPlain: boolean,
  ): StoredRecord {
    return new StoredRecord(undefined, deferred, pk, sk, skRaw, skPlain, deferred.size);
  }

  get item(): Item {
    return this.stored ?? this.readDeferred();
  }

  get frozen(): boolean {
    if (this.stored === undefined) this.readDeferred();
    return this.frozenFlag;
  }

  /**
   * What an index entry keyed by `names` (and holding no other attributes) is
   * made from: the item, or while it is still to be read its key attributes
   * (keyAttributesFor in deferredItem.ts), when they hold all of `names`; an
   * index keyed by an attribute they don't hold (one added since the item was
   * stored) reads the item.
   */
  indexSource(names: readonly string[]): Item {
    if (this.stored !== undefined) return this.stored;
    const deferred = this.deferred as DeferredItem;
    for (const name of names) if (!deferred.block.keyNames.has(name)) return this.item;
    return deferred.key;
  }

  /** Whether the item is still to be read (for tests: loading by key stays lazy). */
  get isDeferred(): boolean {
    return this.stored === undefined;
  }

  private readDeferred(): Item {
    const item = (this.deferred as DeferredItem).read();
    this.frozenFlag = freezeItem(item);
    this.stored = item;
    this.deferred = undefined;
    return item;
  }
}
