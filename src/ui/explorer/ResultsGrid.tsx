import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, useState, type CSSProperties, type UIEvent } from 'react';
import { useStore } from 'zustand';
import type { Item } from '../../state';
import { sortItemsForView, VIEW_TYPE_ORDER, type ViewSort } from '../../state';
import { useAppStores } from '../stores';
import { AttributeValueCell } from './AttributeValueCell';
import { scanColumnNames } from './gridColumns';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Item>();
/** Every row has this height (CSS holds it too), so the virtualizer never measures a row. */
const ROW_HEIGHT = 34;
const NO_ROWS: Item[] = [];
const estimateRowSize = () => ROW_HEIGHT;
const ROW_NUMBER_REM = 3.5;
const KEY_COLUMN_REM = 15;
const COLUMN_REM = 12;
/** Rows rendered beyond each edge of the view: enough for a wheel step, few enough that a scrollbar jump (all rows new) stays cheap. */
const OVERSCAN = 3;

interface ResultsGridProps {
  items: readonly Item[];
  keyNames: readonly string[];
  /** Called when the last rows come into view, for infinite scroll. */
  onNearEnd?: () => void;
}

/** The grid's column layout, the same for every row (each row is its own CSS grid, so columns need fixed widths to line up). */
interface GridLayout {
  readonly columnNames: readonly string[];
  readonly keyCount: number;
  /** `grid-template-columns` of every row. */
  readonly template: string;
  /**
   * Custom properties the body rows read their columns and width from (rows are `contain: strict`,
   * so their width can't come from their content), set once on the body rather than parsed per row.
   */
  readonly bodyStyle: CSSProperties;
}

function layoutFor(columnNames: readonly string[], keyCount: number): GridLayout {
  const widths = columnNames.map((_, index) => (index < keyCount ? KEY_COLUMN_REM : COLUMN_REM));
  const template = [ROW_NUMBER_REM, ...widths].map((rem) => `${rem}rem`).join(' ');
  const width = `${widths.reduce((sum, rem) => sum + rem, ROW_NUMBER_REM)}rem`;
  return { columnNames, keyCount, template, bodyStyle: { '--grid-columns': template, '--grid-width': width } as CSSProperties };
}

/**
 * The rows in the order DynamoDB returned them — never re-sorted — in a
 * virtualized grid: only the rows in view (plus a few) are in the DOM, so a
 * 100k-row result scrolls like a short one. Rows are memoised and keyed by
 * slot, so a scroll step renders only the rows that came into view, into the
 * elements of the rows that left.
 */
export function ResultsGrid({ items, keyNames, onNearEnd }: ResultsGridProps) {
  const keyCount = keyNames.length;
  // Derived from props during render (React's pattern for it), so each new page scans only its own items.
  const [columnScan, setColumnScan] = useState(() => scanColumnNames(undefined, items, keyNames));
  let scan = columnScan;
  if (scan.items !== items || scan.keyNames !== keyNames) {
    scan = scanColumnNames(scan, items, keyNames);
    setColumnScan(scan);
  }
  const columnNames = scan.names;
  // The names array stays the same while pages add no column, so rows re-render only when the layout changes.
  const layout = useMemo(() => layoutFor(columnNames, keyCount), [columnNames, keyCount]);
  // A client-side sort is a derived view: `items` (DynamoDB's order) is never re-sorted.
  const [viewSort, setViewSort] = useState<ViewSort>();
  const [menuColumn, setMenuColumn] = useState<string>();
  const viewItems = useMemo(() => (viewSort ? sortItemsForView(items, viewSort) : items), [items, viewSort]);
  const rowSelectionStore = useAppStores().rowSelection;
  const selection = useStore(rowSelectionStore, (state) => state.selection);
  const selectedItem = selection?.items === items ? selection.item : undefined;
  const selectRow = useCallback(
    (index: number) =>
      rowSelectionStore.getState().select({
        items,
        item: viewItems[index] as Item,
        position: index + 1,
        ...(index > 0 ? { above: viewItems[index - 1] } : {}),
        ...(index + 1 < viewItems.length ? { below: viewItems[index + 1] } : {}),
        sortedView: viewSort !== undefined,
      }),
    [rowSelectionStore, items, viewItems, viewSort],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders through its own state.
  const virtualizer = useVirtualizer({
    count: viewItems.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: OVERSCAN,
  });
  const virtualRows = virtualizer.getVirtualItems();
  // Infinite scroll only follows the user's scrolling: a short result that fits the view must not
  // fetch page after page by itself (that would hide what Limit and LastEvaluatedKey do).
  // React's scroll listener runs before the virtualizer's (it was added first), so these reads find
  // a clean layout: the virtualizer renders the new rows after this handler.
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    if (onNearEnd && element.scrollHeight > element.clientHeight && element.scrollTop + element.clientHeight >= element.scrollHeight - ROW_HEIGHT * 5) onNearEnd();
  };

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
        <GridHeader layout={layout} viewSort={viewSort} menuColumn={menuColumn} onMenu={setMenuColumn} />
        <div className="grid-body" role="rowgroup" style={{ height: virtualizer.getTotalSize(), ...layout.bodyStyle }}>
          {inSlotOrder(virtualRows).map((virtualRow) => {
            const item = viewItems[virtualRow.index];
            // Keyed by slot, not by row: a row that stays in view keeps its slot (and skips rendering, as
            // memo sees the same props), and a row coming into view takes the slot of one that left, so
            // React updates that row's text in place instead of building new elements — a scrollbar jump
            // that replaces every visible row then costs no new elements to style. Slots are unique:
            // the rows in view are consecutive, so their indexes modulo their count all differ.
            return item ? (
              <GridRow key={virtualRow.index % virtualRows.length} item={item} index={virtualRow.index} layout={layout} selected={item === selectedItem} onSelect={selectRow} />
            ) : null;
          })}
        </div>
      </div>
    </>
  );
}

interface GridHeaderProps {
  layout: GridLayout;
  viewSort: ViewSort | undefined;
  menuColumn: string | undefined;
  onMenu: (column: string | undefined) => void;
}

/** The header row: the table model gives the columns; memoised, so scrolling never re-renders it. */
const GridHeader = memo(function GridHeader({ layout, viewSort, menuColumn, onMenu }: GridHeaderProps) {
  const { columnNames, keyCount } = layout;
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
  // The body reads the virtual rows straight from the items: the table's row model would build 100k
  // row objects per result and cache every visited row's cells, garbage that stalls scrolling.
  const table = useTable({ features, columns, data: NO_ROWS });
  return (
    <div className="grid-header" role="rowgroup">
      <div className="grid-row" role="row" style={{ gridTemplateColumns: layout.template }}>
        <span role="columnheader" className="grid-cell row-number">
          #
        </span>
        {table.getHeaderGroups()[0]?.headers.map((header, index) => (
          <span
            key={header.id}
            role="columnheader"
            aria-sort={viewSort?.column === header.column.id ? (viewSort.descending ? 'descending' : 'ascending') : undefined}
            className={index < keyCount ? 'grid-cell key-column' : 'grid-cell'}
            style={index < keyCount ? stickyStyle(index) : undefined}
          >
            <button
              type="button"
              className="header-button"
              aria-haspopup="true"
              aria-expanded={menuColumn === header.column.id}
              onClick={() => onMenu(menuColumn === header.column.id ? undefined : header.column.id)}
            >
              {header.column.id}
            </button>
            {viewSort?.column === header.column.id && <span aria-hidden="true">{viewSort.descending ? ' ↓' : ' ↑'}</span>}
            {index < keyCount && <span className="key-tag">{index === 0 ? 'partition key' : 'sort key'}</span>}
          </span>
        ))}
      </div>
    </div>
  );
});

interface GridRowProps {
  item: Item;
  index: number;
  layout: GridLayout;
  selected: boolean;
  onSelect: (index: number) => void;
}

/**
 * One row, positioned by its index. Its props don't change while scrolling
 * (same item, same index, same layout), so React skips rows that stay in view.
 */
const GridRow = memo(function GridRow({ item, index, layout, selected, onSelect }: GridRowProps) {
  const { columnNames, keyCount } = layout;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={selected ? 'grid-row selected-row' : 'grid-row'}
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}
    >
      <span role="cell" className="grid-cell row-number">
        <button type="button" className="row-number-button" aria-label={`Inspect the key of row ${index + 1}`} onClick={() => onSelect(index)}>
          {index + 1}
        </button>
      </span>
      {columnNames.map((name, column) => (
        <span key={name} role="cell" className={column < keyCount ? 'grid-cell key-column' : 'grid-cell'} style={column < keyCount ? stickyStyle(column) : undefined}>
          <AttributeValueCell value={item[name]} name={name} />
        </span>
      ))}
    </div>
  );
});

/**
 * The rows in view ordered by slot (index modulo their count), so the DOM order of the row
 * elements never changes while scrolling: React then updates rows in place and never moves
 * one (a moved element is re-attached and restyled from scratch, which made a scrollbar jump
 * cost a long task). Rows are placed by transform and carry aria-rowindex, so the DOM order
 * is not the visual order.
 */
function inSlotOrder<T extends { index: number }>(rows: readonly T[]): readonly T[] {
  const slots = new Array<T>(rows.length);
  for (const row of rows) slots[row.index % rows.length] = row;
  return slots;
}

const STICKY_STYLES = new Map<number, { left: string }>();

/** Key columns stick to the left edge, after the row-number column (one style object per column, shared by all rows). */
function stickyStyle(index: number) {
  let style = STICKY_STYLES.get(index);
  if (!style) {
    style = { left: `${ROW_NUMBER_REM + index * KEY_COLUMN_REM}rem` };
    STICKY_STYLES.set(index, style);
  }
  return style;
}
