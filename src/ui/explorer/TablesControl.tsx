import { use, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import type { ExplorerStore, TablesStore } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { useExplorerSide } from '../stores';
import { CreateTableDialog } from './tables/CreateTableDialog';
import { DeleteTableDialog } from './tables/DeleteTableDialog';
import { AddIndexControl } from './TableDetails';

function useTables(): TablesStore {
  return use(useExplorerSide().explorerTools.tables());
}

/** Left/Right (and Home/End) move between the toolbar's buttons, as the ARIA toolbar pattern has it; Tab still reaches each one. */
function moveAlongToolbar(event: KeyboardEvent<HTMLDivElement>): void {
  if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > .add-index > .button-row > button:not(:disabled)')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const next =
    event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons[next]?.focus();
}

/** Add index, Delete index, Create table and Delete table as one toolbar under the table's facts (each control's status and dialog below it). */
export function TableActions({ explorer }: { explorer: ExplorerStore }) {
  return (
    <div role="toolbar" aria-label="Table actions" className="table-actions" onKeyDown={moveAlongToolbar}>
      <AddIndexControl explorer={explorer} />
      <TablesControl explorer={explorer} />
    </div>
  );
}

/** Create table and Delete table (where the connection may write): the buttons, their dialogs, and the new table's status until ACTIVE. */
function TablesControl({ explorer }: { explorer: ExplorerStore }) {
  const store = useTables();
  const canChangeTables = useStore(store, (state) => state.canChangeTables);
  const sending = useStore(store, (state) => state.create.sending);
  const creating = useStore(store, (state) => state.creating);
  const selectedTable = useStore(explorer, (state) => state.selectedTable);
  const actions = store.getState();
  if (!canChangeTables) return null;
  return (
    <div className="add-index">
      <div className="button-row">
        <button type="button" onClick={actions.openCreateTable} disabled={sending}>
          Create table
        </button>
        {selectedTable && (
          <button type="button" onClick={() => actions.openDeleteTable(selectedTable)}>
            Delete table
          </button>
        )}
      </div>
      {creating && (
        <p className="muted small" role="status" aria-label="Table status">
          Table <VisibleText text={creating.tableName} />: {creating.status === 'ACTIVE' ? 'ACTIVE' : `${creating.status}…`}
          {creating.status === 'ACTIVE' ? '' : ' DescribeTable is read every second until it is ACTIVE.'}
        </p>
      )}
      {creating?.problem && (
        <p className="error-box small" role="alert">
          <VisibleText text={creating.problem} />
        </p>
      )}
      <CreateTableDialog store={store} />
      <DeleteTableDialog store={store} />
    </div>
  );
}
