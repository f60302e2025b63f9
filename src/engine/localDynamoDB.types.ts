import type {
  BatchGetItemCommandInput,
  BatchGetItemCommandOutput,
  BatchWriteItemCommandInput,
  BatchWriteItemCommandOutput,
  BatchExecuteStatementCommandInput,
  BatchExecuteStatementCommandOutput,
  CreateTableCommandInput,
  CreateTableCommandOutput,
  DeleteItemCommandInput,
  DeleteItemCommandOutput,
  DeleteTableCommandInput,
  DeleteTableCommandOutput,
  DescribeTableCommandInput,
  DescribeTableCommandOutput,
  ExecuteStatementCommandInput,
  ExecuteStatementCommandOutput,
  ExecuteTransactionCommandInput,
  ExecuteTransactionCommandOutput,
  DescribeTimeToLiveCommandInput,
  DescribeTimeToLiveCommandOutput,
  GetItemCommandInput,
  GetItemCommandOutput,
  ListTablesCommandInput,
  ListTablesCommandOutput,
  ListTagsOfResourceCommandInput,
  ListTagsOfResourceCommandOutput,
  PutItemCommandInput,
  PutItemCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TagResourceCommandInput,
  TagResourceCommandOutput,
  TransactGetItemsCommandInput,
  TransactGetItemsCommandOutput,
  TransactWriteItemsCommandInput,
  TransactWriteItemsCommandOutput,
  UntagResourceCommandInput,
  UntagResourceCommandOutput,
  UpdateItemCommandInput,
  UpdateItemCommandOutput,
  UpdateTableCommandInput,
  UpdateTableCommandOutput,
  UpdateTimeToLiveCommandInput,
  UpdateTimeToLiveCommandOutput,
} from '@aws-sdk/client-dynamodb';
import type {
  DescribeStreamCommandInput,
  DescribeStreamCommandOutput,
  GetRecordsCommandInput,
  GetRecordsCommandOutput,
  GetShardIteratorCommandInput,
  GetShardIteratorCommandOutput,
  ListStreamsCommandInput,
  ListStreamsCommandOutput,
} from '@aws-sdk/client-dynamodb-streams';
import type { Item } from '../expressions';
import type { RestoredItem } from './storage/deferredItem';
import type { TableDefinition } from './schema/tableDefinition';
import type { StreamRecordEntry } from './streams/streamLog';
import type { SweepOptions } from './ttl/ttlSweep';

/**
 * The data-source shape of the whole app: these methods of the AWS SDK v3
 * aggregated `DynamoDB` client, with the SDK's own input and output types.
 * A real `DynamoDB` client satisfies it as is; `createLocalDynamoDB` returns
 * an object that does too, so the UI never knows which one it talks to.
 */
export interface DynamoDBDataSource {
  createTable(input: CreateTableCommandInput): Promise<CreateTableCommandOutput>;
  deleteTable(input: DeleteTableCommandInput): Promise<DeleteTableCommandOutput>;
  describeTable(input: DescribeTableCommandInput): Promise<DescribeTableCommandOutput>;
  listTables(input: ListTablesCommandInput): Promise<ListTablesCommandOutput>;
  putItem(input: PutItemCommandInput): Promise<PutItemCommandOutput>;
  getItem(input: GetItemCommandInput): Promise<GetItemCommandOutput>;
  deleteItem(input: DeleteItemCommandInput): Promise<DeleteItemCommandOutput>;
  updateItem(input: UpdateItemCommandInput): Promise<UpdateItemCommandOutput>;
  batchWriteItem(input: BatchWriteItemCommandInput): Promise<BatchWriteItemCommandOutput>;
  batchGetItem(input: BatchGetItemCommandInput): Promise<BatchGetItemCommandOutput>;
  query(input: QueryCommandInput): Promise<QueryCommandOutput>;
  scan(input: ScanCommandInput): Promise<ScanCommandOutput>;
  transactWriteItems(input: TransactWriteItemsCommandInput): Promise<TransactWriteItemsCommandOutput>;
  transactGetItems(input: TransactGetItemsCommandInput): Promise<TransactGetItemsCommandOutput>;
  updateTable(input: UpdateTableCommandInput): Promise<UpdateTableCommandOutput>;
  executeStatement(input: ExecuteStatementCommandInput): Promise<ExecuteStatementCommandOutput>;
  batchExecuteStatement(input: BatchExecuteStatementCommandInput): Promise<BatchExecuteStatementCommandOutput>;
  executeTransaction(input: ExecuteTransactionCommandInput): Promise<ExecuteTransactionCommandOutput>;
  updateTimeToLive(input: UpdateTimeToLiveCommandInput): Promise<UpdateTimeToLiveCommandOutput>;
  describeTimeToLive(input: DescribeTimeToLiveCommandInput): Promise<DescribeTimeToLiveCommandOutput>;
  tagResource(input: TagResourceCommandInput): Promise<TagResourceCommandOutput>;
  untagResource(input: UntagResourceCommandInput): Promise<UntagResourceCommandOutput>;
  listTagsOfResource(input: ListTagsOfResourceCommandInput): Promise<ListTagsOfResourceCommandOutput>;
}

/**
 * DynamoDB Streams' methods (the AWS SDK v3 `DynamoDBStreams` client's, with
 * its types): a real client satisfies it, and so does the built-in engine.
 * Kept apart from {@link DynamoDBDataSource} so the app's other sources need not have them.
 */
export interface DynamoDBStreamsDataSource {
  listStreams(input: ListStreamsCommandInput): Promise<ListStreamsCommandOutput>;
  describeStream(input: DescribeStreamCommandInput): Promise<DescribeStreamCommandOutput>;
  getShardIterator(input: GetShardIteratorCommandInput): Promise<GetShardIteratorCommandOutput>;
  getRecords(input: GetRecordsCommandInput): Promise<GetRecordsCommandOutput>;
}

/** One item written or deleted by a change. */
export interface ItemWrite {
  readonly tableName: string;
  /** The item's key (table key attributes). */
  readonly key: Item;
  /** The item as stored after the write, or undefined for a delete. */
  readonly item: Item | undefined;
}

/**
 * A change to the engine's data, as the storage hook and subscribers see it.
 * Items are the engine's own stored objects: read them, never modify them.
 */
export type EngineChange =
  | { readonly type: 'createTable'; readonly table: TableDefinition }
  | { readonly type: 'deleteTable'; readonly tableName: string }
  /**
   * A new definition for an existing table (UpdateTable, UpdateTimeToLive,
   * TagResource…): its keys are unchanged; an index new to it is built from
   * the stored items, one missing from it is dropped.
   */
  | { readonly type: 'updateTable'; readonly table: TableDefinition }
  /**
   * Items written or deleted. `by: 'ttl'` marks the deletes of DynamoDB's
   * TTL process (LocalDynamoDB.sweepExpiredItems), whose stream records name
   * the service as their user identity.
   */
  | {
      readonly type: 'writeItems';
      readonly writes: readonly ItemWrite[];
      /** The stream records the writes make (tables with a stream enabled), for a persistence adapter to keep. */
      readonly streamRecords?: readonly StreamRecordEntry[];
      readonly by?: 'ttl';
    };

/**
 * Where a persistence adapter plugs in: a write-ahead hook. The engine calls
 * `write` with each change after validating it and before applying it in
 * memory, and the operation resolves only once the returned promise resolves
 * — so a write the caller saw succeed is stored. If the promise rejects, the
 * change is not applied and the operation rejects with that error (a failed
 * write is reported, never swallowed). Writes are serialised while a hook is
 * set, so the hook sees changes one at a time, in commit order.
 */
export interface StorageHook {
  write(change: EngineChange): void | Promise<void>;
}

/** Options of {@link createLocalDynamoDB}. */
export interface LocalDynamoDBOptions {
  /**
   * The region in table ARNs. Default `ddblocal`, as DynamoDB Local writes
   * them: `arn:aws:dynamodb:ddblocal:000000000000:table/X`.
   */
  readonly region?: string;
  /** The account in table ARNs. Default `000000000000`. */
  readonly accountId?: string;
  /** Epoch milliseconds for CreationDateTime and for TTL expiry (sweepExpiredItems). Default `Date.now`. */
  readonly clock?: () => number;
  /** A persistence adapter's write-ahead hook. */
  readonly storage?: StorageHook;
  /**
   * How long a table or index stays in a transient status (CREATING,
   * UPDATING, DELETING, a GSI's backfill) before it settles, in
   * milliseconds, like DynamoDB Local's `-delayTransientStatuses`. Default 0:
   * the change settles at once (what tests want).
   */
  readonly transientStatusMs?: number;
}

/** A table with all its items, as a persistence adapter saves and restores it. */
export interface TableSnapshot {
  readonly table: TableDefinition;
  /** The stored items (the engine's own objects: read-only). */
  readonly items: readonly Item[];
  /** Each item's size in bytes (itemSize), in the order of `items`: snapshotTable gives them, so a saved file need not work them out again. */
  readonly itemSizes?: readonly number[];
  /** The table's stream records of the last 24 hours, oldest first (restored with the table; older ones are dropped). */
  readonly streamRecords?: readonly StreamRecordEntry[];
}

/** What {@link LocalDynamoDB.restoreTable} takes: a snapshot whose items may still be to be read (handed over only). */
export interface RestoredTable extends Omit<TableSnapshot, 'items' | 'itemSizes'> {
  readonly items: readonly RestoredItem[];
}

/** What {@link LocalDynamoDB.restoreTable} made of a snapshot. */
export interface RestoreTableResult {
  /** Items the table holds (later items with an earlier one's key counted once). */
  readonly itemCount: number;
  /** The stream records it kept (those of the last 24 hours), oldest first. */
  readonly streamRecords: readonly StreamRecordEntry[];
}

/** What {@link LocalDynamoDB.loadItems} did. */
export interface LoadItemsResult {
  /** Items written (duplicates of one key count once per write). */
  readonly loaded: number;
}

/**
 * The built-in engine: a {@link DynamoDBDataSource} plus what a persistence
 * adapter, the sample-table generator and the UI's live view need.
 */
export interface LocalDynamoDB extends DynamoDBDataSource, DynamoDBStreamsDataSource {
  /**
   * The bulk-load path: validates items as PutItem does and writes them all
   * as one change (one storage-hook call), building empty partitions in one
   * sort instead of one insert per item. Later items win over earlier items
   * with the same key. Rejects, writing nothing, if any item is invalid.
   */
  loadItems(tableName: string, items: Iterable<Item>): Promise<LoadItemsResult>;
  /** The table's definition and items, for a persistence adapter to save. Throws ResourceNotFoundException. */
  snapshotTable(tableName: string): TableSnapshot;
  /**
   * Puts a saved table back as it was (same CreationDateTime), replacing a
   * table of the same name. Items are trusted (they came from the engine) and
   * the storage hook is not called: this is how persisted data is loaded.
   * The items are copied, unless `handOver` says they are the caller's no
   * longer: objects it made for this call alone (a data file's freshly parsed
   * items) and never touches again, which the engine then keeps as they are
   * (freezing them) instead of copying 100,000 items at a start. Deferred
   * items (a data file's items known by key and size: see deferredItem.ts)
   * are stored by key and read when first needed, copied or not.
   */
  restoreTable(snapshot: RestoredTable, options?: { readonly handOver?: boolean }): RestoreTableResult;
  /**
   * DynamoDB's background TTL process, one run: deletes the expired items of
   * every table with TTL enabled — items whose TTL attribute is a Number of
   * epoch seconds before the engine's clock, and not more than five years
   * before it (DynamoDB ignores those) — as one `writeItems` change marked
   * `by: 'ttl'`. Until a sweep deletes them, expired items are read as usual,
   * as on DynamoDB. Resolves with the number of items deleted.
   *
   * With `maxItemsPerTable`, looks at that many items of each table, resuming
   * where the previous sliced sweep stopped (what a timer uses: see
   * startTtlSweeper); without it, sweeps every item (tests drive the clock
   * and call this).
   */
  sweepExpiredItems(options?: SweepOptions): Promise<number>;
  /** Calls `listener` after every applied change; returns a function that unsubscribes. */
  subscribe(listener: (change: EngineChange) => void): () => void;
}
