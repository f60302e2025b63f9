import { use, useEffect, useId, useRef } from 'react';
import { useStore } from 'zustand';
import type { CreateTableErrors, CreateTableForm, ExplorerStore, TablesStore } from '../../state';
import { KeyTypeSelect } from '../common/KeyTypeSelect';
import { VisibleText } from '../common/VisibleText';
import { useExplorerSide } from '../stores';


function useTables(): TablesStore {
  return use(useExplorerSide().explorerTools.tables());
}

/** Opens and closes a modal <dialog> with `open`. */
function useModal(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}

/** Create table and Delete table (where the connection allows them): the buttons, their dialogs, and the new table's status until ACTIVE. */
export function TablesControl({ explorer }: { explorer: ExplorerStore }) {
  const store = useTables();
  const canChangeTables = useStore(store, (state) => state.canChangeTables);
  const create = useStore(store, (state) => state.create);
  const remove = useStore(store, (state) => state.remove);
  const creating = useStore(store, (state) => state.creating);
  const selectedTable = useStore(explorer, (state) => state.selectedTable);
  const actions = store.getState();
  const createDialog = useModal(create.open);
  const deleteDialog = useModal(remove.tableName !== undefined);
  const id = useId();
  if (!canChangeTables) return null;
  const { form, errors } = create;
  const fieldId = (field: string) => `${id}${field}`;
  const error = (field: keyof CreateTableErrors) =>
    errors[field] && (
      <span id={`${fieldId(field)}-error`} className="field-error" role="alert">
        <VisibleText text={errors[field]} />
      </span>
    );
  const text = (field: keyof CreateTableForm, label: string, className?: string) => (
    <span className="form-field">
      <label htmlFor={fieldId(field)}>{label}</label>
      <input
        id={fieldId(field)}
        className={className}
        value={form[field]}
        onChange={(event) => actions.setCreateTableForm({ [field]: event.target.value })}
        {...(errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(field)}-error` } : {})}
      />
      {error(field)}
    </span>
  );
  const typeSelect = (field: 'partitionKeyType' | 'sortKeyType', label: string) => (
    <KeyTypeSelect id={fieldId(field)} label={label} value={form[field]} onChange={(type) => actions.setCreateTableForm({ [field]: type })} />
  );

  return (
    <div className="add-index">
      <div className="button-row">
        <button type="button" onClick={actions.openCreateTable} disabled={create.sending}>
          Create table
        </button>
        {selectedTable && (
          <button type="button" onClick={() => actions.openDeleteTable(selectedTable)}>
            Delete table
          </button>
        )}
      </div>
      {creating && (
        <p className="muted small" role="status">
          Table <VisibleText text={creating.tableName} />: {creating.status}
          {creating.status === 'ACTIVE' ? '' : ' — DescribeTable is read every second until it is ACTIVE.'}
        </p>
      )}
      <dialog ref={createDialog} className="add-index-dialog" aria-labelledby={`${id}create`} onClose={actions.closeCreateTable}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void actions.submitCreateTable();
          }}
        >
          <h3 id={`${id}create`}>Create table</h3>
          <div className="add-index-fields">
            {text('tableName', 'Table name')}
            {text('partitionKeyName', 'Partition key name', 'mono')}
            {typeSelect('partitionKeyType', 'Partition key type')}
            {text('sortKeyName', 'Sort key name', 'mono')}
            {typeSelect('sortKeyType', 'Sort key type')}
            <span className="form-field">
              <label htmlFor={fieldId('billingMode')}>Billing mode</label>
              <select id={fieldId('billingMode')} value={form.billingMode} onChange={(event) => actions.setCreateTableForm({ billingMode: event.target.value as CreateTableForm['billingMode'] })}>
                <option value="PAY_PER_REQUEST">On demand</option>
                <option value="PROVISIONED">Provisioned</option>
              </select>
            </span>
            {form.billingMode === 'PROVISIONED' && (
              <>
                {text('readCapacity', 'Read capacity')}
                {text('writeCapacity', 'Write capacity')}
              </>
            )}
          </div>
          {create.refusal && (
            <p className="error-box small" role="alert">
              <strong>{create.refusal.name}</strong>: <VisibleText text={create.refusal.message} />
            </p>
          )}
          <div className="button-row">
            <button type="submit" className="primary" disabled={create.sending}>
              Create
            </button>
            <button type="button" onClick={actions.closeCreateTable}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
      <dialog ref={deleteDialog} className="add-index-dialog" aria-labelledby={`${id}delete`} onClose={actions.closeDeleteTable}>
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
            <label htmlFor={fieldId('confirm')}>Table name to delete</label>
            <input id={fieldId('confirm')} className="mono" value={remove.confirmation} onChange={(event) => actions.setDeleteConfirmation(event.target.value)} />
          </span>
          {remove.refusal && (
            <p className="error-box small" role="alert">
              <strong>{remove.refusal.name}</strong>: <VisibleText text={remove.refusal.message} />
            </p>
          )}
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
    </div>
  );
}
