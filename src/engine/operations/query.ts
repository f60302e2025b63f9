import type { AttributeValue, QueryCommandInput, QueryCommandOutput } from '@aws-sdk/client-dynamodb';
import { prepareExpressions, validationError, type PreparedKeyCondition, type PreparedSortKeyCondition } from '../../expressions';
import { compareKeys, type KeyAttributeValue } from '../../keys';
import { checkMembers } from './memberConstraints';
import { keyNames } from '../schema/tableDefinition';
import type { ListPosition, Probe } from '../storage/chunkedSortedList';
import type { KeyedStore, Partition, StoreEntry } from '../storage/keyedStore';
import { rawKeyOf, rawStartsWith, type RawKey } from '../storage/rawKey';
import { flatKeyValue } from '../values/flatString';
import { partitionValueOf } from '../storage/compositeKey';
import { checkCapacityMode } from './capacity';
import { checkExpressionMixing, prepareRequest } from '../legacy';
import { planCompositeRange, type Range } from './compositeRange';
import { missingTableAfterChecks } from './checkOrder';
import { refuseBackfillingIndex } from './tableStates';
import { findServingTable, type EngineContext } from './context';
import { checkGlobalIndexAttributes, PageReader, readStartKey, readStartKeyInput, resolveReadTarget, resolveSelect, type StartKey } from './readPage';
import { expressionParameters } from './requestHelpers';

/**
 * Query: one partition of the table or index, read in sort-key order
 * (`compareKeys`) from a binary-searched start position — O(log n + page),
 * never a scan and sort. See readPage.ts for paging rules.
 */
export function query(context: EngineContext, input: QueryCommandInput): QueryCommandOutput {
  checkMembers('Query', input);
  checkCapacityMode(input.ReturnConsumedCapacity);
  checkExpressionMixing(input, 'Query');
  if (input.KeyConditionExpression === undefined && (input.KeyConditions === undefined || input.KeyConditions === null)) {
    // Expression parameters given without any expression are named first (dynalite's recordings; DynamoDB Local agrees).
    if (input.FilterExpression === undefined && input.ProjectionExpression === undefined)
      prepareExpressions(expressionParameters(input), { operation: 'Query' });
    throw validationError('Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.');
  }
  const startKeyInput = readStartKeyInput(input.ExclusiveStartKey);

  // The key condition is prepared against the key schema below; on a missing table its table-independent checks come first.
  const table = findServingTable(context, input.TableName as string) ?? missingTableAfterChecks(() => prepareRequest(input, 'Query', { operation: 'Query' }));
  const target = resolveReadTarget(table, input.IndexName, input.ConsistentRead);
  refuseBackfillingIndex(context.states, table.definition.name, input.IndexName);
  const primaryKeyNames = keyNames(target.keys);
  const prepared = prepareRequest(input, 'Query', { keySchema: target.keys, primaryKeyNames, operation: 'Query' });
  // prepareExpressions also refuses a filter on primaryKeyNames ("Filter Expression can only contain non-primary key attributes").
  const keyCondition = prepared.keyCondition as PreparedKeyCondition;
  const select = resolveSelect(input.Select, prepared.projection !== undefined, target);
  checkGlobalIndexAttributes(target, prepared, true);

  const partitionValue = keyCondition.partitionKeys
    ? partitionValueOf(keyCondition.partitionKeys.map((key) => key.value as KeyAttributeValue))
    : (keyCondition.partitionKey.value as KeyAttributeValue);
  const startKey = startKeyInput ? readStartKey(target, startKeyInput) : undefined;
  if (startKey) checkStartKeyInRange(startKey, partitionValue, keyCondition);

  const reader = new PageReader({
    target,
    select,
    limit: input.Limit,
    filter: prepared.filter,
    projection: prepared.projection,
    consistentRead: input.ConsistentRead === true,
  });
  const partition = target.store.partition(partitionValue);
  if (partition) {
    const descending = input.ScanIndexForward === false;
    const startAfter = startKey ? target.store.probe(startKey.components) : undefined;
    const range = target.store.shape.sortKeyTypes
      ? planCompositeRange(
          target.store,
          partition,
          (keyCondition.sortKeyPrefix ?? []).map((key) => key.value as KeyAttributeValue),
          keyCondition.sortKey?.condition,
          descending,
          startAfter,
        )
      : planRange(target.store, partition, flatCondition(keyCondition.sortKey?.condition), descending, startAfter);
    if (range.from) {
      partition.entries.walk(range.from, descending, (entry) => range.inRange(entry) && reader.visit(entry));
    }
  }

  const output: QueryCommandOutput = { Count: reader.count, ScannedCount: reader.scannedCount, $metadata: {} };
  if (select !== 'COUNT') output.Items = reader.items;
  // A partition of a hash-only table holds one item, so reaching Limit there ends the query
  // (verified on DynamoDB Local: no LastEvaluatedKey for Limit 1 on a hash-only table).
  const hashOnlyTable = !target.index && !target.keys.sortKey;
  const lastKey = hashOnlyTable ? undefined : reader.lastEvaluatedKey();
  if (lastKey) output.LastEvaluatedKey = lastKey;
  const capacity = reader.consumedCapacity(input.ReturnConsumedCapacity);
  if (capacity) output.ConsumedCapacity = capacity;
  return output;
}

/**
 * An ExclusiveStartKey must lie in the queried partition and satisfy the
 * sort-key condition (with multi-attribute keys, its equality prefix too) —
 * a LastEvaluatedKey of the same query always does.
 */
function checkStartKeyInRange(startKey: StartKey, partitionValue: KeyAttributeValue, keyCondition: PreparedKeyCondition): void {
  if (compareKeys(startKey.pk, partitionValue) !== 0) {
    throw validationError('The provided starting key is outside query boundaries based on provided conditions');
  }
  const prefix = keyCondition.sortKeyPrefix ?? [];
  const outside = validationError('The provided starting key does not match the range key predicate');
  prefix.forEach((key, i) => {
    if (compareKeys(startKey.components[i] as KeyAttributeValue, key.value as KeyAttributeValue) !== 0) throw outside;
  });
  const condition = keyCondition.sortKey?.condition;
  const sk = startKey.components[prefix.length];
  if (condition && sk && !satisfies(sk, condition)) throw outside;
}

/**
 * The start position and stop test for a sort-key condition, in either
 * direction, resuming after `startAfter` (the ExclusiveStartKey, which need
 * not exist). Bounds are found by binary search on raw sort keys; the walk
 * stops at the first entry outside the condition.
 */
export function planRange(
  store: KeyedStore<StoreEntry>,
  partition: Partition<StoreEntry>,
  condition: PreparedSortKeyCondition | undefined,
  descending: boolean,
  startAfter: Probe<StoreEntry> | undefined,
): Range {
  const entries = partition.entries;
  // The helpers (probeOf, raw, always) live at module level: closures made on every Query cost allocations.
  /** First entry ≥ the probe's target (or > it with `after`). */
  const bound = (probe: (key: RawKey) => number, after: boolean) => store.sortKeyBound(partition, probe, after);
  let from: ListPosition;
  let inRange: (entry: StoreEntry) => boolean = always;

  if (!descending) {
    switch (condition?.operator) {
      case undefined:
        from = entries.begin();
        break;
      case '<':
      case '<=': {
        const value = probeOf(store, condition.value);
        from = entries.begin();
        inRange = condition.operator === '<' ? (entry) => value(entry.skRaw as RawKey) > 0 : (entry) => value(entry.skRaw as RawKey) >= 0;
        break;
      }
      case '=': {
        const value = probeOf(store, condition.value);
        from = bound(value, false);
        inRange = (entry) => value(entry.skRaw as RawKey) === 0;
        break;
      }
      case '>':
      case '>=':
        from = bound(probeOf(store, condition.value), condition.operator === '>');
        break;
      case 'between': {
        const high = probeOf(store, condition.high);
        from = bound(probeOf(store, condition.low), false);
        inRange = (entry) => high(entry.skRaw as RawKey) >= 0;
        break;
      }
      case 'begins_with': {
        const prefix = raw(condition.prefix);
        from = bound(store.rawProbe(prefix), false);
        inRange = (entry) => rawStartsWith(entry.skRaw as RawKey, prefix);
        break;
      }
    }
    if (startAfter) {
      const after = entries.upperBound(startAfter);
      if (entries.comparePositions(after, from) > 0) from = after;
    }
    return { from, inRange };
  }

  // Descending: start at the last entry inside the upper bound, stop below the lower bound.
  let upper: ListPosition;
  switch (condition?.operator) {
    case undefined:
      upper = entries.end();
      break;
    case '>':
    case '>=': {
      const value = probeOf(store, condition.value);
      upper = entries.end();
      inRange = condition.operator === '>' ? (entry) => value(entry.skRaw as RawKey) < 0 : (entry) => value(entry.skRaw as RawKey) <= 0;
      break;
    }
    case '=': {
      const value = probeOf(store, condition.value);
      upper = bound(value, true);
      inRange = (entry) => value(entry.skRaw as RawKey) === 0;
      break;
    }
    case '<':
    case '<=':
      upper = bound(probeOf(store, condition.value), condition.operator === '<=');
      break;
    case 'between': {
      const low = probeOf(store, condition.low);
      upper = bound(probeOf(store, condition.high), true);
      inRange = (entry) => low(entry.skRaw as RawKey) <= 0;
      break;
    }
    case 'begins_with': {
      const prefix = raw(condition.prefix);
      const prefixProbe = store.rawProbe(prefix);
      // Entries with the prefix are contiguous: everything before them is < prefix, everything after is > it.
      upper = bound((key) => (rawStartsWith(key, prefix) ? 1 : prefixProbe(key)), true);
      inRange = (entry) => rawStartsWith(entry.skRaw as RawKey, prefix);
      break;
    }
  }
  if (startAfter) {
    const before = entries.lowerBound(startAfter);
    if (entries.comparePositions(before, upper) < 0) upper = before;
  }
  return { from: entries.previous(upper), inRange };
}

/** Each condition value becomes a probe once: `probe(key)` = compare(value, key), `<` when the value is a plain S key (see rawProbe). */
function probeOf(store: KeyedStore<StoreEntry>, value: unknown): (key: RawKey) => number {
  return store.rawProbe(rawKeyOf(value as KeyAttributeValue));
}

function raw(value: unknown): RawKey {
  return rawKeyOf(value as KeyAttributeValue);
}

function always(): boolean {
  return true;
}

function flat(value: unknown): AttributeValue {
  return flatKeyValue(value as KeyAttributeValue) as AttributeValue;
}

/** The condition with flat strings: its values are compared with every entry of the page (see flatString.ts). */
export function flatCondition(condition: PreparedSortKeyCondition | undefined): PreparedSortKeyCondition | undefined {
  if (!condition) return undefined;
  switch (condition.operator) {
    case 'between':
      return { operator: 'between', low: flat(condition.low), high: flat(condition.high) };
    case 'begins_with':
      return { operator: 'begins_with', prefix: flat(condition.prefix) };
    default:
      return { operator: condition.operator, value: flat(condition.value) };
  }
}

/** True when a key value satisfies a sort-key condition. */
function satisfies(value: KeyAttributeValue, condition: PreparedSortKeyCondition): boolean {
  switch (condition.operator) {
    case '=':
      return compareKeys(value, condition.value as KeyAttributeValue) === 0;
    case '<':
      return compareKeys(value, condition.value as KeyAttributeValue) < 0;
    case '<=':
      return compareKeys(value, condition.value as KeyAttributeValue) <= 0;
    case '>':
      return compareKeys(value, condition.value as KeyAttributeValue) > 0;
    case '>=':
      return compareKeys(value, condition.value as KeyAttributeValue) >= 0;
    case 'between':
      return compareKeys(value, condition.low as KeyAttributeValue) >= 0 && compareKeys(value, condition.high as KeyAttributeValue) <= 0;
    case 'begins_with':
      return rawStartsWith(rawKeyOf(value), rawKeyOf(condition.prefix as KeyAttributeValue));
  }
}
