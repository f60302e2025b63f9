import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PersistenceError } from '../persistenceError';

/**
 * One process at a time owns a data directory: `DIR/keylab.lock`.
 *
 * Why a lock *directory*. The file system offers no "remove this file only if
 * it is still the stale one", so a stale lock *file* cannot be replaced
 * without a window: A and B both read a stale lock; A removes it and creates
 * its own; B, still acting on what it read, removes A's lock and creates its
 * own — both own the directory, and the first compaction of one of them
 * throws away every write the other acknowledged. A lock directory holding
 * one file named by its owner's random token gives exactly that conditional
 * removal, because a token is never reused:
 *
 * - **Take**: build a private directory `keylab.lock.<pid>.<token>.new/`
 *   holding the file `<token>` (pid and process start time, complete before it
 *   is visible), then rename it to `keylab.lock`. rename() of a directory
 *   succeeds only when `keylab.lock` does not exist or is an *empty*
 *   directory, atomically: it is the create-exclusive step. Whoever's rename
 *   succeeds owns the directory, and checks it by listing `keylab.lock`
 *   (exactly its own token).
 * - **Refuse**: `keylab.lock/<token>` names a live process: "in use by
 *   process N".
 * - **Break a stale lock**: unlink `keylab.lock/<dead token>`, then retry the
 *   take. The unlink names the dead owner's token, so it can only ever remove
 *   that dead owner's file — never the lock of a process that took the
 *   directory in the meantime (its file has another name). Breakers racing
 *   each other are harmless (the second unlink finds nothing), and the
 *   emptied directory is renamed over (or removed) by the next taker.
 * - **Release**: unlink our token, then rmdir (which fails harmlessly when a
 *   taker has already renamed its lock in).
 *
 * Nothing removes a non-empty lock directory or a token that is not provably
 * dead, so at no instant can two live processes hold the lock. A lock holder
 * is dead when its pid is gone (`kill(pid, 0)` says ESRCH) or, where
 * /proc tells process start times (Linux), when the pid now belongs to a
 * process that started later (a reused pid, e.g. PID 1 in a restarted container).
 *
 * An older Keylab's lock is a *file* `keylab.lock` holding a pid: it is
 * honoured while that pid lives and removed when it is dead. (That removal
 * cannot hit a newer lock: unlink() does not remove directories.)
 */

const LOCK_NAME = 'keylab.lock';
/** Takers' private directories: `keylab.lock.<pid>.<token>.new`. */
const PRIVATE_LOCK = /^keylab\.lock\.(\d+)\.[0-9a-f]+\.new$/;
/** rename() error codes meaning "the target exists" (EPERM: Windows, for a directory). */
const TARGET_EXISTS = new Set(['EEXIST', 'ENOTEMPTY', 'ENOTDIR', 'EISDIR', 'EPERM']);
/** Bounded retries: each one follows a lock that vanished or was broken under us. */
const MAX_ATTEMPTS = 50;

/** What a lock's token file says about its owner. */
interface LockHolder {
  readonly pid: number;
  /** The owner's start time as /proc gives it (clock ticks since boot), where known. */
  readonly started?: string;
}

/** Tokens of the locks this process holds, and the directories they lock. */
const heldInProcess = new Map<string, string>();

/**
 * Takes `root`'s lock. Resolves with its release; rejects with
 * `persistence.inUse` ("in use by process N") when a live process — or another
 * adapter in this process — holds it, `persistence.writeFailed` when the
 * directory cannot be written.
 */
export async function lockDirectory(root: string): Promise<() => Promise<void>> {
  const lockPath = join(root, LOCK_NAME);
  const inUse = (holder: string) =>
    new PersistenceError('persistence.inUse', `The data directory ${root} is in use by ${holder}: stop it, or use another --data directory.`);
  if ([...heldInProcess.values()].includes(root)) throw inUse('this process');

  const token = randomBytes(16).toString('hex');
  const privatePath = join(root, `${LOCK_NAME}.${process.pid}.${token}.new`);
  const me: LockHolder = { pid: process.pid, started: await processStartTime('self') };
  try {
    await mkdir(privatePath);
    await writeFile(join(privatePath, token), JSON.stringify(me) + '\n');
  } catch (error) {
    await rm(privatePath, { recursive: true, force: true }).catch(() => undefined);
    throw lockFileError(error, lockPath);
  }

  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      let renameError: unknown;
      try {
        await rename(privatePath, lockPath);
      } catch (error) {
        renameError = error;
      }
      if (renameError === undefined) {
        const entries = await readdir(lockPath);
        if (entries.length !== 1 || entries[0] !== token) {
          // Cannot happen by the protocol above; refuse rather than share the directory.
          await unlink(join(lockPath, token)).catch(() => undefined);
          throw inUse(`another process (its lock ${lockPath} changed while it was being taken)`);
        }
        heldInProcess.set(token, root);
        await removeAbandonedTakers(root);
        return async () => {
          heldInProcess.delete(token);
          await unlink(join(lockPath, token)).catch(() => undefined);
          await rmdir(lockPath).catch(() => undefined);
        };
      }
      const holder = await inspectLock(lockPath, renameError);
      // Nothing is in the way: the rename failed for another reason (permissions, a read-only disk …).
      if (holder.kind === 'gone' && !TARGET_EXISTS.has((renameError as NodeJS.ErrnoException).code ?? '')) throw lockFileError(renameError, lockPath);
      if (holder.kind === 'live') throw inUse(holder.pid === process.pid ? 'this process' : `process ${holder.pid}`);
      // 'gone' or 'broken': the lock vanished or was stale and has been removed; take it again.
    }
    throw inUse('several processes starting at the same moment (try again)');
  } finally {
    // Still there unless it became the lock.
    await rm(privatePath, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Looks at the lock that kept our rename from succeeding: reports a live
 * holder, or removes a dead one's lock ('broken'), or finds it gone.
 */
async function inspectLock(lockPath: string, renameError: unknown): Promise<{ kind: 'live'; pid: number } | { kind: 'gone' | 'broken' }> {
  let entries: string[];
  try {
    entries = await readdir(lockPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'gone' };
    if (code === 'ENOTDIR') return inspectLegacyLock(lockPath);
    throw lockFileError(renameError, lockPath);
  }
  for (const entry of entries) {
    const text = await readFile(join(lockPath, entry), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined; // released or broken meanwhile
      throw lockFileError(error, lockPath);
    });
    if (text === undefined) continue;
    const holder = parseHolder(text);
    if (holder && (await isHolderAlive(holder, entry))) return { kind: 'live', pid: holder.pid };
    // A dead owner's token (or an unreadable one: only a crash before the data reached the disk leaves that).
    await unlink(join(lockPath, entry)).catch(() => undefined);
  }
  // Empty now: rename() can replace an empty directory on POSIX, not on Windows; removing it serves both.
  await rmdir(lockPath).catch(() => undefined);
  return { kind: 'broken' };
}

/** An older Keylab's lock file (`<pid>\n`). */
async function inspectLegacyLock(lockPath: string): Promise<{ kind: 'live'; pid: number } | { kind: 'gone' | 'broken' }> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Gone, or a directory again: a newer Keylab took it meanwhile.
    if (code === 'ENOENT' || code === 'EISDIR') return { kind: 'gone' };
    throw lockFileError(error, lockPath);
  }
  const pid = Number.parseInt(text, 10);
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) return { kind: 'live', pid };
  // unlink() never removes a directory, so this cannot remove a lock a newer Keylab just took.
  await unlink(lockPath).catch(() => undefined);
  return { kind: 'broken' };
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const json = JSON.parse(text) as Partial<LockHolder> | null;
    if (json && Number.isInteger(json.pid) && (json.pid as number) > 0) {
      return { pid: json.pid as number, started: typeof json.started === 'string' ? json.started : undefined };
    }
  } catch {
    // unreadable: treated as dead
  }
  return undefined;
}

async function isHolderAlive(holder: LockHolder, token: string): Promise<boolean> {
  if (holder.pid === process.pid) return heldInProcess.has(token); // else: a previous process with our pid
  if (!isAlive(holder.pid)) return false;
  if (holder.started === undefined) return true;
  const started = await processStartTime(String(holder.pid));
  // Unknown now (no /proc, or it just exited): trust the pid.
  return started === undefined || started === holder.started;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's start time from /proc (Linux): field 22 of /proc/<pid>/stat, after the parenthesised command name. */
async function processStartTime(pid: string): Promise<string | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const started = fields[19]; // fields[0] is field 3 (state)
    return started && /^\d+$/.test(started) ? started : undefined;
  } catch {
    return undefined;
  }
}

/** Removes private lock directories left by takers that died before renaming theirs in. */
async function removeAbandonedTakers(root: string): Promise<void> {
  const entries = await readdir(root).catch(() => [] as string[]);
  for (const entry of entries) {
    const pid = PRIVATE_LOCK.exec(entry)?.[1];
    if (pid !== undefined && !isAlive(Number(pid))) await rm(join(root, entry), { recursive: true, force: true }).catch(() => undefined);
  }
}

function lockFileError(error: unknown, lockPath: string): PersistenceError {
  if (error instanceof PersistenceError) return error;
  const { message } = error as Error;
  return new PersistenceError('persistence.writeFailed', `Taking the lock ${lockPath} failed (${message}).`, { cause: error });
}
