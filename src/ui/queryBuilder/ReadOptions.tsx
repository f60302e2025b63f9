import type { QueryForm, SelectOption } from '../../state';
import type { FieldErrors } from './fieldErrors';

const SELECTS: readonly { value: SelectOption; label: string }[] = [
  { value: '', label: 'default' },
  { value: 'ALL_ATTRIBUTES', label: 'ALL_ATTRIBUTES' },
  { value: 'ALL_PROJECTED_ATTRIBUTES', label: 'ALL_PROJECTED_ATTRIBUTES' },
  { value: 'SPECIFIC_ATTRIBUTES', label: 'SPECIFIC_ATTRIBUTES' },
  { value: 'COUNT', label: 'COUNT' },
];

/** Direction, Limit, ConsistentRead, Select, and Run. */
export function ReadOptions({
  idPrefix,
  form,
  running,
  errors,
  setForm,
}: {
  idPrefix: string;
  form: QueryForm;
  running: boolean;
  errors: FieldErrors;
  setForm: (patch: Partial<QueryForm>) => void;
}) {
  const ids = { limit: `${idPrefix}limit`, desc: `${idPrefix}desc`, consistent: `${idPrefix}cr`, select: `${idPrefix}sel` };
  return (
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
        <input
          id={ids.limit}
          className="limit-input"
          inputMode="numeric"
          value={form.limit}
          placeholder="none"
          onChange={(event) => setForm({ limit: event.target.value })}
          {...errors.props('limit')}
        />
        {errors.text('limit')}
      </span>
      <span className="form-field checkbox-field">
        <input
          id={ids.consistent}
          type="checkbox"
          checked={form.consistentRead}
          onChange={(event) => setForm({ consistentRead: event.target.checked })}
          {...errors.props('consistentRead')}
        />
        <label htmlFor={ids.consistent}>Consistent read</label>
        {errors.text('consistentRead')}
      </span>
      <span className="form-field">
        <label htmlFor={ids.select}>Select</label>
        <select id={ids.select} value={form.select} onChange={(event) => setForm({ select: event.target.value as SelectOption })} {...errors.props('select')}>
          {SELECTS.filter((option) => option.value !== 'ALL_PROJECTED_ATTRIBUTES' || form.indexName || form.select === option.value).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {errors.text('select')}
      </span>
      <button type="submit" className="primary" disabled={running}>
        {form.mode === 'query' ? 'Run query' : 'Run scan'}
      </button>
    </div>
  );
}
