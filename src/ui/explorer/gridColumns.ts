import type { Item } from '../../state';

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

/** Column names found in `items`, remembered so the next page only scans its own items. */
export interface ColumnScan {
  readonly items: readonly Item[];
  readonly keyNames: readonly string[];
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
  const appended =
    previous !== undefined &&
    sameNames(previous.keyNames, keyNames) &&
    items.length >= previous.items.length &&
    previous.items.every((item, index) => items[index] === item);
  if (!appended) return { items, keyNames, names: columnNamesFor(items, keyNames) };
  const names = columnNamesFor(items.slice(previous.items.length), previous.names);
  return { items, keyNames, names: names.length === previous.names.length ? previous.names : names };
}
