/**
 * The one error type of Keylab's persistence adapters (IndexedDB in the
 * browser, a data directory in Node). A failed write reaches the caller of
 * the engine operation as this error — the engine rejects the operation and
 * does not apply the change — so the UI can show `message` as is and branch
 * on `code`.
 */

/** What went wrong, as a dotted code. */
export type PersistenceErrorCode =
  /** IndexedDB is missing or refused (private browsing, disabled storage, sandboxed frame). */
  | 'persistence.unavailable'
  /** Another tab of Keylab holds the database. */
  | 'persistence.inUse'
  /** A schema upgrade waits for another tab that keeps an older version open. */
  | 'persistence.blocked'
  /** Another tab upgraded or deleted the database, so this connection was closed. */
  | 'persistence.versionChange'
  /** The stored data was written by a newer Keylab. */
  | 'persistence.newerFormat'
  /** The store was closed (by `close()` or by the browser). */
  | 'persistence.closed'
  /** The browser or the disk refused to store more data. */
  | 'persistence.quotaExceeded'
  /** Any other failed write. */
  | 'persistence.writeFailed'
  /** Reading the stored tables failed. */
  | 'persistence.readFailed'
  /** Stored data that cannot be read back (damaged file, unknown record). */
  | 'persistence.corrupt'
  /** Damaged records in the middle of a data file (checksum mismatch …): a repairing load drops them (`--data-repair`). */
  | 'persistence.damagedRecords'
  /** The hook was used before `load(engine)`: a wiring mistake. */
  | 'persistence.notLoaded';

/**
 * A persistence failure with a message meant for the user.
 *
 * @example
 * throw new PersistenceError('persistence.quotaExceeded', 'The browser refused to store more data: the write was not saved.');
 */
export class PersistenceError extends Error {
  override readonly name = 'PersistenceError';
  readonly code: PersistenceErrorCode;

  constructor(code: PersistenceErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * True when `error` is a {@link PersistenceError}, optionally with this code.
 *
 * @example
 * if (isPersistenceError(error, 'persistence.unavailable')) showInMemoryBanner(error.message);
 */
export function isPersistenceError(error: unknown, code?: PersistenceErrorCode): error is PersistenceError {
  return error instanceof PersistenceError && (code === undefined || error.code === code);
}
