import type { Item } from '../../../expressions';
import type { EngineChange, ItemWrite } from '../../localDynamoDB.types';
import { tableNameOfStreamArn } from '../../streams/streamSetting';
import { BLOCK_ITEMS, tableLogRange, type KeylabDB, type LogRecord, type WriteTransaction } from './idbSchema';
import { checkOwner, type Fence } from './tabLock';

/*
 * The write queue: every engine change as one IndexedDB transaction. The
 * engine runs one change at a time and waits for it; IndexedDB runs
 * read-write transactions over the same stores in the order they were
 * created, so the log's records keep the engine's order. A change resolves
 * only once its transaction has completed (`tx.done`) — never half stored.
 */

/**
 * A committed write is on disk, not only handed to the OS: a write the caller
 * saw succeed survives a browser or OS crash. Costs a flush per transaction,
 * which a bulk load pays once (it is one transaction).
 */
export const WRITE_OPTIONS: IDBTransactionOptions = { durability: 'strict' };

/** The next `log` sequence number: above every stored one (load sets it, every record added takes one). */
export interface LogSequence {
  next: number;
}

/** Stores one engine change in one transaction, checking the owner fence first. */
export async function writeChange(database: KeylabDB, fence: Fence, seq: LogSequence, change: EngineChange): Promise<void> {
  switch (change.type) {
    case 'createTable':
      await runWrite(database.transaction(['meta', 'tables', 'log', 'streams'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
        // A leftover log (or stream) of an earlier table of this name must not come back.
        requests.push(tx.objectStore('log').delete(tableLogRange(change.table.name)));
        requests.push(tx.objectStore('streams').delete(tableLogRange(change.table.name)));
        requests.push(tx.objectStore('tables').put({ definition: change.table }, change.table.name));
      });
      break;
    case 'deleteTable':
      await runWrite(database.transaction(['meta', 'tables', 'log', 'streams'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
        requests.push(tx.objectStore('tables').delete(change.tableName));
        requests.push(tx.objectStore('log').delete(tableLogRange(change.tableName)));
        requests.push(tx.objectStore('streams').delete(tableLogRange(change.tableName)));
      });
      break;
    case 'updateTable':
      // Only the definition changes: the log of item writes stays the table's.
      await runWrite(database.transaction(['meta', 'tables'], 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
        requests.push(tx.objectStore('tables').put({ definition: change.table }, change.table.name));
      });
      break;
    case 'writeItems': {
      const records = logRecordsOf(change.writes);
      const streamRecords = change.streamRecords ?? [];
      const stores: ('meta' | 'log' | 'streams')[] = streamRecords.length > 0 ? ['meta', 'log', 'streams'] : ['meta', 'log'];
      await runWrite(database.transaction(stores, 'readwrite', WRITE_OPTIONS), fence, (tx, requests) => {
        const log = tx.objectStore('log');
        // add, not put: a clash with a stored record is an error, never a silent overwrite.
        for (const [tableName, record] of records) requests.push(log.add(record, [tableName, seq.next++]));
        if (streamRecords.length === 0) return;
        const streams = tx.objectStore('streams');
        for (const record of streamRecords) requests.push(streams.add(record, [tableNameOfStreamArn(record.streamArn), record.sequence]));
      });
      break;
    }
  }
}

/**
 * Checks the `fence` (the store is still this tab's: else aborts, refusing
 * the write), queues a transaction's requests (`queue` pushes each request's promise into
 * `requests` as it makes it) and waits for all of them and for the
 * transaction to complete. If queueing throws (e.g. a value that cannot be
 * cloned, or an inactive transaction), the transaction is aborted so the
 * requests queued before it are not committed; every promise gets a handler,
 * so nothing is left unhandled.
 */
export async function runWrite(
  tx: WriteTransaction,
  fence: Fence | undefined,
  queue: (tx: WriteTransaction, requests: Promise<unknown>[]) => void,
): Promise<void> {
  if (fence) await checkOwner(tx, fence);
  const requests: Promise<unknown>[] = [];
  try {
    queue(tx, requests);
  } catch (error) {
    for (const request of requests) request.catch(() => undefined);
    tx.done.catch(() => undefined);
    try {
      tx.abort();
    } catch {
      // Already finished or aborted: nothing was committed by us.
    }
    throw error;
  }
  await Promise.all([...requests, tx.done]);
}

/** One `log` record per table touched by the change, cut into blocks of {@link BLOCK_ITEMS} writes. */
function logRecordsOf(writes: readonly ItemWrite[]): [string, LogRecord][] {
  const byTable = new Map<string, ItemWrite[]>();
  for (const write of writes) {
    let list = byTable.get(write.tableName);
    if (!list) byTable.set(write.tableName, (list = []));
    list.push(write);
  }
  const records: [string, LogRecord][] = [];
  for (const [tableName, list] of byTable) {
    const putsOnly = list.every((write) => write.item !== undefined);
    for (let start = 0; start < list.length; start += BLOCK_ITEMS) {
      const block = list.slice(start, start + BLOCK_ITEMS);
      records.push([
        tableName,
        putsOnly
          ? { puts: block.map((write) => write.item as Item) }
          : { writes: block.map((write) => (write.item ? { key: write.key, item: write.item } : { key: write.key })) },
      ]);
    }
  }
  return records;
}
