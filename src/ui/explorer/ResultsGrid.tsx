import type { ColumnSizingState, OnChangeFn } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type UIEvent } from 'react';
import { useStore } from 'zustand';
import { getOwnAttribute } from '../../expressions';
import type { ColumnWidths, Item } from '../../state';
import { canWriteSource, sortItemsForView, VIEW_TYPE_ORDER, type ViewSort } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';
import { useExplorerSide } from '../stores';
import { AttributeValueCell, KeyValueCell } from './AttributeValueCell';
import { CellActions } from './CellActions';
import { opensRowMenu, ROW_KEY_SHORTCUTS, ROW_KEYS_TITLE, rowActionOfKey, runRowAction } from './itemEditor/itemKeys';
import { RowMenu, type RowMenuAnchor } from './itemEditor/RowMenu';
import { GridHeader } from './GridHeader';
import { scanColumnNames } from './gridColumns';
import { keyFontMetrics } from './keyFontMetrics';
import { ENTITY_COLUMN, gridLayout, ROW_HEIGHT, rowHeightOf, rowNumberWidth, scanKeyWidths, type GridLayout } from './gridLayout';
import type { RowChecks } from './transfer/useRowChecks';

/** Rows rendered beyond each edge of the view: enough for a wheel step, few enough that a scrollbar jump (all rows new) stays cheap. */
const OVERSCAN = 3;
const NO_LABELS: readonly string[] = [];

interface ResultsGridProps {
  items: readonly Item[];
  keyNames: readonly string[];
  /** What each key column is (`partition key (byStatus)`, `table sort key`, …; see gridKeyColumns), one per key name. */
  keyLabels?: readonly string[];
  /** Widths the user gave columns, by attribute name. Kept outside the grid: each Run unmounts it, and they outlast that. */
  columnWidths: ColumnWidths;
  /** Called with a change to the widths when the user resizes a column (drag, keys, double-click). */
  onColumnWidths: (change: (current: ColumnWidths) => ColumnWidths) => void;
  /** Called when the last rows come into view, for infinite scroll. */
  onNearEnd?: () => void;
  /** With a design bound: each row's entity, recognised by its keys (undefined: none matches); shown in an Entity column after the keys. */
  entityOf?: ((item: Item) => string | undefined) | undefined;
  /** Bulk delete's row checkboxes, where the connection can write. */
  rowChecks?: RowChecks | undefined;
}

/**
 * The rows in the order DynamoDB returned them — never re-sorted — in a
 * virtualized grid: only the rows in view (plus a few) are in the DOM, so a
 * 100k-row result scrolls like a short one. Rows are memoised and keyed by
 * slot, so a scroll step renders only the rows that came into view, into the
 * elements of the rows that left.
 */
export function ResultsGrid({
  items,
  keyNames,
  keyLabels = NO_LABELS,
  columnWidths: sizing,
  onColumnWidths,
  onNearEnd,
  entityOf,
  rowChecks,
}: ResultsGridProps) {
  const keyCount = keyNames.length;
  // Derived from props during render (React's pattern for it), so each new page scans only its own items.
  const [columnScan, setColumnScan] = useState(() => scanColumnNames(undefined, items, keyNames));
  let scan = columnScan;
  if (scan.items !== items || scan.keyNames !== keyNames) {
    scan = scanColumnNames(scan, items, keyNames);
    setColumnScan(scan);
  }
  const attributeNames = scan.names;
  // The Entity column sits right after the keys; it is not an attribute (no sort, no copy).
  const columnNames = useMemo(
    () => (entityOf ? [...attributeNames.slice(0, keyCount), ENTITY_COLUMN, ...attributeNames.slice(keyCount)] : attributeNames),
    [attributeNames, keyCount, entityOf],
  );
  // The widest key of each key column, scanned the same way; its array stays the same while no key grows.
  const [keyWidthScan, setKeyWidthScan] = useState(() => scanKeyWidths(undefined, items, keyNames));
  let keyWidths = keyWidthScan;
  if (keyWidths.items !== items || keyWidths.keyNames !== keyNames) {
    keyWidths = scanKeyWidths(keyWidths, items, keyNames);
    setKeyWidthScan(keyWidths);
  }
  // TanStack's sizing hands a value or an updater; both become a change to the widths kept outside.
  const setSizing = useCallback<OnChangeFn<ColumnSizingState>>(
    (update) => onColumnWidths((current) => (typeof update === 'function' ? update({ ...current }) : update)),
    [onColumnWidths],
  );
  // Stays the same while pages add no column and no key grows, so rows re-render only when the layout changes.
  // By the row count's digits, so a new page changes the layout only when the last row number gets longer.
  const rowNumberPx = rowNumberWidth(items.length, rowChecks !== undefined);
  const layout = useMemo(
    () => gridLayout({ columnNames, keyCount, keyWidths: keyWidths.widths, sizing, metrics: keyFontMetrics(), rowNumberPx }),
    [columnNames, keyCount, keyWidths.widths, sizing, rowNumberPx],
  );
  const [activeColumn, setActiveColumn] = useState<string>();
  // A client-side sort is a derived view: `items` (DynamoDB's order) is never re-sorted.
  const [viewSort, setViewSort] = useState<ViewSort>();
  const [menuColumn, setMenuColumn] = useState<string>();
  const viewItems = useMemo(() => (viewSort ? sortItemsForView(items, viewSort) : items), [items, viewSort]);
  const rowSelectionStore = useExplorerSide().rowSelection;
  const selection = useStore(rowSelectionStore, (state) => state.selection);
  const selectedItem = selection?.items === items ? selection.item : undefined;
  const selectedPosition = selection?.items === items ? selection.position : undefined;
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
  // Row heights are computed, never measured: a row is one line unless a key wraps, and the lines a
  // key wraps into follow from its text and its column's width (the cell renders the same lines).
  const estimateSize = useCallback((index: number) => rowHeightOf(viewItems[index], layout), [viewItems, layout]);
  // The virtualizer recomputes row positions when `getItemKey` changes (not when `estimateSize` does):
  // a new one whenever heights may have changed makes it do so in this render. While every key fits
  // on one line every row is ROW_HEIGHT, and a new page only appends rows, which it handles itself.
  const heights = layout.oneLine ? undefined : estimateSize;
  const getItemKey = useMemo(() => (heights ? (index: number) => index : rowIndexKey), [heights]);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders through its own state.
  const virtualizer = useVirtualizer({
    count: viewItems.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: OVERSCAN,
  });
  // A click on a cell selects its row and column, for copying (buttons and popovers in cells keep their own clicks).
  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    if (target.closest('button, [popover], a, input')) return;
    const cell = target.closest('[role="cell"]');
    const row = cell?.parentElement;
    if (!cell || !row) return;
    const column = columnNames[Array.prototype.indexOf.call(row.children, cell) - 1];
    const index = Number(row.getAttribute('aria-rowindex')) - 2;
    if (column === undefined || column === ENTITY_COLUMN || !(index >= 0)) return;
    selectRow(index);
    setActiveColumn(column);
  };
  // Keys on a focused row (its row number): Enter = Edit item, Delete = Delete item, Shift+N = New item,
  // Shift+D = Duplicate item, Shift+F10 or ContextMenu = the row menu (see itemKeys.ts); where the connection can write.
  const { explorerTools, explorer } = useExplorerSide();
  const writable = canWriteSource(useStore(explorer, (state) => state.source));
  const [rowMenu, setRowMenu] = useState<RowMenuAnchor>();
  const rowAt = (target: Element) => {
    const index = Number(target.closest('[role="row"]')?.getAttribute('aria-rowindex')) - 2;
    const item = index >= 0 ? viewItems[index] : undefined;
    return item ? { index, item } : undefined;
  };
  const onBodyKey = (event: KeyboardEvent<HTMLDivElement>) => {
    // Only on the row number: buttons inside cells keep their own Enter.
    const target = event.target as HTMLElement;
    if (!writable || !target.classList.contains('row-number-button')) return;
    const action = rowActionOfKey(event);
    const menu = opensRowMenu(event);
    const row = action || menu ? rowAt(target) : undefined;
    if (!row) return;
    event.preventDefault();
    selectRow(row.index);
    if (action) return void runRowAction(explorerTools, action, row.item);
    const { left, bottom } = target.getBoundingClientRect();
    setRowMenu({ item: row.item, position: row.index + 1, x: left, y: bottom, returnFocus: target });
  };
  // A right click on a row opens the same menu at the pointer.
  const onBodyContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    const row = writable && !target.closest('a, input') ? rowAt(target) : undefined;
    if (!row) return;
    event.preventDefault();
    selectRow(row.index);
    const button = target.closest('[role="row"]')?.querySelector<HTMLElement>('.row-number-button') ?? null;
    setRowMenu({ item: row.item, position: row.index + 1, x: event.clientX, y: event.clientY, returnFocus: button });
  };
  const virtualRows = virtualizer.getVirtualItems();
  // Infinite scroll only follows the user's scrolling: a short result that fits the view must not
  // fetch page after page by itself (that would hide what Limit and LastEvaluatedKey do).
  // React's scroll listener runs before the virtualizer's (it was added first), so these reads find
  // a clean layout: the virtualizer renders the new rows after this handler.
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    // The row menu is placed by the viewport: it would float away from its row.
    if (rowMenu) setRowMenu(undefined);
    if (onNearEnd && element.scrollHeight > element.clientHeight && element.scrollTop + element.clientHeight >= element.scrollHeight - ROW_HEIGHT * 5)
      onNearEnd();
  };

  return (
    <>
      {menuColumn && (
        <div className="sort-menu" role="group" aria-label={`Column ${visibleString(menuColumn)}`}>
          <span className="muted">
            Column <VisibleText text={menuColumn} />:
          </span>
          <button
            type="button"
            onClick={() => {
              setViewSort({ column: menuColumn, descending: false });
              setMenuColumn(undefined);
            }}
          >
            Sort this view by <VisibleText text={menuColumn} />
          </button>
          <button
            type="button"
            onClick={() => {
              setViewSort({ column: menuColumn, descending: true });
              setMenuColumn(undefined);
            }}
          >
            Sort this view by <VisibleText text={menuColumn} />, descending
          </button>
          <button type="button" className="link-button" onClick={() => setMenuColumn(undefined)}>
            Cancel
          </button>
        </div>
      )}
      {viewSort ? (
        <div className="sort-view-banner" role="status">
          <strong>
            Sorted in this browser by <VisibleText text={viewSort.column} />
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
        <p className="muted small grid-order-note">
          In DynamoDB’s order. Click a column header to sort this view in the browser; click a row number to inspect its key’s bytes; drag a column’s edge to
          resize it.
        </p>
      )}
      <CellActions item={selectedItem} position={selectedPosition} columnNames={attributeNames} column={activeColumn} onColumn={setActiveColumn} />
      <div className="results-grid" role="table" aria-label="Items" aria-rowcount={viewItems.length + 1} ref={scrollRef} onScroll={onScroll}>
        <GridHeader
          layout={layout}
          keyLabels={keyLabels}
          sizing={sizing}
          onSizing={setSizing}
          viewSort={viewSort}
          menuColumn={menuColumn}
          onMenu={setMenuColumn}
        />
        {/* Clicks are a mouse shortcut: the row number buttons and the Column list above do the same from the keyboard. */}
        <div
          className="grid-body"
          role="rowgroup"
          style={{ height: virtualizer.getTotalSize(), ...layout.bodyStyle }}
          onClick={onBodyClick}
          onKeyDown={onBodyKey}
          onContextMenu={onBodyContextMenu}
        >
          {inSlotOrder(virtualRows).map((virtualRow) => {
            const item = viewItems[virtualRow.index];
            // Keyed by slot, not by row: a row that stays in view keeps its slot (and skips rendering, as
            // memo sees the same props), and a row coming into view takes the slot of one that left, so
            // React updates that row's text in place instead of building new elements — a scrollbar jump
            // that replaces every visible row then costs no new elements to style. Slots are unique:
            // the rows in view are consecutive, so their indexes modulo their count all differ.
            return item ? (
              <GridRow
                key={virtualRow.index % virtualRows.length}
                item={item}
                index={virtualRow.index}
                top={virtualRow.start}
                height={virtualRow.size}
                layout={layout}
                activeColumn={item === selectedItem ? (activeColumn ?? null) : undefined}
                onSelect={selectRow}
                entityOf={entityOf}
                checked={rowChecks ? rowChecks.selected.has(item) : undefined}
                onCheck={rowChecks?.onCheck}
                writable={writable}
              />
            ) : null;
          })}
        </div>
      </div>
      {rowMenu && <RowMenu anchor={rowMenu} onClose={() => setRowMenu(undefined)} />}
    </>
  );
}

interface GridRowProps {
  item: Item;
  index: number;
  /** Where the row starts (px) and its height: ROW_HEIGHT unless a key wraps. */
  top: number;
  height: number;
  layout: GridLayout;
  /** For the selected row: the column chosen for copying (null: none yet); undefined for other rows. */
  activeColumn: string | null | undefined;
  onSelect: (index: number) => void;
  entityOf: ResultsGridProps['entityOf'];
  /** Ticked for bulk delete (undefined: no checkbox). */
  checked?: boolean | undefined;
  onCheck?: RowChecks['onCheck'] | undefined;
  /** The connection can write: the row number takes the item keys and opens the row menu. */
  writable: boolean;
}

/**
 * One row, positioned by its index. Its props don't change while scrolling
 * (same item, same index, same layout), so React skips rows that stay in view.
 */
const GridRow = memo(function GridRow({ item, index, top, height, layout, activeColumn, onSelect, entityOf, checked, onCheck, writable }: GridRowProps) {
  const { columnNames, keyCount, keyLineChars, stickyStyles } = layout;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={activeColumn !== undefined ? 'grid-row selected-row' : 'grid-row'}
      style={height === ROW_HEIGHT ? { transform: `translateY(${top}px)` } : { transform: `translateY(${top}px)`, height }}
    >
      <span role="cell" className="grid-cell row-number">
        {checked !== undefined && (
          <input
            type="checkbox"
            className="row-check"
            aria-label={`Select row ${index + 1}`}
            checked={checked}
            onChange={(event) => onCheck?.(item, event.target.checked)}
          />
        )}
        <button
          type="button"
          className="row-number-button"
          aria-label={`Inspect the key of row ${index + 1}`}
          onClick={() => onSelect(index)}
          {...(writable ? { 'aria-keyshortcuts': ROW_KEY_SHORTCUTS, title: ROW_KEYS_TITLE } : {})}
        >
          {index + 1}
        </button>
      </span>
      {columnNames.map((name, column) =>
        name === ENTITY_COLUMN ? (
          <EntityCell key={name} entity={entityOf?.(item)} />
        ) : column < keyCount ? (
          <span
            key={name}
            role="cell"
            className={name === activeColumn ? 'grid-cell key-column active-cell' : 'grid-cell key-column'}
            style={stickyStyles[column]}
          >
            <KeyValueCell value={getOwnAttribute(item, name)} lineChars={keyLineChars[column] as number} />
          </span>
        ) : (
          <span key={name} role="cell" className={name === activeColumn ? 'grid-cell active-cell' : 'grid-cell'}>
            <AttributeValueCell value={getOwnAttribute(item, name)} name={name} />
          </span>
        ),
      )}
    </div>
  );
});

function EntityCell({ entity }: { entity: string | undefined }) {
  return (
    <span role="cell" className="grid-cell entity-cell">
      {entity === undefined ? (
        <span className="muted" title="Its keys match no entity’s templates in the bound design">
          no entity
        </span>
      ) : (
        <VisibleText text={entity} />
      )}
    </span>
  );
}

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

/** The virtualizer's default key: a row's index. */
const rowIndexKey = (index: number) => index;
