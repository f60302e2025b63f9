import { useVirtualizer } from '@tanstack/react-virtual';
import { use, useId, useRef } from 'react';
import { useStore } from 'zustand';
import { formatCount, valueText, type PlanEntry } from '../../migrate';
import { applyBlockedReason, describeMigrateAttribute, type MigrateState, type MigrateStore } from '../../state/migrate';
import { READ_ONLY_HOW_TO_WRITE } from '../../state';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { downloadText } from '../common/downloadText';
import { VisibleText } from '../common/VisibleText';
import { useExplorer, useExplorerSide } from '../stores';
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

function useMigrate<T>(store: MigrateStore, selector: (state: MigrateState) => T): T {
  return useStore(store, selector);
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
              pair={templates[attribute.name] ?? { current: '', target: '' }}
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

function MigrationPreview({ store }: { store: MigrateStore }) {
  const phase = useMigrate(store, (state) => state.phase);
  const countsText = useMigrate(store, (state) => state.countsText);
  const plan = useMigrate(store, (state) => state.plan);
  const cost = useMigrate(store, (state) => state.cost);
  const show = countsText !== undefined || phase === 'previewing';
  return (
    <section className="card migrate-preview" aria-label="Migration preview" hidden={!show}>
      <h3>Preview</h3>
      <p role="status" className="migrate-counts">
        {countsText ?? (phase === 'previewing' ? 'Reading the table…' : '')}
        {phase === 'previewing' && countsText ? ' (reading…)' : ''}
      </p>
      {cost && (
        <p className="migrate-cost small">
          Estimated write cost: <strong>{cost.unitsText}</strong>; {cost.priceText}.
        </p>
      )}
      {plan && plan.collisions.length > 0 && (
        <div className="migrate-problems">
          <h4>Collisions (they block Apply)</h4>
          <ul className="migrate-scroll" tabIndex={0} aria-label="Collisions">
            {plan.collisions.slice(0, 100).map((collision, index) => (
              <li key={index}>
                <VisibleText text={collision.message} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <EntryTable store={store} />
      <OrderDiffView store={store} />
    </section>
  );
}

const ROW_HEIGHT = 28;

/** A key's values only, table key order ("SEASON#1 · 0042#p1"): the column header names the attributes, so the cell fits. */
function keyValues(key: PlanEntry['key']): string {
  return Object.values(key)
    .map((value) => valueText(value))
    .join(' · ');
}

/** An entry's row; copying, every item is written to the target (those not rewritten as they are). */
function entryText(entry: PlanEntry, copying: boolean): { status: string; newKey: string; note: string } {
  const asIs = copying ? keyValues(entry.key) : '';
  switch (entry.status) {
    case 'rewrite':
      return {
        status: 'rewrite',
        newKey: keyValues(entry.newKey),
        note: `${entry.sizeBefore} → ${entry.sizeAfter} bytes${entry.sameKey ? ' (index keys only)' : ''}`,
      };
    case 'cannotEncode':
      return {
        status: "can't encode",
        newKey: asIs,
        note: `${copying ? 'copied as it is; ' : ''}${entry.problems.map((problem) => problem.message).join('; ')}`,
      };
    case 'alreadyMigrated':
      return { status: 'already migrated', newKey: asIs, note: copying ? 'copied unchanged' : '' };
    case 'otherEntity':
      return { status: 'other entity', newKey: asIs, note: copying ? 'other entity copied' : 'left alone' };
    default:
      return { status: 'unchanged', newKey: asIs, note: copying ? 'copied unchanged' : '' };
  }
}

/** Every planned item, old → new key, virtualized (a preview may hold a million rows). */
function EntryTable({ store }: { store: MigrateStore }) {
  const entries = useMigrate(store, (state) => state.entries);
  // The entries array grows in place while previewing: its count is what changes.
  const entryCount = useMigrate(store, (state) => state.entryCount);
  const plan = useMigrate(store, (state) => state.plan);
  const keyNames = plan ? [plan.spec.partitionKey, ...(plan.spec.sortKey ? [plan.spec.sortKey] : [])].join(' · ') : 'table key';
  const copying = plan?.counts.copying ?? false;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders through its own state.
  const virtualizer = useVirtualizer({ count: entryCount, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });
  if (entryCount === 0) return null;
  return (
    <div role="table" aria-label="Old and new keys" aria-rowcount={entryCount + 1} className="migrate-entries">
      <div role="rowgroup">
        <div role="row" className="migrate-entry-row migrate-entry-head" aria-rowindex={1}>
          <span role="columnheader">Status</span>
          <span role="columnheader">Old key ({keyNames})</span>
          <span role="columnheader">New key ({keyNames})</span>
          <span role="columnheader">Details</span>
        </div>
      </div>
      <div role="rowgroup" ref={scrollRef} className="migrate-entries-body">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const entry = entries[row.index] as PlanEntry;
            const text = entryText(entry, copying);
            return (
              <div
                role="row"
                key={row.key}
                title={`${keyValues(entry.key)}${text.newKey ? ` → ${text.newKey}` : ''}`}
                aria-rowindex={row.index + 2}
                className={`migrate-entry-row status-${entry.status}`}
                style={{ position: 'absolute', top: 0, transform: `translateY(${row.start}px)`, height: ROW_HEIGHT, width: '100%' }}
              >
                <span role="cell">{text.status}</span>
                <span role="cell" className="mono">
                  <VisibleText text={keyValues(entry.key)} />
                </span>
                <span role="cell" className="mono">
                  <VisibleText text={text.newKey} />
                </span>
                <span role="cell" className="small" title={text.note || undefined}>
                  <VisibleText text={text.note} />
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** Rows listed in the order diff; `moved` counts them all. */
const ORDER_ROWS = 200;

function OrderDiffView({ store }: { store: MigrateStore }) {
  const partitions = useMigrate(store, (state) => state.partitions);
  const partition = useMigrate(store, (state) => state.partition);
  const diff = useMigrate(store, (state) => state.orderDiff);
  const plan = useMigrate(store, (state) => state.plan);
  const id = useId();
  if (!plan || !diff) return null;
  const sortKey = plan.spec.sortKey ?? '';
  const judged = diff.newOutOfPlace !== undefined;
  const sortText = (entry: PlanEntry, after: boolean) => {
    const item = after && entry.status === 'rewrite' ? entry.newItem : entry.item;
    const value = item[sortKey];
    return value?.S ?? value?.N ?? '';
  };
  return (
    <div className="migrate-order">
      <h4>Order diff</h4>
      <div className="migrate-choices">
        <label htmlFor={`${id}partition`}>Partition</label>
        <select id={`${id}partition`} value={partition ?? ''} onChange={(event) => store.getState().choosePartition(event.target.value)}>
          {partitions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <span role="status" className="muted">
          {formatCount(diff.moved)} of {formatCount(diff.rows.length)} items change rank (stored order vs new order, DynamoDB’s byte order).
          {diff.newOutOfPlace !== undefined && diff.storedOutOfPlace !== undefined && ` ${intendedOrderText(diff.storedOutOfPlace, diff.newOutOfPlace)}`}
        </span>
      </div>
      <div className="migrate-scroll migrate-order-scroll" tabIndex={0} role="group" aria-label="Order diff rows">
        <table className="migrate-order-table" aria-label="Stored order vs new order">
          <thead>
            <tr>
              <th scope="col">Stored rank</th>
              <th scope="col">Stored sort key</th>
              <th scope="col">New rank</th>
              <th scope="col">New sort key</th>
              <th scope="col">Move</th>
              {judged && <th scope="col">Intended rank</th>}
            </tr>
          </thead>
          <tbody>
            {diff.rows.slice(0, ORDER_ROWS).map((row) => (
              <tr key={row.oldRank} className={row.move === 0 ? undefined : 'moved'}>
                <td>{row.oldRank}</td>
                <td className="mono">
                  <VisibleText text={sortText(row.entry, false)} />
                </td>
                <td>{row.newRank}</td>
                <td className="mono">
                  <VisibleText text={sortText(row.entry, true)} />
                </td>
                <td>{row.move === 0 ? '–' : row.move > 0 ? `↑ ${row.move}` : `↓ ${-row.move}`}</td>
                {judged && <td>{row.intendedRank ?? '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {diff.rows.length > ORDER_ROWS && (
        <p className="muted small">
          First {ORDER_ROWS} of {formatCount(diff.rows.length)} items in stored order.
        </p>
      )}
    </div>
  );
}

/** Whether the new keys put the items where their fields mean them to be (the one judge of intended order), beside the stored keys. */
function intendedOrderText(storedOutOfPlace: number, newOutOfPlace: number): string {
  const items = (count: number) => `${formatCount(count)} item${count === 1 ? '' : 's'}`;
  const stored =
    storedOutOfPlace === 0
      ? 'the stored order has every item in its intended place'
      : `the stored order has ${items(storedOutOfPlace)} out of their intended place`;
  const after =
    newOutOfPlace === 0
      ? 'the new order puts every item in its intended place'
      : `the new order still leaves ${items(newOutOfPlace)} out of their intended place`;
  return `By what the sort key’s fields mean, ${stored}; ${after}.`;
}

function MigrationRun({ store }: { store: MigrateStore }) {
  const progress = useMigrate(store, (state) => state.progress);
  const outcome = useMigrate(store, (state) => state.outcome);
  const verifyReport = useMigrate(store, (state) => state.verifyReport);
  const phase = useMigrate(store, (state) => state.phase);
  return (
    <>
      {progress && (
        <div className="card migrate-progress">
          <progress aria-label="Migration progress" max={Math.max(1, progress.total)} value={progress.done + progress.skipped + progress.failed} />
          <p className="muted">
            {formatCount(progress.done)} of {formatCount(progress.total)} items, {progress.itemsPerSecond.toFixed(0)} items/s
            {progress.secondsLeft !== undefined && phase === 'applying' ? `, about ${Math.ceil(progress.secondsLeft)} s left` : ''},{' '}
            {formatCount(progress.failed)} failures, {formatCount(progress.skipped)} skipped
          </p>
        </div>
      )}
      {(outcome || verifyReport) && (
        <section className="card migrate-report" aria-label="Migration report">
          <h3>Report</h3>
          {outcome?.copiedInto !== undefined && (
            <p>
              Copied into table{' '}
              <code>
                <VisibleText text={outcome.copiedInto} />
              </code>
              ; the source table is untouched.
              {outcome.copiedKinds !== undefined && <> Written there: {outcome.copiedKinds}.</>}
            </p>
          )}
          {outcome && (
            <p>
              {outcome.paused ? 'Paused: ' : outcome.cancelled ? 'Cancelled: ' : ''}
              {formatCount(outcome.done)} of {formatCount(outcome.total)} items done, {formatCount(outcome.skipped.length)} skipped,{' '}
              {formatCount(outcome.failed.length)} failed.
            </p>
          )}
          <MessageList title="Skipped (changed by someone else since the preview; not overwritten)" messages={outcome?.skipped ?? []} />
          <MessageList title="Failed" messages={outcome?.failed ?? []} />
          {verifyReport && (
            <>
              <p className={verifyReport.ok ? 'migrate-verified' : 'field-error'}>
                <VisibleText text={verifyReport.text} />
              </p>
              <MessageList title="Missing under their new keys" messages={verifyReport.missing} />
              <MessageList title="Still under their old keys" messages={verifyReport.leftUnderOldKey} />
              <MessageList title="Still in the old key format, not in the plan" messages={verifyReport.oldFormat} />
            </>
          )}
        </section>
      )}
    </>
  );
}

function MessageList({ title, messages }: { title: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div>
      <h4>{title}</h4>
      <ul>
        {messages.slice(0, 100).map((message) => (
          <li key={message}>
            <VisibleText text={message} />
          </li>
        ))}
      </ul>
      {messages.length > 100 && <p className="muted small">First 100 of {formatCount(messages.length)}.</p>}
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
