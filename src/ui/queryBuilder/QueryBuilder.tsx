import { useId } from 'react';
import { useStore } from 'zustand';
import { templateFields } from '../../keys';
import { keysOf, type ExplorerStore } from '../../state';
import { selectBuilderWarnings, selectBuiltRequest, selectTemplateFit } from '../../state';
import { BuilderWarningList, PasteReportView, RunRefusal } from './BuilderNotes';
import { CopyAsCode } from './CopyAsCode';
import { createFieldErrors } from './fieldErrors';
import { FilterBuilder } from './FilterBuilder';
import { KeyConditionFields } from './KeyConditionFields';
import { OperationSwitch } from '../explorer/OperationSwitch';
import { PasteRequestDialog } from './PasteRequestDialog';
import { ProjectionEditor } from './ProjectionEditor';
import { ReadOptions } from './ReadOptions';
import { RequestOutput } from './RequestOutput';
import { SortFieldValues } from './SortFieldValues';
import './queryBuilder.css';

/** Where code copied from the builder should send its requests: the connection's region and endpoint. */
export interface CodeContext {
  readonly region?: string;
  readonly endpoint?: string;
}

/**
 * The query builder: key condition (raw values or field values encoded by
 * the key builder's template), direction, Limit, ConsistentRead, Select,
 * filter and projection, the live request with DynamoDB's validation, Paste
 * request, and Run. The request, its warnings and the template fit come from
 * the store's selectors (computed once, shared with Run); this only renders.
 */
export function QueryBuilder({
  store,
  codeContext,
  onRun,
  onPartiql,
  focusOperation,
}: {
  store: ExplorerStore;
  codeContext?: CodeContext;
  onRun?: () => void;
  /** Shows the PartiQL tab instead of the builder. */
  onPartiql?: () => void;
  /** Focus the checked operation when mounted (the user just switched back from PartiQL). */
  focusOperation?: boolean;
}) {
  const form = useStore(store, (state) => state.form);
  const runErrors = useStore(store, (state) => state.formErrors);
  const table = useStore(store, (state) => state.table);
  const running = useStore(store, (state) => state.running);
  const runError = useStore(store, (state) => state.runError);
  const pasteReport = useStore(store, (state) => state.pasteReport);
  const built = useStore(store, selectBuiltRequest);
  const warnings = useStore(store, selectBuilderWarnings);
  const fit = useStore(store, selectTemplateFit);
  const template = useStore(store, (state) => state.keyTemplate);
  const templateSource = useStore(store, (state) => state.keyTemplateSource);
  const templateText = templateSource?.templateText ?? '';
  const { setForm, run, pasteRequest, clearPasteReport, setSortEntity } = store.getState();
  const id = useId();
  if (!table || !built) return null;

  const keys = keysOf(table, form.indexName);
  const errors = createFieldErrors(id, built.ok ? {} : built.errors, runErrors);
  const sortKey = keys.sortKey;
  const filterCount = countRows(form.filter);

  return (
    <div className="query-builder">
      <form
        className="query-form"
        aria-label="Query builder"
        onSubmit={(event) => {
          event.preventDefault();
          void run();
          onRun?.();
        }}
      >
        <OperationSwitch
          operation={form.mode}
          focusChecked={focusOperation}
          onChange={(operation) => (operation === 'partiql' ? onPartiql?.() : setForm({ mode: operation }))}
        />
        {form.mode === 'query' && <KeyConditionFields idPrefix={id} form={form} keys={keys} templateText={templateText} errors={errors} setForm={setForm} />}
        {form.mode === 'query' && sortKey && form.sortOperator !== 'none' && form.sortInput === 'fields' && (
          <SortFieldValues
            idPrefix={id}
            form={form}
            sortKeyName={sortKey.name}
            fields={template ? templateFields(template) : []}
            source={templateSource}
            onEntity={setSortEntity}
            fit={fit}
            built={built}
            errors={errors}
            setForm={setForm}
          />
        )}
        {errors.alert('keyCondition')}
        <ReadOptions idPrefix={id} form={form} running={running} errors={errors} setForm={setForm} />
        <details className="builder-section" open={filterCount > 0 || undefined}>
          <summary>Filter{filterCount > 0 ? ` (${filterCount} condition${filterCount === 1 ? '' : 's'})` : ''}</summary>
          <p className="muted small">Applied after the read: Limit counts the items read, not the items kept.</p>
          <FilterBuilder filter={form.filter} errors={errors.errors} onChange={(filter) => setForm({ filter })} />
          {errors.alert('filter')}
        </details>
        <details className="builder-section" open={form.projection.length > 0 || undefined}>
          <summary>Projection{form.projection.length > 0 ? ` (${form.projection.length})` : ''}</summary>
          <ProjectionEditor paths={form.projection} errors={errors.errors} onChange={(projection) => setForm({ projection })} />
          {errors.alert('projection')}
        </details>
      </form>
      <BuilderWarningList warnings={warnings} setForm={setForm} />
      {errors.alert('request')}
      <RunRefusal runError={runError} />
      <PasteReportView report={pasteReport} onDismiss={clearPasteReport} />
      <RequestOutput
        built={built}
        aliasAll={form.aliasAllNames}
        onAliasAll={(aliasAllNames) => setForm({ aliasAllNames })}
        actions={<PasteRequestDialog onPaste={pasteRequest} problems={pasteReport?.failed ? pasteReport.problems : undefined} />}
      />
      {built.ok && <CopyAsCode request={{ operation: built.operation, input: built.input }} {...codeContext} />}
    </div>
  );
}

function countRows(group: { children: readonly ({ kind: 'row' } | { kind: 'group'; children: readonly unknown[] })[] }): number {
  return group.children.reduce((count, child) => count + (child.kind === 'row' ? 1 : countRows(child as typeof group)), 0);
}
