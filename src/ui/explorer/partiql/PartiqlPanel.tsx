import { use, useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import type { PartiqlStore } from '../../../state';
import { VisibleText } from '../../common/VisibleText';
import { useExplorerSide } from '../../stores';
import { gridKeyColumns } from '../gridColumns';
import { OperationSwitch, type ExplorerOperation } from '../OperationSwitch';
import { ResultsGrid } from '../ResultsGrid';
import './partiqlPanel.css';

/**
 * The explorer's PartiQL tab: a statement with its parameters (DynamoDB JSON)
 * and Limit, sent with ExecuteStatement to whatever the explorer is connected
 * to; DynamoDB's refusal next to the statement; the rows in the results grid
 * the Query and Scan use, in the order DynamoDB returned them, page after
 * page with NextToken.
 */
export function PartiqlPanel({ onOperation }: { onOperation: (operation: Exclude<ExplorerOperation, 'partiql'>) => void }) {
  const store = use(useExplorerSide().explorerTools.partiql());
  return (
    <div className="explorer-run">
      <div className="card">
        <StatementForm store={store} onOperation={onOperation} />
      </div>
      <StatementResults store={store} />
    </div>
  );
}

function StatementForm({ store, onOperation }: { store: PartiqlStore; onOperation: (operation: Exclude<ExplorerOperation, 'partiql'>) => void }) {
  const statement = useStore(store, (state) => state.statement);
  const parametersText = useStore(store, (state) => state.parametersText);
  const limitText = useStore(store, (state) => state.limitText);
  const errors = useStore(store, (state) => state.errors);
  const running = useStore(store, (state) => state.running);
  const runError = useStore(store, (state) => state.runError);
  const outcome = useStore(store, (state) => state.outcome);
  const { setStatement, setParameters, setLimit, run } = store.getState();
  const id = useId();
  const ids = { statement: `${id}statement`, parameters: `${id}parameters`, limit: `${id}limit`, help: `${id}help`, refusal: `${id}refusal` };
  const describedBy = (field: keyof typeof errors, ...more: string[]) => {
    const list = [errors[field] ? `${id}${field}-error` : undefined, ...more].filter(Boolean).join(' ');
    return { ...(errors[field] ? { 'aria-invalid': true as const } : {}), ...(list ? { 'aria-describedby': list } : {}) };
  };
  const fieldError = (field: keyof typeof errors) =>
    errors[field] && (
      <span id={`${id}${field}-error`} className="field-error" role="alert">
        <VisibleText text={errors[field]} />
      </span>
    );

  return (
    <form
      className="partiql-form"
      aria-label="PartiQL"
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      <OperationSwitch operation="partiql" focusChecked onChange={(operation) => operation !== 'partiql' && onOperation(operation)} />
      <span className="form-field partiql-statement">
        <label htmlFor={ids.statement}>PartiQL statement</label>
        <textarea
          id={ids.statement}
          className="mono"
          rows={4}
          spellCheck={false}
          value={statement}
          onChange={(event) => setStatement(event.target.value)}
          {...describedBy('statement', ...(runError ? [ids.refusal] : []))}
        />
        {fieldError('statement')}
        {runError && (
          <p id={ids.refusal} className="error-box small" role="alert">
            <strong>{runError.name}</strong>: <VisibleText text={runError.message} />
          </p>
        )}
        {outcome && (
          <p className="notice small" role="status">
            <VisibleText text={outcome} />
          </p>
        )}
      </span>
      <span className="form-field partiql-parameters">
        <label htmlFor={ids.parameters}>Parameters</label>
        <textarea
          id={ids.parameters}
          className="mono"
          rows={3}
          spellCheck={false}
          value={parametersText}
          placeholder='[{"S": "G#1"}, {"N": "10"}]'
          onChange={(event) => setParameters(event.target.value)}
          {...describedBy('parameters', ids.help)}
        />
        <span id={ids.help} className="help">
          A JSON array of DynamoDB JSON values, one per <code>?</code> in the statement, in order.
        </span>
        {fieldError('parameters')}
      </span>
      <div className="form-grid">
        <span className="form-field">
          <label htmlFor={ids.limit}>Limit</label>
          <input
            id={ids.limit}
            className="limit-input"
            inputMode="numeric"
            value={limitText}
            placeholder="none"
            onChange={(event) => setLimit(event.target.value)}
            {...describedBy('limit')}
          />
          {fieldError('limit')}
        </span>
        <button type="submit" className="primary" disabled={running}>
          Run statement
        </button>
      </div>
    </form>
  );
}

function StatementResults({ store }: { store: PartiqlStore }) {
  const items = useStore(store, (state) => state.items);
  const pages = useStore(store, (state) => state.pages);
  const running = useStore(store, (state) => state.running);
  const runCount = useStore(store, (state) => state.runCount);
  const keyTable = useStore(store, (state) => state.keyTable);
  const keyIndexName = useStore(store, (state) => state.keyIndexName);
  const columnWidths = useStore(store, (state) => state.columnWidths);
  const { setColumnWidths, nextPage } = store.getState();
  const gridKeys = useMemo(() => gridKeyColumns(keyTable, keyIndexName), [keyTable, keyIndexName]);
  const last = pages.at(-1);
  const loadNext = useCallback(() => void nextPage(), [nextPage]);
  const results = useRef<HTMLDivElement>(null);
  // Each Run brings its first page into view when the results sit below the form (narrow screens).
  const shownRun = useRef(runCount);
  useEffect(() => {
    if (runCount === shownRun.current || pages.length === 0) return;
    shownRun.current = runCount;
    const card = results.current;
    if (!card) return;
    const { top } = card.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight - 200) card.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [runCount, pages.length]);

  return (
    <div className={`card results${pages.length === 0 && !running ? ' results-placeholder' : ''}`} ref={results} role="region" aria-label="Results">
      <h3>Items</h3>
      {pages.length === 0 && !running && <p className="muted small">Run the statement to see the items it returns here, in the order DynamoDB returns them.</p>}
      {pages.length > 0 && (
        <p className="muted small" role="status">
          {items.length} {items.length === 1 ? 'item' : 'items'} in {pages.length} {pages.length === 1 ? 'page' : 'pages'}
          {last?.nextToken ? ' · more available (NextToken)' : ' · end of results'}
          {last?.consumedCapacity !== undefined ? ` · last page ${last.consumedCapacity} capacity units` : ''}
        </p>
      )}
      {items.length > 0 && (
        <ResultsGrid items={items} keyNames={gridKeys.names} keyLabels={gridKeys.labels} columnWidths={columnWidths} onColumnWidths={setColumnWidths} />
      )}
      <div className="button-row">
        {last?.nextToken && (
          <button type="button" onClick={loadNext} disabled={running}>
            Next page
          </button>
        )}
        {running && (
          <span className="muted" role="status">
            Loading…
          </span>
        )}
      </div>
    </div>
  );
}
