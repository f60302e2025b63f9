import { readdir, readFile, rm, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { compareUtf8 } from '../../../keys';
import type { LocalDynamoDB } from '../../localDynamoDB.types';
import type { PersistenceLoadResult } from '../persistence.types';
import { PersistenceError } from '../persistenceError';
import { isTemporaryFile } from './atomicFile';
import { describeDropped, fileError, keepDamagedFile } from './dataDirectory';
import { compactsAtLoad, rewriteTableFile } from './journalCompaction';
import { removePendingChange, type JournalDirectory, type TableFile } from './journalFiles';
import { PENDING_CHANGE_FILE, readPendingChange } from './pendingChange';
import { reloadStreamFile, streamFileName } from './streamFile';
import { parseTableFile, TABLE_FILE_SUFFIX, type DamagedLine } from './tableFile';

/*
 * Load and repair: every table file of the directory replayed into the
 * engine, in one fixed order.
 *
 * A crash mid-append leaves a torn last line (no newline): loading drops it
 * with a warning (its write was never acknowledged) and cuts the file back to
 * its last complete change. A rewritten file's header counts the lines the
 * rewrite wrote, so they are never taken for a torn append. Damage anywhere
 * else (every line carries a checksum, even the last) stops
 * loading with a clear error naming the file and line — never a silently
 * half-loaded table or a changed value served — unless the load repairs
 * (`repair`, `--data-repair`): every intact record is kept and each dropped
 * one reported. A temporary file left by an interrupted replace is removed
 * (the file it was replacing is intact), and a pending change to several
 * tables (pendingChange.ts) is completed in every table it names.
 */

/** A record that a repairing load dropped. */
export interface DroppedRecord extends DamagedLine {
  /** The table file, absolute. */
  readonly file: string;
  /** Where the damaged file was kept. */
  readonly keptAs: string;
}

/** What load() restored (without `firstRun`, which the marker answers), and what a repair dropped. */
export type JournalLoadResult = Omit<PersistenceLoadResult, 'firstRun'> & { readonly dropped: readonly DroppedRecord[] };

/** Reads every table file into `target`, filling `directory.files`; `warn` gets each recovery warning as it happens. */
export async function loadTableFiles(
  directory: JournalDirectory,
  target: LocalDynamoDB,
  repair: boolean,
  onWarning: (message: string) => void,
): Promise<JournalLoadResult> {
  const { root, files } = directory;
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    onWarning(message);
  };
  const tables: string[] = [];
  const dropped: DroppedRecord[] = [];
  let items = 0;
  let entries: string[];
  try {
    // Table files load in one fixed order (byte order of their names), whatever the file system lists.
    entries = (await readdir(root)).sort(compareUtf8);
  } catch (error) {
    throw fileError(error, `the data directory ${root}`, 'persistence.readFailed');
  }
  for (const entry of entries) {
    if (isTemporaryFile(entry)) {
      // An interrupted replace: the file it was meant to replace is intact.
      await rm(join(root, entry), { force: true });
      warn(`removed ${entry}, left by an interrupted save (the table file it was replacing is intact).`);
    }
  }
  const pending = entries.includes(PENDING_CHANGE_FILE) ? await readPendingChange(root, repair, warn) : undefined;
  for (const entry of entries) {
    if (!entry.endsWith(TABLE_FILE_SUFFIX)) continue;
    let bytes: Buffer;
    try {
      bytes = await readFile(join(root, entry));
    } catch (error) {
      throw fileError(error, entry, 'persistence.readFailed');
    }
    const path = join(root, entry);
    const parsed = parseTableFile(bytes, path, { repair });
    const name = parsed.definition.name;
    if (files.has(name)) {
      throw new PersistenceError('persistence.corrupt', `Two data files hold table ${name} (${files.get(name)?.fileName} and ${entry}): remove one.`);
    }
    if (parsed.dropped.length > 0) {
      const keptAs = await keepDamagedFile(path);
      for (const line of parsed.dropped) {
        dropped.push({ file: path, keptAs, ...line });
        warn(describeDropped(path, line));
      }
      warn(`${path}: repaired; the damaged file is kept as ${keptAs}.`);
    }
    if (parsed.tornTail) {
      warn(parsed.tornTail);
      try {
        await truncate(join(root, entry), parsed.goodBytes);
      } catch (error) {
        throw fileError(error, entry);
      }
    }
    const pendingWrites = pending?.get(name);
    if (pendingWrites) {
      for (const [item, key] of pendingWrites) {
        if (item) parsed.replay.put(item);
        else parsed.replay.delete(key);
      }
      pending?.delete(name);
    }
    let stream: { bytes: number; problems: string[] };
    let liveItems = 0;
    try {
      stream = await reloadStreamFile(root, entry, (streamRecords) => {
        // The items were parsed (or are read by key) for this load alone: the engine keeps them without a copy.
        const restored = target.restoreTable({ table: parsed.definition, items: parsed.replay.items(), streamRecords }, { handOver: true });
        liveItems = restored.itemCount;
        return restored.streamRecords;
      });
    } catch (error) {
      throw fileError(error, streamFileName(entry));
    }
    stream.problems.forEach(warn);
    const file: TableFile = { fileName: entry, definition: parsed.definition, bytes: parsed.goodBytes, baseBytes: parsed.goodBytes, streamBytes: stream.bytes };
    files.set(name, file);
    // Mostly overwritten or deleted items, many appended writes, dropped damage, an older format: start from a compact file.
    if (
      compactsAtLoad({
        completedPending: pendingWrites !== undefined,
        writes: parsed.replay.writes,
        appendedWrites: parsed.appendedWrites,
        liveItems,
        dropped: parsed.dropped.length,
        version: parsed.version,
        sizesCurrent: parsed.sizesCurrent,
      })
    ) {
      try {
        // Reads every item still to be read: a rewrite is a load's slow path.
        await rewriteTableFile(root, file, target.snapshotTable(name));
      } catch (error) {
        throw fileError(error, entry);
      }
    }
    tables.push(name);
    items += liveItems;
  }
  if (pending) {
    // Every table it names now holds the whole change in its rewritten file.
    for (const tableName of pending.keys())
      warn(`the interrupted change to several tables names table ${tableName}, which has no data file; its writes to it were dropped.`);
    try {
      await removePendingChange(root);
    } catch (error) {
      throw fileError(error, PENDING_CHANGE_FILE);
    }
    warn('completed a change to several tables that was being saved when Keylab stopped (it was never acknowledged; it is now saved in full).');
  }
  return { tables, items, warnings, dropped };
}
