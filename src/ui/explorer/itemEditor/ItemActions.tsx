import { use, useId } from 'react';
import { useStore } from 'zustand';
import { itemToText } from '../../../items';
import type { ExplorerStore, ItemEditorStore } from '../../../state';
import { useModal } from '../../common/useModal';
import { useExplorerSide } from '../../stores';
import { ItemEditorDialog, ItemVersions, WideCheckNote } from './ItemEditorDialog';
import { shortcutOf, type RowAction } from './itemKeys';
import './itemEditor.css';

/** The item editor store, built on first use (Suspense while its code loads). */
export function useItemEditor(): ItemEditorStore {
  return use(useExplorerSide().explorerTools.itemEditor());
}

/**
 * The row menu's writes: New item, and for the selected row Edit item,
 * Duplicate item and Delete item (the same on a focused row number by its
 * keys or its row menu: see itemKeys.ts). Shown only where the connection allows writes.
 */
export function ItemActions({ explorer }: { explorer: ExplorerStore }) {
  const store = useItemEditor();
  // canWrite() reads the explorer's source: re-render when it changes.
  useStore(explorer, (state) => state.source);
  const items = useStore(explorer, (state) => state.items);
  const selection = useStore(useExplorerSide().rowSelection, (state) => state.selection);
  if (!store.getState().canWrite()) return null;
  const item = selection?.items === items ? selection.item : undefined;
  const { openNew, openEdit, openDuplicate, askDelete } = store.getState();
  return (
    <div className="item-actions" role="group" aria-label="Item actions">
      <button type="button" title={keyTitle('new')} onClick={openNew}>
        New item
      </button>
      <button type="button" title={keyTitle('edit')} disabled={!item} onClick={() => item && openEdit(item)}>
        Edit item
      </button>
      <button type="button" title={keyTitle('duplicate')} disabled={!item} onClick={() => item && openDuplicate(item)}>
        Duplicate item
      </button>
      <button type="button" title={keyTitle('delete')} disabled={!item} onClick={() => item && askDelete(item)}>
        Delete item
      </button>
      <span className="muted small">
        {item ? `Row ${selection?.position ?? ''} selected.` : 'Select a row (click a cell or a row number) to edit it.'} On a row number: Enter edits, Delete
        deletes, Shift+D duplicates, Shift+N adds; Shift+F10 (or a right click) opens the row menu.
      </span>
      <ItemEditorDialog store={store} />
      <DeleteItemDialog store={store} />
    </div>
  );
}

/** A button's tooltip: the key that does the same on a focused row number. */
const keyTitle = (action: RowAction) => `Or ${shortcutOf(action) ?? ''} on a focused row number`;

/** Delete item's confirmation: the key of the item that goes, then DynamoDB's answer (a conflict shows both versions). */
function DeleteItemDialog({ store }: { store: ItemEditorStore }) {
  const deletion = useStore(store, (state) => state.deletion);
  const id = useId();
  const { confirmDelete, cancelDelete, askDelete } = store.getState();
  const modal = useModal(deletion !== undefined, () => store.getState().deletion && cancelDelete());
  const outcome = deletion?.outcome;
  return (
    <dialog {...modal} className="item-editor-dialog item-delete-dialog" aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`}>Delete item</h3>
      {deletion && (
        <>
          <p className="small">Deletes the item with this key, only if it is still as shown (a conditional DeleteItem):</p>
          <pre className="mono item-delete-key" aria-label="Key to delete">
            {itemToText(deletion.key)}
          </pre>
          {deletion.wideCheck && <WideCheckNote check={deletion.wideCheck} />}
          {outcome?.kind === 'conflict' && (
            <div className="error-box small" role="alert">
              {outcome.theirs ? 'The item changed since it was read: nothing was deleted.' : 'The item is already gone.'}
              <ItemVersions mine={outcome.mine} theirs={outcome.theirs} mineLabel="As read" />
              {outcome.theirs && (
                <button type="button" onClick={() => outcome.theirs && askDelete(outcome.theirs)}>
                  Delete the stored version instead
                </button>
              )}
            </div>
          )}
          {outcome?.kind === 'refused' && (
            <p className="error-box small" role="alert">
              DynamoDB refused the delete: {outcome.message}
            </p>
          )}
          <div className="button-row">
            <button type="button" className="danger" disabled={deletion.sending} onClick={() => void confirmDelete()}>
              Delete item
            </button>
            <button type="button" autoFocus onClick={cancelDelete}>
              Cancel
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
