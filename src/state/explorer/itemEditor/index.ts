/**
 * The item editor (New item, Edit item): built on first use by the
 * composition root (see ENTRY_POINTS in eslint/layers.js).
 */
export * from './itemEditorStore';
export { editCondition, keyOf, withNextVersion, type PartialCheck, type WriteOutcome } from './itemWrites';
export type { DesignKeyDraft } from './itemDesignKeys';
