import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnSizingState,
  type OnChangeFn,
} from '@tanstack/react-table';
import { memo, useMemo, type KeyboardEvent } from 'react';
import { getOwnAttribute } from '../../expressions';
import type { Item } from '../../state';
import type { ViewSort } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';
import { clampColumnWidth, ENTITY_COLUMN, MAX_COLUMN_PX, MIN_COLUMN_PX, type GridLayout } from './gridLayout';

const features = tableFeatures({ columnSizingFeature, columnResizingFeature });
const helper = createColumnHelper<typeof features, Item>();
const NO_ROWS: Item[] = [];
/** Pixels one arrow key press resizes a column by (with Shift: four times as much). */
const KEY_STEP_PX = 16;

interface GridHeaderProps {
  layout: GridLayout;
  /** What each key column is (`partition key (byStatus)`, …), one per key column. */
  keyLabels: readonly string[];
  /** Widths the user set, by column name; the resize handles change them through `onSizing`. */
  sizing: ColumnSizingState;
  onSizing: OnChangeFn<ColumnSizingState>;
  viewSort: ViewSort | undefined;
  menuColumn: string | undefined;
  onMenu: (column: string | undefined) => void;
}

/**
 * The header row: the table model gives the columns and the drag handler of each column's resize
 * handle (TanStack's column sizing); memoised, so scrolling never re-renders it.
 */
export const GridHeader = memo(function GridHeader({ layout, keyLabels, sizing, onSizing, viewSort, menuColumn, onMenu }: GridHeaderProps) {
  const { columnNames, keyCount, widths } = layout;
  const columns = useMemo(
    () =>
      helper.columns(
        columnNames.map((name, index) =>
          helper.accessor((row: Item): AttributeValue | undefined => getOwnAttribute(row, name), {
            id: name,
            header: name,
            size: widths[index] as number,
            minSize: MIN_COLUMN_PX,
            maxSize: MAX_COLUMN_PX,
          }),
        ),
      ),
    [columnNames, widths],
  );
  // The body reads the virtual rows straight from the items: the table's row model would build 100k
  // row objects per result and cache every visited row's cells, garbage that stalls scrolling.
  const table = useTable({ features, columns, data: NO_ROWS, columnResizeMode: 'onChange', state: { columnSizing: sizing }, onColumnSizingChange: onSizing });
  const resizeByKey = (name: string, width: number) => (event: KeyboardEvent) => {
    const step = (event.shiftKey ? 4 : 1) * KEY_STEP_PX;
    const change = event.key === 'ArrowRight' ? step : event.key === 'ArrowLeft' ? -step : 0;
    if (change === 0) return;
    event.preventDefault();
    onSizing((old) => ({ ...old, [name]: clampColumnWidth(width + change) }));
  };
  const resetWidth = (name: string) => onSizing((old) => Object.fromEntries(Object.entries(old).filter(([column]) => column !== name)));
  return (
    <div className="grid-header" role="rowgroup">
      <div className="grid-row" role="row" style={{ gridTemplateColumns: layout.template }}>
        <span role="columnheader" className="grid-cell row-number">
          #
        </span>
        {table.getHeaderGroups()[0]?.headers.map((header, index) => {
          const name = header.column.id;
          const entityColumn = name === ENTITY_COLUMN;
          const shownName = entityColumn ? 'Entity' : name;
          const width = widths[index] as number;
          const resize = header.getResizeHandler();
          return (
            <span
              key={header.id}
              role="columnheader"
              aria-sort={viewSort?.column === name ? (viewSort.descending ? 'descending' : 'ascending') : undefined}
              className={index < keyCount ? 'grid-cell key-column' : 'grid-cell'}
              style={index < keyCount ? layout.stickyStyles[index] : undefined}
            >
              {entityColumn ? (
                <span className="header-label" title="Recognised by the row’s keys matching an entity’s templates in the bound Key design">
                  Entity
                </span>
              ) : (
                <button
                  type="button"
                  className="header-button"
                  aria-haspopup="true"
                  aria-expanded={menuColumn === name}
                  onClick={() => onMenu(menuColumn === name ? undefined : name)}
                >
                  <VisibleText text={name} />
                </button>
              )}
              {viewSort?.column === name && <span aria-hidden="true">{viewSort.descending ? ' ↓' : ' ↑'}</span>}
              {index < keyCount && <VisibleText className="key-tag" text={keyLabels[index] ?? 'key'} />}
              <div
                role="separator"
                aria-orientation="vertical"
                aria-label={`Resize column ${visibleString(shownName)}`}
                aria-valuenow={width}
                aria-valuemin={MIN_COLUMN_PX}
                aria-valuemax={MAX_COLUMN_PX}
                aria-valuetext={`${width} pixels`}
                title="Drag or press ← → to resize (Shift: faster); double-click to fit"
                tabIndex={0}
                className={header.column.getIsResizing() ? 'column-resizer resizing' : 'column-resizer'}
                onMouseDown={resize}
                onTouchStart={resize}
                onKeyDown={resizeByKey(name, width)}
                onDoubleClick={() => resetWidth(name)}
              />
            </span>
          );
        })}
      </div>
    </div>
  );
});
