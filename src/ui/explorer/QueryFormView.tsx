import { useId } from 'react';
import { useStore } from 'zustand';
import { keysOf, type ExplorerStore } from '../../state/explorerStore';
import type { QueryFormField, SortOperator } from '../../state/queryForm';

const SORT_OPERATORS: readonly { value: SortOperator; label: string }[] = [
  { value: 'none', label: 'whole partition' },
  { value: '=', label: '=' },
  { value: '<', label: '<' },
  { value: '<=', label: '<=' },
  { value: '>', label: '>' },
  { value: '>=', label: '>=' },
  { value: 'between', label: 'between' },
  { value: 'begins_with', label: 'begins_with' },
];

/** Query (partition key, sort-key condition, direction, Limit) or Scan, and the button that runs it. */
export function QueryFormView({ store }: { store: ExplorerStore }) {
  const form = useStore(store, (state) => state.form);
  const errors = useStore(store, (state) => state.formErrors);
  const table = useStore(store, (state) => state.table);
  const running = useStore(store, (state) => state.running);
  const { setForm, run } = store.getState();
  const ids = { pk: useId(), op: useId(), sk: useId(), skHigh: useId(), limit: useId(), desc: useId() };
  if (!table) return null;
  const keys = keysOf(table, form.indexName);
  const sortKey = keys.sortKey;
  const errorProps = (field: QueryFormField) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids.pk}-${field}-error` } : {};
  const errorText = (field: QueryFormField) =>
    errors[field] && (
      <span id={`${ids.pk}-${field}-error`} className="field-error">
        {errors[field]}
      </span>
    );

  return (
    <form
      className="query-form"
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      <fieldset className="mode-switch">
        <legend className="visually-hidden">Operation</legend>
        <label>
          <input type="radio" name="mode" checked={form.mode === 'query'} onChange={() => setForm({ mode: 'query' })} /> Query
        </label>
        <label>
          <input type="radio" name="mode" checked={form.mode === 'scan'} onChange={() => setForm({ mode: 'scan' })} /> Scan
        </label>
      </fieldset>
      {form.mode === 'query' && (
        <div className="form-grid">
          <span className="form-field">
            <label htmlFor={ids.pk}>
              {keys.partitionKey.name} <span className="type-badge">{keys.partitionKey.type}</span>
            </label>
            <input id={ids.pk} className="mono" value={form.partitionValue} onChange={(event) => setForm({ partitionValue: event.target.value })} {...errorProps('partitionValue')} />
            {errorText('partitionValue')}
          </span>
          {sortKey && (
            <>
              <span className="form-field">
                <label htmlFor={ids.op}>Sort key condition</label>
                <select id={ids.op} value={form.sortOperator} onChange={(event) => setForm({ sortOperator: event.target.value as SortOperator })}>
                  {SORT_OPERATORS.filter((operator) => operator.value !== 'begins_with' || sortKey.type !== 'N').map((operator) => (
                    <option key={operator.value} value={operator.value}>
                      {operator.value === 'none' ? operator.label : `${sortKey.name} ${operator.label}`}
                    </option>
                  ))}
                </select>
              </span>
              {form.sortOperator !== 'none' && (
                <span className="form-field">
                  <label htmlFor={ids.sk}>{form.sortOperator === 'between' ? `${sortKey.name} from` : `${sortKey.name} value`}</label>
                  <input id={ids.sk} className="mono" value={form.sortValue} onChange={(event) => setForm({ sortValue: event.target.value })} {...errorProps('sortValue')} />
                  {errorText('sortValue')}
                </span>
              )}
              {form.sortOperator === 'between' && (
                <span className="form-field">
                  <label htmlFor={ids.skHigh}>{sortKey.name} to</label>
                  <input id={ids.skHigh} className="mono" value={form.sortValueHigh} onChange={(event) => setForm({ sortValueHigh: event.target.value })} {...errorProps('sortValueHigh')} />
                  {errorText('sortValueHigh')}
                </span>
              )}
            </>
          )}
        </div>
      )}
      <div className="form-grid">
        {form.mode === 'query' && (
          <span className="form-field checkbox-field">
            <input id={ids.desc} type="checkbox" checked={form.descending} onChange={(event) => setForm({ descending: event.target.checked })} />
            <label htmlFor={ids.desc}>
              Descending <span className="muted">(ScanIndexForward = false)</span>
            </label>
          </span>
        )}
        <span className="form-field">
          <label htmlFor={ids.limit}>Limit</label>
          <input id={ids.limit} className="limit-input" inputMode="numeric" value={form.limit} placeholder="none" onChange={(event) => setForm({ limit: event.target.value })} {...errorProps('limit')} />
          {errorText('limit')}
        </span>
        <button type="submit" className="primary" disabled={running}>
          {form.mode === 'query' ? 'Run query' : 'Run scan'}
        </button>
      </div>
    </form>
  );
}
