import { use, useId } from 'react';
import { ownValue } from '../../dynamo';
import { formatCount } from '../../migrate';
import { applyBlockedReason, describeMigrateAttribute, type MigrateState, type MigrateStore } from '../../state/migrate';
import { READ_ONLY_HOW_TO_WRITE } from '../../state';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { downloadText } from '../common/downloadText';
import { VisibleText } from '../common/VisibleText';
import { useExplorer, useExplorerSide } from '../stores';
import { MigrationPreview } from './MigrationPreview';
import { MigrationRun } from './MigrationReport';
import { useMigrate } from './useMigrate';
import './migrate.css';

/**
 * The Migrate keys tab: the explorer's table, its entity's templates now and
 * after, then Preview (counts, old → new keys, the order diff, the cost),
 * Apply (resumable), Verify and the exported scripts. Renders and dispatches
 * only; the work is in the migrate store. Table data is shown as text.
 */
export function MigratePanel() {
  const store = use(useExplorerSide().explorerTools.migrate());
  return (
    <section className="migrate-panel" aria-labelledby="migrate-heading">
      <h2 id="migrate-heading">Migrate keys</h2>
      <p className="muted small">
        Preview what new key templates do to every stored item, then rewrite them in conditional transactions (resumable), verify the result, or export the same
        migration as a script.
      </p>
      <MigrateSetup store={store} />
      <MigrateActionsRow store={store} />
      {/* Progress and report right under the buttons: the preview above them can be long. */}
      <MigrationRun store={store} />
      <MigrationPreview store={store} />
      <ApplyConfirmation store={store} />
    </section>
  );
}

function MigrateSetup({ store }: { store: MigrateStore }) {
  const sourceLabel = useExplorer((state) => state.sourceLabel);
  const tableNames = useExplorer((state) => state.tableNames);
  const selectedTable = useExplorer((state) => state.selectedTable);
  const { selectTable } = useExplorerSide().explorer.getState();
  const entityNames = useMigrate(store, (state) => state.entityNames);
  const entityName = useMigrate(store, (state) => state.entityName);
  const designName = useMigrate(store, (state) => state.designName);
  const attributes = useMigrate(store, (state) => state.attributes);
  const templates = useMigrate(store, (state) => state.templates);
  const problems = useMigrate(store, (state) => state.problems);
  const copyInto = useMigrate(store, (state) => state.copyInto);
  const prepared = useMigrate(store, (state) => state.prepared);
  const { selectEntity, setTemplate, setCopyInto } = store.getState();
  const id = useId();
  return (
    <div className="card migrate-setup">
      <div className="migrate-choices">
        <span className="muted">
          Connection: <VisibleText text={sourceLabel || 'not connected yet'} />
        </span>
        <label htmlFor={`${id}table`}>Table</label>
        <select id={`${id}table`} value={selectedTable ?? ''} onChange={(event) => void selectTable(event.target.value)}>
          {selectedTable === undefined && <option value="">Choose a table</option>}
          {tableNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {entityNames.length > 0 && (
          <>
            <label htmlFor={`${id}entity`}>Entity</label>
            <select id={`${id}entity`} value={entityName ?? ''} onChange={(event) => selectEntity(event.target.value)}>
              {entityNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </>
        )}
        <span className="muted small">
          {designName ? (
            <>
              Templates from the design <VisibleText text={designName} />
            </>
          ) : (
            'No design bound to this table: the current templates read each key “raw”, as one field.'
          )}
        </span>
      </div>
      {prepared && (
        <p role="status" className="small">
          <VisibleText text={prepared} />
        </p>
      )}
      {attributes.length > 0 && (
        <div className="migrate-templates" role="group" aria-label="Key templates">
          <span className="migrate-templates-head">Key attribute</span>
          <span className="migrate-templates-head">Current template</span>
          <span className="migrate-templates-head">Target template</span>
          {attributes.map((attribute) => (
            <TemplateRow
              key={attribute.name}
              name={attribute.name}
              detail={describeMigrateAttribute(attribute)}
              pair={ownValue(templates, attribute.name) ?? { current: '', target: '' }}
              problems={problems}
              onChange={(side, text) => setTemplate(attribute.name, side, text)}
            />
          ))}
        </div>
      )}
      <div className="migrate-copy">
        <label htmlFor={`${id}copy`}>Copy into table</label>
        <input
          id={`${id}copy`}
          className="mono"
          value={copyInto}
          spellCheck={false}
          onChange={(event) => setCopyInto(event.target.value)}
          placeholder="empty: rewrite in place"
          aria-describedby={`${id}copyHint`}
        />
        <span id={`${id}copyHint`} className="muted small">
          Blue/green: every item goes into this table, the rewritten ones under their new keys and the others as they are (created with this table’s key schema
          and indexes if it doesn’t exist); this table stays untouched.
        </span>
      </div>
    </div>
  );
}

function TemplateRow({
  name,
  detail,
  pair,
  problems,
  onChange,
}: {
  name: string;
  detail: string;
  pair: { current: string; target: string };
  problems: MigrateState['problems'];
  onChange: (side: 'current' | 'target', text: string) => void;
}) {
  const id = useId();
  const sides = ['current', 'target'] as const;
  return (
    <>
      {/* "byAction partition key (action, S)": which key the attribute is, then its name and type. */}
      <span className="migrate-attribute">
        <VisibleText text={detail} />
      </span>
      {sides.map((side) => {
        const messages = problems.filter((problem) => problem.where === `${side} template for ${name}` || problem.where === `templates for ${name}`);
        const label = `${side === 'current' ? 'Current' : 'Target'} template for ${name}`;
        return (
          <span key={side} className="migrate-template">
            {/* The column heads are hidden on narrow screens; this shows the same words there (the input keeps its accessible name). */}
            <span className="migrate-side-label muted small" aria-hidden="true">
              {side === 'current' ? 'Current' : 'Target'}
            </span>
            <input
              className="mono"
              aria-label={label}
              value={pair[side]}
              spellCheck={false}
              aria-invalid={messages.length > 0}
              aria-describedby={messages.length > 0 ? `${id}${side}` : undefined}
              onChange={(event) => onChange(side, event.target.value)}
            />
            {messages.length > 0 && (
              <span id={`${id}${side}`} className="field-error">
                {messages.map((problem) => (
                  <VisibleText key={problem.message} text={problem.message} />
                ))}
              </span>
            )}
          </span>
        );
      })}
    </>
  );
}

function MigrateActionsRow({ store }: { store: MigrateStore }) {
  const phase = useMigrate(store, (state) => state.phase);
  const plan = useMigrate(store, (state) => state.plan);
  const resumable = useMigrate(store, (state) => state.resumable);
  const outcome = useMigrate(store, (state) => state.outcome);
  const error = useMigrate(store, (state) => state.error);
  const { preview, requestApply, resume, verify, cancel, exportScript, exportPlan, canWrite } = store.getState();
  // canWrite() reads the explorer's source (false on a Read-only connection): re-render when it changes. Not connected yet is not Read-only.
  const source = useExplorer((state) => state.source);
  const readOnly = source !== undefined && !canWrite();
  const busy = phase === 'previewing' || phase === 'applying' || phase === 'verifying';
  const canExport = plan !== undefined || resumable !== undefined || outcome !== undefined;
  const download = (file: ReturnType<typeof exportPlan>) => file && downloadText(file.fileName, file.text, file.mediaType);
  const blocked = applyBlockedReason(plan);
  const id = useId();
  return (
    <div className="migrate-actions">
      <div className="button-row">
        <button type="button" className="primary" onClick={() => void preview()} disabled={busy}>
          Preview
        </button>
        {!readOnly && (
          <button
            type="button"
            onClick={() => void requestApply()}
            disabled={busy || !plan || blocked !== undefined}
            aria-describedby={blocked ? `${id}blocked` : undefined}
          >
            Apply
          </button>
        )}
        {!readOnly && resumable && (
          <button type="button" onClick={() => void resume()} disabled={busy}>
            Resume
          </button>
        )}
        {phase === 'applying' && (
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        )}
        <button type="button" onClick={() => void verify()} disabled={busy || !canExport}>
          Verify
        </button>
        <button type="button" onClick={() => download(exportScript('node'))} disabled={!canExport}>
          Export as Node script
        </button>
        <button type="button" onClick={() => download(exportScript('python'))} disabled={!canExport}>
          Export as Python script
        </button>
        <button type="button" onClick={() => download(exportPlan())} disabled={!canExport}>
          Download plan file
        </button>
      </div>
      {readOnly && (
        <p className="muted">
          This connection is Read-only, so Apply and Resume are hidden (Preview, Verify and the exports still work). To apply, {READ_ONLY_HOW_TO_WRITE}.
        </p>
      )}
      {!readOnly && blocked && (
        <p id={`${id}blocked`} className="migrate-blocked">
          <VisibleText text={blocked} />
        </p>
      )}
      {resumable && phase !== 'applying' && (
        <p className="muted">
          A stored migration of this table stopped after {formatCount(resumable.done)} of {formatCount(resumable.total)} items:{' '}
          {!readOnly ? 'Resume continues it (items already done are not written again).' : 'Resume continues it on a connection without Read-only.'}
        </p>
      )}
      {canExport && (
        <p className="muted small">
          The scripts run the plan file (download it too): <code>node migrate-keys.mjs --plan plan.json --checkpoint checkpoint.json --endpoint URL</code>. They
          read credentials from the usual AWS environment, never from Keylab.
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          <VisibleText text={error} />
        </p>
      )}
    </div>
  );
}

function ApplyConfirmation({ store }: { store: MigrateStore }) {
  const confirmation = useMigrate(store, (state) => state.confirmation);
  if (!confirmation) return null;
  const { answerApply } = store.getState();
  return (
    <ConfirmDialog
      title="Apply the migration?"
      message={confirmation}
      confirmLabel="Apply migration"
      onConfirm={() => void answerApply(true)}
      onCancel={() => void answerApply(false)}
    />
  );
}
