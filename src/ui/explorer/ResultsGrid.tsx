import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type UIEvent } from 'react';
import { useStore } from 'zustand';
import type { Item } from '../../state/explorerStore';
import { sortItemsForView, VIEW_TYPE_ORDER, type ViewSort } from '../../state/sortItemsForView';
import { rowSelectionStore } from '../stores';
import { AttributeValueCell } from './AttributeValueCell';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Item>();
const ROW_HEIGHT = 34;
const NO_ROWS: Item[] = [];
const estimateRowSize = () => ROW_HEIGHT;
const KEY_COLUMN_WIDTH = '15rem';
const COLUMN_WIDTH = '12rem';

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

interface ResultsGridProps {
  items: readonly Item[];
  keyNames: readonly string[];
  /** Called when the last rows come into view, for infinite scroll. */
  onNearEnd?: () => void;
}

/**
 * The rows in the order DynamoDB returned them — never re-sorted — in a
 * virtualized grid: only the rows in view (plus a few) are in the DOM, so a
 * 100k-row result scrolls like a short one.
 */
export function ResultsGrid({ items, keyNames, onNearEnd }: ResultsGridProps) {
  const columnNames = useMemo(() => columnNamesFor(items, keyNames), [items, keyNames]);
  const columns = useMemo(
    () =>
      helper.columns(
        columnNames.map((name) =>
          helper.accessor((row: Item): AttributeValue | undefined => row[name], {
            id: name,
            header: name,
          }),
        ),
      ),
    [columnNames],
  );
  // A client-side sort is a derived view: `items` (DynamoDB's order) is never re-sorted.
  const [viewSort, setViewSort] = useState<ViewSort>();
  const [menuColumn, setMenuColumn] = useState<string>();
  const viewItems = useMemo(() => (viewSort ? sortItemsForView(items, viewSort) : items), [items, viewSort]);
  const selection = useStore(rowSelectionStore, (state) => state.selection);
  const selectedItem = selection?.items === items ? selection.item : undefined;
  const selectRow = (index: number) =>
    rowSelectionStore.getState().select({
      items,
      item: viewItems[index] as Item,
      position: index + 1,
      ...(index > 0 ? { above: viewItems[index - 1] } : {}),
      ...(index + 1 < viewItems.length ? { below: viewItems[index + 1] } : {}),
      sortedView: viewSort !== undefined,
    });
  // The table model gives the columns and headers; the body reads the virtual rows straight from
  // `viewItems`. Its row model would build 100k row objects per result and cache every visited
  // row's cells, and that garbage stalls the main thread (long GC pauses) while scrolling 100k rows.
  const table = useTable({ features, columns, data: NO_ROWS });
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders through its own state.
  const virtualizer = useVirtualizer({
    count: viewItems.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: 4,
  });
  const virtualRows = virtualizer.getVirtualItems();
  // Infinite scroll only follows the user's scrolling: a short result that fits the view must not
  // fetch page after page by itself (that would hide what Limit and LastEvaluatedKey do).
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    if (onNearEnd && element.scrollHeight > element.clientHeight && element.scrollTop + element.clientHeight >= element.scrollHeight - ROW_HEIGHT * 5) onNearEnd();
  };
  const keyCount = keyNames.length;
  // Every row is its own CSS grid, so columns need fixed widths to line up.
  const template = columnNames.map((_, index) => (index < keyCount ? KEY_COLUMN_WIDTH : COLUMN_WIDTH)).join(' ');

  return (
    <>
      {menuColumn && (
        <div className="sort-menu" role="group" aria-label={`Column ${menuColumn}`}>
          <span className="muted">Column {menuColumn}:</span>
          <button type="button" onClick={() => { setViewSort({ column: menuColumn, descending: false }); setMenuColumn(undefined); }}>
            Sort this view by {menuColumn}
          </button>
          <button type="button" onClick={() => { setViewSort({ column: menuColumn, descending: true }); setMenuColumn(undefined); }}>
            Sort this view by {menuColumn}, descending
          </button>
          <button type="button" className="link-button" onClick={() => setMenuColumn(undefined)}>
            Cancel
          </button>
        </div>
      )}
      {viewSort ? (
        <div className="sort-view-banner" role="status">
          <strong>
            Sorted in this browser by {viewSort.column}
            {viewSort.descending ? ', descending' : ''} — not DynamoDB’s order
          </strong>
          <span className="muted small">
            S by UTF-8 bytes, N by value, B by unsigned bytes (DynamoDB’s comparator); mixed types in the order {VIEW_TYPE_ORDER.join(', ')}, missing last.
          </span>
          <button type="button" onClick={() => setViewSort(undefined)}>
            DynamoDB’s order
          </button>
        </div>
      ) : (
        <p className="muted small grid-order-note">In DynamoDB’s order. Click a column header to sort this view in the browser; click a row number to inspect its key’s bytes.</p>
      )}
    <div className="results-grid" role="table" aria-label="Items" aria-rowcount={viewItems.length + 1} ref={scrollRef} onScroll={onScroll}>
      <div className="grid-header" role="rowgroup">
        <div className="grid-row" role="row" style={{ gridTemplateColumns: `3.5rem ${template}` }}>
          <span role="columnheader" className="grid-cell row-number">
            #
          </span>
          {table.getHeaderGroups()[0]?.headers.map((header, index) => (
            <span
              key={header.id}
              role="columnheader"
              aria-sort={viewSort?.column === header.column.id ? (viewSort.descending ? 'descending' : 'ascending') : undefined}
              className={index < keyCount ? 'grid-cell key-column' : 'grid-cell'} style={index < keyCount ? stickyStyle(index) : undefined}>
              <button
                type="button"
                className="header-button"
                aria-haspopup="true"
                aria-expanded={menuColumn === header.column.id}
                onClick={() => setMenuColumn(menuColumn === header.column.id ? undefined : header.column.id)}
              >
                {header.column.id}
              </button>
              {viewSort?.column === header.column.id && <span aria-hidden="true">{viewSort.descending ? ' ↓' : ' ↑'}</span>}
              {index < keyCount && <span className="key-tag">{index === 0 ? 'partition key' : 'sort key'}</span>}
            </span>
          ))}
        </div>
      </div>
      <div className="grid-body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((virtualRow) => {
          const item = viewItems[virtualRow.index];
          if (!item) return null;
          return (
            <div
              key={virtualRow.key}
              role="row"
              aria-rowindex={virtualRow.index + 2}
              className={item === selectedItem ? 'grid-row selected-row' : 'grid-row'}
              style={{ gridTemplateColumns: `3.5rem ${template}`, transform: `translateY(${virtualRow.start}px)`, height: ROW_HEIGHT }}
            >
              <span role="cell" className="grid-cell row-number">
                <button type="button" className="row-number-button" aria-label={`Inspect the key of row ${virtualRow.index + 1}`} onClick={() => selectRow(virtualRow.index)}>
                  {virtualRow.index + 1}
                </button>
              </span>
              {columnNames.map((name, index) => (
                <span key={name} role="cell" className={index < keyCount ? 'grid-cell key-column' : 'grid-cell'} style={index < keyCount ? stickyStyle(index) : undefined}>
                  <AttributeValueCell value={item[name]} name={name} />
                </span>
              ))}
            </div>
          );
        })}
      </div>
    </div>
    </>
  );
}

/** Key columns stick to the left edge, after the row-number column. */
function stickyStyle(index: number) {
  return { left: `calc(3.5rem + ${index} * ${KEY_COLUMN_WIDTH})` };
}
