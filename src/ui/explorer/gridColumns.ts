import { keysOf, type Item, type TableSummary } from '../../state';

/** Column order: the key attributes first (they stay put while scrolling sideways), then attributes as they first appear. */
export function columnNamesFor(items: readonly Item[], keyNames: readonly string[]): string[] {
  const names = [...keyNames];
  const seen = new Set(names);
  for (const item of items) {
    for (const name of Object.keys(item)) {
      if (!seen.has(name)) {
        seen.add(name);
        names.push(name);
      }
    }
  }
  return names;
}

/** What a scan of the loaded items read, so the next page only scans its own items. */
export interface ItemScan {
  readonly items: readonly Item[];
  readonly keyNames: readonly string[];
}

/** Column names found in `items`. */
export interface ColumnScan extends ItemScan {
  readonly names: readonly string[];
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, index) => name === b[index]);
}

/**
 * The column names of `items` ({@link columnNamesFor}), reusing `previous` when
 * `items` only appends to the items it scanned (the store adds each page after
 * the last and keeps the earlier item objects): then only the new items are
 * read, so loading page after page of a 100k result isn't quadratic. The
 * result's `names` is the previous array when no column was added, so what
 * depends on it doesn't change.
 */
export function scanColumnNames(previous: ColumnScan | undefined, items: readonly Item[], keyNames: readonly string[]): ColumnScan {
  if (!appendsTo(previous, items, keyNames)) return { items, keyNames, names: columnNamesFor(items, keyNames) };
  const names = columnNamesFor(items.slice(previous.items.length), previous.names);
  return { items, keyNames, names: names.length === previous.names.length ? previous.names : names };
}

/** Whether `items` only appends to the items `previous` scanned, with the same keys (the store adds each page after the last). */
export function appendsTo<Scan extends ItemScan>(previous: Scan | undefined, items: readonly Item[], keyNames: readonly string[]): previous is Scan {
  return (
    previous !== undefined &&
    sameNames(previous.keyNames, keyNames) &&
    items.length >= previous.items.length &&
    previous.items.every((item, index) => items[index] === item)
  );
}

/** The key columns of a result and what each one is: the queried index's keys first, then the table's. */
export interface GridKeyColumns {
  readonly names: readonly string[];
  /** One per name, e.g. `partition key (byStatus)`, `table sort key`. */
  readonly labels: readonly string[];
}

/**
 * The key columns the grid puts first and keeps in view. On a table: `partition key`, `sort key`.
 * On an index, its keys (`partition key (byStatus)`, `sort key (byStatus)`), then the table's keys
 * it projects (`table partition key`, `table sort key`); an attribute that is a key of both says both.
 *
 * @example
 * gridKeyColumns(auditLog, "byStatus").labels // ["partition key (byStatus)", "sort key (byStatus)", "table partition key", "table sort key"]
 */
export function gridKeyColumns(table: TableSummary | undefined, indexName: string): GridKeyColumns {
  if (!table) return { names: [], labels: [] };
  const roles = new Map<string, string[]>();
  const add = (name: string | undefined, role: string) => {
    if (name !== undefined) roles.set(name, [...(roles.get(name) ?? []), role]);
  };
  const indexKeys = keysOf(table, indexName);
  const onIndex = indexKeys !== table.keys;
  add(indexKeys.partitionKey.name, onIndex ? `partition key (${indexName})` : 'partition key');
  add(indexKeys.sortKey?.name, onIndex ? `sort key (${indexName})` : 'sort key');
  if (onIndex) {
    // A local index shares the table's partition key: one role, said once.
    if (table.keys.partitionKey.name !== indexKeys.partitionKey.name) add(table.keys.partitionKey.name, 'table partition key');
    add(table.keys.sortKey?.name, 'table sort key');
  }
  const names = [...roles.keys()];
  return { names, labels: names.map((name) => (roles.get(name) as string[]).join(', ')) };
}
