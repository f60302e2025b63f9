import { useId, useRef, useState } from 'react';
import { EXPORT_FORMATS, type Design, type DesignProblem, type ImportReportEntry } from '../../design';
import { downloadFiles } from '../common/downloadFiles';
import { useAppStores } from '../stores';
import { ExportReviewButton } from './ExportReviewButton';
import { importDesignInWorker, type ImportPhase, type RunningImport } from './importDesignInWorker';
import { ImportProgress } from './ImportProgress';
import './ImportExportRegion.css';

type ImportOutcome =
  | { readonly kind: 'imported'; readonly fileName: string; readonly designName: string; readonly report: readonly ImportReportEntry[]; readonly warnings: readonly DesignProblem[] }
  | { readonly kind: 'failed'; readonly fileName: string; readonly errors: readonly DesignProblem[] }
  | { readonly kind: 'cancelled'; readonly fileName: string };

interface ImportRunning {
  readonly run: RunningImport;
  readonly fileName: string;
  readonly bytes: number;
  readonly phase: ImportPhase;
}

/**
 * Import design… (a Keylab design, a NoSQL Workbench model or a OneTable
 * schema, told apart by content) with its Import report, and Export design
 * in the formats of the export registry. Everything read from a file is
 * shown as text, never as HTML.
 */
/** `design`: the open design, what Export writes (undefined when none is open: import only). */
export function ImportExportRegion({ design }: { readonly design: Design | undefined }) {
  const stores = useAppStores();
  const headingId = useId();
  const reportHeadingId = useId();
  const formatId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | undefined>(undefined);
  const [formatIdChosen, setFormatIdChosen] = useState(EXPORT_FORMATS[0]?.id ?? '');
  const [exportStatus, setExportStatus] = useState<string | undefined>(undefined);
  // The import under way (read and inferred in a Web Worker: the tab stays responsive, and Cancel stops it).
  const [running, setRunning] = useState<ImportRunning | undefined>(undefined);
  const current = useRef<RunningImport | undefined>(undefined);

  const importFile = async (file: File) => {
    current.current?.cancel();
    setOutcome(undefined);
    const run = importDesignInWorker(file, (phase) => setRunning((state) => (state?.run === run ? { ...state, phase } : state)));
    current.current = run;
    setRunning({ run, fileName: file.name, bytes: file.size, phase: 'reading' });
    const done = await run.done;
    if (current.current !== run) return; // cancelled, or another file chosen
    const finish = (next: ImportOutcome) => {
      current.current = undefined;
      setRunning(undefined);
      setOutcome(next);
    };
    if ('unreadable' in done) {
      finish({ kind: 'failed', fileName: file.name, errors: [{ path: '', severity: 'error', message: `${file.name} could not be read: ${done.unreadable}` }] });
      return;
    }
    const result = done.result;
    if (!result.ok) {
      finish({ kind: 'failed', fileName: file.name, errors: result.errors });
      return;
    }
    // The design joins the list whole, in one change, only now: a cancelled import leaves nothing behind.
    setRunning((state) => (state?.run === run ? { ...state, phase: 'saving' } : state));
    stores.designs.getState().addDesign(result.design);
    await stores.designs.getState().saved();
    finish({ kind: 'imported', fileName: file.name, designName: result.design.name, report: result.report, warnings: result.warnings });
    setChoosing(false);
  };

  const cancelImport = () => {
    if (!running) return;
    running.run.cancel();
    current.current = undefined;
    setRunning(undefined);
    setOutcome({ kind: 'cancelled', fileName: running.fileName });
  };

  const download = () => {
    const format = EXPORT_FORMATS.find((entry) => entry.id === formatIdChosen);
    if (!format || !design) return;
    const files = format.export(design);
    downloadFiles(files);
    setExportStatus(`Downloaded ${files.map((file) => file.fileName).join(', ')}.`);
  };

  return (
    <section className="card import-export" aria-labelledby={headingId}>
      <h3 id={headingId}>Import and export</h3>
      <div className="button-row">
        <button
          type="button"
          aria-expanded={choosing}
          onClick={() => {
            setChoosing(true);
            // The input renders on this click; open the file chooser once it exists.
            setTimeout(() => fileInput.current?.click(), 0);
          }}
        >
          Import design…
        </button>
      </div>
      {choosing && (
        <label className="import-export-file">
          Design file
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void importFile(file);
            }}
          />
          <span className="muted small">A Keylab design, a NoSQL Workbench model or a OneTable schema (JSON).</span>
        </label>
      )}
      {running && <ImportProgress fileName={running.fileName} bytes={running.bytes} phase={running.phase} {...(running.phase === 'saving' ? {} : { onCancel: cancelImport })} />}
      {outcome?.kind === 'cancelled' && (
        <p role="status" className="wrap-anywhere">
          Import of {outcome.fileName} cancelled: nothing was imported.
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <div className="notice import-errors" role="alert">
          <p>
            Nothing was imported: <span className="wrap-anywhere">{outcome.fileName}</span> has {outcome.errors.length} problem{outcome.errors.length === 1 ? '' : 's'}.
          </p>
          <ul>
            {outcome.errors.map((error, index) => (
              <li key={index} className="wrap-anywhere">
                {error.line !== undefined ? `Line ${error.line}, column ${error.column ?? 1}: ` : ''}
                {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {outcome?.kind === 'imported' && (
        <section className="import-report" aria-labelledby={reportHeadingId}>
          <h4 id={reportHeadingId}>Import report</h4>
          <p role="status" className="wrap-anywhere">
            Imported “{outcome.designName}” from {outcome.fileName}; it is open in the Designs list.
          </p>
          <ul>
            {outcome.report.map((entry, index) => (
              <li key={index} className={`import-report-${entry.scope}`}>
                <span className="wrap-anywhere">{entry.summary}</span>
                {entry.notes.length > 0 && (
                  <ul className="muted small">
                    {entry.notes.map((note, noteIndex) => (
                      <li key={noteIndex} className="wrap-anywhere">
                        {note}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {outcome.warnings.length > 0 && (
            <details>
              <summary>
                {outcome.warnings.length} warning{outcome.warnings.length === 1 ? '' : 's'}
              </summary>
              <ul className="small">
                {outcome.warnings.map((warning, index) => (
                  <li key={index} className="wrap-anywhere">
                    {warning.message}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </section>
      )}
      {design && <h4>Export design</h4>}
      {design && (
      <div className="button-row">
        <label htmlFor={formatId}>Export format</label>
        <select id={formatId} value={formatIdChosen} onChange={(event) => setFormatIdChosen(event.target.value)}>
          {EXPORT_FORMATS.map((format) => (
            <option key={format.id} value={format.id}>
              {format.label}
            </option>
          ))}
        </select>
        <button type="button" onClick={download}>
          Download
        </button>
        <ExportReviewButton design={design} />
      </div>
      )}
      {exportStatus && (
        <p className="muted small wrap-anywhere" role="status">
          {exportStatus}
        </p>
      )}
    </section>
  );
}
