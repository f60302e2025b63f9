import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ExplorerStore } from '../../state';
import { PageStats } from './PageStats';
import { QueryBuilder, type CodeContext } from '../queryBuilder/QueryBuilder';
import { gridKeyColumns } from './gridColumns';
import { ResultsGrid } from './ResultsGrid';
import { ExplorerTools } from './ExplorerTools';
import { KeyDesignPicker } from './KeyDesignPicker';
import { PartiqlPanel } from './partiql/PartiqlPanel';
import { TableDetailFacts } from './TableDetails';
import { TablePicker } from './TablePicker';
import { TableActions } from './TablesControl';
import { useEntityOf } from './useEntityOf';
import { ItemActions } from './itemEditor/ItemActions';
import { useRowChecks } from './transfer/useRowChecks';
import { VisibleText } from '../common/VisibleText';
import './explorerPanel.css';

// Import…, Export… and bulk delete (with src/transfer) load with their panel, not before the first paint.
const TransferPanel = lazy(() => import('./transfer/TransferPanel').then((module) => ({ default: module.TransferPanel })));

/**
 * The table explorer: pick a table and index, query a partition or scan, and
 * see the items in the order DynamoDB returned them, page by page.
 */
export function ExplorerPanel({
  store,
  status,
  connection,
  codeContext,
}: {
  store: ExplorerStore;
  status?: string;
  connection?: ReactNode;
  codeContext?: CodeContext;
}) {
  const sourceLabel = useStore(store, (state) => state.sourceLabel);
  const table = useStore(store, (state) => state.table);
  const indexName = useStore(store, (state) => state.form.indexName);
  const items = useStore(store, (state) => state.items);
  const pages = useStore(store, (state) => state.pages);
  const running = useStore(store, (state) => state.running);
  const runError = useStore(store, (state) => state.runError);
  const loadMore = useStore(store, (state) => state.loadMore);
  const runCount = useStore(store, (state) => state.runCount);
  const columnWidths = useStore(store, (state) => state.columnWidths);
  const setColumnWidths = useStore(store, (state) => state.setColumnWidths);
  const entityOf = useEntityOf(store);
  const rowChecks = useRowChecks();
  // Which form the explorer shows: the query builder (Query, Scan) or the PartiQL tab; `switched` moves focus to the new form's switch.
  const [partiqlShown, setPartiqlShown] = useState(false);
  const [switched, setSwitched] = useState(false);
  const showPartiql = (shown: boolean) => {
    setPartiqlShown(shown);
    setSwitched(true);
  };
  const results = useRef<HTMLDivElement>(null);
  // Each Run brings its results into view once its first page (or its error) is in: below the form on
  // narrow screens; beside it on wide ones, where this only scrolls when the user scrolled away.
  const shownRun = useRef(runCount);
  const landed = pages.length > 0 || runError !== undefined;
  useEffect(() => {
    if (runCount === shownRun.current || !landed) return;
    shownRun.current = runCount;
    const card = results.current;
    if (!card) return;
    const { top } = card.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight - 200) card.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [runCount, landed]);
  const last = pages[pages.length - 1];
  // Stable props for the grid, so a store change elsewhere (form edits, a new page) doesn't re-render every row.
  const gridKeys = useMemo(() => gridKeyColumns(table, indexName), [table, indexName]);
  const canLoadMore = Boolean(last?.lastEvaluatedKey) && !running;
  const loadNextPage = useCallback(() => void loadMore(), [loadMore]);

  return (
    <section className="panel explorer" aria-labelledby="explorer-title">
      <header className="panel-header">
        <h2 id="explorer-title">Table explorer</h2>
        <span className="muted">
          {sourceLabel}
          {status ? ` · ${status}` : ''}
        </span>
      </header>
      {connection && <div className="card">{connection}</div>}
      <div className="card">
        <TablePicker
          store={store}
          details={
            <Suspense fallback={null}>
              <TableDetailFacts explorer={store} />
            </Suspense>
          }
          actions={
            <Suspense fallback={null}>
              <TableActions explorer={store} />
            </Suspense>
          }
        />
        <KeyDesignPicker store={store} />
      </div>
      {table && partiqlShown && (
        <Suspense
          fallback={
            <p role="status" className="lazy-loading">
              Loading PartiQL…
            </p>
          }
        >
          <PartiqlPanel
            onOperation={(mode) => {
              store.getState().setForm({ mode });
              showPartiql(false);
            }}
          />
        </Suspense>
      )}
      {table && !partiqlShown && (
        <div className="explorer-run">
          <div className="card">
            <QueryBuilder store={store} codeContext={codeContext} onPartiql={() => showPartiql(true)} focusOperation={switched} />
          </div>
          {pages.length > 0 || runError || running ? (
            <div className="card results" ref={results} role="region" aria-label="Results">
              <h3>Items</h3>
              <Suspense fallback={null}>
                <ItemActions explorer={store} />
              </Suspense>
              {runError && (
                <p className="error-box" role="alert">
                  <strong>{runError.name}</strong>: <VisibleText text={runError.message} />
                </p>
              )}
              <PageStats pages={pages} itemCount={items.length} />
              {items.length > 0 && (
                <ResultsGrid
                  items={items}
                  keyNames={gridKeys.names}
                  keyLabels={gridKeys.labels}
                  columnWidths={columnWidths}
                  onColumnWidths={setColumnWidths}
                  onNearEnd={canLoadMore ? loadNextPage : undefined}
                  entityOf={entityOf}
                  rowChecks={rowChecks}
                />
              )}
              <div className="button-row">
                {last?.lastEvaluatedKey && (
                  <button type="button" onClick={() => void loadMore()} disabled={running}>
                    Load more
                  </button>
                )}
                {running && (
                  <span className="muted" role="status">
                    Loading…
                  </span>
                )}
              </div>
            </div>
          ) : (
            <div className="card results results-placeholder" ref={results} role="region" aria-label="Results">
              <h3>Items</h3>
              <Suspense fallback={null}>
                <ItemActions explorer={store} />
              </Suspense>
              <p className="muted small">Run the query (or scan) to see its items here, in the order DynamoDB returns them.</p>
            </div>
          )}
        </div>
      )}
      {table && (
        <Suspense fallback={null}>
          <TransferPanel explorer={store} />
        </Suspense>
      )}
      {table && <ExplorerTools store={store} />}
    </section>
  );
}
