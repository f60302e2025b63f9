import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import {
  evaluateCondition,
  getPath,
  isDynamoDBError,
  prepareExpressions,
  setOwnAttribute,
  validationError,
  type Item,
  type ResolvedPath,
} from '../../expressions';
import { compareKeys, type KeyAttributeValue } from '../../keys';
import { decodeNextToken, encodeNextToken, type GetPlan, type SelectPlan, type StatementPosition } from '../partiql';
import type { ListPosition } from '../storage/chunkedSortedList';
import type { Partition, StoreEntry } from '../storage/keyedStore';
import { canonicalKey } from '../storage/partitionKey';
import { copyItem } from '../values/copyItem';
import { requireTable, type EngineContext } from './context';
import { flatCondition, planRange } from './query';
import { checkGlobalIndexAttributes, PageReader, readStartKey, resolveReadTarget, resolveSelect, type ReadTarget, type StartKey } from './readPage';

/** How one page of a SELECT is read. */
export interface SelectPageOptions {
  readonly limit: number | undefined;
  readonly nextToken: string | undefined;
  readonly consistentRead: boolean;
  readonly returnConsumedCapacity: string | undefined;
}

export interface SelectPage {
  readonly items: Item[];
  readonly nextToken?: string;
  readonly consumedCapacity?: ConsumedCapacity;
}

/**
 * Reads one page of a planned SELECT with the same page reader Query and Scan
 * use (Limit counts items read before the filter, 1 MB pages): a Query of
 * each partition the WHERE pins, in key order, walking the sort-key range
 * found by binary search — or, without a partition, a Scan in Scan order.
 */
export function readSelectPage(context: EngineContext, plan: SelectPlan, options: SelectPageOptions): SelectPage {
  const table = requireTable(context, plan.tableName);
  const target = resolveReadTarget(table, plan.indexName, options.consistentRead);
  const prepared = prepareExpressions(plan.expressions, { operation: 'Scan' });
  checkGlobalIndexAttributes(target, prepared, false);
  // Items are read whole and the select list taken from them (selectList): a projection would renumber list indexes.
  const select = resolveSelect(undefined, false, target);
  const position = options.nextToken === undefined ? undefined : decodeNextToken(options.nextToken);
  const startKey = position ? startKeyOf(target, position, plan) : undefined;

  const reader = new PageReader({
    target,
    select,
    limit: options.limit,
    filter: prepared.filter,
    projection: undefined,
    consistentRead: options.consistentRead,
  });
  const partitions = plan.partitions;
  // DynamoDB Local's token always says op 0 and lets the key name the partition to resume in.
  let op = startKey && partitions ? partitions.findIndex((value) => compareKeys(value as KeyAttributeValue, startKey.pk) === 0) : 0;
  if (partitions) {
    for (; op < partitions.length; op++) {
      const partition = target.store.partition(partitions[op] as KeyAttributeValue);
      if (!partition) continue;
      const resumes = startKey !== undefined && compareKeys(partitions[op] as KeyAttributeValue, startKey.pk) === 0;
      const startAfter = resumes ? target.store.probe((startKey as StartKey).components) : undefined;
      const range = planRange(target.store, partition, flatCondition(plan.sortKey), plan.descending, startAfter);
      if (range.from) partition.entries.walk(range.from, plan.descending, (entry) => range.inRange(entry) && reader.visit(entry));
      if (reader.truncated) break;
    }
  } else {
    scanInto(target, startKey, reader);
  }

  const items =
    plan.outputNames && prepared.projection
      ? reader.items.map((item) => selectList(item, prepared.projection as readonly ResolvedPath[], plan.outputNames as readonly string[]))
      : reader.items;
  const page: { -readonly [K in keyof SelectPage]: SelectPage[K] } = { items };
  // Reaching Limit gives a NextToken even in a hash-only table's one-item partition (DynamoDB Local does so for
  // SELECT, though its Query leaves LastEvaluatedKey out there); the next page is then empty.
  const lastKey = reader.lastEvaluatedKey();
  if (lastKey) page.nextToken = encodeNextToken({ op: 0, key: lastKey }, context.now());
  const capacity = reader.consumedCapacity(options.returnConsumedCapacity);
  if (capacity) page.consumedCapacity = capacity;
  return page;
}

/** A NextToken's key, checked against the read it resumes: anything else is `Invalid NextToken`. */
function startKeyOf(target: ReadTarget, position: StatementPosition, plan: SelectPlan): StartKey {
  let startKey: StartKey;
  try {
    startKey = readStartKey(target, position.key);
  } catch (error) {
    if (isDynamoDBError(error, 'ValidationException')) throw validationError('Invalid NextToken');
    throw error;
  }
  const inPartitions = plan.partitions ? plan.partitions.some((value) => compareKeys(value as KeyAttributeValue, startKey.pk) === 0) : true;
  if (position.op !== 0 || !inPartitions) throw validationError('Invalid NextToken');
  return startKey;
}

/** Every partition in Scan order (scan.ts without segments), resuming after `startKey`. */
function scanInto(target: ReadTarget, startKey: StartKey | undefined, reader: PageReader): void {
  const store = target.store;
  const partitions = store.partitionsInScanOrder();
  let position: ListPosition = partitions.begin();
  let resumeIn: Partition<StoreEntry> | undefined;
  if (startKey) {
    position = store.scanPositionOf(startKey.pk);
    const partition = partitions.at(position);
    if (partition && partition.canonical === canonicalKey(startKey.pk)) resumeIn = partition;
  }
  let reading = true;
  partitions.walk(position, false, (partition) => {
    const entries = partition.entries;
    const from = partition === resumeIn && startKey ? entries.upperBound(store.probe(startKey.components)) : entries.begin();
    entries.walk(from, false, (entry) => (reading = reader.visit(entry)));
    return reading;
  });
}

/** The select list's values under their output names (`SELECT m.x` gives `x`), as DynamoDB Local returns them. */
export function selectList(item: Item, paths: readonly ResolvedPath[], names: readonly string[]): Item {
  const output: Item = {};
  paths.forEach((path, i) => {
    const value = getPath(item, path);
    if (value !== undefined) setOwnAttribute(output, names[i] as string, value);
  });
  // The values are the stored item's: the caller gets its own copy.
  return copyItem(output);
}

/**
 * A single-item SELECT (BatchExecuteStatement, ExecuteTransaction) applied
 * to the item its key found: undefined when there is none or the WHERE's
 * other conditions reject it, else the item or its select list.
 */
export function selectFromItem(plan: GetPlan, item: Item | undefined): Item | undefined {
  const prepared = prepareExpressions(plan.expressions, { operation: 'Scan' });
  if (!item || (prepared.filter && !evaluateCondition(prepared.filter, item))) return undefined;
  if (!prepared.projection || !plan.outputNames) return item;
  return selectList(item, prepared.projection, plan.outputNames);
}
