/**
 * The one error type of Keylab's persistence adapters (IndexedDB in the
 * browser, a data directory in Node). A failed write reaches the caller of
 * the engine operation as this error — the engine rejects the operation and
 * does not apply the change — so the UI can show `message` as is and branch
 * on `code`.
 */
import { KeylabError, type PersistenceErrorCode } from '../../errors';

/** What went wrong: a `persistence.` code of the registry in src/errors, which says what each means. */
export type { PersistenceErrorCode };

/**
 * A persistence failure with a message meant for the user.
 *
 * @example
 * throw new PersistenceError('persistence.quotaExceeded', 'The browser refused to store more data: the write was not saved.');
 */
export class PersistenceError extends KeylabError<PersistenceErrorCode> {
  override readonly name = 'PersistenceError';
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
