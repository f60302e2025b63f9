import { useEffect, useId, useMemo } from 'react';
import { useStore } from 'zustand';
import { templateFields } from '../../keys';
import { keysOf, type ExplorerStore } from '../../state/explorerStore';
import { checkTemplateFit, findQueryWarnings } from '../../state/queryBuilder/builderWarnings';
import { buildRequest, type QueryFormErrors, type QueryFormField, type SelectOption, type SortOperator } from '../../state/queryForm';
import { printFormatSuffix } from '../../keys';
import { FilterBuilder } from '../queryBuilder/FilterBuilder';
import { CopyAsCode } from '../queryBuilder/CopyAsCode';
import { PasteRequestDialog } from '../queryBuilder/PasteRequestDialog';
import { ProjectionEditor } from '../queryBuilder/ProjectionEditor';
import { RequestOutput } from '../queryBuilder/RequestOutput';
import { useKeyDesign } from '../stores';
import '../queryBuilder/queryBuilder.css';

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

const SELECTS: readonly { value: SelectOption; label: string }[] = [
  { value: '', label: 'default' },
  { value: 'ALL_ATTRIBUTES', label: 'ALL_ATTRIBUTES' },
  { value: 'ALL_PROJECTED_ATTRIBUTES', label: 'ALL_PROJECTED_ATTRIBUTES' },
  { value: 'SPECIFIC_ATTRIBUTES', label: 'SPECIFIC_ATTRIBUTES' },
  { value: 'COUNT', label: 'COUNT' },
];

/** Prompts for empty inputs wait for Run; everything else (bad values, DynamoDB's messages) shows as the user types. */
function isEmptyPrompt(message: string): boolean {
  return message.startsWith('Enter a value for') || message.startsWith('Enter an attribute name');
}

/**
 * The query builder: key condition (raw values or field values encoded by
 * the key builder's template), direction, Limit, ConsistentRead, Select,
 * filter and projection, the live request with DynamoDB's validation, Paste
 * request, and Run.
 */
/** Where code copied from the builder should send its requests: the connection's region and endpoint. */
export interface CodeContext {
  readonly region?: string;
  readonly endpoint?: string;
}

export function QueryFormView({ store, codeContext }: { store: ExplorerStore; codeContext?: CodeContext }) {
  const form = useStore(store, (state) => state.form);
  const runErrors = useStore(store, (state) => state.formErrors);
  const table = useStore(store, (state) => state.table);
  const items = useStore(store, (state) => state.items);
  const running = useStore(store, (state) => state.running);
  const runError = useStore(store, (state) => state.runError);
  const pasteReport = useStore(store, (state) => state.pasteReport);
  const template = useKeyDesign((state) => state.template);
  const templateText = useKeyDesign((state) => state.templateText);
  const { setForm, run, pasteRequest, clearPasteReport } = store.getState();
  const id = useId();
  const ids = { pk: `${id}pk`, op: `${id}op`, sk: `${id}sk`, skHigh: `${id}skh`, limit: `${id}limit`, desc: `${id}desc`, consistent: `${id}cr`, select: `${id}sel` };

  useEffect(() => store.getState().setKeyTemplate(template), [store, template]);

  const keys = table ? keysOf(table, form.indexName) : undefined;
  const built = useMemo(() => (table && keys ? buildRequest(table.name, keys, form, { table, template }) : undefined), [table, keys, form, template]);
  const warnings = useMemo(() => (table && keys && built ? findQueryWarnings({ form, keys, table, template, built, items }) : []), [form, keys, table, template, built, items]);
  if (!table || !keys || !built) return null;

  const liveErrors: QueryFormErrors = built.ok ? {} : built.errors;
  const errors: QueryFormErrors = { ...Object.fromEntries(Object.entries(liveErrors).filter(([, message]) => message && !isEmptyPrompt(message))), ...runErrors };
  const sortKey = keys.sortKey;
  const fields = templateFields(template);
  const fit = sortKey ? checkTemplateFit(template, sortKey, items) : undefined;
  const errorId = (field: QueryFormField) => `${id}-${field.replace(/[^A-Za-z0-9_-]/g, '_')}-error`;
  const errorProps = (field: QueryFormField) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) } : {});
  const errorText = (field: QueryFormField) =>
    errors[field] && (
      <span id={errorId(field)} className="field-error">
        {errors[field]}
      </span>
    );
  const requestError = (field: 'keyCondition' | 'filter' | 'projection' | 'request') =>
    errors[field] && (
      <p className="error-box small" role="alert">
        {errors[field]}
      </p>
    );
  const between = form.sortOperator === 'between';
  const filterCount = countRows(form.filter);

  return (
    <div className="query-builder">
      <form
        className="query-form"
        aria-label="Query builder"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <fieldset className="mode-switch">
          <legend className="visually-hidden">Operation</legend>
          <label>
            <input type="radio" name={`${id}mode`} checked={form.mode === 'query'} onChange={() => setForm({ mode: 'query' })} /> Query
          </label>
          <label>
            <input type="radio" name={`${id}mode`} checked={form.mode === 'scan'} onChange={() => setForm({ mode: 'scan' })} /> Scan
          </label>
        </fieldset>
        {form.mode === 'query' && (
          <div className="form-grid key-condition">
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
                  <fieldset className="sort-input-switch">
                    <legend className="visually-hidden">Sort key bounds as</legend>
                    <label>
                      <input type="radio" name={`${id}sortInput`} checked={form.sortInput === 'raw'} onChange={() => setForm({ sortInput: 'raw' })} /> Raw values
                    </label>
                    <label title={`Encoded by the key builder's template ${templateText}`}>
                      <input type="radio" name={`${id}sortInput`} checked={form.sortInput === 'fields'} onChange={() => setForm({ sortInput: 'fields' })} /> Field values
                    </label>
                  </fieldset>
                )}
                {form.sortOperator !== 'none' && form.sortInput === 'raw' && (
                  <>
                    <span className="form-field">
                      <label htmlFor={ids.sk}>{between ? `${sortKey.name} from` : `${sortKey.name} value`}</label>
                      <input id={ids.sk} className="mono" value={form.sortValue} onChange={(event) => setForm({ sortValue: event.target.value })} {...errorProps('sortValue')} />
                      {errorText('sortValue')}
                    </span>
                    {between && (
                      <span className="form-field">
                        <label htmlFor={ids.skHigh}>{sortKey.name} to</label>
                        <input id={ids.skHigh} className="mono" value={form.sortValueHigh} onChange={(event) => setForm({ sortValueHigh: event.target.value })} {...errorProps('sortValueHigh')} />
                        {errorText('sortValueHigh')}
                      </span>
                    )}
                  </>
                )}
              </>
            )}
          </div>
        )}
        {form.mode === 'query' && sortKey && form.sortOperator !== 'none' && form.sortInput === 'fields' && (
          <div className="field-values" role="group" aria-label="Sort key field values">
            <p className="muted small">
              {sortKey.name} = <code>{templateText}</code> from the Key builder. Fill fields from the left; leave the last ones empty for every key that continues them. A date without a time
              is the whole day (or month, or year).
            </p>
            {fit && (
              <p className="notice small" role="note">
                {fit}{' '}
                <button type="button" className="link-button" onClick={() => setForm({ sortInput: 'raw' })}>
                  Use raw values
                </button>
              </p>
            )}
            <div className="form-grid">
              {fields.map((field) => (
                <span key={field.name} className="form-field">
                  <label htmlFor={`${id}f-${field.name}`}>
                    {between ? `${field.name} from` : field.name} <span className="type-badge">{printFormatSuffix(field.format).slice(1) || 'string'}</span>
                  </label>
                  <input
                    id={`${id}f-${field.name}`}
                    className="mono field-input"
                    value={form.sortFields[field.name] ?? ''}
                    onChange={(event) => setForm({ sortFields: { ...form.sortFields, [field.name]: event.target.value } })}
                    {...errorProps(`sortField:${field.name}`)}
                  />
                  {errorText(`sortField:${field.name}`)}
                </span>
              ))}
            </div>
            {between && (
              <div className="form-grid">
                {fields.map((field) => (
                  <span key={field.name} className="form-field">
                    <label htmlFor={`${id}fh-${field.name}`}>{field.name} to</label>
                    <input
                      id={`${id}fh-${field.name}`}
                      className="mono field-input"
                      value={form.sortFieldsHigh[field.name] ?? ''}
                      onChange={(event) => setForm({ sortFieldsHigh: { ...form.sortFieldsHigh, [field.name]: event.target.value } })}
                      {...errorProps(`sortFieldHigh:${field.name}`)}
                    />
                    {errorText(`sortFieldHigh:${field.name}`)}
                  </span>
                ))}
              </div>
            )}
            {errorText('sortValue')}
            {errorText('sortValueHigh')}
            {built.ok && built.sortExplanation && <p className="muted small sort-explanation">{built.sortExplanation}.</p>}
          </div>
        )}
        {requestError('keyCondition')}
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
          <span className="form-field checkbox-field">
            <input id={ids.consistent} type="checkbox" checked={form.consistentRead} onChange={(event) => setForm({ consistentRead: event.target.checked })} {...errorProps('consistentRead')} />
            <label htmlFor={ids.consistent}>Consistent read</label>
            {errorText('consistentRead')}
          </span>
          <span className="form-field">
            <label htmlFor={ids.select}>Select</label>
            <select id={ids.select} value={form.select} onChange={(event) => setForm({ select: event.target.value as SelectOption })} {...errorProps('select')}>
              {SELECTS.filter((option) => option.value !== 'ALL_PROJECTED_ATTRIBUTES' || form.indexName || form.select === option.value).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            {errorText('select')}
          </span>
          <button type="submit" className="primary" disabled={running}>
            {form.mode === 'query' ? 'Run query' : 'Run scan'}
          </button>
        </div>
        <details className="builder-section" open={filterCount > 0 || undefined}>
          <summary>Filter{filterCount > 0 ? ` (${filterCount} condition${filterCount === 1 ? '' : 's'})` : ''}</summary>
          <p className="muted small">Applied after the read: Limit counts the items read, not the items kept.</p>
          <FilterBuilder filter={form.filter} errors={errors} onChange={(filter) => setForm({ filter })} />
          {requestError('filter')}
        </details>
        <details className="builder-section" open={form.projection.length > 0 || undefined}>
          <summary>Projection{form.projection.length > 0 ? ` (${form.projection.length})` : ''}</summary>
          <ProjectionEditor paths={form.projection} errors={errors} onChange={(projection) => setForm({ projection })} />
          {requestError('projection')}
        </details>
      </form>
      {warnings.length > 0 && (
        <ul className="builder-warnings" aria-label="Warnings">
          {warnings.map((warning) => (
            <li key={warning.id} className="notice small">
              {warning.message}
              {warning.fix && (
                <>
                  {' '}
                  <button type="button" className="link-button" onClick={() => setForm(warning.fix?.patch ?? {})}>
                    {warning.fix.label}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {requestError('request')}
      {runError?.name === 'ValidationException' && (
        <p className="error-box small" role="alert">
          DynamoDB refused the last Run — <strong>{runError.name}</strong>: {runError.message}
        </p>
      )}
      {pasteReport && !pasteReport.failed && (pasteReport.problems.length > 0 || pasteReport.notes.length > 0) && (
        <div className="paste-report" role="status" aria-label="Paste report">
          {pasteReport.problems.length > 0 && (
            <ul className="error-box small">
              {pasteReport.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          {pasteReport.notes.length > 0 && (
            <ul className="muted small">
              {pasteReport.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
          <button type="button" className="link-button" onClick={clearPasteReport}>
            Dismiss
          </button>
        </div>
      )}
      <RequestOutput
        built={built}
        aliasAll={form.aliasAllNames}
        onAliasAll={(aliasAllNames) => setForm({ aliasAllNames })}
        actions={
          <>
            <PasteRequestDialog onPaste={pasteRequest} problems={pasteReport?.failed ? pasteReport.problems : undefined} />
          </>
        }
      />
      {built.ok && <CopyAsCode request={{ operation: built.operation, input: built.input }} {...codeContext} />}
    </div>
  );
}

function countRows(group: { children: readonly ({ kind: 'row' } | { kind: 'group'; children: readonly unknown[] })[] }): number {
  return group.children.reduce((count, child) => count + (child.kind === 'row' ? 1 : countRows(child as typeof group)), 0);
}
