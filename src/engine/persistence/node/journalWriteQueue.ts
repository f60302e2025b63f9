import { open, rm, truncate, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineChange, ItemWrite, LocalDynamoDB } from '../../localDynamoDB.types';
import { syncDirectory, writeFileAtomic } from './atomicFile';
import { fileError } from './dataDirectory';
import { replacesFile, rewriteTableFile } from './journalCompaction';
import { fileNameFor, groupByTable, removePendingChange, requireFile, type JournalDirectory, type TableFile } from './journalFiles';
import { PENDING_CHANGE_FILE, pendingChangeLines } from './pendingChange';
import { appendStreamFile, groupRecordsByTable, streamFileName } from './streamFile';
import { changeLines } from './tableFile';

/*
 * The write queue: every engine change made durable before its operation
 * resolves.
 *
 * Durability first: the engine serialises writes and waits for the hook, so
 * every change is appended and fdatasync'ed before its operation resolves —
 * one small append and one flush per write, never a rewrite of the table.
 * (Coalescing several writes into one flush would need the hook to resolve
 * before its data is durable, which the hook's contract rules out; clients
 * that want throughput batch their writes — BatchWriteItem, loadItems.)
 *
 * All or nothing: a failed append is cut back (truncate) so the file holds
 * exactly the acknowledged changes; one that cannot be undone marks the file
 * broken (no further append). A change to several tables is written whole
 * to the pending-change file first (pendingChange.ts), so a crash between
 * two tables' appends never keeps half of it.
 */

/** Makes one engine change durable in the directory's files (the engine applies it only after this resolves). */
export async function writeChange(directory: JournalDirectory, change: EngineChange): Promise<void> {
  const { root, files } = directory;
  switch (change.type) {
    case 'createTable': {
      const file: TableFile = { fileName: fileNameFor(change.table.name, files), definition: change.table, bytes: 0, baseBytes: 0 };
      await rewriteTableFile(root, file, { items: [] });
      // A leftover stream of an earlier table of this name must not come back.
      await rm(join(root, streamFileName(file.fileName)), { force: true });
      file.streamBytes = 0;
      files.set(change.table.name, file);
      return;
    }
    case 'deleteTable': {
      const file = requireFile(directory, change.tableName);
      await file.handle?.close().catch(() => undefined);
      file.handle = undefined;
      await unlink(join(root, file.fileName)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await file.streamHandle?.close().catch(() => undefined);
      file.streamHandle = undefined;
      await rm(join(root, streamFileName(file.fileName)), { force: true });
      await syncDirectory(root);
      files.delete(change.tableName);
      return;
    }
    case 'updateTable': {
      // The definition is the file's header: the table is rewritten with it (indexes are not stored, only rebuilt).
      const file = requireFile(directory, change.table.name);
      const previous = file.definition;
      file.definition = change.table;
      try {
        await rewriteTableFile(root, file, (directory.engine as LocalDynamoDB).snapshotTable(change.table.name));
      } catch (error) {
        file.definition = previous;
        throw error;
      }
      return;
    }
    case 'writeItems': {
      const byTable = groupByTable(change.writes);
      // Taken now, before any await: the engine applies this change only after we resolve,
      // so its current items plus the change are the table's new content.
      const plans = [...byTable].map(([tableName, writes]) => {
        const file = requireFile(directory, tableName);
        // A change to several tables only appends, so a failure can be undone table by table.
        const replace = byTable.size === 1 && replacesFile(file, writes.length, directory.compactAfterBytes);
        return { file, writes, base: replace ? (directory.engine as LocalDynamoDB).snapshotTable(tableName) : undefined };
      });
      const appended: [TableFile, number][] = [];
      const streamAppended: [TableFile, number][] = [];
      // Several tables: the whole change goes to one file first, so a crash between appends can't keep half of it (pendingChange.ts).
      const pending = byTable.size > 1;
      try {
        if (pending) await writeFileAtomic(root, PENDING_CHANGE_FILE, pendingChangeLines(byTable));
        for (const { file, writes, base } of plans) {
          if (base) {
            await rewriteTableFile(root, file, base, writes);
          } else {
            const before = file.bytes;
            await append(root, file, writes);
            appended.push([file, before]);
          }
        }
        for (const [tableName, records] of groupRecordsByTable(change.streamRecords)) {
          const file = requireFile(directory, tableName);
          const before = file.streamBytes ?? 0;
          await appendStreamFile(root, file, records);
          streamAppended.push([file, before]);
        }
        if (pending) await removePendingChange(root);
      } catch (error) {
        // All or nothing: the engine will not apply the change, so no table file may keep it.
        for (const [file, before] of appended) await undoAppend(root, file, before);
        for (const [file, before] of streamAppended) await truncate(join(root, streamFileName(file.fileName)), before).catch(() => undefined);
        if (pending) await removePendingChange(root).catch(() => undefined);
        throw error;
      }
      return;
    }
  }
}

async function append(root: string, file: TableFile, writes: readonly ItemWrite[]): Promise<void> {
  if (file.broken) throw file.broken;
  const text = Buffer.from([...changeLines(writes)].join(''), 'utf8');
  try {
    file.handle ??= await open(join(root, file.fileName), 'a');
    await file.handle.appendFile(text);
    await file.handle.datasync();
    file.bytes += text.byteLength;
  } catch (error) {
    await undoAppend(root, file, file.bytes);
    throw error;
  }
}

/** Cuts a file back to `bytes` after a failed append, or marks it broken if even that fails. */
async function undoAppend(root: string, file: TableFile, bytes: number): Promise<void> {
  try {
    await truncate(join(root, file.fileName), bytes);
    file.bytes = bytes;
  } catch (error) {
    file.broken = fileError(error, `table ${file.definition.name} (a failed write could not be undone; restart to recover)`);
  }
}

/** What a failed change's error names. */
export function describeChange(change: EngineChange): string {
  switch (change.type) {
    case 'createTable':
      return `table ${change.table.name}`;
    case 'deleteTable':
      return `the deletion of table ${change.tableName}`;
    case 'updateTable':
      return `the new settings of table ${change.table.name}`;
    case 'writeItems':
      return `the write to ${[...new Set(change.writes.map((write) => write.tableName))].join(', ')}`;
  }
}

/** The write queue of one adapter: the engine hands it one change at a time; close() waits for the one running. */
export interface JournalWriteQueue {
  /** Writes the change; its error names what was not saved. */
  write(change: EngineChange): Promise<void>;
  /** Resolves once the running write has settled (whichever way). */
  idle(): Promise<unknown>;
}

export function createJournalWriteQueue(directory: JournalDirectory): JournalWriteQueue {
  /** The running hook call (the engine runs one at a time), so close() can wait for it. */
  let inFlight: Promise<unknown> = Promise.resolve();
  return {
    write(change) {
      const running = writeChange(directory, change).catch((error: unknown) => {
        throw fileError(error, describeChange(change));
      });
      inFlight = running.catch(() => undefined);
      return running;
    },
    idle: () => inFlight,
  };
}
