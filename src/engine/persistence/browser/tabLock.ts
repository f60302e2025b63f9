import { inUseError, takenOverError, unavailableError } from './idbErrors';
import { DEFAULT_DATABASE_NAME, type WriteTransaction } from './idbSchema';

/*
 * The lock: one tab owns the database. A Web Lock keeps other tabs out (they
 * get `persistence.inUse`, or take it over), and the owner fence below makes
 * a tab that was taken over refuse its writes still on their way.
 */

/** The Web Lock a tab holds while it owns the database `name`. */
export function tabLockName(name: string): string {
  return `keylab-idb:${name}`;
}

/**
 * Takes the tab-exclusive Web Lock of the database, waiting up to
 * `timeoutMs` (a reloading page releases it a moment after the new page
 * asks). Returns the release function. Without Web Locks (old browsers,
 * Node tests), tabs are not kept apart and this resolves at once.
 */
export async function acquireTabLock(lockName: string, timeoutMs: number, onStolen: () => void): Promise<() => void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return () => undefined;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let granted = false;
  const acquired = await new Promise<boolean>((resolve, reject) => {
    locks
      .request(lockName, { signal: AbortSignal.timeout(timeoutMs) }, () => {
        granted = true;
        resolve(true);
        return held;
      })
      .catch((error: unknown) => {
        const name = (error as { name?: string } | null)?.name;
        // Held, then rejected: another tab stole the lock (takeOverBrowserPersistence).
        if (granted) onStolen();
        else if (name === 'TimeoutError' || name === 'AbortError') resolve(false);
        else reject(unavailableError(error));
      });
  });
  if (!acquired) throw inUseError();
  return release;
}

/*
 * The owner fence: the Web Lock keeps a second tab out, and the fence keeps a
 * tab that was taken over from writing. The owning tab's token is in
 * `meta.owner`; every write transaction reads it first (see runWrite).
 */

/** The owner check of a write transaction: the adapter's token in `meta.owner`, and what to do when another tab's is there. */
export interface Fence {
  readonly token: string;
  lost(): void;
}

/** A token no other tab's adapter has: `meta.owner` holds the owning adapter's. */
export function newOwnerToken(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Checks that the store is still this tab's, before the transaction writes:
 * another tab's token in `meta.owner` aborts the transaction, calls
 * `fence.lost()` and rejects with `persistence.takenOver`.
 */
export async function checkOwner(tx: WriteTransaction, fence: Fence): Promise<void> {
  // Awaiting a request of the same transaction keeps it active (no other await in between).
  const owner = await tx.objectStore('meta').get('owner');
  if (owner !== undefined && owner !== fence.token) {
    tx.done.catch(() => undefined);
    tx.abort();
    fence.lost();
    throw takenOverError();
  }
}

/**
 * Takes the database over from the tab that owns it: steals that tab's Web
 * Lock (it stops writing at once: its adapter refuses writes with
 * `persistence.takenOver`, and its `onTakenOver` is called) and lets it go
 * again, so this tab's next `openBrowserPersistence` — a reload — gets
 * it and reads the stored tables afresh. Resolves at once without Web Locks.
 *
 * @example
 * await takeOverBrowserPersistence(); location.reload();
 */
export async function takeOverBrowserPersistence(name: string = DEFAULT_DATABASE_NAME): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return;
  await locks.request(tabLockName(name), { steal: true }, () => undefined);
}
