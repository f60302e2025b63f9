import { useId, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { isFormOf, type ConnectionStore } from '../../state';
import { VisibleText } from '../common/VisibleText';
import { visibleString } from '../common/visibleText';

/**
 * The Saved connections list (as NoSQL Workbench keeps them): pick one to
 * connect to it; Save connection keeps the form's connection under a name
 * (never a secret), Rename connection and Delete connection act on the
 * picked one.
 */
export function SavedConnections({ store }: { store: ConnectionStore }) {
  const saved = useStore(store, (state) => state.saved);
  const savedId = useStore(store, (state) => state.savedId);
  const savedError = useStore(store, (state) => state.savedError);
  const form = useStore(store, (state) => state.form);
  const connecting = useStore(store, (state) => state.status === 'connecting');
  const { pickConnection, saveConnection, renameConnection, deleteConnection } = store.getState();
  const picked = saved.find((connection) => connection.id === savedId);
  const [name, setName] = useState('');
  const id = useId();

  const save = () => {
    if (saveConnection(name || picked?.name || '')) setName('');
  };
  // Enter in the name box saves (the panel's own Enter is Connect).
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    save();
  };

  return (
    <div className="connection-row saved-connections">
      <label htmlFor={`${id}list`}>Saved connections</label>
      <select
        id={`${id}list`}
        value={picked?.id ?? ''}
        disabled={connecting}
        onChange={(event) => event.target.value && void pickConnection(event.target.value)}
      >
        <option value="">{saved.length === 0 ? 'None saved yet' : picked ? '' : 'Choose…'}</option>
        {saved.map((connection) => (
          <option key={connection.id} value={connection.id}>
            {visibleString(connection.name)}
            {connection.id === savedId && !isFormOf(connection, form) ? ' (edited, not saved)' : ''}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}name`} className="visually-hidden">
        Connection name
      </label>
      <input
        id={`${id}name`}
        value={name}
        placeholder={picked ? `Name (${visibleString(picked.name)})` : 'Name, e.g. Local dev'}
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={savedError ? `${id}error` : `${id}help`}
        aria-invalid={savedError ? true : undefined}
      />
      <button type="button" onClick={save}>
        Save connection
      </button>
      {picked && (
        <>
          <button type="button" onClick={() => renameConnection(name) && setName('')}>
            Rename connection
          </button>
          <button type="button" onClick={deleteConnection}>
            Delete connection
          </button>
        </>
      )}
      {savedError ? (
        <span id={`${id}error`} className="field-error" role="alert">
          <VisibleText text={savedError} />
        </span>
      ) : (
        <span id={`${id}help`} className="muted small">
          Saved without secrets: a secret access key is typed when connecting.
        </span>
      )}
    </div>
  );
}
