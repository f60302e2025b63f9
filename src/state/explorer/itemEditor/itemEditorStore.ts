import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../../../engine';
import { getOwnAttribute } from '../../../expressions';
import { changedAttributes, itemFromText, itemToText, unchangedCondition, type ItemProblem, type NumberRespelling } from '../../../items';
import type { ExplorerStore } from '../../explorerStore';
import { toExplorerError, type Item, type TableSummary } from '../explorerTypes';

export type ItemEditorMode = 'new' | 'edit';

/** What the last Save said, shown in the dialog. */
export type ItemEditorOutcome =
  | { readonly kind: 'saved' }
  | { readonly kind: 'nothingChanged' }
  /** New item: the key is taken; `existing` is the item there (to open it). */
  | { readonly kind: 'keyExists'; readonly existing?: Item }
  /** Edit: the item changed since it was read; `theirs` is what is stored now (undefined: deleted). */
  | { readonly kind: 'conflict'; readonly mine: Item; readonly theirs?: Item }
  | { readonly kind: 'refused'; readonly message: string };

export interface ItemEditorState {
  readonly open: boolean;
  readonly mode: ItemEditorMode;
  readonly tableName?: string;
  /** The DynamoDB JSON text being edited. */
  readonly text: string;
  /** Edit: the item as read, which Save requires to be still stored unchanged. */
  readonly original?: Item;
  readonly problems: readonly ItemProblem[];
  /** Numbers DynamoDB will spell differently, shown before saving. */
  readonly respelled: readonly NumberRespelling[];
  readonly saving: boolean;
  readonly outcome?: ItemEditorOutcome;
}

export interface ItemEditorActions {
  /** Whether New item / Edit item are offered on the explorer's current connection. */
  canWrite(): boolean;
  /** New item on the explorer's table, its key attributes prefilled with empty values of their types. */
  openNew(): void;
  /** Edit item: the item as the grid shows it. */
  openEdit(item: Item): void;
  setText(text: string): void;
  /** Checks the text and writes it conditionally. Returns true when something was written. */
  save(): Promise<boolean>;
  /** After a conflict: edit the stored version instead. */
  reload(): void;
  /** After a conflict: write mine over theirs, knowingly (conditional on theirs being still what was shown). */
  overwrite(): Promise<boolean>;
  close(): void;
}

export type ItemEditorStore = StoreApi<ItemEditorState & ItemEditorActions>;

export interface ItemEditorOptions {
  readonly explorer: ExplorerStore;
  /** Whether items are written on this source (not on AWS, where the connection is read-only). */
  readonly canWrite: (source: DynamoDBDataSource) => boolean;
}

const CLOSED: ItemEditorState = { open: false, mode: 'new', text: '', problems: [], respelled: [], saving: false };
const EMPTY_VALUE: Record<'S' | 'N' | 'B', AttributeValue> = { S: { S: '' }, N: { N: '' }, B: { B: new Uint8Array() } };

/** The key attributes of `item` (for GetItem and for "open it"). */
function keyOf(table: TableSummary, item: Item): Item {
  const key: Record<string, AttributeValue> = {};
  for (const part of [table.keys.partitionKey, table.keys.sortKey]) {
    const value = part ? getOwnAttribute(item, part.name) : undefined;
    if (part && value) key[part.name] = value;
  }
  return key;
}

/** Moved to src/items (key migrations use it too); re-exported here for the editor's callers. */
export { unchangedCondition };

const isConditionFailure = (error: unknown): boolean => error instanceof Error && error.name === 'ConditionalCheckFailedException';

/**
 * The item editor: DynamoDB JSON checked by the engine's own reader, a new
 * item written only where its key is free (attribute_not_exists), an edit
 * only while the stored item is still the one read (every attribute
 * compared), an untouched edit not written at all; after a write the
 * explorer's Query or Scan runs again so the grid shows it.
 */
export function createItemEditorStore(options: ItemEditorOptions): ItemEditorStore {
  const { explorer } = options;
  const current = (): { source?: DynamoDBDataSource; table?: TableSummary } => explorer.getState();

  const store = createStore<ItemEditorState & ItemEditorActions>()((set, get) => {
    const check = (text: string): { item?: Item; problems: readonly ItemProblem[]; respelled: readonly NumberRespelling[] } => {
      const read = itemFromText(text);
      if (!read.ok) return { problems: read.problems, respelled: [] };
      const { table } = current();
      const missing = table ? [table.keys.partitionKey, table.keys.sortKey].filter((part) => part && !getOwnAttribute(read.item, part.name)) : [];
      const keyProblems = missing.map((part) => ({ path: part?.name ?? '', message: `The item needs its key attribute ${part?.name ?? ''} (${part?.type ?? ''}).` }));
      return { item: keyProblems.length ? undefined : read.item, problems: keyProblems, respelled: read.respelled };
    };

    const afterWrite = async (): Promise<void> => {
      set({ saving: false, outcome: { kind: 'saved' }, open: false });
      await explorer.getState().run();
    };

    const writeEdit = async (item: Item, expected: Item): Promise<boolean> => {
      const { source, table } = current();
      if (!source || !table) return false;
      set({ saving: true, outcome: undefined });
      try {
        await source.putItem({ TableName: table.name, Item: item, ...unchangedCondition(expected) });
      } catch (error) {
        if (!isConditionFailure(error)) {
          set({ saving: false, outcome: { kind: 'refused', message: toExplorerError(error).message } });
          return false;
        }
        const { Item: theirs } = await source.getItem({ TableName: table.name, Key: keyOf(table, expected), ConsistentRead: true });
        set({ saving: false, outcome: { kind: 'conflict', mine: item, ...(theirs ? { theirs } : {}) } });
        return false;
      }
      await afterWrite();
      return true;
    };

    return {
      ...CLOSED,
      canWrite() {
        const { source } = current();
        return source !== undefined && options.canWrite(source);
      },
      openNew() {
        const { table } = current();
        if (!table || !get().canWrite()) return;
        const item: Record<string, AttributeValue> = {};
        for (const part of [table.keys.partitionKey, table.keys.sortKey]) if (part) item[part.name] = EMPTY_VALUE[part.type];
        set({ ...CLOSED, open: true, mode: 'new', tableName: table.name, text: itemToText(item) });
      },
      openEdit(item) {
        const { table } = current();
        if (!table || !get().canWrite()) return;
        set({ ...CLOSED, open: true, mode: 'edit', tableName: table.name, text: itemToText(item), original: item });
      },
      setText(text) {
        const { respelled } = check(text);
        set({ text, problems: [], respelled, outcome: undefined });
      },
      async save() {
        const { source, table } = current();
        const state = get();
        if (!source || !table || state.saving || !options.canWrite(source)) return false;
        const { item, problems, respelled } = check(state.text);
        set({ problems, respelled });
        if (!item) return false;
        if (state.mode === 'edit' && state.original) {
          const original = state.original;
          if (changedAttributes(original, item).length === 0) {
            set({ outcome: { kind: 'nothingChanged' } });
            return false;
          }
          const keyChanged = changedAttributes(keyOf(table, original), keyOf(table, item)).length > 0;
          if (keyChanged) {
            set({ outcome: { kind: 'refused', message: 'Changing the key of an item is not offered yet: use New item with the new key, then delete this one.' } });
            return false;
          }
          return writeEdit(item, original);
        }
        const pk = table.keys.partitionKey.name;
        set({ saving: true, outcome: undefined });
        try {
          await source.putItem({ TableName: table.name, Item: item, ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': pk } });
        } catch (error) {
          if (!isConditionFailure(error)) {
            set({ saving: false, outcome: { kind: 'refused', message: toExplorerError(error).message } });
            return false;
          }
          const { Item: existing } = await source.getItem({ TableName: table.name, Key: keyOf(table, item), ConsistentRead: true });
          set({ saving: false, outcome: { kind: 'keyExists', ...(existing ? { existing } : {}) } });
          return false;
        }
        await afterWrite();
        return true;
      },
      reload() {
        const { outcome } = get();
        if (outcome?.kind === 'conflict' && outcome.theirs) get().openEdit(outcome.theirs);
        else if (outcome?.kind === 'keyExists' && outcome.existing) get().openEdit(outcome.existing);
      },
      async overwrite() {
        const { outcome } = get();
        if (outcome?.kind !== 'conflict' || !outcome.theirs) return false;
        return writeEdit(outcome.mine, outcome.theirs);
      },
      close() {
        set(CLOSED);
      },
    };
  });
  return store;
}
