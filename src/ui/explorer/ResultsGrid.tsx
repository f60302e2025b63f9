import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, type UIEvent } from 'react';
import type { Item } from '../../state/explorerStore';
import { AttributeValueCell } from './AttributeValueCell';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Item>();
const ROW_HEIGHT = 34;
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
            cell: (info) => <AttributeValueCell value={info.getValue()} />,
          }),
        ),
      ),
    [columnNames],
  );
  const data = useMemo(() => [...items], [items]);
  const table = useTable({ features, columns, data });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders through its own state.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
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
    <div className="results-grid" role="table" aria-label="Items" aria-rowcount={rows.length + 1} ref={scrollRef} onScroll={onScroll}>
      <div className="grid-header" role="rowgroup">
        <div className="grid-row" role="row" style={{ gridTemplateColumns: `3.5rem ${template}` }}>
          <span role="columnheader" className="grid-cell row-number">
            #
          </span>
          {table.getHeaderGroups()[0]?.headers.map((header, index) => (
            <span key={header.id} role="columnheader" className={index < keyCount ? 'grid-cell key-column' : 'grid-cell'} style={index < keyCount ? stickyStyle(index) : undefined}>
              {header.column.id}
              {index < keyCount && <span className="key-tag">{index === 0 ? 'partition key' : 'sort key'}</span>}
            </span>
          ))}
        </div>
      </div>
      <div className="grid-body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((virtualRow) => {
          const row = rows[virtualRow.index];
          if (!row) return null;
          return (
            <div
              key={row.id}
              role="row"
              aria-rowindex={virtualRow.index + 2}
              className="grid-row"
              style={{ gridTemplateColumns: `3.5rem ${template}`, transform: `translateY(${virtualRow.start}px)`, height: ROW_HEIGHT }}
            >
              <span role="cell" className="grid-cell row-number">
                {virtualRow.index + 1}
              </span>
              {row.getAllCells().map((cell, index) => (
                <span key={cell.id} role="cell" className={index < keyCount ? 'grid-cell key-column' : 'grid-cell'} style={index < keyCount ? stickyStyle(index) : undefined}>
                  <table.FlexRender cell={cell} />
                </span>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Key columns stick to the left edge, after the row-number column. */
function stickyStyle(index: number) {
  return { left: `calc(3.5rem + ${index} * ${KEY_COLUMN_WIDTH})` };
}
