import type { StateCreator } from 'zustand/vanilla';
import type { KeyTemplate } from '../../keys';
import type { DesignBinding } from '../design/binding/designBinding';
import type { KeyTemplateSource } from '../design/binding/entityKeyTemplates';
import { EMPTY_QUERY_FORM, type QueryForm, type QueryFormErrors } from '../queryBuilder/queryForm';
import type { ExplorerSlices } from './explorerSlices';

/** The key-condition inputs, which belong to one key schema: each index keeps its own. */
export type KeyInputs = Pick<QueryForm, 'partitionValue' | 'sortOperator' | 'sortValue' | 'sortValueHigh' | 'sortFields' | 'sortFieldsHigh'>;

export const EMPTY_KEY_INPUTS: KeyInputs = {
  partitionValue: EMPTY_QUERY_FORM.partitionValue,
  sortOperator: EMPTY_QUERY_FORM.sortOperator,
  sortValue: EMPTY_QUERY_FORM.sortValue,
  sortValueHigh: EMPTY_QUERY_FORM.sortValueHigh,
  sortFields: EMPTY_QUERY_FORM.sortFields,
  sortFieldsHigh: EMPTY_QUERY_FORM.sortFieldsHigh,
};

function keyInputsOf(form: QueryForm): KeyInputs {
  const { partitionValue, sortOperator, sortValue, sortValueHigh, sortFields, sortFieldsHigh } = form;
  return { partitionValue, sortOperator, sortValue, sortValueHigh, sortFields, sortFieldsHigh };
}

/** The query builder's inputs, as typed. */
export interface QueryState {
  readonly form: QueryForm;
  /** What the last Run refused (shown until the next Run). */
  readonly formErrors: QueryFormErrors;
  /** The bound design's entity template for the sort key, for bounds typed as field values (kept in step by connectQueryBuilder). */
  readonly keyTemplate?: KeyTemplate;
  /** Which design, entity and template `keyTemplate` is. */
  readonly keyTemplateSource?: KeyTemplateSource;
  /** The design table bound to the chosen table (kept in step by connectQueryBuilder); undefined: no design. */
  readonly designBinding?: DesignBinding;
  /** The entity whose sort-key template the builder uses, when several share the sort key; undefined: the first. */
  readonly sortEntityName?: string;
  /** Key inputs of the indexes (''= the table) the user switched away from, restored on switching back. */
  readonly keyInputsByIndex: Readonly<Record<string, KeyInputs>>;
}

export interface QueryActions {
  /**
   * Changes the form. Choosing another index puts the current key inputs
   * aside and brings back that index's own (empty the first time): an
   * attribute's value never lands in another attribute's box. Key inputs in
   * the same patch win (a fix that switches index and fills its key).
   */
  setForm(patch: Partial<QueryForm>): void;
  /** The template for field-value bounds, and where it comes from. */
  setKeyTemplate(template: KeyTemplate | undefined, source?: KeyTemplateSource): void;
  setDesignBinding(binding: DesignBinding | undefined): void;
  /** Picks the entity whose sort-key template encodes field-value bounds. */
  setSortEntity(entityName: string | undefined): void;
}

export const INITIAL_QUERY: Pick<QueryState, 'form' | 'formErrors' | 'keyInputsByIndex'> = { form: EMPTY_QUERY_FORM, formErrors: {}, keyInputsByIndex: {} };

export const createQuerySlice: StateCreator<ExplorerSlices, [], [], QueryState & QueryActions> = (set) => ({
  ...INITIAL_QUERY,
  setForm: (patch) =>
    set((state) => {
      if (patch.indexName === undefined || patch.indexName === state.form.indexName) return { form: { ...state.form, ...patch } };
      const keyInputsByIndex = { ...state.keyInputsByIndex, [state.form.indexName]: keyInputsOf(state.form) };
      const restored = keyInputsByIndex[patch.indexName] ?? EMPTY_KEY_INPUTS;
      return { form: { ...state.form, ...restored, ...patch }, keyInputsByIndex };
    }),
  setKeyTemplate: (keyTemplate, keyTemplateSource) => set({ keyTemplate, keyTemplateSource }),
  setDesignBinding: (designBinding) => set({ designBinding }),
  setSortEntity: (sortEntityName) => set({ sortEntityName }),
});
