import { use, useId, useState } from 'react';
import { useStore } from 'zustand';
import type { ExplorerStore, TransferJob, TransferStore } from '../../../state';
import { EXPORT_FORMATS, exportFileName, IMPORT_FORMATS, type ExportFormat, type ImportFormat, type TransferFailure } from '../../../transfer';
import { VisibleText } from '../../common/VisibleText';
import { useExplorerSide } from '../../stores';
import { canStreamExport, saveExport } from './saveExport';
import './transfer.css';
import { formatBytes } from '../../../dynamo';

function useTransfer(): TransferStore {
  return use(useExplorerSide().explorerTools.transfer());
}

const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = { jsonl: 'DynamoDB JSON lines', json: 'JSON', csv: 'CSV' };

/**
 * Import…, Export… and bulk delete for the explorer's table: the controls,
 * the delete confirmation (count and first keys), the progress bar and the
 * report of the running or last job. Write controls only where the
 * connection can write.
 */
export function TransferPanel({ explorer }: { explorer: ExplorerStore }) {
  const store = useTransfer();
  const table = useStore(explorer, (state) => state.table);
  const lastRequest = useStore(explorer, (state) => state.lastRequest);
  // Re-read on each connection change (the panel re-renders with the explorer's source).
  useStore(explorer, (state) => state.source);
  const selected = useStore(store, (state) => state.selected);
  const confirmation = useStore(store, (state) => state.confirmation);
  const job = useStore(store, (state) => state.job);
  const [open, setOpen] = useState<'import' | 'export'>();
  const headingId = useId();
  if (!table) return null;
  const actions = store.getState();
  const canWrite = actions.canWrite();
  const busy = job?.running === true;

  return (
    <section className="card transfer-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>Import, export and delete</h3>
      <div className="button-row">
        {canWrite && (
          <button type="button" aria-expanded={open === 'import'} onClick={() => setOpen(open === 'import' ? undefined : 'import')} disabled={busy}>
            Import…
          </button>
        )}
        <button type="button" aria-expanded={open === 'export'} onClick={() => setOpen(open === 'export' ? undefined : 'export')}>
          Export…
        </button>
        {canWrite && (
          <>
            <button type="button" onClick={() => void actions.askDelete('selected')} disabled={busy || selected.size === 0}>
              Delete selected
            </button>
            <span className="muted small">{selected.size === 1 ? '1 row ticked' : `${selected.size.toLocaleString('en-US')} rows ticked`}</span>
            <button type="button" onClick={() => actions.setAllSelected(selected.size === 0)} disabled={busy || explorer.getState().items.length === 0}>
              {selected.size === 0 ? 'Tick every row shown' : 'Untick all rows'}
            </button>
            <button type="button" onClick={() => void actions.askDelete('results')} disabled={busy || !lastRequest}>
              Delete all results of this query
            </button>
          </>
        )}
      </div>
      {open === 'import' && canWrite && <ImportForm store={store} tableName={table.name} disabled={busy} />}
      {open === 'export' && <ExportForm store={store} tableName={table.name} hasResults={lastRequest !== undefined} />}
      {confirmation && (
        <div className="transfer-confirm" role="alertdialog" aria-label="Confirm delete" aria-describedby={`${headingId}-confirm`}>
          <p id={`${headingId}-confirm`}>
            {confirmation.counting ? (
              <>Counting the results… {confirmation.count.toLocaleString('en-US')} so far</>
            ) : (
              <>
                Delete <strong>{confirmation.count.toLocaleString('en-US')}</strong> {confirmation.count === 1 ? 'item' : 'items'} from{' '}
                <VisibleText text={table.name} />? This can't be undone.
              </>
            )}
          </p>
          {confirmation.firstKeys.length > 0 && (
            <>
              <p className="muted small">
                {confirmation.count > confirmation.firstKeys.length ? `The first ${confirmation.firstKeys.length} keys:` : 'Their keys:'}
              </p>
              <ul className="transfer-keys" aria-label="Keys to delete">
                {confirmation.firstKeys.map((key) => (
                  <li key={key}>
                    <code>
                      <VisibleText text={key} />
                    </code>
                  </li>
                ))}
              </ul>
            </>
          )}
          {confirmation.error && (
            <p className="error-box" role="alert">
              <strong>{confirmation.error.name}</strong>: <VisibleText text={confirmation.error.message} />
            </p>
          )}
          <div className="button-row">
            <button
              type="button"
              className="danger"
              onClick={() => void actions.confirmDelete()}
              disabled={confirmation.counting || confirmation.count === 0 || confirmation.error !== undefined}
            >
              Delete {confirmation.count.toLocaleString('en-US')} {confirmation.count === 1 ? 'item' : 'items'}
            </button>
            <button type="button" onClick={actions.dismissConfirmation}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {job && <JobView job={job} store={store} />}
    </section>
  );
}

function ImportForm({ store, tableName, disabled }: { store: TransferStore; tableName: string; disabled: boolean }) {
  const [file, setFile] = useState<File>();
  const [format, setFormat] = useState<ImportFormat | 'auto'>('auto');
  const id = useId();
  return (
    <div className="transfer-form">
      <p className="muted small">
        Puts every item of the file into <VisibleText text={tableName} /> (an item with a key already there is replaced). DynamoDB JSON lines (plain items or an
        S3 export&apos;s <code>{'{"Item": …}'}</code> lines), a JSON array of items, or CSV with a header row (<code>pk (S),score (N),tags (JSON)</code>;
        untyped columns are inferred). Bad lines are reported and skipped.
      </p>
      <label htmlFor={`${id}-file`}>Import file</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".jsonl,.json,.csv,.ndjson,.txt,application/json,text/csv"
        onChange={(event) => setFile(event.target.files?.[0])}
      />
      <label htmlFor={`${id}-format`}>Import format</label>
      <select id={`${id}-format`} value={format} onChange={(event) => setFormat(event.target.value as ImportFormat | 'auto')}>
        <option value="auto">From the file name</option>
        {IMPORT_FORMATS.map((option) => (
          <option key={option} value={option}>
            {IMPORT_FORMAT_LABELS[option]}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={disabled || !file}
        onClick={() => {
          if (!file) return;
          void store.getState().startImport({ name: file.name, size: file.size, chunks: () => fileChunks(file) }, format === 'auto' ? undefined : format);
        }}
      >
        Start import
      </button>
    </div>
  );
}

/** A File's bytes chunk by chunk (never the whole file in memory). */
async function* fileChunks(file: Blob): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function ExportForm({ store, tableName, hasResults }: { store: TransferStore; tableName: string; hasResults: boolean }) {
  const exporting = useStore(store, (state) => state.exporting);
  const [format, setFormat] = useState<ExportFormat>('jsonl');
  const [scope, setScope] = useState<'results' | 'table'>(hasResults ? 'results' : 'table');
  const [failure, setFailure] = useState<string>();
  const id = useId();
  const download = async () => {
    setFailure(undefined);
    const option = EXPORT_FORMATS.find((candidate) => candidate.format === format);
    try {
      await saveExport({
        fileName: exportFileName(tableName, format),
        mimeType: option?.mimeType ?? 'text/plain',
        extension: option?.extension ?? 'txt',
        description: option?.label ?? 'Export',
        chunks: () => store.getState().exportChunks(format, hasResults ? scope : 'table'),
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="transfer-form">
      <label htmlFor={`${id}-format`}>Export format</label>
      <select id={`${id}-format`} value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
        {EXPORT_FORMATS.map((option) => (
          <option key={option.format} value={option.format}>
            {option.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-scope`}>Export what</label>
      <select id={`${id}-scope`} value={hasResults ? scope : 'table'} onChange={(event) => setScope(event.target.value as 'results' | 'table')}>
        {hasResults && <option value="results">Every result of the current query or scan</option>}
        <option value="table">The whole table (Scan)</option>
      </select>
      <button type="button" onClick={() => void download()} disabled={exporting?.running}>
        Download
      </button>
      {!canStreamExport() && (
        <p className="muted small">
          This browser can&apos;t write a download as it goes: the export is gathered in memory, then saved. Fine for small exports; for a big table use
          Chromium (it streams to the file you pick) or <code>npm run export</code>.
        </p>
      )}
      {exporting && (
        <span className="muted" role="status">
          {exporting.running ? `Exporting… ${exporting.items.toLocaleString('en-US')} items` : `Exported ${exporting.items.toLocaleString('en-US')} items.`}
          {exporting.summary &&
            exporting.summary.csvValuesLeftOut > 0 &&
            ` CSV left out ${exporting.summary.csvValuesLeftOut} values (attributes not among the first page's columns, or of another type): choose DynamoDB JSON lines for an exact copy.`}
        </span>
      )}
      {(failure ?? exporting?.error) && (
        <p className="error-box" role="alert">
          <VisibleText text={failure ?? `${exporting?.error?.name}: ${exporting?.error?.message}`} />
        </p>
      )}
    </div>
  );
}

/** The running job's progress bar and the last job's report. */
function JobView({ job, store }: { job: TransferJob; store: TransferStore }) {
  const actions = store.getState();
  if (job.keyMismatch) {
    return (
      <section className="transfer-job transfer-report" role="region" aria-label="Import report">
        <p className="error-box" role="alert">
          <strong>Nothing imported</strong>: <VisibleText text={job.keyMismatch.message} />
        </p>
        <div className="button-row">
          <button type="button" onClick={() => void actions.importAnyway()}>
            Import anyway
          </button>
          <button type="button" onClick={actions.dismissReport}>
            Don&apos;t import
          </button>
        </div>
      </section>
    );
  }
  const label = job.kind === 'import' ? 'Import' : 'Delete';
  const progress = job.progress;
  // Import: share of the file's bytes read; delete: share of the keys done.
  const fraction =
    progress?.totalBytes && progress.bytesRead !== undefined
      ? progress.bytesRead / progress.totalBytes
      : progress?.total
        ? (progress.written + progress.rejected) / progress.total
        : undefined;
  const percent = fraction === undefined ? undefined : Math.min(100, Math.round(fraction * 100));
  const report = job.report;
  return (
    <div className="transfer-job">
      <div className="transfer-progress-row">
        <div
          className="transfer-progress"
          role="progressbar"
          aria-label={`${label} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          {...(percent !== undefined
            ? { 'aria-valuenow': job.running ? percent : 100, 'aria-valuetext': progressText(job) }
            : { 'aria-valuetext': progressText(job) })}
        >
          <div className="transfer-progress-bar" style={{ width: `${job.running ? (percent ?? 0) : 100}%` }} />
        </div>
        <span className="muted small" aria-live="polite">
          {progressText(job)}
        </span>
        {job.running && (
          <>
            {job.paused ? (
              <button type="button" onClick={() => void actions.resume()}>
                Resume
              </button>
            ) : (
              <button type="button" onClick={actions.pause}>
                Pause
              </button>
            )}
            <button type="button" onClick={actions.cancel}>
              Cancel
            </button>
          </>
        )}
      </div>
      {(report || job.error) && (
        <section className="transfer-report" role="region" aria-label={`${label} report`}>
          {job.error && (
            <p className="error-box" role="alert">
              <strong>{job.error.name}</strong>: <VisibleText text={job.error.message} />
            </p>
          )}
          {report && (
            <>
              <p>
                {report.cancelled ? 'Cancelled. ' : report.fatal ? 'Stopped by an error. ' : ''}
                {job.kind === 'import' ? 'Written' : 'Deleted'}: <strong>{report.written.toLocaleString('en-US')}</strong>{' '}
                {report.written === 1 ? 'item' : 'items'}
                {job.fileName !== undefined && (
                  <>
                    {' '}
                    from <VisibleText text={job.fileName} />
                  </>
                )}
                ; rejected: <strong>{report.rejected.length.toLocaleString('en-US')}</strong>
                {job.kind === 'import' &&
                  !report.cancelled &&
                  !report.fatal &&
                  `; ${report.read.toLocaleString('en-US')} ${report.read === 1 ? 'record' : 'records'} read`}
                {report.retries > 0 && `; ${report.retries} throttled batches retried`}.
              </p>
              {report.fatal && (
                <p className="error-box" role="alert">
                  <strong>{report.fatal.code ?? 'Error'}</strong> at line {report.fatal.line}: <VisibleText text={report.fatal.reason} />
                </p>
              )}
              {(report.cancelled || report.fatal) && (
                <p className="muted small">
                  Every line up to {report.checkpoint.doneThrough.toLocaleString('en-US')}
                  {report.checkpoint.doneAfter.length > 0 && ` and lines ${report.checkpoint.doneAfter.join(', ')}`} was written or is listed below; nothing
                  after it was written.
                </p>
              )}
              {report.rejected.length > 0 && (
                <ol className="transfer-rejected" aria-label="Rejected lines">
                  {report.rejected.slice(0, 500).map((failure) => (
                    <li key={failure.line}>
                      {whereOf(job.kind, failure)}
                      {failure.key !== undefined && (
                        <>
                          {' '}
                          (key <VisibleText text={failure.key} />)
                        </>
                      )}
                      : <VisibleText text={failure.reason} />
                    </li>
                  ))}
                  {report.rejected.length > 500 && <li>… and {(report.rejected.length - 500).toLocaleString('en-US')} more</li>}
                </ol>
              )}
              <div className="button-row">
                {job.resumable && (
                  <button type="button" onClick={() => void actions.resume()}>
                    Resume import
                  </button>
                )}
                <button type="button" className="link-button" onClick={actions.dismissReport}>
                  Close report
                </button>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}

/** "Line 7", "Lines 201–203" (a record over several lines: each is named), or "Item 7" for bulk delete. */
function whereOf(kind: TransferJob['kind'], failure: TransferFailure): string {
  if (kind !== 'import') return `Item ${failure.line}`;
  return failure.lastLine !== undefined ? `Lines ${failure.line}–${failure.lastLine}` : `Line ${failure.line}`;
}

function progressText(job: TransferJob): string {
  const progress = job.progress;
  if (!progress) return job.running ? 'Starting…' : '';
  const parts = [`${progress.written.toLocaleString('en-US')} ${job.kind === 'import' ? 'written' : 'deleted'}`];
  if (progress.total !== undefined) parts[0] += ` of ${progress.total.toLocaleString('en-US')}`;
  if (progress.rejected > 0) parts.push(`${progress.rejected.toLocaleString('en-US')} rejected`);
  if (progress.bytesRead !== undefined && progress.totalBytes) parts.push(`${formatBytes(progress.bytesRead)} of ${formatBytes(progress.totalBytes)}`);
  if (job.paused) parts.push('paused (the batches in flight finish; Resume goes on)');
  else if (job.running) {
    parts.push(`${Math.round(progress.itemsPerSecond).toLocaleString('en-US')} items/s`);
    const secondsLeft =
      progress.secondsLeft ??
      (progress.bytesRead && progress.totalBytes && progress.itemsPerSecond > 0
        ? ((progress.totalBytes - progress.bytesRead) / progress.bytesRead) * (progress.writtenThisRun / progress.itemsPerSecond)
        : undefined);
    if (secondsLeft !== undefined) parts.push(`${Math.ceil(secondsLeft)} s left`);
    if (progress.throttled) parts.push('throttled, retrying with backoff');
  }
  return parts.join(' · ');
}
