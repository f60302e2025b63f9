import { inUseError, unavailableError } from './idbErrors';

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
