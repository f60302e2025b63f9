import type { ItemCollectionMetrics } from '@aws-sdk/client-dynamodb';
import { itemSize, type Item } from '../../expressions';
import type { KeyAttributeValue } from '../../keys';
import type { ItemWrite } from '../localDynamoDB.types';
import { canonicalKey } from '../storage/partitionKey';
import type { TableStore } from '../storage/tableStore';
import type { EngineContext, WritePlan } from './context';

const BYTES_PER_GB = 1024 ** 3;

/** How an operation returns its metrics: one collection (PutItem, UpdateItem, DeleteItem) or a list per table (BatchWriteItem, TransactWriteItems). */
type MetricsShape = 'single' | 'perTable';

/**
 * ReturnItemCollectionMetrics `SIZE`: for every item collection a write
 * changes in a table with local secondary indexes, its partition key
 * (`ItemCollectionKey`) and its size after the write as DynamoDB estimates it,
 * `SizeEstimateRangeGB: [lower, upper]` in whole gigabytes around the
 * collection's bytes (table items plus their LSI entries) — `[0, 1]` below
 * 1 GB, as DynamoDB answers. Tables without LSIs get none (the API
 * reference). DynamoDB Local 3.3.1 never returns ItemCollectionMetrics (README).
 *
 * Wraps a write plan, so the operations themselves stay unaware of it.
 */
export function withItemCollectionMetrics<Input extends { ReturnItemCollectionMetrics?: string | undefined }, Output extends object>(
  plan: (context: EngineContext, input: Input) => WritePlan<Output>,
  shape: MetricsShape,
): (context: EngineContext, input: Input) => WritePlan<Output> {
  return (context, input) => {
    const planned = plan(context, input);
    if (input?.ReturnItemCollectionMetrics !== 'SIZE' || planned.change?.type !== 'writeItems') return planned;
    const metrics = collectionMetrics(context, planned.change.writes);
    if (metrics.size === 0) return planned;
    const output = { ...planned.output } as Output & { ItemCollectionMetrics?: unknown };
    if (shape === 'single') output.ItemCollectionMetrics = [...metrics.values()][0]?.[0];
    else output.ItemCollectionMetrics = Object.fromEntries(metrics);
    return { ...planned, output };
  };
}

/** The metrics of each changed collection, per table, in write order. */
function collectionMetrics(context: EngineContext, writes: readonly ItemWrite[]): Map<string, ItemCollectionMetrics[]> {
  const collections = new Map<string, { table: TableStore; pk: KeyAttributeValue; writes: ItemWrite[] }>();
  for (const write of writes) {
    const table = context.tables.get(write.tableName);
    if (!table || !table.definition.indexes.some((index) => index.kind === 'local')) continue;
    const pk = write.key[table.definition.keys.partitionKey.name] as KeyAttributeValue | undefined;
    if (!pk) continue;
    const id = `${write.tableName}\u0000${canonicalKey(pk)}`;
    const collection = collections.get(id) ?? { table, pk, writes: [] };
    collection.writes.push(write);
    collections.set(id, collection);
  }
  const metrics = new Map<string, ItemCollectionMetrics[]>();
  for (const { table, pk, writes: changed } of collections.values()) {
    let bytes = collectionBytes(table, pk);
    for (const write of changed) bytes += sizeChange(table, write.key, write.item);
    const lower = Math.floor(Math.max(0, bytes) / BYTES_PER_GB);
    const list = metrics.get(table.definition.name) ?? [];
    list.push({ ItemCollectionKey: { [table.definition.keys.partitionKey.name]: pk }, SizeEstimateRangeGB: [lower, lower + 1] });
    metrics.set(table.definition.name, list);
  }
  return metrics;
}

/** Bytes of one item collection now: its items and their entries in the table's LSIs. */
function collectionBytes(table: TableStore, pk: KeyAttributeValue): number {
  let bytes = 0;
  const stores = [table.items, ...[...table.indexes.values()].filter((index) => index.definition.kind === 'local').map((index) => index.store)];
  for (const store of stores) {
    const entries = store.partition(pk)?.entries;
    entries?.walk(entries.begin(), false, (entry) => {
      bytes += entry.size;
      return true;
    });
  }
  return bytes;
}

/** What one write adds to its collection's table bytes (LSI entries are left out of the change: an estimate). */
function sizeChange(table: TableStore, key: Item, item: Item | undefined): number {
  return (item ? itemSize(item) : 0) - (table.get(key)?.size ?? 0);
}
