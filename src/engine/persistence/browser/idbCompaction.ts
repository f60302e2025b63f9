import type { Item } from '../../../expressions';
import { writeError } from './idbErrors';
import { BLOCK_ITEMS, tableLogRange, type KeylabDB } from './idbSchema';
import { runWrite, WRITE_OPTIONS, type LogSequence } from './idbWriteQueue';
import type { Fence } from './tabLock';

/*
 * Compaction, done while loading: a table's log rewritten as blocks of its
 * live items when small records and overwritten items dominate it, and its
 * stream records older than 24 hours deleted. Each is one transaction (all
 * or nothing), fenced like every write.
 */

/** Whether a table's log is worth rewriting: far more records than its live items need, or far more writes than live items. */
export function needsCompaction(records: number, writes: number, liveItems: number): boolean {
  const ideal = Math.ceil(liveItems / BLOCK_ITEMS);
  return records > 2 * ideal + 64 || writes > 2 * liveItems + 1_000;
}

/** Rewrites a table's log as blocks of its live items, in one transaction (all or nothing). */
export async function compactTable(database: KeylabDB, fence: Fence, seq: LogSequence, tableName: string, live: readonly Item[]): Promise<void> {
  try {
    await runWrite(database.transaction(['meta', 'log'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
      const log = tx.objectStore('log');
      requests.push(log.delete(tableLogRange(tableName)));
      for (let start = 0; start < live.length; start += BLOCK_ITEMS) {
        requests.push(log.add({ puts: live.slice(start, start + BLOCK_ITEMS) }, [tableName, seq.next++]));
      }
    });
  } catch (error) {
    throw writeError(error);
  }
}

/** Deletes a table's stream records below `firstKept` (all of them without one): those past 24 hours. */
export async function trimStreamRecords(database: KeylabDB, fence: Fence, tableName: string, firstKept: number | undefined): Promise<void> {
  const range = firstKept === undefined ? tableLogRange(tableName) : IDBKeyRange.bound([tableName, -Infinity], [tableName, firstKept], false, true);
  try {
    await runWrite(database.transaction(['meta', 'streams'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
      requests.push(tx.objectStore('streams').delete(range));
    });
  } catch (error) {
    throw writeError(error);
  }
}
