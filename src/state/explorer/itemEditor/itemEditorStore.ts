import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DynamoDBDataSource } from '../../../engine';
import { getOwnAttribute } from '../../../expressions';
import {
  changedAttributes,
  formFromText,
  formToText,
  itemFromForm,
  itemFromText,
  itemToForm,
  itemToText,
  type BinaryEncoding,
  type FormEntry,
  type ItemProblem,
  type ItemReadResult,
  type NumberRespelling,
} from '../../../items';
import type { ExplorerStore } from '../../explorerStore';
import type { ConfirmWrite } from '../../writeAccess';
import type { Item, TableSummary } from '../explorerTypes';
import { designKeyDraft, versionAttributeOf, withEncodedKeys, type DesignKeyDraft } from './itemDesignKeys';
import { deleteShownItem, keyOf, putNewItem, wideCheckOf, writeEdit, type PartialCheck, type WriteOutcome } from './itemWrites';

export { unchangedCondition } from './itemWrites';

export type ItemEditorMode = 'new' | 'edit';

/** What the last Save said, shown in the dialog: a write's outcome, or that nothing changed (so nothing was written). */
export type ItemEditorOutcome = WriteOutcome | { readonly kind: 'nothingChanged' };

/** Delete item: the confirmation, then what DynamoDB said. */
export interface ItemDeletion {
  readonly item: Item;
  /** The key shown in the confirmation. */
  readonly key: Item;
  readonly sending: boolean;
  readonly outcome?: Exclude<WriteOutcome, { kind: 'saved' | 'keyExists' }>;
  /** The item is too wide for one condition: the confirmation says how it is checked. */
  readonly wideCheck?: PartialCheck;
}

export interface ItemEditorState {
  readonly open: boolean;
  readonly mode: ItemEditorMode;
  readonly tableName?: string;
  /** The DynamoDB JSON view (plain document JSON is taken too: see `documentTypes`). */
  readonly text: string;
  /** The text is plain document JSON (`{"score": 10}`): the DynamoDB JSON it is saved as, shown before saving. */
  readonly documentTypes?: string;
  /** The typed form view: the same item as `text` whenever `formReadable`. */
  readonly form: readonly FormEntry[];
  /** False while the text is not readable as typed attributes (broken JSON): the form waits for the text to be fixed. */
  readonly formReadable: boolean;
  /** The view edited last: Save reads it (each view reports its own problems: hex in the form, line and column in the text). */
  readonly lastEdited: 'form' | 'text';
  /** How the form shows and reads binary. */
  readonly encoding: BinaryEncoding;
  /** Edit: the item as read, which Save requires to be still stored unchanged. */
  readonly original?: Item;
  /** Edit: the version attribute the bound design names for this item (the condition is on it alone). */
  readonly versionAttribute?: string;
  /** Edit of an item too wide for one condition (more than 150 attributes): the dialog says how Save checks it. */
  readonly wideCheck?: PartialCheck;
  /** New item on a table bound to a design: the entity's template fields and the key they encode to. */
  readonly designKeys?: DesignKeyDraft;
  readonly problems: readonly ItemProblem[];
  /** Numbers DynamoDB will spell differently, shown before saving. */
  readonly respelled: readonly NumberRespelling[];
  readonly saving: boolean;
  readonly outcome?: ItemEditorOutcome;
  readonly deletion?: ItemDeletion;
}

export interface ItemEditorActions {
  /**
   * Whether write controls (New, Edit, Duplicate, Delete item) are shown on
   * the explorer's current connection: the one place that decides it (a
   * read-only connection answers false).
   */
  canWrite(): boolean;
  /** New item on the explorer's table, its key attributes prefilled with empty values of their types (and the design's fields when bound). */
  openNew(): void;
  /** Edit item: the item as the grid shows it. */
  openEdit(item: Item): void;
  /** Duplicate item: a new item with this one's attributes (change its key before saving). */
  openDuplicate(item: Item): void;
  setText(text: string): void;
  setForm(form: readonly FormEntry[]): void;
  setEncoding(encoding: BinaryEncoding): void;
  /** Keys from the design: which entity the new item is. */
  chooseEntity(entityName: string): void;
  /** Keys from the design: one template field's value; when all fit, the key attributes are filled in. */
  setFieldValue(field: string, value: string): void;
  /** Checks the item and writes it conditionally. Returns true when something was written. */
  save(): Promise<boolean>;
  /** After a conflict: edit the stored version instead; after keyExists: open the existing item. */
  reload(): void;
  /** After a conflict: write mine over theirs, knowingly (conditional on theirs being still what was shown). */
  overwrite(): Promise<boolean>;
  close(): void;
  /** Delete item: asks for confirmation, showing the key. */
  askDelete(item: Item): void;
  /** Deletes the item asked about, conditional on it being unchanged since read. Returns true when deleted. */
  confirmDelete(): Promise<boolean>;
  cancelDelete(): void;
}

export type ItemEditorStore = StoreApi<ItemEditorState & ItemEditorActions>;

export interface ItemEditorOptions {
  readonly explorer: ExplorerStore;
  /** Whether items are written on this source (not on a read-only connection). */
  readonly canWrite: (source: DynamoDBDataSource) => boolean;
  /** The write confirmation (writeAccess.ts; asks on AWS): every save and delete is sent through the writer it grants; declined, nothing is sent. */
  readonly confirmWrite: ConfirmWrite;
}

const CLOSED: ItemEditorState = {
  open: false,
  mode: 'new',
  text: '',
  form: [],
  formReadable: true,
  lastEdited: 'form',
  encoding: 'base64',
  problems: [],
  respelled: [],
  saving: false,
};
const EMPTY_VALUE: Record<'S' | 'N' | 'B', AttributeValue> = { S: { S: '' }, N: { N: '' }, B: { B: new Uint8Array() } };

/**
 * The item editor: two views of one item (typed form and DynamoDB JSON),
 * checked by the engine's own reader; a new item written only where its key
 * is free (attribute_not_exists), an edit only while the stored item is
 * still the one read, a key change as one transaction, an untouched edit not
 * written at all; after a write the explorer's Query or Scan runs again so
 * the grid shows it (only if the same connection and table are still shown).
 */
export function createItemEditorStore(options: ItemEditorOptions): ItemEditorStore {
  const { explorer } = options;
  const { confirmWrite } = options;
  const current = (): { source?: DynamoDBDataSource; table?: TableSummary } => explorer.getState();

  return createStore<ItemEditorState & ItemEditorActions>()((set, get) => {
    /** The item as the last edited view gives it, with the table's key attributes required. */
    const check = (state: ItemEditorState): { item?: Item; problems: readonly ItemProblem[]; respelled: readonly NumberRespelling[] } => {
      const read: ItemReadResult = state.lastEdited === 'form' && state.formReadable ? itemFromForm(state.form, state.encoding) : itemFromText(state.text);
      if (!read.ok) return { problems: read.problems, respelled: [] };
      const { table } = current();
      const missing = table ? [table.keys.partitionKey, table.keys.sortKey].filter((part) => part && !getOwnAttribute(read.item, part.name)) : [];
      const keyProblems = missing.map((part) => ({
        path: part?.name ?? '',
        message: `The item needs its key attribute ${part?.name ?? ''} (${part?.type ?? ''}).`,
      }));
      return { item: keyProblems.length ? undefined : read.item, problems: keyProblems, respelled: read.respelled };
    };

    const edited = (change: Partial<ItemEditorState>) => {
      const next = { ...get(), ...change };
      set({ ...change, problems: [], respelled: check(next).respelled, outcome: undefined });
    };

    const opened = (mode: ItemEditorMode, item: Item, original?: Item) => {
      const { table } = current();
      if (!table || !get().canWrite()) return;
      const { encoding } = get();
      const binding = explorer.getState().designBinding;
      const designKeys = mode === 'new' ? designKeyDraft(binding) : undefined;
      const versionAttribute = original ? versionAttributeOf(binding, original) : undefined;
      const wideCheck = original ? wideCheckOf(original, versionAttribute) : undefined;
      set({
        ...CLOSED,
        // Merged into the state, so what the last item left must be cleared by name (CLOSED has no such keys):
        // a Reload kept the conflict on screen, a Cancelled New item's design keys showed up in the next Edit.
        outcome: undefined,
        original: undefined,
        versionAttribute: undefined,
        wideCheck: undefined,
        documentTypes: undefined,
        designKeys: undefined,
        encoding,
        open: true,
        mode,
        tableName: table.name,
        text: itemToText(item),
        form: itemToForm(item, encoding),
        ...(original ? { original } : {}),
        ...(versionAttribute ? { versionAttribute } : {}),
        ...(wideCheck ? { wideCheck } : {}),
        ...(designKeys ? { designKeys } : {}),
      });
    };

    /**
     * Runs the explorer's Query or Scan again after a write to `tableName` on
     * `source`, so the grid shows it; only while the explorer still shows that
     * table on that connection: the user may have switched during the
     * confirmation or the write, and the query must not run on the new one.
     */
    const rerunIfStillShown = async (source: DynamoDBDataSource, tableName: string) => {
      const shown = explorer.getState();
      if (shown.source === source && shown.selectedTable === tableName) await shown.run();
    };

    const finish = async (outcome: WriteOutcome, source: DynamoDBDataSource, tableName: string): Promise<boolean> => {
      if (outcome.kind !== 'saved') {
        set({ saving: false, outcome });
        return false;
      }
      set({ saving: false, outcome, open: false });
      await rerunIfStillShown(source, tableName);
      return true;
    };

    /** Sends an item write once confirmed (asked on AWS), then finishes it; on No, the editor stays open and nothing is sent. */
    const confirmedWrite = async (
      source: DynamoDBDataSource,
      table: TableSummary,
      action: string,
      write: (writer: DynamoDBDataSource) => Promise<WriteOutcome>,
    ): Promise<boolean> => {
      const sent = await confirmWrite(source, action, write);
      if (sent.confirmed) return finish(sent.result, source, table.name);
      set({ saving: false });
      return false;
    };

    const withDesignKeys = (designKeys: DesignKeyDraft) => {
      const { form, encoding } = get();
      if (!designKeys.encoded) return edited({ designKeys });
      const filled = withEncodedKeys(form, designKeys.encoded, encoding);
      edited({ designKeys, form: filled, text: formToText(filled, encoding), formReadable: true, lastEdited: 'form' });
    };

    return {
      ...CLOSED,
      canWrite() {
        const { source } = current();
        return source !== undefined && options.canWrite(source);
      },
      openNew() {
        const { table } = current();
        if (!table) return;
        const item: Record<string, AttributeValue> = {};
        for (const part of [table.keys.partitionKey, table.keys.sortKey]) if (part) item[part.name] = EMPTY_VALUE[part.type];
        opened('new', item);
      },
      openEdit(item) {
        opened('edit', item, item);
      },
      openDuplicate(item) {
        opened('new', item);
      },
      setText(text) {
        const form = formFromText(text, get().encoding);
        const read = itemFromText(text);
        const documentTypes = read.ok && read.format === 'document' ? itemToText(read.item) : undefined;
        edited({ text, lastEdited: 'text', formReadable: form !== undefined, documentTypes, ...(form ? { form } : {}) });
      },
      setForm(form) {
        edited({ form, text: formToText(form, get().encoding), formReadable: true, lastEdited: 'form', documentTypes: undefined });
      },
      setEncoding(encoding) {
        const { text, formReadable } = get();
        // The text (base64 either way) is the bridge: the form's binary is re-spelled from it.
        const form = formReadable ? formFromText(text, encoding) : undefined;
        set({ encoding, ...(form ? { form } : {}) });
      },
      chooseEntity(entityName) {
        const draft = designKeyDraft(explorer.getState().designBinding, entityName, get().designKeys?.values);
        if (draft) withDesignKeys(draft);
      },
      setFieldValue(field, value) {
        const { designKeys } = get();
        if (!designKeys) return;
        const draft = designKeyDraft(explorer.getState().designBinding, designKeys.entityName, { ...designKeys.values, [field]: value });
        if (draft) withDesignKeys(draft);
      },
      async save() {
        const { source, table } = current();
        const state = get();
        if (!source || !table || state.saving || !options.canWrite(source)) return false;
        const { item, problems, respelled } = check(state);
        set({ problems, respelled, outcome: undefined });
        if (!item) return false;
        if (state.mode === 'edit' && state.original) {
          if (changedAttributes(state.original, item).length === 0) {
            set({ outcome: { kind: 'nothingChanged' } });
            return false;
          }
          const original = state.original;
          set({ saving: true });
          return confirmedWrite(source, table, `Save an edited item of ${table.name}`, (writer) =>
            writeEdit(writer, table, item, original, state.versionAttribute),
          );
        }
        set({ saving: true });
        return confirmedWrite(source, table, `Put a new item into ${table.name}`, (writer) => putNewItem(writer, table, item));
      },
      reload() {
        const { outcome } = get();
        if (outcome?.kind === 'conflict' && outcome.theirs) get().openEdit(outcome.theirs);
        else if (outcome?.kind === 'keyExists' && outcome.existing) get().openEdit(outcome.existing);
      },
      async overwrite() {
        const { outcome, versionAttribute, saving } = get();
        const { source, table } = current();
        if (outcome?.kind !== 'conflict' || !outcome.theirs || !source || !table || saving) return false;
        const theirs = outcome.theirs;
        set({ saving: true });
        return confirmedWrite(source, table, `Overwrite the changed item of ${table.name}`, (writer) =>
          writeEdit(writer, table, outcome.mine, theirs, versionAttribute),
        );
      },
      close() {
        set({
          ...CLOSED,
          outcome: undefined,
          original: undefined,
          versionAttribute: undefined,
          wideCheck: undefined,
          documentTypes: undefined,
          designKeys: undefined,
          encoding: get().encoding,
          ...(get().deletion ? { deletion: get().deletion } : {}),
        });
      },
      askDelete(item) {
        const { table } = current();
        if (!table || !get().canWrite()) return;
        const wideCheck = wideCheckOf(item, versionAttributeOf(explorer.getState().designBinding, item));
        set({ deletion: { item, key: keyOf(table, item), sending: false, ...(wideCheck ? { wideCheck } : {}) } });
      },
      async confirmDelete() {
        const { deletion } = get();
        const { source, table } = current();
        if (!deletion || deletion.sending || !source || !table || !options.canWrite(source)) return false;
        set({ deletion: { ...deletion, sending: true } });
        const versionAttribute = versionAttributeOf(explorer.getState().designBinding, deletion.item);
        const sent = await confirmWrite(source, `Delete an item of ${table.name}`, (writer) => deleteShownItem(writer, table, deletion.item, versionAttribute));
        if (!sent.confirmed) {
          if (get().deletion) set({ deletion: { ...deletion, sending: false } });
          return false;
        }
        const outcome = sent.result;
        if (outcome.kind === 'saved') {
          set({ deletion: undefined });
          await rerunIfStillShown(source, table.name);
          return true;
        }
        if (outcome.kind === 'keyExists') return false;
        set({ deletion: { ...deletion, sending: false, outcome } });
        return false;
      },
      cancelDelete() {
        set({ deletion: undefined });
      },
    };
  });
}
