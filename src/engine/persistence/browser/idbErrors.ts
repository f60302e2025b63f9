import { PersistenceError } from '../persistenceError';

/**
 * IndexedDB failures as {@link PersistenceError}s whose messages tell the
 * user what happened and what it means for their data.
 */

const IN_MEMORY = 'Keylab keeps its tables in memory in this tab: they are lost when the page is closed or reloaded.';

/** The DOMException name of an IndexedDB failure, if any. */
function nameOf(error: unknown): string | undefined {
  return error !== null && typeof error === 'object' && typeof (error as { name?: unknown }).name === 'string' ? (error as { name: string }).name : undefined;
}

function detailOf(error: unknown): string {
  if (error instanceof Error || (error !== null && typeof error === 'object' && 'message' in error)) {
    const { name, message } = error as { name?: string; message?: string };
    return message ? `${name ?? 'Error'}: ${message}` : (name ?? 'Error');
  }
  return String(error);
}

/** IndexedDB does not exist here or refused to open (private browsing, storage disabled, sandboxed frame). */
export function unavailableError(cause?: unknown): PersistenceError {
  const detail = cause === undefined ? 'IndexedDB is not available' : `IndexedDB could not be opened (${detailOf(cause)})`;
  return new PersistenceError('persistence.unavailable', `${detail} — private browsing or disabled site storage can cause this. ${IN_MEMORY}`, { cause });
}

/** The error of a failed `indexedDB.open`. */
export function openError(cause: unknown): PersistenceError {
  if (cause instanceof PersistenceError) return cause;
  if (nameOf(cause) === 'VersionError') {
    return new PersistenceError('persistence.newerFormat', `The stored tables were saved by a newer version of Keylab than this one. ${IN_MEMORY}`, { cause });
  }
  return unavailableError(cause);
}

/** Another tab keeps the database open, so this tab can neither upgrade it (opening) nor delete it. */
export function blockedError(during: 'open' | 'delete' = 'open'): PersistenceError {
  if (during === 'delete') {
    return new PersistenceError(
      'persistence.blocked',
      'Another Keylab tab keeps the stored tables open, so they cannot be deleted yet. Close the other tabs: the deletion finishes once they are closed.',
    );
  }
  return new PersistenceError(
    'persistence.blocked',
    `Another Keylab tab keeps an older version of the stored tables open, so this tab cannot upgrade them. Close the other tabs and reload. ${IN_MEMORY}`,
  );
}

/** Another tab holds the database: this tab shows none of its tables and writes nothing until it takes it over. */
export function inUseError(): PersistenceError {
  return new PersistenceError(
    'persistence.inUse',
    "Keylab's built-in table is open in another tab, which owns it: this tab shows none of its tables and saves nothing. Use Take over to work with it here (the other tab then stops saving).",
  );
}

/** Another tab took the database over: this tab stopped writing, and its copy may be out of date. */
export function takenOverError(): PersistenceError {
  return new PersistenceError(
    'persistence.takenOver',
    "Keylab's built-in table is open in another tab now, which took it over: this tab stopped saving, and what it shows may be out of date. Use Take over to work with it here again (its tables are reloaded from this browser's storage). The change was not saved.",
  );
}

/** Another tab upgraded or deleted the database, and this connection was closed to let it. */
export function versionChangeError(): PersistenceError {
  return new PersistenceError(
    'persistence.versionChange',
    "Another tab upgraded or deleted Keylab's stored tables, so this tab stopped saving: reload it. The change was not saved.",
  );
}

/** The database is closed: by `close()`, `clear()` or the browser. */
export function closedError(reason: string): PersistenceError {
  return new PersistenceError('persistence.closed', `${reason} The change was not saved.`);
}

/**
 * The error of a failed write transaction: quota first (the one users can act
 * on), then a generic message with the browser's own.
 */
export function writeError(cause: unknown): PersistenceError {
  if (cause instanceof PersistenceError) return cause;
  if (nameOf(cause) === 'QuotaExceededError') {
    return new PersistenceError(
      'persistence.quotaExceeded',
      'The browser refused to store more data (storage quota exceeded): the change was not saved. Delete tables or free disk space.',
      { cause },
    );
  }
  return new PersistenceError('persistence.writeFailed', `Saving to IndexedDB failed (${detailOf(cause)}): the change was not saved.`, {
    cause,
  });
}

/** The error of a failed read while loading the stored tables. */
export function readError(cause: unknown): PersistenceError {
  if (cause instanceof PersistenceError) return cause;
  return new PersistenceError('persistence.readFailed', `Reading the stored tables from IndexedDB failed (${detailOf(cause)}).`, {
    cause,
  });
}
