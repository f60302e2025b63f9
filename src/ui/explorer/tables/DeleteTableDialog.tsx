import { useId } from 'react';
import { useStore } from 'zustand';
import type { TablesStore } from '../../../state';
import { VisibleText } from '../../common/VisibleText';
import { RefusalBox } from './RefusalBox';
import { useModal } from '../../common/useModal';

/** Delete table: allowed once the table's name is typed. */
export function DeleteTableDialog({ store }: { store: TablesStore }) {
  const remove = useStore(store, (state) => state.remove);
  const actions = store.getState();
  const modal = useModal(remove.tableName !== undefined, actions.closeDeleteTable);
  const id = useId();
  return (
    <dialog {...modal} className="add-index-dialog" aria-labelledby={`${id}delete`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void actions.submitDeleteTable();
        }}
      >
        <h3 id={`${id}delete`}>Delete table</h3>
        <p className="small">
          This deletes <VisibleText text={remove.tableName ?? ''} /> and all its items. Type the table’s name to confirm.
        </p>
        <span className="form-field">
          <label htmlFor={`${id}confirm`}>Table name to delete</label>
          <input
            id={`${id}confirm`}
            className="mono"
            value={remove.confirmation}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => actions.setDeleteConfirmation(event.target.value)}
          />
        </span>
        <RefusalBox refusal={remove.refusal} />
        <div className="button-row">
          <button type="submit" className="primary" disabled={remove.sending || remove.confirmation !== remove.tableName}>
            Delete table
          </button>
          <button type="button" onClick={actions.closeDeleteTable}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
