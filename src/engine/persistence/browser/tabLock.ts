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
 *
 * The wait ends early when the tab that holds the lock says it owns the
 * database (see {@link answerAsOwner}): a second tab then says "open in
 * another tab" at once instead of after the timeout, and only a page that is
 * going away (its reload's new page is the one asking) is waited for.
 */
export async function acquireTabLock(lockName: string, timeoutMs: number, onStolen: () => void): Promise<() => void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return () => undefined;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let granted = false;
  /** Set when the owner answered first: this tab says "in use", and lets the lock go at once if it is granted later. */
  let gaveUp = false;
  /** Set once the lock is this tab's: answering "who owns" stops when the lock is released or stolen. */
  let stopAnswering = () => {};
  let stopAsking = () => {};
  const acquired = await new Promise<boolean>((resolve, reject) => {
    // The answer does not abort the request: Chromium lost an abort that came a few ms after the request (the request
    // stayed pending for good, past its timeout). The request ends by its timeout, or is granted and let go at once.
    stopAsking = askForOwner(lockName, () => {
      if (granted) return;
      gaveUp = true;
      resolve(false);
    });
    locks
      .request(lockName, { signal: AbortSignal.timeout(timeoutMs) }, () => {
        if (gaveUp) return undefined;
        granted = true;
        resolve(true);
        return held;
      })
      .catch((error: unknown) => {
        const name = (error as { name?: string } | null)?.name;
        // Held, then rejected: another tab stole the lock (takeOverBrowserPersistence).
        if (granted) {
          stopAnswering();
          onStolen();
        } else if (name === 'TimeoutError' || name === 'AbortError') resolve(false);
        else reject(unavailableError(error));
      });
  }).finally(() => stopAsking());
  if (!acquired) throw inUseError();
  stopAnswering = answerAsOwner(lockName);
  return () => {
    stopAnswering();
    release();
  };
}

/*
 * "Who owns the database?" on a BroadcastChannel named after the lock: a tab
 * waiting for the lock asks, and the owner answers (and says so when it gets
 * the lock, for a tab that asked just before). The Web Lock alone cannot tell
 * a tab that stays from a page being reloaded, so without the answer a second
 * tab waited the whole timeout. A page stops answering at `pagehide`: its
 * reload's new page then waits for the lock, which the browser releases when
 * the old page is gone.
 */

/** A message on the lock's channel. */
type OwnerMessage = 'whoOwns' | 'owned';

/** Asks the owner of `lockName` to answer; calls `onOwner` when it does. Returns the function that stops listening. */
function askForOwner(lockName: string, onOwner: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(lockName);
  channel.onmessage = (event: MessageEvent<OwnerMessage>) => {
    if (event.data === 'owned') onOwner();
  };
  channel.postMessage('whoOwns' satisfies OwnerMessage);
  return () => channel.close();
}

/** Answers "who owns" for `lockName` while this page is not going away. Returns the function that stops (the lock was released or stolen). */
function answerAsOwner(lockName: string): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const page = typeof window === 'undefined' ? undefined : window;
  const channel = new BroadcastChannel(lockName);
  let leaving = false;
  const onPageHide = () => (leaving = true);
  // Back from the back/forward cache with the lock still held: answer again.
  const onPageShow = () => (leaving = false);
  page?.addEventListener('pagehide', onPageHide);
  page?.addEventListener('pageshow', onPageShow);
  channel.onmessage = (event: MessageEvent<OwnerMessage>) => {
    if (event.data === 'whoOwns' && !leaving) channel.postMessage('owned' satisfies OwnerMessage);
  };
  channel.postMessage('owned' satisfies OwnerMessage);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    page?.removeEventListener('pagehide', onPageHide);
    page?.removeEventListener('pageshow', onPageShow);
    channel.close();
  };
  return stop;
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
