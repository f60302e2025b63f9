import { useId, useRef, useState } from 'react';
import { EXPORT_FORMATS, type Design } from '../../design';
import { downloadFiles } from '../common/downloadFiles';
import { useAppStores } from '../stores';
import { ALL_ENTITIES, ENTITY_CODE_FORMATS, entityChoices, exportEntityCode } from './entityCodeExport';
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
 * Import design… (a Keylab design, a NoSQL Workbench model, a OneTable
 * schema, a CloudFormation template or ElectroDB entities, told apart by
 * content) with its Import report, and Export design in the formats of the
 * export registry and as the data libraries' entity code (for all entities
 * or one). Everything read from a file is
 * shown as text, never as HTML.
 */
/** `design`: the open design, what Export writes (undefined when none is open: import only). */
export function ImportExportRegion({ design }: { readonly design: Design | undefined }) {
  const stores = useAppStores();
  const headingId = useId();
  const formatId = useId();
  const entityId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [choosing, setChoosing] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | undefined>(undefined);
  const [formatIdChosen, setFormatIdChosen] = useState(EXPORT_FORMATS[0]?.id ?? '');
  const [entityChosen, setEntityChosen] = useState(ALL_ENTITIES);
  const [exportStatus, setExportStatus] = useState<{ readonly text: string; readonly failed: boolean } | undefined>(undefined);
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

  const entityCode = ENTITY_CODE_FORMATS.find((entry) => entry.id === formatIdChosen);
  const choices = design && entityCode ? entityChoices(design) : [];
  const choice = choices.find((entry) => entry.value === entityChosen) ?? choices[0];

  const download = async () => {
    if (!design) return;
    const format = EXPORT_FORMATS.find((entry) => entry.id === formatIdChosen);
    let files = format?.export(design);
    if (!format && entityCode) {
      const generated = await exportEntityCode(design, entityCode.library, choice ?? {});
      if (!generated.ok) {
        setExportStatus({ text: `${entityCode.label}: ${generated.message}`, failed: true });
        return;
      }
      files = generated.files;
    }
    if (!files) return;
    downloadFiles(files);
    setExportStatus({ text: `Downloaded ${files.map((file) => file.fileName).join(', ')}.`, failed: false });
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
          accept=".json,.yaml,.yml,.template,.js,.mjs,.cjs,.ts,.mts,.cts,application/json,application/yaml,text/yaml,text/javascript,text/typescript"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void importFile(file);
          }}
        />
        <span className="muted small">
          A Keylab design, a NoSQL Workbench model or a OneTable schema (JSON), a CloudFormation template (YAML or JSON), or ElectroDB entities (a JS or TS
          module, read without running it).
        </span>
      </label>
      {running && (
        <ImportProgress
          fileName={running.fileName}
          bytes={running.bytes}
          phase={running.phase}
          {...(running.phase === 'saving' ? {} : { onCancel: cancelImport })}
        />
      )}
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
            {[...EXPORT_FORMATS, ...ENTITY_CODE_FORMATS].map((format) => (
              <option key={format.id} value={format.id}>
                {format.label}
              </option>
            ))}
          </select>
          {entityCode && (
            <>
              <label htmlFor={entityId}>Entity</label>
              <select id={entityId} value={choice?.value ?? ALL_ENTITIES} onChange={(event) => setEntityChosen(event.target.value)}>
                {choices.map((entry) => (
                  <option key={entry.value} value={entry.value}>
                    {entry.label}
                  </option>
                ))}
              </select>
            </>
          )}
          <button type="button" onClick={() => void download()}>
            Download
          </button>
          <ExportReviewButton design={design} />
        </div>
      )}
      {exportStatus && (
        <p className={exportStatus.failed ? 'small wrap-anywhere' : 'muted small wrap-anywhere'} role={exportStatus.failed ? 'alert' : 'status'}>
          <VisibleText text={exportStatus.text} />
        </p>
      )}
    </section>
  );
}
