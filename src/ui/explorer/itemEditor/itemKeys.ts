import type { Item, ItemEditorStore } from '../../../state';

/** What the row menu (and the row keys) can do with a row. */
export type RowAction = 'new' | 'edit' | 'duplicate' | 'delete';

/** The row menu's entries, in order, with the key that does the same on a focused row number (shown in the menu and in aria-keyshortcuts). */
export const ROW_ACTIONS: readonly { action: RowAction; label: string; shortcut?: string }[] = [
  { action: 'new', label: 'New item', shortcut: 'Shift+N' },
  { action: 'edit', label: 'Edit item', shortcut: 'Enter' },
  { action: 'duplicate', label: 'Duplicate item', shortcut: 'Shift+D' },
  { action: 'delete', label: 'Delete item', shortcut: 'Delete' },
];

/** Keys that open the row menu on a focused row number (the platform's context-menu keys). */
export const ROW_MENU_SHORTCUTS = 'Shift+F10 ContextMenu';

/** aria-keyshortcuts of a row number where the connection can write. */
export const ROW_KEY_SHORTCUTS = [...ROW_ACTIONS.map((entry) => entry.shortcut), ROW_MENU_SHORTCUTS].join(' ');

/** The row number's tooltip where the connection can write: its keys, as the row menu shows them. */
export const ROW_KEYS_TITLE = [...ROW_ACTIONS.map((entry) => `${entry.shortcut}: ${entry.label}`), 'Shift+F10: row menu'].join(' · ');

/** The key that does `action` on a focused row number, for the Item actions buttons' titles. */
export const shortcutOf = (action: RowAction): string | undefined => ROW_ACTIONS.find((entry) => entry.action === action)?.shortcut;

/** The row action a key press on a focused row number asks for, if any. */
export function rowActionOfKey(event: { key: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean }): RowAction | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey) return undefined;
  if (event.key === 'Enter' && !event.shiftKey) return 'edit';
  if (event.key === 'Delete' && !event.shiftKey) return 'delete';
  if ((event.key === 'N' || event.key === 'n') && event.shiftKey) return 'new';
  if ((event.key === 'D' || event.key === 'd') && event.shiftKey) return 'duplicate';
  return undefined;
}

/** Whether a key press on a focused row number opens the row menu (Shift+F10 or the ContextMenu key). */
export function opensRowMenu(event: { key: string; shiftKey: boolean }): boolean {
  return event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
}

/** Runs a row action through the item editor (built on first use); false where the connection can't write. */
export async function runRowAction(tools: { itemEditor(): Promise<ItemEditorStore> }, action: RowAction, item: Item): Promise<boolean> {
  const store = await tools.itemEditor();
  const editor = store.getState();
  if (!editor.canWrite()) return false;
  if (action === 'new') editor.openNew();
  else if (action === 'edit') editor.openEdit(item);
  else if (action === 'duplicate') editor.openDuplicate(item);
  else editor.askDelete(item);
  return true;
}
