import type { KeyTemplate } from '../../keys';
import type { OrderSlice } from '../compareItemOrders';
import { keysOf, type Item, type TableSummary } from '../explorer/explorerTypes';
import { checkTemplateFit, findQueryWarnings, findSortKeyEvidence, type BuilderWarning } from './builderWarnings';
import { buildRequest, type BuiltRequest, type QueryForm } from './queryForm';
import type { SortKeyEvidenceMap } from './sortKeyEvidence';

/**
 * The query builder's derived values, each computed once per change of what
 * it reads and shared by everyone who shows or sends it (Run, the form, the
 * request output, the order comparison). Plain functions of the explorer's
 * state, so `useStore(store, selectBuiltRequest)` re-renders only when the
 * result changes, and tests call them without React.
 */

/** What the selectors read from the explorer store. */
export interface QueryBuilderInputs {
  readonly table?: TableSummary;
  readonly form: QueryForm;
  readonly keyTemplate?: KeyTemplate;
  readonly items: readonly Item[];
  readonly sortKeyEvidence: SortKeyEvidenceMap;
}

/** Remembers the last result and returns it while every argument is the same (Object.is). */
function memoizeLast<A extends readonly unknown[], R>(compute: (...args: A) => R): (...args: A) => R {
  let last: { args: A; result: R } | undefined;
  return (...args) => {
    if (last && last.args.length === args.length && last.args.every((arg, index) => Object.is(arg, args[index]))) return last.result;
    const result = compute(...args);
    last = { args, result };
    return result;
  };
}

const buildFor = memoizeLast((table: TableSummary | undefined, form: QueryForm, template: KeyTemplate | undefined): BuiltRequest | undefined =>
  table ? buildRequest(table.name, keysOf(table, form.indexName), form, { table, ...(template ? { template } : {}) }) : undefined,
);

/** The request the builder describes (or what is wrong with it); undefined until a table is chosen. */
export function selectBuiltRequest(state: QueryBuilderInputs): BuiltRequest | undefined {
  return buildFor(state.table, state.form, state.keyTemplate);
}

const NO_WARNINGS: readonly BuilderWarning[] = [];

const warningsFor = memoizeLast(
  (
    built: BuiltRequest | undefined,
    table: TableSummary | undefined,
    form: QueryForm,
    template: KeyTemplate | undefined,
    items: readonly Item[],
    evidence: SortKeyEvidenceMap,
  ): readonly BuilderWarning[] => {
    if (!table || !built?.ok) return NO_WARNINGS;
    const keys = keysOf(table, form.indexName);
    const found = findQueryWarnings({ form, keys, table, template, built, items, evidence: findSortKeyEvidence(evidence, form, keys) });
    return found.length === 0 ? NO_WARNINGS : found;
  },
);

/** The traps the valid request runs into, from the form, the template and everything loaded from the table. */
export function selectBuilderWarnings(state: QueryBuilderInputs): readonly BuilderWarning[] {
  return warningsFor(selectBuiltRequest(state), state.table, state.form, state.keyTemplate, state.items, state.sortKeyEvidence);
}

const fitFor = memoizeLast(
  (table: TableSummary | undefined, indexName: string, template: KeyTemplate | undefined, items: readonly Item[]): string | undefined => {
    const sortKey = table ? keysOf(table, indexName).sortKey : undefined;
    return sortKey && template ? checkTemplateFit(template, sortKey, items) : undefined;
  },
);

/** Why the key builder's template may not fit the sort key's stored values (for field-value bounds), or undefined when it fits. */
export function selectTemplateFit(state: QueryBuilderInputs): string | undefined {
  return fitFor(state.table, state.form.indexName, state.keyTemplate, state.items);
}

/** The Query being built, as the rows of the loaded items it returns (the order comparison highlights them). */
export interface QuerySlice extends OrderSlice {
  /** The key condition in words: `PK = "A" AND begins_with(SK, "EVT#")`, Limit, direction. */
  readonly describe: string;
}

const shownBound = (value: { S?: string }) => JSON.stringify(value.S ?? '').replaceAll('\u{10FFFF}', '\\u{10FFFF}');

const sliceFor = memoizeLast((built: BuiltRequest | undefined, table: TableSummary | undefined, form: QueryForm): QuerySlice | undefined => {
  if (!table || !built?.ok || built.operation !== 'query') return undefined;
  const keys = keysOf(table, form.indexName);
  const condition = built.sortCondition;
  const stringBounds = !condition || Object.values(condition).every((value) => typeof value === 'string' || value.S !== undefined);
  if (!stringBounds) return undefined;
  const limit = built.input.Limit;
  const sortKeyName = keys.sortKey?.name ?? '';
  const sortPart = !condition
    ? ''
    : condition.operator === 'between'
      ? `${sortKeyName} BETWEEN ${shownBound(condition.low)} AND ${shownBound(condition.high)}`
      : condition.operator === 'begins_with'
        ? `begins_with(${sortKeyName}, ${shownBound(condition.prefix)})`
        : `${sortKeyName} ${condition.operator} ${shownBound(condition.value)}`;
  const describe = [`${keys.partitionKey.name} = ${JSON.stringify(form.partitionValue)}`, sortPart].filter(Boolean).join(' AND ');
  return {
    partition: { name: keys.partitionKey.name, value: form.partitionValue },
    ...(condition ? { condition } : {}),
    ...(limit !== undefined ? { limit } : {}),
    direction: form.descending ? 'descending' : 'ascending',
    describe: `${describe}${limit !== undefined ? `, Limit ${limit}` : ''}${form.descending ? ', descending' : ''}`,
  };
});

/** The loaded rows the Query being built would return, for the order comparison; undefined for a Scan or non-string bounds. */
export function selectQuerySlice(state: QueryBuilderInputs): QuerySlice | undefined {
  return sliceFor(selectBuiltRequest(state), state.table, state.form);
}
