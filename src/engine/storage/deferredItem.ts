import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { getOwnAttribute, type Item } from '../../expressions';
import { indexKeyAttributeNames, keyNames, type TableDefinition } from '../schema/tableDefinition';

/**
 * Items whose keys and sizes are known but whose bodies are read only when
 * something first needs them: how a data directory's table file loads
 * (tableFile.ts in persistence/node). A 100,000-item table is ready to serve
 * once its keys are stored (a few tens of ms), instead of after every item
 * was parsed, validated and frozen (about four times as long); a Query then
 * reads the one or two blocks its partition lies in.
 *
 * A block is the unit of reading (one line of the file, about 1,000 items):
 * the first item of it that is needed reads them all, and the block lets go
 * of its source. Reading may throw (a body that fails validation, or whose
 * key is not the key it was stored under: a file changed by hand); the error
 * names the file and line, and the block stays unread, so the same error
 * comes back on the next read instead of a half-read table.
 */
export class DeferredItemBlock {
  private items: readonly Item[] | undefined;
  private read: (() => readonly Item[]) | undefined;

  /**
   * `read` returns the block's items, validated and in the order of their
   * {@link DeferredItem.index}. `keyNames`: the attributes its items' keys
   * hold (the table's key attributes and the index key attributes of the
   * table as it was stored; see {@link keyAttributesFor}); an index keyed by
   * any other attribute (one added since) is built from the items themselves.
   */
  constructor(
    read: () => readonly Item[],
    readonly keyNames: ReadonlySet<string> = new Set(),
  ) {
    this.read = read;
  }

  /** The block's item at `index`, read (with every other item of the block) on first use. */
  itemAt(index: number): Item {
    if (this.items === undefined) {
      this.items = (this.read as () => readonly Item[])();
      this.read = undefined;
    }
    return this.items[index] as Item;
  }

  /** Whether the block's items were read already (for tests and benches: reads stay lazy). */
  get isRead(): boolean {
    return this.items !== undefined;
  }
}

/**
 * One item of a {@link DeferredItemBlock}: its key attributes (see
 * {@link keyAttributesFor}), its size in bytes (as itemSize() gives it,
 * stored beside the item), and where its body is. The table stores it as a
 * record at once, with its index entries, and reads the body when the
 * record's `item` is first read (TableStore in tableStore.ts).
 */
export class DeferredItem {
  constructor(
    /** The item's key attributes: {@link keyAttributesFor}. */
    readonly key: Item,
    /** The whole item's size in bytes (itemSize in src/expressions). */
    readonly size: number,
    readonly block: DeferredItemBlock,
    readonly index: number,
  ) {}

  /** The whole item (read on first use: see {@link DeferredItemBlock}). */
  read(): Item {
    return this.block.itemAt(this.index);
  }
}

/** What a table is restored from: items, or items still to be read. */
export type RestoredItem = Item | DeferredItem;

/**
 * Stands in a deferred item's key for an index key attribute the item has
 * with a value that is not S, N or B (so it is in no index keyed by it).
 */
export const NOT_A_KEY_VALUE: AttributeValue = Object.freeze({ NULL: true as const });

/**
 * What a {@link DeferredItem}'s `key` holds of its item: the table's key
 * attributes, and the item's values of every index key attribute
 * (indexKeyAttributeNames; {@link NOT_A_KEY_VALUE} for a value that is not
 * S, N or B; left out when the item lacks it). That is all an index entry
 * needs, its size included, for a KEYS_ONLY or ALL index: the table makes
 * them without reading the item (an INCLUDE index reads it).
 */
export function keyAttributesFor(item: Item, definition: Pick<TableDefinition, 'keys' | 'indexes'>): Item {
  const key: Item = {};
  for (const name of keyNames(definition.keys)) key[name] = getOwnAttribute(item, name) as AttributeValue;
  for (const name of indexKeyAttributeNames(definition)) {
    const value = getOwnAttribute(item, name);
    if (value !== undefined) key[name] = isKeyTypedValue(value) ? value : NOT_A_KEY_VALUE;
  }
  return key;
}

/** Whether a value has a key type (S, N or B): only such a value can be an index key. */
export function isKeyTypedValue(value: AttributeValue): boolean {
  return value.S !== undefined || value.N !== undefined || value.B !== undefined;
}

/** A restored item whole: the item itself, or a deferred item read. */
export function readRestored(item: RestoredItem): Item {
  return item instanceof DeferredItem ? item.read() : item;
}

/** The attributes an item is keyed by: the item itself, or a deferred item's key. */
export function keyAttributesOf(item: RestoredItem): Item {
  return item instanceof DeferredItem ? item.key : item;
}
