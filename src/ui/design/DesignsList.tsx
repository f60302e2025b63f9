import { useId, useLayoutEffect, useState } from 'react';
import { validateName } from '../../design';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { VisibleText } from '../common/VisibleText';
import { useDesigns } from '../stores';

/**
 * The Designs region: every design saved in this browser (the built-in
 * examples first), the open one marked; New design, Duplicate, Rename
 * (inline) and Delete (after a confirmation naming the design).
 */
export function DesignsList() {
  const designs = useDesigns((state) => state.designs);
  const openDesignId = useDesigns((state) => state.openDesignId);
  const { openDesign, createDesign, duplicateDesign, renameDesign, deleteDesign, resetExample } = useDesigns((state) => state);
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const headingId = useId();
  const open = designs.find((saved) => saved.id === openDesignId);
  // A User Timing mark at the list's first commit (the first screen's content in the DOM), for traces of the first load.
  useLayoutEffect(() => void performance.mark('keylab:designs-list-committed'), []);

  return (
    <section className="card designs-list" aria-labelledby={headingId}>
      <h2 id={headingId}>Designs</h2>
      <ul className="designs-items">
        {designs.map((saved) => (
          <li key={saved.id}>
            <button type="button" className="design-item" aria-current={saved.id === openDesignId ? 'true' : undefined} onClick={() => openDesign(saved.id)}>
              <VisibleText text={saved.design.name} />
            </button>
          </li>
        ))}
      </ul>
      {designs.length === 0 && <p className="muted small">No designs yet: start one with New design.</p>}
      <div className="button-row">
        <button type="button" onClick={() => createDesign()}>
          New design
        </button>
        <button type="button" disabled={!open} onClick={() => open && duplicateDesign(open.id)}>
          Duplicate
        </button>
        <button type="button" disabled={!open} aria-expanded={renaming} onClick={() => setRenaming(!renaming)}>
          Rename
        </button>
        <button type="button" disabled={!open} onClick={() => setConfirmingDelete(true)}>
          Delete
        </button>
      </div>
      {renaming && open && (
        <RenameForm
          key={open.id}
          name={open.design.name}
          otherNames={designs.filter((saved) => saved.id !== open.id).map((saved) => saved.design.name)}
          onSave={(name) => {
            renameDesign(open.id, name);
            setRenaming(false);
          }}
          onCancel={() => setRenaming(false)}
        />
      )}
      <button type="button" className="link-button small" onClick={() => resetExample('example-leaderboard')}>
        Reset to the leaderboard example
      </button>
      {confirmingDelete && open && (
        <ConfirmDialog
          title={`Delete the design “${open.design.name}”?`}
          message={`“${open.design.name}” and everything in it (tables, entities, sample rows, access patterns) is removed from this browser. This can’t be undone.`}
          confirmLabel="Delete design"
          onConfirm={() => {
            deleteDesign(open.id);
            setConfirmingDelete(false);
          }}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
    </section>
  );
}

function RenameForm({
  name,
  otherNames,
  onSave,
  onCancel,
}: {
  name: string;
  otherNames: readonly string[];
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(name);
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const problem = validateName(draft, otherNames, 'A design');
  const shown = touched ? problem : undefined;
  return (
    <form
      className="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!problem) onSave(draft);
      }}
    >
      <label htmlFor={inputId}>New name</label>
      <input
        id={inputId}
        value={draft}
        autoFocus
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setTouched(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      {shown && (
        <span id={errorId} className="field-error" role="alert">
          <VisibleText text={shown} />
        </span>
      )}
      <div className="button-row">
        <button type="submit">Save name</button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
