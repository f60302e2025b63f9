import { useState } from 'react';
import { useStore } from 'zustand';
import { BUILT_IN_TABLE_LABEL, canWriteSource, createLoadIntoTableStore, READ_ONLY_HOW_TO_WRITE, type LoadTarget } from '../../state';
import type { AppStores } from '../appStores';
import { VisibleLines, VisibleText } from '../common/VisibleText';
import { useAppStores, useBuiltExplorerSide, useBuiltInTable, useStoreIfBuilt } from '../stores';
import type { DesignRegionProps } from './designRegionProps';
import './loadIntoTable.css';

/** The explorer's remote connection, when it shows one (not the built-in table). */
function remoteTargetOf(stores: AppStores) {
  // Not built yet: the explorer was never shown, so it shows no connection.
  const side = stores.explorerSideBuilt.getState().built;
  if (!side) return undefined;
  const { source } = side.explorer.getState();
  const connection = side.connection.getState();
  if (!source || source === stores.builtInTable.getState().source) return undefined;
  if (connection.status !== 'connected' || connection.form.kind === 'builtIn' || !connection.connectedLabel) return undefined;
  return { source, where: connection.connectedLabel };
}

/**
 * Load into a table: creates the design's tables in the built-in table (or,
 * after a confirmation naming where, in what the explorer is connected to)
 * and writes the sample items without overwriting anything; then the report
 * and a way to browse the table in the explorer.
 */
export function LoadIntoTable({ design, table }: DesignRegionProps) {
  const stores = useAppStores();
  const [store] = useState(() =>
    createLoadIntoTableStore({ openBuiltIn: () => stores.builtInTable.getState().open(), remoteTarget: () => remoteTargetOf(stores) }),
  );
  const state = useStore(store);
  // Read here so the target's label follows the connection as it changes.
  const side = useBuiltExplorerSide();
  const connectedLabel = useStoreIfBuilt(
    side?.connection,
    (connection) => (connection.status === 'connected' && connection.form.kind !== 'builtIn' ? connection.connectedLabel : undefined),
    undefined,
  );
  const explorerSource = useStoreIfBuilt(side?.explorer, (explorer) => explorer.source, undefined);
  const builtInSource = useBuiltInTable((builtIn) => builtIn.source);
  const remoteAvailable = connectedLabel !== undefined && explorerSource !== undefined && explorerSource !== builtInSource;
  // A Read-only connection is shown, but can't be chosen (the store refuses it too: READ_ONLY_TARGET).
  const remoteReadOnly = remoteAvailable && !canWriteSource(explorerSource);
  const browseTable =
    state.report?.tables.find((entry) => entry.outcome !== 'skipped' && entry.name === table.name)?.name ??
    state.report?.tables.find((entry) => entry.outcome !== 'skipped')?.name;

  // Connect and select first, then switch tabs: the explorer, mounting, sees its table already chosen.
  const browse = async (name: string) => {
    const { explorer, connection } = await stores.explorerSide();
    if (state.loadedInto === 'builtIn' && explorer.getState().source !== stores.builtInTable.getState().source) {
      connection.getState().setForm({ kind: 'builtIn' });
      await connection.getState().connect();
    } else await explorer.getState().refreshTables();
    await explorer.getState().selectTable(name);
    window.location.hash = '#explorer';
  };

  const choose = (target: LoadTarget) => store.getState().setTarget(target);
  const progress = state.progress;

  return (
    <section className="card load-into-table" aria-labelledby="load-into-table-title">
      <h3 id="load-into-table-title">Load into a table</h3>
      <fieldset className="load-target" disabled={state.running}>
        <legend>Target</legend>
        <label>
          <input type="radio" name="load-target" checked={state.target === 'builtIn'} onChange={() => choose('builtIn')} />
          {BUILT_IN_TABLE_LABEL}
        </label>
        <label>
          <input
            type="radio"
            name="load-target"
            checked={state.target === 'connection'}
            disabled={!remoteAvailable || remoteReadOnly}
            aria-describedby={remoteReadOnly ? 'load-target-read-only' : undefined}
            onChange={() => choose('connection')}
          />
          {remoteReadOnly
            ? 'The explorer’s connection (read-only)'
            : remoteAvailable
              ? 'The explorer’s connection'
              : 'The explorer’s connection (connect to DynamoDB Local, an endpoint or AWS in the Table explorer first)'}
        </label>
        {remoteReadOnly && (
          <p id="load-target-read-only" className="muted small">
            It is marked Read-only, so it refuses writes: {READ_ONLY_HOW_TO_WRITE} to load there.
          </p>
        )}
        {/* Where, only once chosen: the explorer's header already names the connection. */}
        {state.target === 'connection' && remoteAvailable && <p className="load-where">Loads into {connectedLabel}</p>}
      </fieldset>
      <button
        type="button"
        onClick={() => void store.getState().request(design)}
        disabled={state.running || (state.target === 'connection' && !remoteAvailable)}
      >
        Load into a table
      </button>
      {state.confirmation && (
        <div className="load-confirmation" role="alertdialog" aria-labelledby="load-confirmation-text" aria-modal="false">
          <p id="load-confirmation-text">{state.confirmation}</p>
          <button type="button" onClick={() => void store.getState().confirm()}>
            Create and write
          </button>
          <button type="button" className="link-button" onClick={() => store.getState().cancel()}>
            Cancel
          </button>
        </div>
      )}
      {state.running && progress && (
        <p role="status" className="load-progress">
          {progress.step} {progress.done} of {progress.total} items
        </p>
      )}
      {state.error && (
        <p role="alert" className="load-error">
          <VisibleText text={state.error} />
        </p>
      )}
      {state.reportText !== undefined && (
        <div className="load-report">
          <h4 id="load-report-title">Load report</h4>
          <pre aria-labelledby="load-report-title" tabIndex={0}>
            <VisibleLines text={state.reportText} />
          </pre>
          {browseTable && (
            <button type="button" onClick={() => void browse(browseTable)}>
              Browse {browseTable} in the explorer
            </button>
          )}
        </div>
      )}
    </section>
  );
}
