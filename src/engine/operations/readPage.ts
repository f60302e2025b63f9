import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import {
  evaluateCondition,
  getOwnAttribute,
  isDynamoDBError,
  partitionAttributesOf,
  projectItem,
  setOwnAttribute,
  sortAttributesOf,
  validationError,
  type Item,
  type KeySchemaInfo,
  type PreparedCondition,
  type PreparedExpressions,
} from '../../expressions';
import { MAX_PAGE_BYTES } from '../../dynamo';
import type { KeyAttributeValue } from '../../keys';
import { keyNames } from '../schema/tableDefinition';
import { partitionValueOf } from '../storage/compositeKey';
import type { KeyedStore, KeyProbe, StoreEntry } from '../storage/keyedStore';
import type { IndexStore, TableStore } from '../storage/tableStore';
import { readOut } from '../storage/readOut';
import { copyItem } from '../values/copyItem';
import { readItem } from '../values/readAttributeValue';
import { chargeIndex, consumedCapacity, createCharge, readUnits } from './capacity';
import { checkStartKeySchema } from './startKeySchema';
import { conditionAttributeNames } from './requestHelpers';

/**
 * What Query and Scan share: choosing the table or index to read, checking
 * Select / ProjectionExpression / ExclusiveStartKey against it, and reading
 * one page — Limit counted before the filter, 1 MB of data read (item sizes
 * in the table or index, before filter and projection), LastEvaluatedKey
 * whenever a limit stopped the page.
 */

/** A page stops once this many bytes have been read (the item that crosses it is included, as on DynamoDB Local). */
export const PAGE_BYTES = MAX_PAGE_BYTES;

/** The table or index a Query or Scan reads. */
export interface ReadTarget {
  readonly table: TableStore;
  readonly index: IndexStore | undefined;
  readonly store: KeyedStore<StoreEntry>;
  /** The key schema of what is read (the index's, or the table's). */
  readonly keys: KeySchemaInfo;
}

/** Resolves IndexName; refuses ConsistentRead on a GSI. */
export function resolveReadTarget(table: TableStore, indexName: string | undefined, consistentRead: boolean | undefined): ReadTarget {
  if (indexName === undefined) return { table, index: undefined, store: table.items, keys: table.definition.keys };
  const index = table.indexes.get(indexName);
  if (!index) throw validationError(`The table does not have the specified index: ${indexName}`);
  if (consistentRead === true && index.definition.kind === 'global') {
    throw validationError('Consistent reads are not supported on global secondary indexes');
  }
  return { table, index, store: index.store, keys: index.definition.keys };
}

/** The Select modes. */
export type SelectMode = 'ALL_ATTRIBUTES' | 'ALL_PROJECTED_ATTRIBUTES' | 'SPECIFIC_ATTRIBUTES' | 'COUNT';

/**
 * Checks Select against ProjectionExpression and the target, and returns the
 * effective mode: ALL_ATTRIBUTES on a table, ALL_PROJECTED_ATTRIBUTES on an
 * index, SPECIFIC_ATTRIBUTES when there is a ProjectionExpression.
 */
export function resolveSelect(select: string | undefined, hasProjection: boolean, target: ReadTarget): SelectMode {
  if (select !== undefined && !['ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES', 'COUNT'].includes(select)) {
    throw validationError(
      `1 validation error detected: Value '${select}' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]`,
    );
  }
  if (select === 'SPECIFIC_ATTRIBUTES' && !hasProjection) {
    throw validationError('Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES');
  }
  if (select === 'ALL_ATTRIBUTES' && hasProjection) throw validationError('Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES');
  if (select === 'COUNT' && hasProjection) throw validationError('Cannot specify the ProjectionExpression when choosing to get only the Count');
  if (select === 'ALL_PROJECTED_ATTRIBUTES') {
    // Sic: Scan says "Querying" too (verified on DynamoDB Local).
    if (!target.index) throw validationError('ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName');
    if (hasProjection) throw validationError('Cannot specify the ProjectionExpression when choosing to get ALL_PROJECTED_ATTRIBUTES');
  }
  const index = target.index?.definition;
  if (select === 'ALL_ATTRIBUTES' && index?.kind === 'global' && index.projection.type !== 'ALL') {
    throw validationError(
      `One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index ${index.name} because its projection type is not ALL`,
    );
  }
  if (select) return select as SelectMode;
  if (hasProjection) return 'SPECIFIC_ATTRIBUTES';
  return target.index ? 'ALL_PROJECTED_ATTRIBUTES' : 'ALL_ATTRIBUTES';
}

/**
 * A GSI can only return what it projects (an LSI fetches the rest from the
 * table), and a Query on either can only filter on what the index projects.
 * DynamoDB's messages, verified on DynamoDB Local — which lets a Scan filter on
 * attributes a GSI does not project (they are simply absent), so Scan passes
 * `checkFilter` false.
 */
export function checkGlobalIndexAttributes(target: ReadTarget, prepared: PreparedExpressions, checkFilter: boolean): void {
  const index = target.index;
  if (!index || !index.projectedNames) return;
  const projected = index.projectedNames;
  const missing = [...new Set((prepared.projection ?? []).map((path) => path[0] as string))].filter((name) => !projected.has(name));
  if (missing.length > 0 && index.definition.kind === 'global') {
    throw validationError(
      `One or more parameter values were invalid: Global secondary index ${index.definition.name} does not project [${missing.join(', ')}]`,
    );
  }
  // The filter rule holds for an LSI too: a Query fetches unprojected attributes to return them, never to filter on them.
  if (!checkFilter) return;
  const filterMissing = [...conditionAttributeNames(prepared.filter)].filter((name) => !projected.has(name));
  if (filterMissing.length > 0) {
    throw validationError(
      `One or more parameter values were invalid: Secondary index ${index.definition.name} does not project one or more filter attributes: [${filterMissing.join(', ')}]`,
    );
  }
}

/** A validated ExclusiveStartKey: the partition to resume in (its stored value, see compositeKey.ts) and the key components after which to resume. */
export interface StartKey {
  readonly pk: KeyAttributeValue;
  readonly components: KeyProbe;
}

/**
 * Reads an ExclusiveStartKey's AttributeValues (readItem), prefixing any
 * complaint with `The provided starting key is invalid: `.
 */
export function readStartKeyInput(startKey: unknown): Item | undefined {
  if (startKey === undefined || startKey === null) return undefined;
  try {
    return readItem(startKey);
  } catch (error) {
    if (isDynamoDBError(error, 'ValidationException')) throw validationError(`The provided starting key is invalid: ${error.message}`);
    throw error;
  }
}

/**
 * Validates an ExclusiveStartKey (already read with readStartKeyInput) against the
 * target: a table's key exactly; on an index, the table's key plus the
 * index's keys (checkStartKeySchema, with DynamoDB's messages). The key need
 * not exist.
 */
export function readStartKey(target: ReadTarget, startKey: Item): StartKey {
  const tableKeys = target.table.definition.keys;
  const partition = partitionAttributesOf(target.keys);
  const sort = sortAttributesOf(target.keys);
  checkStartKeySchema(startKey, tableKeys, target.index ? target.keys : undefined);
  const value = (name: string) => getOwnAttribute(startKey, name) as KeyAttributeValue;
  const components: KeyAttributeValue[] = sort.map((attribute) => value(attribute.name));
  if (target.index) {
    components.push(value(tableKeys.partitionKey.name));
    if (tableKeys.sortKey) components.push(value(tableKeys.sortKey.name));
  }
  return { pk: partitionValueOf(partition.map((attribute) => value(attribute.name))), components };
}

/** The options of one page read. */
export interface PageOptions {
  readonly target: ReadTarget;
  readonly select: SelectMode;
  readonly limit: number | undefined;
  readonly filter: PreparedCondition | undefined;
  readonly projection: PreparedExpressions['projection'];
  readonly consistentRead: boolean;
}

/** A page being read: feed it entries in order with {@link visit} until it returns false. */
export class PageReader {
  readonly items: Item[] = [];
  count = 0;
  scannedCount = 0;
  private bytes = 0;
  /** Strongly consistent read units of the table items an LSI fetched, each item rounded up on its own. */
  private fetchedUnits = 0;
  private last: StoreEntry | undefined;
  /** True when Limit or the 1 MB page size stopped the read (LastEvaluatedKey is due). */
  truncated = false;
  private readonly fetchesFromTable: boolean;
  /** A GSI Scan filtering on attributes the index lacks sees them absent, as DynamoDB Local does. */
  private readonly filtersProjection: boolean;

  constructor(private readonly options: PageOptions) {
    const index = options.target.index;
    const projected = index?.definition.kind === 'global' ? index.projectedNames : undefined;
    this.filtersProjection = projected !== undefined && [...conditionAttributeNames(options.filter)].some((name) => !projected.has(name));
    // An LSI fetches attributes it doesn't project from the table: for ALL_ATTRIBUTES, or a projection naming them.
    this.fetchesFromTable =
      index !== undefined &&
      index.projectedNames !== undefined &&
      (options.select === 'ALL_ATTRIBUTES' || (options.projection ?? []).some((path) => !(index.projectedNames as ReadonlySet<string>).has(path[0] as string)));
  }

  /** Reads one entry; returns false when the page is full. A method, not an arrow property: no closure per page. */
  visit(entry: StoreEntry): boolean {
    const options = this.options;
    this.scannedCount++;
    this.bytes += entry.size;
    this.last = entry;
    const item = entry.record.item;
    if (!options.filter || evaluateCondition(options.filter, this.filtersProjection ? this.indexItem(item) : item)) {
      this.count++;
      if (this.fetchesFromTable) this.fetchedUnits += readUnits(entry.record.size, true);
      if (options.select !== 'COUNT') this.items.push(this.output(entry));
    }
    if ((options.limit !== undefined && this.scannedCount >= options.limit) || this.bytes >= PAGE_BYTES) {
      this.truncated = true;
      return false;
    }
    return true;
  }

  /** LastEvaluatedKey: the last item read (even if the filter dropped it) — table key, plus the index's keys on an index. */
  lastEvaluatedKey(): Item | undefined {
    if (!this.truncated || !this.last) return undefined;
    const { target } = this.options;
    const key: Item = {};
    const names = new Set([...keyNames(target.table.definition.keys), ...keyNames(target.keys)]);
    for (const name of names) setOwnAttribute(key, name, getOwnAttribute(this.last.record.item, name) as never);
    return copyItem(key);
  }

  /** ConsumedCapacity of the page, if requested. */
  consumedCapacity(mode: string | undefined): ConsumedCapacity | undefined {
    const { target, consistentRead } = this.options;
    const charge = createCharge();
    const units = readUnits(this.bytes, consistentRead);
    if (target.index) {
      chargeIndex(charge, target.index.definition.kind, target.index.definition.name, units);
      // Developer Guide, "Local secondary indexes", read capacity: every base-table item fetched costs the
      // entire item, each one rounded up to 4 KB on its own (the index's entries are summed, then rounded).
      if (this.fetchedUnits > 0) charge.table = consistentRead ? this.fetchedUnits : this.fetchedUnits / 2;
    } else {
      charge.table = units;
    }
    return consumedCapacity(mode, target.table.definition.name, charge);
  }

  private output(entry: StoreEntry): Item {
    const { projection, target } = this.options;
    const item = entry.record.item;
    if (projection) return copyItem(projectItem(projection, item));
    if (!target.index?.projectedNames || this.fetchesFromTable) return readOut(entry.record);
    return copyItem(this.indexItem(item));
  }

  /** The attributes of `item` the index holds. */
  private indexItem(item: Item): Item {
    const names = this.options.target.index?.projectedNames;
    if (!names) return item;
    const projected: Item = {};
    for (const name of names) {
      const value = getOwnAttribute(item, name);
      if (value !== undefined) setOwnAttribute(projected, name, value);
    }
    return projected;
  }
}
