import { itemSize, type Item } from '../expressions';
import type {
  EngineChange,
  ItemWrite,
  LoadItemsResult,
  LocalDynamoDB,
  LocalDynamoDBOptions,
  RestoredTable,
  RestoreTableResult,
  TableSnapshot,
} from './localDynamoDB.types';
import { DeferredItem } from './storage/deferredItem';
import { planBatchExecuteStatement } from './operations/batchExecuteStatement';
import { planBatchWriteItem } from './operations/batchWriteItem';
import { withItemCollectionMetrics } from './operations/itemCollectionMetrics';
import { batchGetItem } from './operations/batchGetItem';
import { requireTable, type EngineContext, type WritePlan } from './operations/context';
import { planCreateTable } from './operations/createTable';
import { planDeleteItem } from './operations/deleteItem';
import { describeStream } from './operations/describeStream';
import { getRecords } from './operations/getRecords';
import { getShardIterator } from './operations/getShardIterator';
import { listStreams } from './operations/listStreams';
import { planDeleteTable } from './operations/deleteTable';
import { describeTable } from './operations/describeTable';
import { planExecuteStatement } from './operations/executeStatement';
import { planExecuteTransaction } from './operations/executeTransaction';
import { describeTimeToLive } from './operations/describeTimeToLive';
import { getItem } from './operations/getItem';
import { listTables } from './operations/listTables';
import { listTagsOfResource } from './operations/listTagsOfResource';
import { planPutItem } from './operations/putItem';
import { query } from './operations/query';
import { itemTooLarge } from './operations/requestHelpers';
import { scan } from './operations/scan';
import { planTagResource } from './operations/tagResource';
import { transactGetItems } from './operations/transactGetItems';
import { TransactionTokens } from './operations/transactionTokens';
import { planTransactWriteItems } from './operations/transactWriteItems';
import { planUntagResource } from './operations/untagResource';
import { planUpdateItem } from './operations/updateItem';
import { planUpdateTable } from './operations/updateTable';
import { TableStates } from './operations/tableStates';
import { checkItemKeys, keyOf } from './schema/checkKeys';
import { TableStore } from './storage/tableStore';
import { EngineStreams } from './streams/engineStreams';
import { planUpdateTimeToLive } from './operations/updateTimeToLive';
import { TtlSweeper, type SweepOptions } from './ttl/ttlSweep';
import { copyItem } from './values/copyItem';
import { readItem } from './values/readAttributeValue';
import { MAX_ITEM_BYTES } from '../dynamo';
import { resourceNotFound } from './requestErrors';

/**
 * A write by DynamoDB's own service (the TTL sweep marks its deletions `by: 'ttl'`, on the
 * change or on a write): its stream records carry `userIdentity` (Type Service).
 */
function isServiceWrite(change: EngineChange, write: ItemWrite): boolean {
  return (change as { by?: unknown }).by === 'ttl' || (write as { by?: unknown }).by === 'ttl';
}

/**
 * Creates Keylab's built-in DynamoDB: an in-memory engine with the methods of
 * the AWS SDK v3 `DynamoDB` client, DynamoDB's semantics and messages, and
 * ordered storage (each partition sorted with `compareKeys`).
 *
 * Every method returns a promise, like the SDK's. Reads run against the
 * current state. Writes are validated and planned against the current state,
 * handed to the storage hook (if any) and only then applied; with a hook they
 * are serialised, so each one sees the one before it.
 *
 * @example
 * const db = createLocalDynamoDB();
 * await db.createTable({ TableName: "Scores", KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
 *   AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }, { AttributeName: "sk", AttributeType: "S" }], BillingMode: "PAY_PER_REQUEST" });
 * await db.putItem({ TableName: "Scores", Item: { pk: { S: "p" }, sk: { S: "10" } } });
 * const { Items } = await db.query({ TableName: "Scores", KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": { S: "p" } } });
 */
export function createLocalDynamoDB(options: LocalDynamoDBOptions = {}): LocalDynamoDB {
  const tables = new Map<string, TableStore>();
  const region = options.region ?? 'ddblocal';
  const accountId = options.accountId ?? '000000000000';
  const now = options.clock ?? Date.now;
  const context: EngineContext = {
    tables,
    region,
    accountId,
    transactionTokens: new TransactionTokens(),
    streams: new EngineStreams((tableName) => `arn:aws:dynamodb:${region}:${accountId}:table/${tableName}`, now),
    states: new TableStates(options.transientStatusMs ?? 0, now),
    now,
  };
  const streams = context.streams;
  const storage = options.storage;
  const ttlSweeper = new TtlSweeper();
  const listeners = new Set<(change: EngineChange) => void>();
  /** The tail of the write queue (used only with a storage hook). */
  let queue: Promise<unknown> = Promise.resolve();

  function apply(change: EngineChange): void {
    switch (change.type) {
      case 'createTable':
        tables.set(change.table.name, new TableStore(change.table));
        streams.tableDefined(change.table);
        break;
      case 'deleteTable':
        tables.delete(change.tableName);
        streams.tableDeleted(change.tableName);
        break;
      case 'updateTable':
        (tables.get(change.table.name) as TableStore).redefine(change.table);
        streams.tableDefined(change.table);
        break;
      case 'writeItems':
        applyWrites(change.writes);
        if (change.streamRecords) streams.append(change.streamRecords);
        break;
    }
    for (const listener of listeners) {
      // The change is applied and (with a hook) stored: a failing listener must not fail the write.
      try {
        listener(change);
      } catch (error) {
        console.error('Keylab engine: a change listener failed', error);
      }
    }
  }

  function applyWrites(writes: readonly ItemWrite[]): void {
    // A large batch (the bulk-load path) goes through putMany, which builds empty partitions in one go.
    if (writes.length > 64 && writes.every((write) => write.item !== undefined && write.tableName === writes[0]?.tableName)) {
      (tables.get(writes[0]?.tableName as string) as TableStore).putMany(writes.map((write) => write.item as Item));
      return;
    }
    for (const write of writes) {
      const table = tables.get(write.tableName) as TableStore;
      if (write.item) table.put(write.item);
      else table.delete(write.key);
    }
  }

  /** Runs a read: synchronously, against the current state. */
  function read<Input, Output>(operation: (context: EngineContext, input: Input) => Output) {
    return (input: Input): Promise<Output> => {
      try {
        return Promise.resolve(operation(context, input));
      } catch (error) {
        return Promise.reject(error);
      }
    };
  }

  /** Runs a write: plan, store (storage hook), apply. */
  function write<Input, Output>(plan: (context: EngineContext, input: Input) => WritePlan<Output>) {
    return (input: Input): Promise<Output> => commit(() => plan(context, input));
  }

  /**
   * The planned change with the stream records its writes make: numbered now,
   * before it is stored, against the items as they are before it.
   */
  function withStreamRecords(change: EngineChange | undefined): EngineChange | undefined {
    if (change?.type !== 'writeItems' || streams.idle) return change;
    const streamRecords = streams.recordsFor(change.writes, currentItem, (write) => isServiceWrite(change, write));
    return streamRecords ? { ...change, streamRecords } : change;
  }

  function currentItem(tableName: string, key: Item): Item | undefined {
    return tables.get(tableName)?.get(key)?.item;
  }

  function commit<Output>(planWrite: () => WritePlan<Output>): Promise<Output> {
    if (!storage) {
      try {
        const planned = planWrite();
        const { output, onCommitted } = planned;
        const change = withStreamRecords(planned.change);
        if (change) apply(change);
        onCommitted?.();
        return Promise.resolve(output);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const result = queue.then(async () => {
      const planned = planWrite();
      const { output, onCommitted } = planned;
      const change = withStreamRecords(planned.change);
      if (change) {
        await storage.write(change);
        apply(change);
      }
      onCommitted?.();
      return output;
    });
    // The queue carries on after a failed write; the failure goes to that write's caller.
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    createTable: write(planCreateTable),
    deleteTable: write(planDeleteTable),
    describeTable: read(describeTable),
    listTables: read(listTables),
    putItem: write(withItemCollectionMetrics(planPutItem, 'single')),
    getItem: read(getItem),
    deleteItem: write(withItemCollectionMetrics(planDeleteItem, 'single')),
    updateItem: write(withItemCollectionMetrics(planUpdateItem, 'single')),
    batchWriteItem: write(withItemCollectionMetrics(planBatchWriteItem, 'perTable')),
    batchGetItem: read(batchGetItem),
    query: read(query),
    scan: read(scan),
    transactWriteItems: write(withItemCollectionMetrics(planTransactWriteItems, 'perTable')),
    transactGetItems: read(transactGetItems),
    updateTable: write(planUpdateTable),
    executeStatement: write(planExecuteStatement),
    batchExecuteStatement: write(planBatchExecuteStatement),
    executeTransaction: write(planExecuteTransaction),
    listStreams: read(listStreams),
    describeStream: read(describeStream),
    getShardIterator: read(getShardIterator),
    getRecords: read(getRecords),
    updateTimeToLive: write(planUpdateTimeToLive),
    describeTimeToLive: read(describeTimeToLive),
    tagResource: write(planTagResource),
    untagResource: write(planUntagResource),
    listTagsOfResource: read(listTagsOfResource),

    sweepExpiredItems(sweepOptions?: SweepOptions): Promise<number> {
      // Planned inside the commit, so the sweep sees every write queued before it.
      return commit(() => {
        const writes = ttlSweeper.plan(tables, context.now(), sweepOptions);
        return { change: writes.length > 0 ? { type: 'writeItems', writes, by: 'ttl' } : undefined, output: writes.length };
      });
    },

    loadItems(tableName: string, items: Iterable<Item>): Promise<LoadItemsResult> {
      return commit(() => {
        const table = requireTable(context, tableName);
        const writes: ItemWrite[] = [];
        for (const input of items) {
          const item = readItem(input);
          if (itemSize(item) > MAX_ITEM_BYTES) throw itemTooLarge();
          checkItemKeys(item, table.definition);
          writes.push({ tableName, key: keyOf(item, table.definition.keys), item });
        }
        return { change: writes.length > 0 ? { type: 'writeItems', writes } : undefined, output: { loaded: writes.length } };
      });
    },

    snapshotTable(tableName: string): TableSnapshot {
      // Also while CREATING or UPDATING (which item requests are not served in): a persistence adapter saves it.
      const table = tables.get(tableName);
      if (!table) throw resourceNotFound();
      const items: Item[] = [];
      const itemSizes: number[] = [];
      for (const partition of table.items.partitionsInScanOrder().values()) {
        for (const entry of partition.entries.values()) {
          items.push(entry.record.item);
          itemSizes.push(entry.record.size);
        }
      }
      const streamRecords = streams.recordsOf(tableName);
      return { table: table.definition, items, itemSizes, ...(streamRecords.length > 0 ? { streamRecords } : {}) };
    },

    restoreTable(snapshot: RestoredTable, restoreOptions?: { readonly handOver?: boolean }): RestoreTableResult {
      const table = new TableStore(snapshot.table);
      // Copied unless handed over: the snapshot's objects stay the caller's (a deferred item is read from its own source).
      table.putMany(restoreOptions?.handOver ? snapshot.items : snapshot.items.map((item) => (item instanceof DeferredItem ? item : copyItem(item, true))));
      tables.set(snapshot.table.name, table);
      // A table saved while CREATING or UPDATING loads ACTIVE.
      context.states.clear(snapshot.table.name);
      streams.restore(snapshot.table, snapshot.streamRecords ?? []);
      return { itemCount: table.items.count, streamRecords: streams.recordsOf(snapshot.table.name) };
    },

    subscribe(listener: (change: EngineChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
