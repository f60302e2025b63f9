import { useId, useRef, useState } from 'react';
import { VisibleText } from '../common/VisibleText';

/**
 * "Paste request": a dialog taking the JSON of a Query or Scan (SDK input or
 * `--cli-input-json`). The builder fills itself; what it could not read is
 * reported beside the builder.
 */
export function PasteRequestDialog({ onPaste, problems }: { onPaste: (text: string) => Promise<boolean>; problems?: readonly string[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const textId = useId();
  const titleId = useId();
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()}>
        Paste request…
      </button>
      <dialog ref={dialog} className="paste-dialog" aria-labelledby={titleId}>
        <form
          method="dialog"
          onSubmit={(event) => {
            event.preventDefault();
            setBusy(true);
            void onPaste(text).then((ok) => {
              setBusy(false);
              if (ok) dialog.current?.close();
            });
          }}
        >
          <h3 id={titleId}>Paste request</h3>
          <p className="muted small">
            The JSON of a Query or Scan, as the SDK takes it or as <code>aws dynamodb query --cli-input-json</code> does. The builder fills itself; anything it
            can&apos;t show is listed next to it.
          </p>
          <label htmlFor={textId}>Request JSON to paste</label>
          <textarea id={textId} className="mono" rows={12} spellCheck={false} value={text} onChange={(event) => setText(event.target.value)} />
          {problems && problems.length > 0 && (
            <ul className="error-box paste-problems" role="alert">
              {problems.map((problem) => (
                <li key={problem}>
                  <VisibleText text={problem} />
                </li>
              ))}
            </ul>
          )}
          <div className="button-row">
            <button type="submit" className="primary" disabled={busy}>
              Fill builder
            </button>
            <button type="button" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
