import { use } from 'react';
import { useStore } from 'zustand';
import type { ExplorerStore, TablesStore } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { useExplorerSide } from '../stores';
import { CreateTableDialog } from './tables/CreateTableDialog';
import { DeleteTableDialog } from './tables/DeleteTableDialog';

function useTables(): TablesStore {
  return use(useExplorerSide().explorerTools.tables());
}

/** Create table and Delete table (where the connection may write): the buttons, their dialogs, and the new table's status until ACTIVE. */
export function TablesControl({ explorer }: { explorer: ExplorerStore }) {
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
