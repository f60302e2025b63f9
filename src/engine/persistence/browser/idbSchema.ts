import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { Item } from '../../../expressions';
import type { TableDefinition } from '../../schema/tableDefinition';
import type { StreamRecordEntry } from '../../streams/streamLog';

/**
 * The IndexedDB layout of the built-in tables (database `keylab`, version 1).
 *
 * - `tables` — one record per table, key = table name: `{ definition }`.
 * - `log` — the tables' items as an append-only log, key = `[tableName, seq]`
 *   (seq: a number increasing across the database). A record is one change's
 *   writes to one table: `{ puts }` (items only — the common case) or
 *   `{ writes }` (puts and deletes, in order). A bulk load is cut into records
 *   of {@link BLOCK_ITEMS} items.
 * - `meta` — `initialized` (epoch ms) once first-run setup is done; `owner`, the token of the tab
 *   that owns the store now (every write checks it, so a tab that was taken over writes nothing).
 * - `streams` (version 2) — the tables' stream records of the last 24 hours,
 *   key = `[tableName, sequence]`, value = the engine's StreamRecordEntry;
 *   added in the same transaction as the writes that made them.
 *
 * Why a log of blocks rather than one record per item: Chromium pays ~40 µs
 * of IPC per request, so one put per item stores 1M items in ~40 s, while
 * 1,000 puts of 1,000 items each take ~1.5 s. A single-item write is still
 * one small record in one small transaction; loading replays the log (later
 * writes win) and rewrites a table as blocks when small records and
 * overwritten items dominate it (see `compactTable`).
 */

/** The database name used when none is given. */
export const DEFAULT_DATABASE_NAME = 'keylab';

/** The schema version. Bump it and add a step to {@link upgradeDatabase} when the layout changes. */
export const DB_VERSION = 2;

/** Items per `log` record when a change is cut into blocks (bulk loads, compaction). */
export const BLOCK_ITEMS = 1000;

/** A table's record in the `tables` store. */
export interface StoredTable {
  readonly definition: TableDefinition;
}

/** One write of a mixed record: a put (`item`) or a delete (`item` absent). */
export interface StoredWrite {
  readonly key: Item;
  readonly item?: Item;
}

/** A record of the `log` store: one change's writes to one table. */
export type LogRecord = { readonly puts: readonly Item[] } | { readonly writes: readonly StoredWrite[] };

/** The database's typed schema (for idb). */
export interface KeylabDBSchema extends DBSchema {
  meta: { key: string; value: number | string };
  tables: { key: string; value: StoredTable };
  log: { key: [string, number]; value: LogRecord };
  streams: { key: [string, number]; value: StreamRecordEntry };
}

/** An open Keylab database. */
export type KeylabDB = IDBPDatabase<KeylabDBSchema>;

/** A read-write transaction over any of the stores. */
export type WriteTransaction = IDBPTransaction<KeylabDBSchema, StoreNames<KeylabDBSchema>[], 'readwrite'>;

/**
 * Creates or upgrades the stores, one step per version, so a database left by
 * any older Keylab is brought up to date inside the versionchange transaction
 * (all or nothing).
 */
export function upgradeDatabase(
  db: KeylabDB,
  oldVersion: number,
  _transaction: IDBPTransaction<KeylabDBSchema, StoreNames<KeylabDBSchema>[], 'versionchange'>,
): void {
  if (oldVersion < 1) {
    db.createObjectStore('meta');
    db.createObjectStore('tables');
    db.createObjectStore('log');
  }
  if (oldVersion < 2) db.createObjectStore('streams');
  // Version 3 and later: migrate here with `if (oldVersion < 3) { … }`, reading through `_transaction`.
}

/** Every `log` key of one table: `[name, -∞]` … `[name, +∞]`. */
export function tableLogRange(tableName: string): IDBKeyRange {
  return IDBKeyRange.bound([tableName, -Infinity], [tableName, Infinity]);
}

/** True for a `log` record this version can read. */
export function isLogRecord(value: unknown): value is LogRecord {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return Array.isArray(record.puts) || Array.isArray(record.writes);
}
