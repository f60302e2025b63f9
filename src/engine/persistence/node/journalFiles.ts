import { createHash } from 'node:crypto';
import { rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { ItemWrite, LocalDynamoDB } from '../../localDynamoDB.types';
import type { TableDefinition } from '../../schema/tableDefinition';
import { PersistenceError } from '../persistenceError';
import { syncDirectory } from './atomicFile';
import { PENDING_CHANGE_FILE } from './pendingChange';
import { TABLE_FILE_SUFFIX } from './tableFile';

/*
 * What the data-directory adapter's parts share: the directory, each table's
 * file with what the adapter knows about it (size, append handle, whether a
 * failed append left it unusable), and the engine once loaded. Load fills
 * `files`; the write queue and compaction keep them current.
 */

/** One table's file and what the adapter knows about it. */
export interface TableFile {
  readonly fileName: string;
  /** Replaced by an updateTable change (the header is rewritten with it). */
  definition: TableDefinition;
  /** The append handle (opened on first append; closed when the file is replaced). */
  handle?: FileHandle;
  /** The file's size. */
  bytes: number;
  /** Its size after the last rewrite (or at load): the journal's growth is `bytes - baseBytes`. */
  baseBytes: number;
  /** Set when a failed append could not be undone: the file must not be appended to again. */
  broken?: PersistenceError;
  /** The table's stream records file (streamFile.ts): its append handle and size. */
  streamHandle?: FileHandle;
  streamBytes?: number;
}

/** The data directory as the adapter's parts see it. */
export interface JournalDirectory {
  /** The data directory, absolute. */
  readonly root: string;
  /** Every table's file, by table name. */
  readonly files: Map<string, TableFile>;
  /** The journal growth (bytes) past which a table file is compacted, if its base is smaller. */
  readonly compactAfterBytes: number;
  /** The engine, once load() has filled it. */
  engine: LocalDynamoDB | undefined;
}

export function requireFile(directory: JournalDirectory, tableName: string): TableFile {
  const file = directory.files.get(tableName);
  if (!file) throw new PersistenceError('persistence.writeFailed', `Keylab has no data file for table ${tableName}: the change was not saved.`);
  return file;
}

/** Removes the pending-change file, durably: a later start must not replay a change that was undone or is complete. */
export async function removePendingChange(root: string): Promise<void> {
  await rm(join(root, PENDING_CHANGE_FILE), { force: true });
  await syncDirectory(root);
}

export function groupByTable(writes: readonly ItemWrite[]): Map<string, ItemWrite[]> {
  const byTable = new Map<string, ItemWrite[]>();
  for (const write of writes) {
    let list = byTable.get(write.tableName);
    if (!list) byTable.set(write.tableName, (list = []));
    list.push(write);
  }
  return byTable;
}

/**
 * A table's file name: the table name itself (DynamoDB names are `[A-Za-z0-9_.-]`, safe everywhere),
 * with a hash when it is too long for a file name or when it differs only in case from another
 * table's (case-insensitive file systems would make them one file). The header holds the real name.
 */
export function fileNameFor(tableName: string, files: ReadonlyMap<string, TableFile>): string {
  const hash = createHash('sha256').update(tableName).digest('hex').slice(0, 12);
  const plain = tableName.length <= 200 ? tableName + TABLE_FILE_SUFFIX : `${tableName.slice(0, 200)}~${hash}${TABLE_FILE_SUFFIX}`;
  const taken = new Set([...files.values()].map((file) => file.fileName.toLowerCase()));
  return taken.has(plain.toLowerCase()) ? `${tableName.slice(0, 200)}~${hash}${TABLE_FILE_SUFFIX}` : plain;
}
