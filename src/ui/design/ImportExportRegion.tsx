import { useId, useRef, useState } from 'react';
import { EXPORT_FORMATS, type Design } from '../../design';
import { downloadFiles } from '../common/downloadFiles';
import { useAppStores } from '../stores';
import { ExportReviewButton } from './ExportReviewButton';
import { importDesignInWorker, type ImportPhase, type RunningImport } from './importDesignInWorker';
import { ImportProblems, ImportReport, type ImportOutcome } from './ImportOutcomeView';
import { ImportProgress } from './ImportProgress';
import { VisibleText } from '../common/VisibleText';
import './ImportExportRegion.css';

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
    const id = stores.designs.getState().addDesign(result.design);
    const savedAs = stores.designs.getState().designs.find((saved) => saved.id === id)?.design.name;
    await stores.designs.getState().saved();
    finish({ kind: 'imported', fileName: file.name, designName: result.design.name, savedAs, report: result.report, warnings: result.warnings });
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
            // Synchronously, inside the click: Chrome opens a file chooser only during the click's user activation
            // (a timer after it came too late on a loaded machine, and no chooser opened). The input is always
            // rendered for this, hidden until the first click.
            fileInput.current?.click();
          }}
        >
          Import design…
        </button>
      </div>
      <label className="import-export-file" hidden={!choosing}>
        Design file
        <input
          ref={fileInput}
          type="file"
          accept=".json,.yaml,.yml,.template,application/json,application/yaml,text/yaml"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void importFile(file);
          }}
        />
        <span className="muted small">A Keylab design, a NoSQL Workbench model or a OneTable schema (JSON), or a CloudFormation template (YAML or JSON).</span>
      </label>
      {running && <ImportProgress fileName={running.fileName} bytes={running.bytes} phase={running.phase} {...(running.phase === 'saving' ? {} : { onCancel: cancelImport })} />}
      {outcome?.kind === 'cancelled' && (
        <p role="status" className="wrap-anywhere">
          Import of <VisibleText text={outcome.fileName} /> cancelled: nothing was imported.
        </p>
      )}
      {outcome?.kind === 'failed' && <ImportProblems fileName={outcome.fileName} errors={outcome.errors} />}
      {outcome?.kind === 'imported' && <ImportReport outcome={outcome} />}
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
