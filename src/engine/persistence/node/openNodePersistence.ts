import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { EngineChange, LocalDynamoDB, StorageHook } from '../../localDynamoDB.types';
import type { EnginePersistence, PersistenceLoadResult } from '../persistence.types';
import { PersistenceError } from '../persistenceError';
import { writeFileAtomic } from './atomicFile';
import { lockDirectory } from './directoryLock';
import { fileError, MARKER_FILE, readOrCreateMarker, type Marker } from './dataDirectory';
import { COMPACT_MIN_BYTES } from './journalCompaction';
import type { JournalDirectory } from './journalFiles';
import { loadTableFiles, type DroppedRecord } from './journalLoad';
import { createJournalWriteQueue } from './journalWriteQueue';

export { REWRITE_WRITES } from './journalCompaction';
export type { DroppedRecord } from './journalLoad';

/**
 * The built-in engine's Node persistence (`--data DIR`): one file per table,
 * each a journal of JSON lines (see tableFile.ts). Its parts, each with the
 * crash-safety reasoning for what it does:
 * - directoryLock.ts: the lock (one process owns the directory);
 * - journalLoad.ts: load and repair (torn tails, damaged lines, interrupted
 *   replaces, a pending change to several tables);
 * - journalWriteQueue.ts: the write queue (every change appended and
 *   fdatasync'ed before its operation resolves, all or nothing);
 * - journalCompaction.ts: compaction (a file replaced atomically by its
 *   current items);
 * - journalFiles.ts: what they share (the directory and each table's file).
 * This file opens the directory, holds the first-run marker and closes.
 */

/** Options of {@link openNodePersistence}. */
export interface NodePersistenceOptions {
  /** Where recovery warnings go (they are also in `load()`'s result). Default `console.warn`. */
  readonly onWarning?: (message: string) => void;
  /** The journal growth (bytes) past which a table file is compacted, if its base is smaller. Default 4 MiB. */
  readonly compactAfterBytes?: number;
  /**
   * Repair damaged table files (`--data-repair`): keep every intact record, drop damaged ones (each
   * reported in the warnings and in `load()`'s `dropped`), keep the damaged file beside the repaired
   * one as `<file>.damaged-<time>`. Without it, a damaged record refuses the load.
   */
  readonly repair?: boolean;
}

/** What {@link NodePersistence.load} restored, and what a repair dropped. */
export interface NodePersistenceLoadResult extends PersistenceLoadResult {
  /** Records dropped by a repairing load (`repair: true`); empty otherwise. */
  readonly dropped: readonly DroppedRecord[];
}

/** The data-directory adapter. */
export interface NodePersistence extends EnginePersistence {
  /** The data directory, absolute. */
  readonly dir: string;
  load(engine: LocalDynamoDB): Promise<NodePersistenceLoadResult>;
}

/**
 * Opens (creating if needed) a data directory for the built-in engine.
 * Rejects with a PersistenceError: `persistence.inUse` when another live
 * process (or another adapter in this one) has the directory open,
 * `persistence.newerFormat`, `persistence.corrupt` for a damaged marker,
 * `persistence.writeFailed` when the directory cannot be written.
 *
 * @example
 * const persistence = await openNodePersistence('./data');
 * const engine = createLocalDynamoDB({ storage: persistence.hook });
 * const { tables, warnings } = await persistence.load(engine);
 */
export async function openNodePersistence(dir: string, options: NodePersistenceOptions = {}): Promise<NodePersistence> {
  const root = resolve(dir);
  const onWarning = options.onWarning ?? ((message: string) => console.warn(`Keylab: ${message}`));
  const compactAfterBytes = options.compactAfterBytes ?? COMPACT_MIN_BYTES;
  try {
    await mkdir(root, { recursive: true });
  } catch (error) {
    throw fileError(error, `the data directory ${root}`);
  }
  const releaseLock = await lockDirectory(root);
  let marker: Marker;
  try {
    marker = await readOrCreateMarker(root);
  } catch (error) {
    await releaseLock();
    throw error;
  }

  const directory: JournalDirectory = { root, files: new Map(), compactAfterBytes, engine: undefined };
  const writes = createJournalWriteQueue(directory);
  let closedReason: PersistenceError | undefined;

  const hook: StorageHook = {
    write(change: EngineChange): Promise<void> {
      if (closedReason) return Promise.reject(closedReason);
      if (!directory.engine) {
        return Promise.reject(new PersistenceError('persistence.notLoaded', 'Keylab wrote to its data directory before loading it (call load(engine) first).'));
      }
      return writes.write(change);
    },
  };

  async function load(target: LocalDynamoDB): Promise<NodePersistenceLoadResult> {
    if (directory.engine) throw new Error('openNodePersistence: load() was already called');
    if (closedReason) throw closedReason;
    const loaded = await loadTableFiles(directory, target, options.repair === true, onWarning);
    directory.engine = target;
    return { ...loaded, firstRun: marker.initializedAt === undefined };
  }

  return {
    dir: root,
    hook,
    load,

    async markInitialized(): Promise<void> {
      if (closedReason) throw closedReason;
      const next: Marker = { ...marker, initializedAt: Date.now() };
      try {
        await writeFileAtomic(root, MARKER_FILE, [JSON.stringify(next) + '\n']);
      } catch (error) {
        throw fileError(error, MARKER_FILE);
      }
      marker = next;
    },

    async close(): Promise<void> {
      if (closedReason) return;
      closedReason = new PersistenceError('persistence.closed', `Keylab's data directory ${root} was closed: the change was not saved.`);
      await writes.idle();
      for (const file of directory.files.values()) {
        await file.handle?.close().catch(() => undefined);
        await file.streamHandle?.close().catch(() => undefined);
      }
      await releaseLock();
    },
  };
}
