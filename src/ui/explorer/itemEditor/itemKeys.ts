import type { Item, ItemEditorStore } from '../../../state';

/** The grid's keys on a focused row: Enter = Edit item, Delete = Delete item (with its confirmation). */
export async function onItemKey(tools: { itemEditor(): Promise<ItemEditorStore> }, key: string, item: Item): Promise<boolean> {
  if (key !== 'Enter' && key !== 'Delete') return false;
  const store = await tools.itemEditor();
  if (!store.getState().canWrite()) return false;
  if (key === 'Enter') store.getState().openEdit(item);
  else store.getState().askDelete(item);
  return true;
}
