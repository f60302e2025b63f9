import { useId, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { partitionAttributesOf, sortAttributesOf, type KeySchemaInfo } from '../../expressions';
import type { ExplorerStore } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';
import { formatBytes } from '../../dynamo';

/**
 * The table and index pickers, with DescribeTable's facts in one line each;
 * `details` adds entries to the facts, `actions` sits under them.
 */
export function TablePicker({ store, details, actions }: { store: ExplorerStore; details?: ReactNode; actions?: ReactNode }) {
  const tableNames = useStore(store, (state) => state.tableNames);
  const selectedTable = useStore(store, (state) => state.selectedTable);
  const tablesLoading = useStore(store, (state) => state.tablesLoading);
  const tablesError = useStore(store, (state) => state.tablesError);
  const moreTablesAfter = useStore(store, (state) => state.moreTablesAfter);
  const table = useStore(store, (state) => state.table);
  const tableError = useStore(store, (state) => state.tableError);
  const indexName = useStore(store, (state) => state.form.indexName);
  const sourceLabel = useStore(store, (state) => state.sourceLabel);
  const connected = useStore(store, (state) => state.source !== undefined);
  // Listed, and nothing there: say so (with Create table below), rather than keep another connection's table.
  const noTables = connected && !tablesLoading && !tablesError && tableNames.length === 0;
  const { selectTable, refreshTables, loadMoreTables, setForm } = store.getState();
  const tableId = useId();
  const indexId = useId();

  return (
    <div className="table-picker">
      <div className="picker-row">
        <label htmlFor={tableId}>Table</label>
        <select id={tableId} value={selectedTable ?? ''} onChange={(event) => void selectTable(event.target.value)} disabled={tableNames.length === 0}>
          {tableNames.length === 0 && <option value="">{tablesLoading ? 'Loading…' : 'No tables'}</option>}
          {tableNames.map((name) => (
            <option key={name} value={name}>
              {visibleString(name)}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => void refreshTables()} disabled={tablesLoading}>
          Refresh
        </button>
        {moreTablesAfter && (
          <button type="button" onClick={() => void loadMoreTables()} disabled={tablesLoading}>
            More tables
          </button>
        )}
        {table && (
          <>
            <label htmlFor={indexId}>Index</label>
            <select id={indexId} value={indexName} onChange={(event) => setForm({ indexName: event.target.value })}>
              <option value="">
                Table ({visibleString(table.keys.partitionKey.name)}
                {table.keys.sortKey ? `, ${visibleString(table.keys.sortKey.name)}` : ''})
              </option>
              {table.indexes.map((index) => (
                <option key={index.name} value={index.name}>
                  {index.kind === 'global' ? 'GSI' : 'LSI'} {visibleString(index.name)} ({keyNames(index.keys).map(visibleString).join(', ')})
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      {noTables && (
        <p className="notice no-tables" role="status">
          No tables on <VisibleText text={sourceLabel} />. Create one with Create table, or connect elsewhere.
        </p>
      )}
      {tablesError && (
        <p className="error-box" role="alert">
          Could not list tables — <strong>{tablesError.name}</strong>: <VisibleText text={tablesError.message} />
        </p>
      )}
      {tableError && (
        <p className="error-box" role="alert">
          Could not describe <VisibleText text={selectedTable ?? ''} /> — <strong>{tableError.name}</strong>: <VisibleText text={tableError.message} />
        </p>
      )}
      {table && (
        <dl className="table-facts" aria-label="Table details">
          <div>
            <dt>Partition key</dt>
            <dd className="mono">
              <VisibleText text={table.keys.partitionKey.name} /> <span className="type-badge">{table.keys.partitionKey.type}</span>
            </dd>
          </div>
          {table.keys.sortKey && (
            <div>
              <dt>Sort key</dt>
              <dd className="mono">
                <VisibleText text={table.keys.sortKey.name} /> <span className="type-badge">{table.keys.sortKey.type}</span>
              </dd>
            </div>
          )}
          <div>
            <dt>Items</dt>
            <dd>{table.itemCount ?? '—'}</dd>
          </div>
          <div>
            <dt>Size</dt>
            <dd>{table.sizeBytes !== undefined ? formatBytes(table.sizeBytes) : '—'}</dd>
          </div>
          {table.indexes.map((index) => (
            <div key={index.name}>
              <dt>
                {index.kind === 'global' ? 'GSI' : 'LSI'} <VisibleText text={index.name} />
              </dt>
              <dd className="mono">
                <VisibleText
                  text={partitionAttributesOf(index.keys)
                    .map((attribute) => attribute.name)
                    .join(', ')}
                />
                {index.keys.sortKey && (
                  <>
                    {' + '}
                    <VisibleText
                      text={sortAttributesOf(index.keys)
                        .map((attribute) => attribute.name)
                        .join(', ')}
                    />
                  </>
                )}{' '}
                · {index.projection}
                {index.status && index.status !== 'ACTIVE' ? ` · ${index.status}` : ''}
                {index.backfilling ? ' (backfilling)' : ''}
              </dd>
            </div>
          ))}
          {details}
        </dl>
      )}
      {(table || noTables) && actions}
    </div>
  );
}

/** A key's attribute names, partition then sort, left to right (a multi-attribute GSI key lists every one). */
function keyNames(keys: KeySchemaInfo): string[] {
  return [...partitionAttributesOf(keys), ...sortAttributesOf(keys)].map((attribute) => attribute.name);
}
