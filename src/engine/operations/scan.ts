import type { ScanCommandInput, ScanCommandOutput } from '@aws-sdk/client-dynamodb';
import { validationError } from '../../expressions';
import { checkExpressionMixing, prepareRequest } from '../legacy';
import { checkMembers } from './memberConstraints';
import type { ListPosition } from '../storage/chunkedSortedList';
import type { Partition, StoreEntry } from '../storage/keyedStore';
import { canonicalKey, firstHashOfSegment, hashPartitionKey, segmentOfHash } from '../storage/partitionKey';
import { checkCapacityMode } from './capacity';
import { requireTable, type EngineContext } from './context';
import { refuseBackfillingIndex } from './tableStates';
import { checkGlobalIndexAttributes, PageReader, readStartKey, readStartKeyInput, resolveReadTarget, resolveSelect } from './readPage';

/**
 * Scan: every partition of the table or index in Scan order — by DynamoDB's
 * hash of the partition key, then by sort key (see storage/partitionKey.ts) —
 * so the order is DynamoDB's: deterministic but not sorted. Segment s of a
 * parallel scan reads the partitions whose hash falls in its slice of the
 * hash space, the slice DynamoDB gives it: the segments together read every
 * item exactly once, each in the order of a whole-table Scan.
 */
export function scan(context: EngineContext, input: ScanCommandInput): ScanCommandOutput {
  checkMembers('Scan', input);
  checkCapacityMode(input.ReturnConsumedCapacity);
  checkExpressionMixing(input, 'Scan');
  const segment = checkSegments(input.Segment, input.TotalSegments);
  const startKeyInput = readStartKeyInput(input.ExclusiveStartKey);
  const prepared = prepareRequest(input, 'Scan', { operation: 'Scan' });

  const table = requireTable(context, input.TableName as string);
  const target = resolveReadTarget(table, input.IndexName, input.ConsistentRead);
  refuseBackfillingIndex(context.states, table.definition.name, input.IndexName);
  const select = resolveSelect(input.Select, prepared.projection !== undefined, target);
  checkGlobalIndexAttributes(target, prepared, false);
  const startKey = startKeyInput ? readStartKey(target, startKeyInput) : undefined;

  const reader = new PageReader({
    target,
    select,
    limit: input.Limit,
    filter: prepared.filter,
    projection: prepared.projection,
    consistentRead: input.ConsistentRead === true,
  });
  const store = target.store;
  const partitions = store.partitionsInScanOrder();
  const endHash = segment ? firstHashOfSegment(segment.segment + 1, segment.total) : Infinity;
  let position: ListPosition;
  let resumeIn: Partition<StoreEntry> | undefined;
  if (startKey) {
    const canonical = canonicalKey(startKey.pk);
    if (segment && segmentOfHash(hashPartitionKey(startKey.pk), segment.total) !== segment.segment) {
      throw validationError(
        `The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: ${segment.total} Segment: ${segment.segment}`,
      );
    }
    position = store.scanPositionOf(startKey.pk);
    const partition = partitions.at(position);
    if (partition && partition.canonical === canonical) resumeIn = partition;
  } else {
    position = segment ? store.segmentStart(segment.segment, segment.total) : partitions.begin();
  }

  let reading = true;
  partitions.walk(position, false, (partition) => {
    if (partition.hash >= endHash) return false;
    const entries = partition.entries;
    const from = partition === resumeIn && startKey ? entries.upperBound(store.probe(startKey.components)) : entries.begin();
    entries.walk(from, false, (entry) => (reading = reader.visit(entry)));
    return reading;
  });

  const output: ScanCommandOutput = { Count: reader.count, ScannedCount: reader.scannedCount, $metadata: {} };
  if (select !== 'COUNT') output.Items = reader.items;
  const lastKey = reader.lastEvaluatedKey();
  if (lastKey) output.LastEvaluatedKey = lastKey;
  const capacity = reader.consumedCapacity(input.ReturnConsumedCapacity);
  if (capacity) output.ConsumedCapacity = capacity;
  return output;
}

/** Segment and TotalSegments come together, Segment < TotalSegments (dynalite's recorded messages). */
function checkSegments(segment: number | undefined, total: number | undefined): { segment: number; total: number } | undefined {
  if (segment === undefined && total === undefined) return undefined;
  if (total === undefined) {
    throw validationError('The TotalSegments parameter is required but was not present in the request when Segment parameter is present');
  }
  if (segment === undefined) {
    throw validationError('The Segment parameter is required but was not present in the request when parameter TotalSegments is present');
  }
  if (segment >= total) {
    throw validationError(
      `The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: ${segment} is not less than TotalSegments: ${total}`,
    );
  }
  return { segment, total };
}
