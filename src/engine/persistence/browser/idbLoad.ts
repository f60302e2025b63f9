import type { LocalDynamoDB } from '../../localDynamoDB.types';
import type { TableDefinition } from '../../schema/tableDefinition';
import type { PersistenceLoadResult } from '../persistence.types';
import { PersistenceError } from '../persistenceError';
import { TableReplay } from '../replayWrites';
import { compactTable, needsCompaction, trimStreamRecords } from './idbCompaction';
import { readError } from './idbErrors';
import { isLogRecord, tableLogRange, type KeylabDB } from './idbSchema';
import type { LogSequence } from './idbWriteQueue';
import type { Fence } from './tabLock';

/*
 * Load: every stored table replayed from its log into the engine (later
 * writes win), its stream records restored, and the log compacted where
 * garbage dominates it. A record of an unknown shape refuses the load
 * (`persistence.corrupt`): never a half-loaded table.
 */

/** Reads every stored table into `target`; sets `seq` above every stored record. */
export async function loadStoredTables(database: KeylabDB, target: LocalDynamoDB, fence: Fence, seq: LogSequence): Promise<PersistenceLoadResult> {
  const tables: string[] = [];
  const warnings: string[] = [];
  let items = 0;
  let initialized: number | undefined;
  try {
    const tx = database.transaction(['meta', 'tables', 'log'], 'readonly');
    const [marker, stored, logKeys] = await Promise.all([
      tx.objectStore('meta').get('initialized'),
      tx.objectStore('tables').getAll(),
      tx.objectStore('log').getAllKeys(),
      tx.done,
    ]);
    initialized = typeof marker === 'number' ? marker : undefined;
    for (const [, logSeq] of logKeys) if (logSeq >= seq.next) seq.next = logSeq + 1;

    for (const { definition } of stored) {
      const count = await restoreTable(database, target, definition, fence, seq);
      tables.push(definition.name);
      items += count;
    }
  } catch (error) {
    throw readError(error);
  }
  return { tables, items, firstRun: initialized === undefined, warnings };
}

/** Replays one table's log into the engine; compacts the log when garbage dominates it. Returns the item count. */
async function restoreTable(database: KeylabDB, target: LocalDynamoDB, definition: TableDefinition, fence: Fence, seq: LogSequence): Promise<number> {
  const tx = database.transaction(['log', 'streams'], 'readonly');
  const [records, streamRecords] = await Promise.all([
    tx.objectStore('log').getAll(tableLogRange(definition.name)),
    tx.objectStore('streams').getAll(tableLogRange(definition.name)),
    tx.done,
  ]);
  const replay = new TableReplay(definition);
  for (const record of records) replayRecord(replay, record, definition.name);
  const restored = target.restoreTable({ table: definition, items: replay.items(), streamRecords });
  const keptRecords = restored.streamRecords;
  if (keptRecords.length < streamRecords.length) await trimStreamRecords(database, fence, definition.name, keptRecords[0]?.sequence);

  // The table's items are walked only when the log is compacted.
  if (needsCompaction(records.length, replay.writes, restored.itemCount)) {
    await compactTable(database, fence, seq, definition.name, target.snapshotTable(definition.name).items);
  }
  return restored.itemCount;
}

function replayRecord(replay: TableReplay, record: unknown, tableName: string): void {
  if (!isLogRecord(record)) {
    throw new PersistenceError('persistence.corrupt', `A stored record of table ${tableName} has an unknown shape: the stored tables are damaged.`);
  }
  if ('puts' in record) {
    for (const item of record.puts) replay.put(item);
  } else {
    for (const write of record.writes) {
      if (write.item) replay.put(write.item);
      else replay.delete(write.key);
    }
  }
}
