/**
 * Keylab's built-in DynamoDB engine: DynamoDB's data-plane semantics over
 * ordered in-memory storage, behind the AWS SDK v3 client's method shapes.
 * Pure TypeScript — no React, SDK runtime, DOM or Node — so it runs in the
 * browser, in the Node endpoint and in tests alike.
 */
export { createLocalDynamoDB } from './createLocalDynamoDB';
export type {
  DynamoDBDataSource,
  DynamoDBStreamsDataSource,
  EngineChange,
  ItemWrite,
  LoadItemsResult,
  LocalDynamoDB,
  LocalDynamoDBOptions,
  RestoredTable,
  RestoreTableResult,
  StorageHook,
  TableSnapshot,
} from './localDynamoDB.types';
export { DeferredItem, DeferredItemBlock, readRestored, type RestoredItem } from './storage/deferredItem';
export type { IndexDefinition, IndexProjection, KeyAttribute, TableDefinition, Throughput } from './schema/tableDefinition';
export { newStreamSetting, STREAM_VIEW_TYPES, streamFromSpecification, type StreamViewType } from './streams/streamSetting';
export type { StreamRecordEntry } from './streams/streamLog';
export { canonicalKey, hashPartitionKey, segmentOfHash } from './storage/partitionKey';
export { ChunkedSortedList, MAX_CHUNK, type ListPosition, type Probe } from './storage/chunkedSortedList';
export * from './samples';
export { readAttributeValue, readItem } from './values/readAttributeValue';
export { startTtlSweeper, type TtlSweeperHandle, type TtlSweeperOptions } from './ttl/startTtlSweeper';
export type { SweepOptions } from './ttl/ttlSweep';
export { DELAY_TRANSIENT_STATUSES_MS } from './operations/tableStates';
