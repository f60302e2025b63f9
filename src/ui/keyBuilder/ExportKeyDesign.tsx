import { useId, useMemo, useState } from 'react';
import { exportKeyDesignModule } from '../../codegen';
import { printKeyTemplate } from '../../keys';
import { useKeyDesign } from '../stores';
import '../queryBuilder/copyAsCode.css';
import { VisibleText } from '../common/VisibleText';

const FILE_NAME = 'keyDesign.ts';

/**
 * Exports the current key design as a self-contained TypeScript module
 * (encode/decode functions for the user's backend): shown read-only, with
 * Copy and Download. While the template text has errors the code shown is the
 * last valid design's, marked as stale, and Copy and Download are disabled:
 * nothing exports a design other than the one on screen.
 */
export function ExportKeyDesign() {
  const template = useKeyDesign((state) => state.template);
  const templateBroken = useKeyDesign((state) => state.templateFindings.length > 0);
  const staleId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('SortKey');
  const [status, setStatus] = useState<{ text: string; error: boolean }>();
  const headingId = useId();
  const nameId = useId();
  const codeId = useId();
  const code = useMemo(() => (open ? exportKeyDesignModule(template, { name }) : ''), [open, template, name]);
  const functionName = /export function encode(\w+)\(/.exec(code)?.[1];

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setStatus({ text: 'Copied to the clipboard.', error: false });
    } catch (error) {
      setStatus({ text: `Could not copy (${error instanceof Error ? error.message : String(error)}): select the code and copy it by hand.`, error: true });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([code], { type: 'text/typescript;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    // Revoke after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setStatus({ text: `Downloaded ${FILE_NAME}.`, error: false });
  };

  return (
    <section className="card export-key-design" aria-labelledby={headingId}>
      <h3 id={headingId}>Use this design in your code</h3>
      <p className="muted small">
        A TypeScript module with encode and decode functions for{' '}
        <code className="wrap-anywhere">
          <VisibleText text={printKeyTemplate(template)} />
        </code>
        {templateBroken ? ' (the last valid template)' : ''} that writes and reads keys exactly as this page does, errors included. No dependencies.
      </p>
      <div className="button-row">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? codeId : undefined}
          onClick={() => {
            setOpen(!open);
            setStatus(undefined);
          }}
        >
          {open ? 'Hide the TypeScript' : 'Export as TypeScript'}
        </button>
      </div>
      {open && (
        <>
          {templateBroken && (
            <p id={staleId} className="notice export-stale" role="status">
              Out of date: the key template above has errors, so this is the code of the last valid template. Copy and Download are off until the template is
              fixed.
            </p>
          )}
          <div className="copy-as-controls">
            <label htmlFor={nameId}>Key name</label>
            <input id={nameId} value={name} onChange={(event) => setName(event.target.value)} spellCheck={false} />
            {functionName && (
              <span className="muted small">
                exports <code>encode{functionName}</code> and <code>decode{functionName}</code>
              </span>
            )}
          </div>
          <pre className="code-view" id={codeId} tabIndex={0} aria-label={FILE_NAME}>
            <code>{code}</code>
          </pre>
          <div className="button-row">
            <button type="button" disabled={templateBroken} aria-describedby={templateBroken ? staleId : undefined} onClick={() => void copy()}>
              Copy
            </button>
            <button type="button" disabled={templateBroken} aria-describedby={templateBroken ? staleId : undefined} onClick={download}>
              Download {FILE_NAME}
            </button>
            {status && (
              <span className={status.error ? 'field-error' : 'muted small'} role={status.error ? 'alert' : 'status'}>
                {status.text}
              </span>
            )}
          </div>
        </>
      )}
    </section>
  );
}
