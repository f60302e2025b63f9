import { useId } from 'react';
import { useStore } from 'zustand';
import { changedAttributes, itemToText, type BinaryEncoding, type ItemProblem } from '../../../items';
import type { Item, ItemEditorOutcome, ItemEditorStore, PartialCheck } from '../../../state';
import { useModal } from '../../common/useModal';
import { VisibleText } from '../../common/VisibleText';
import { FormEntries } from './ItemForm';
import { DesignKeyFields } from './DesignKeyFields';

function problemText(problem: ItemProblem): string {
  const where = problem.line !== undefined ? `line ${problem.line}, column ${problem.column ?? 1}` : problem.path;
  return where ? `${where}: ${problem.message}` : problem.message;
}

/**
 * The Item editor dialog: the typed form and the DynamoDB JSON side by side
 * (stacked on narrow screens), always the same item; the numbers DynamoDB
 * will respell, problems in an alert, and what Save did (nothing for an
 * untouched item, the existing item for a taken key, both versions for a
 * conflict).
 */
export function ItemEditorDialog({ store }: { store: ItemEditorStore }) {
  const state = useStore(store);
  const {
    open,
    mode,
    tableName,
    text,
    form,
    formReadable,
    encoding,
    problems,
    respelled,
    saving,
    outcome,
    designKeys,
    versionAttribute,
    wideCheck,
    documentTypes,
  } = state;
  const actions = store.getState();
  const modal = useModal(open, () => store.getState().open && actions.close());
  const id = useId();
  return (
    <dialog {...modal} className="item-editor-dialog" aria-labelledby={`${id}title`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void actions.save();
        }}
      >
        <h3 id={`${id}title`}>Item editor</h3>
        <p className="muted small">
          {mode === 'new' ? 'New item in ' : 'Editing an item of '}
          <VisibleText text={tableName ?? ''} />
          {mode === 'new'
            ? ': written only if no item has its key (attribute_not_exists).'
            : versionAttribute
              ? `: saved only if ${versionAttribute} is still what was read (the design's version attribute, bumped on save).`
              : wideCheck
                ? ': saved only if the stored item is still the one read.'
                : ': saved only if the stored item is still the one read (every attribute compared).'}
        </p>
        {wideCheck && <WideCheckNote check={wideCheck} />}
        {designKeys && <DesignKeyFields store={store} draft={designKeys} />}
        <div className="item-editor-views">
          <fieldset className="item-editor-form" disabled={!formReadable}>
            <legend>Form</legend>
            <label className="small">
              Binary as{' '}
              <select value={encoding} onChange={(event) => actions.setEncoding(event.target.value as BinaryEncoding)}>
                <option value="base64">base64</option>
                <option value="hex">hex</option>
              </select>
            </label>
            {!formReadable && <p className="muted small">The form follows the DynamoDB JSON again once it is valid JSON of typed attributes.</p>}
            <FormEntries entries={form} path="" onChange={actions.setForm} />
          </fieldset>
          <div className="item-editor-text">
            <label htmlFor={`${id}json`}>DynamoDB JSON</label>
            <span className="muted small"> (or plain JSON: {'{"score": 10}'})</span>
            <textarea
              id={`${id}json`}
              className="mono"
              spellCheck={false}
              value={text}
              rows={16}
              onChange={(event) => actions.setText(event.target.value)}
              {...(problems.length > 0 ? { 'aria-invalid': true as const, 'aria-describedby': `${id}problems` } : {})}
            />
          </div>
        </div>
        {documentTypes !== undefined && (
          <div className="item-editor-document small" role="status">
            Plain JSON detected (not DynamoDB JSON): it is saved with these DynamoDB types — numbers N, strings S, arrays L, objects M, true/false BOOL, null
            NULL:
            <pre className="mono" aria-label="DynamoDB JSON it is saved as">
              {documentTypes}
            </pre>
          </div>
        )}
        {respelled.length > 0 && (
          <div className="item-editor-respelled small" role="status">
            DynamoDB stores numbers in its own spelling:
            <ul>
              {respelled.map((entry) => (
                <li key={entry.path}>
                  <code>{entry.typed}</code> will be stored as <code>{entry.stored}</code> (<VisibleText text={entry.path} />)
                </li>
              ))}
            </ul>
          </div>
        )}
        {problems.length > 0 && (
          <div id={`${id}problems`} className="error-box small" role="alert">
            <strong>The item can’t be saved yet:</strong>
            <ul>
              {problems.map((problem, index) => (
                <li key={index}>
                  <VisibleText text={problemText(problem)} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {outcome && <OutcomeView outcome={outcome} store={store} />}
        <div className="button-row">
          <button type="submit" className="primary" disabled={saving}>
            Save item
          </button>
          <button type="button" onClick={actions.close}>
            Cancel
          </button>
          {saving && (
            <span className="muted" role="status">
              Saving…
            </span>
          )}
        </div>
      </form>
    </dialog>
  );
}

/**
 * An item wider than one DynamoDB condition: how Save and Delete item check it instead, said
 * before the user writes (the condition can't hold every attribute, and no transaction can
 * hold a second check of the same item).
 */
export function WideCheckNote({ check }: { check: PartialCheck }) {
  return (
    <p className="item-editor-wide small" role="note">
      This item has {check.total} attributes: more than one DynamoDB condition can compare (300 operators, 4 KB). The item is read again just before writing and
      compared whole; the write itself is conditional on {check.checked} of them (every changed one first; the key is in the request). A change to one of the
      others in the moment between that read and the write would not be caught. A version attribute in the table’s design makes the check complete.
    </p>
  );
}

function OutcomeView({ outcome, store }: { outcome: ItemEditorOutcome; store: ItemEditorStore }) {
  const { reload, overwrite } = store.getState();
  switch (outcome.kind) {
    case 'saved':
      return null;
    case 'nothingChanged':
      return (
        <p className="muted small" role="status">
          Nothing changed, so nothing was written.
        </p>
      );
    case 'refused':
      return (
        <p className="error-box small" role="alert">
          DynamoDB refused the write: <VisibleText text={outcome.message} />
        </p>
      );
    case 'keyExists':
      return (
        <div className="error-box small" role="alert">
          An item with this key already exists: nothing was written.{' '}
          {outcome.existing && (
            <button type="button" className="link-button" onClick={reload}>
              Open the existing item
            </button>
          )}
        </div>
      );
    case 'conflict':
      return (
        <div className="error-box small item-editor-conflict" role="alert">
          <p>
            {outcome.theirs
              ? 'Someone changed this item since you opened it: nothing was written. Reload to edit the stored version, or overwrite it with yours knowingly.'
              : 'This item was deleted since you opened it: nothing was written (use New item or Duplicate item to write it again).'}
          </p>
          <ItemVersions mine={outcome.mine} theirs={outcome.theirs} />
          <div className="button-row">
            {outcome.theirs && (
              <button type="button" onClick={reload}>
                Reload
              </button>
            )}
            {outcome.theirs && (
              <button type="button" className="danger" onClick={() => void overwrite()}>
                Overwrite
              </button>
            )}
          </div>
        </div>
      );
  }
}

/** Two versions of an item side by side, as DynamoDB JSON text, after the names of the attributes that differ (two long dumps hide a one-word change). */
export function ItemVersions({
  mine,
  theirs,
  mineLabel = 'Your version',
  theirsLabel = 'Stored now',
}: {
  mine: Item;
  theirs: Item | undefined;
  mineLabel?: string;
  theirsLabel?: string;
}) {
  const differing = theirs ? changedAttributes(theirs, mine).map((change) => change.name) : [];
  return (
    <>
      {differing.length > 0 && (
        <p className="item-versions-differ" aria-label="Attributes that differ">
          The versions differ in{' '}
          {differing.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <code>
                <VisibleText text={name} />
              </code>
            </span>
          ))}
        </p>
      )}
      <div className="item-versions">
        <figure>
          <figcaption>{mineLabel}</figcaption>
          <pre className="mono" aria-label={mineLabel}>
            {itemToText(mine)}
          </pre>
        </figure>
        <figure>
          <figcaption>{theirsLabel}</figcaption>
          <pre className="mono" aria-label={theirsLabel}>
            {theirs ? itemToText(theirs) : '(deleted)'}
          </pre>
        </figure>
      </div>
    </>
  );
}
