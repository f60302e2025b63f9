import type { TableDescription } from '@aws-sdk/client-dynamodb';
import { attributeValuesEqual, getOwnAttribute, type Item } from '../expressions';
import { compareKeys, judgeTemplateFields, rankByIntendedOrder, type FieldValues, type KeyAttributeValue } from '../keys';
import { compileTemplateText } from '../design';
import type { MigrationPlan, PlanCounts, PlanEntry, WriteEntry } from './migration.types';
import { valueText } from './planMigration';

/** 12345 → "12,345" (no locale: the same text everywhere). */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The counts in words, as the Migration preview's status says them.
 *
 * @example
 * describePlanCounts(counts) // "9,800 to rewrite, 150 unchanged, 50 already migrated, 0 can't encode, 2 collisions"
 */
export function describePlanCounts(counts: PlanCounts): string {
  const parts = [
    `${formatCount(counts.rewrite)} to rewrite`,
    `${formatCount(counts.unchanged)} unchanged`,
    `${formatCount(counts.alreadyMigrated)} already migrated`,
    `${formatCount(counts.cannotEncode)} can't encode`,
    `${formatCount(counts.collisions)} ${counts.collisions === 1 ? 'collision' : 'collisions'}`,
  ];
  if (!counts.copying) {
    if (counts.otherEntity > 0) parts.push(`${formatCount(counts.otherEntity)} of other entities left alone`);
    return parts.join(', ');
  }
  if (counts.otherEntity > 0) parts.push(`${formatCount(counts.otherEntity)} of other entities`);
  const total = counts.rewrite + counts.copyUnchanged + counts.copyOtherEntity + counts.copyCannotEncode;
  const there = counts.alreadyInTarget > 0 ? ` (${formatCount(counts.alreadyInTarget)} already in the target table as planned: not written again)` : '';
  return `${parts.join(', ')}; copying all ${formatCount(total)} ${total === 1 ? 'item' : 'items'}: ${describeCopyWrites(counts)}${there}`;
}

/** How many writes of each kind copy mode has (or has done). */
export type CopyWriteCounts = Pick<PlanCounts, 'rewrite' | 'copyUnchanged' | 'copyOtherEntity' | 'copyCannotEncode'>;

/** Counts writes by kind (undefined: an index outside the plan, skipped). */
export function countWrites(writes: Iterable<WriteEntry | undefined>): CopyWriteCounts {
  const counts = { rewrite: 0, copyUnchanged: 0, copyOtherEntity: 0, copyCannotEncode: 0 };
  for (const write of writes) {
    if (write === undefined) continue;
    if (write.status === 'rewrite') counts.rewrite++;
    else if (write.copied === 'otherEntity') counts.copyOtherEntity++;
    else if (write.copied === 'cannotEncode') counts.copyCannotEncode++;
    else counts.copyUnchanged++;
  }
  return counts;
}

/**
 * Copy mode: the writes into the new table by kind.
 *
 * @example
 * describeCopyWrites(counts) // "9,800 rewritten, 200 copied unchanged, 2 other entity copied"
 */
export function describeCopyWrites(counts: CopyWriteCounts): string {
  const parts = [
    `${formatCount(counts.rewrite)} rewritten`,
    `${formatCount(counts.copyUnchanged)} copied unchanged`,
    `${formatCount(counts.copyOtherEntity)} other entity copied`,
  ];
  if (counts.copyCannotEncode > 0) parts.push(`${formatCount(counts.copyCannotEncode)} can't encode, copied as they are`);
  return parts.join(', ');
}

/** One item's place in its partition before and after. `move` > 0: it moves up (towards the first item read). */
export interface OrderDiffRow {
  readonly entry: PlanEntry;
  readonly oldRank: number;
  readonly newRank: number;
  readonly move: number;
  /** Its place in the order its sort-key fields mean (src/keys' one judge; tied items share one); undefined when not judged. */
  readonly intendedRank?: number;
}

/** A partition's stored order against its new order (rows in stored order). */
export interface OrderDiff {
  readonly partition: string;
  readonly rows: readonly OrderDiffRow[];
  /** How many items change rank. */
  readonly moved: number;
  /**
   * Items the stored order, and the new order, keep outside their intended
   * place (the order the target template's fields mean); undefined when an
   * item's fields can't be read from its new sort key.
   */
  readonly storedOutOfPlace?: number;
  readonly newOutOfPlace?: number;
}

/** The partitions (current partition key values, as text) the entity's items are stored in, in DynamoDB's order. */
export function planPartitions(plan: Pick<MigrationPlan, 'spec' | 'entries'>): readonly string[] {
  return partitionIndexOf(plan).partitions;
}

/**
 * The order diff of one partition: its items sorted by the stored sort key
 * (DynamoDB's order: compareKeys) against the same items sorted by their new
 * sort key, with each item's rank move. A table without a sort key has no order.
 * The plan's entries are grouped by partition once (for planPartitions too),
 * and a partition's diff is sorted once, when it is first asked for.
 */
export function orderDiff(plan: Pick<MigrationPlan, 'spec' | 'entries'>, partition: string): OrderDiff {
  const index = partitionIndexOf(plan);
  let diff = index.diffs.get(partition);
  if (diff === undefined) {
    if (index.diffs.size >= DIFFS_KEPT) index.diffs.delete(index.diffs.keys().next().value as string);
    diff = judgeIntendedOrder(plan.spec, sortPartition(plan.spec.sortKey, partition, index.entries.get(partition) ?? []));
    index.diffs.set(partition, diff);
  }
  return diff;
}

/** Order diffs kept per plan (the partitions last looked at): a diff holds a row per item of its partition. */
const DIFFS_KEPT = 8;

interface PartitionIndex {
  /** How many entries the plan had when grouped (a plan still growing is grouped again). */
  readonly entryCount: number;
  readonly partitions: readonly string[];
  /** Each partition's entries, in scan order (other entities left out). */
  readonly entries: ReadonlyMap<string, readonly PlanEntry[]>;
  readonly diffs: Map<string, OrderDiff>;
}

const partitionIndexes = new WeakMap<Pick<MigrationPlan, 'spec' | 'entries'>, PartitionIndex>();

function partitionIndexOf(plan: Pick<MigrationPlan, 'spec' | 'entries'>): PartitionIndex {
  const known = partitionIndexes.get(plan);
  if (known !== undefined && known.entryCount === plan.entries.length) return known;
  const { partitionKey } = plan.spec;
  const values = new Map<string, KeyAttributeValue>();
  const entries = new Map<string, PlanEntry[]>();
  for (const entry of plan.entries) {
    if (entry.status === 'otherEntity') continue;
    const value = getOwnAttribute(entry.key, partitionKey);
    const text = valueText(value);
    const inPartition = entries.get(text);
    if (inPartition) inPartition.push(entry);
    else entries.set(text, [entry]);
    if (value) values.set(text, value as KeyAttributeValue);
  }
  const partitions = [...values.entries()].sort((a, b) => compareKeys(a[1], b[1])).map(([text]) => text);
  const index = { entryCount: plan.entries.length, partitions, entries, diffs: new Map<string, OrderDiff>() };
  partitionIndexes.set(plan, index);
  return index;
}

function sortPartition(sortKey: string | undefined, partition: string, inPartition: readonly PlanEntry[]): OrderDiff {
  if (!sortKey) return { partition, rows: inPartition.map((entry) => ({ entry, oldRank: 1, newRank: 1, move: 0 })), moved: 0 };
  // Each entry with its old and new sort values, read once (not once per comparison).
  const decorated = inPartition.map((entry) => ({
    entry,
    before: getOwnAttribute(entry.key, sortKey) as KeyAttributeValue,
    after: getOwnAttribute(entry.status === 'rewrite' ? entry.newItem : entry.item, sortKey) as KeyAttributeValue,
    newRank: 0,
  }));
  const stored = [...decorated].sort((a, b) => compareKeys(a.before, b.before));
  decorated.sort((a, b) => compareKeys(a.after, b.after));
  for (let i = 0; i < decorated.length; i++) (decorated[i] as (typeof decorated)[number]).newRank = i + 1;
  let moved = 0;
  const rows = stored.map(({ entry, newRank }, index) => {
    if (newRank !== index + 1) moved++;
    return { entry, oldRank: index + 1, newRank, move: index + 1 - newRank };
  });
  return { partition, rows, moved };
}

/**
 * The order diff with each item's intended place: the target template of the
 * sort key read back from the new key gives its fields' values, which src/keys'
 * one judge ranks by what they mean (with the attribute's declared type) —
 * so the preview says whether the new keys fix the order, not only that they
 * change it. Items whose new key doesn't read back (they can't be encoded and
 * stay as they are) are left out of the judgement.
 */
function judgeIntendedOrder(spec: MigrationPlan['spec'], diff: OrderDiff): OrderDiff {
  const attribute = spec.attributes.find((candidate) => candidate.name === spec.sortKey);
  const compiled = attribute?.target === undefined ? undefined : compileTemplateText(attribute.target, 'sort');
  if (!attribute || !compiled?.ok || compiled.value.fields.length === 0) return diff;
  const judged: { readonly row: OrderDiffRow; readonly values: FieldValues }[] = [];
  for (const row of diff.rows) {
    const entry = row.entry;
    const stored = getOwnAttribute(entry.status === 'rewrite' ? entry.newItem : entry.item, attribute.name);
    const text = stored?.S ?? stored?.N;
    const decoded = entry.status === 'cannotEncode' || text === undefined ? undefined : compiled.value.decode(text);
    if (decoded?.ok) judged.push({ row, values: decoded.value });
  }
  if (judged.length === 0) return diff;
  const fields = compiled.value.fields;
  const values = judged.map((entry) => entry.values);
  const ranking = rankByIntendedOrder(fields, judged, (entry) => entry.values, 'ascending', judgeTemplateFields(fields, values, attribute.type));
  const rankAt = ranking.sorted.map((entry) => ranking.positionOf.get(entry) as number);
  const rankOf = new Map(judged.map((entry) => [entry.row, ranking.positionOf.get(entry) as number]));
  // Each order's judged rows in that order: at their i-th place, the intended order puts rank rankAt[i].
  const outOfPlace = (order: readonly OrderDiffRow[]) => order.filter((row, index) => rankAt[index] !== rankOf.get(row)).length;
  const stored = judged.map((entry) => entry.row);
  const after = [...stored].sort((a, b) => a.newRank - b.newRank);
  return {
    ...diff,
    rows: diff.rows.map((row) => (rankOf.has(row) ? { ...row, intendedRank: rankOf.get(row) as number } : row)),
    storedOutOfPlace: outOfPlace(stored),
    newOutOfPlace: outOfPlace(after),
  };
}

/** The public on-demand rate used for the estimate (us-east-1, per million write request units, since November 2024). */
export const ON_DEMAND_USD_PER_MILLION_WRU = 0.625;

export interface WriteCostEstimate {
  /** Write units of the transactional puts and deletes on the table (2 per KB each: a transaction writes twice). */
  readonly tableUnits: number;
  /** Write units of the index updates (1 per KB per index the new item is in for the put, and the old one for the delete). */
  readonly indexUnits: number;
  readonly totalUnits: number;
  /** totalUnits at {@link ON_DEMAND_USD_PER_MILLION_WRU}: an estimate, not a bill. */
  readonly onDemandUsd: number;
  /** "1,234 WCU (write units: … for the transactional puts and deletes, … for index updates)". */
  readonly unitsText: string;
  /** "on AWS on demand ≈ $0.0013 (an estimate at …)". */
  readonly priceText: string;
  /** Both, as one sentence (the command prints it). */
  readonly text: string;
}

/**
 * A small dollar amount readably: cents from $0.01 up, two significant
 * digits below ("≈ $0.0013"), never a row of zeros ("$0.0000").
 */
export function formatUsd(usd: number): string {
  if (usd <= 0) return '$0';
  if (usd < 0.0001) return 'less than $0.0001';
  return usd < 0.01 ? `≈ $${Number(usd.toPrecision(2))}` : `≈ $${usd.toFixed(2)}`;
}

const kilobytes = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

/** A secondary index (GSI or LSI) by its key attribute names: an item is in it when it has every one (a sparse index holds only those). */
export interface IndexKeys {
  readonly name: string;
  readonly keys: readonly string[];
}

/**
 * The indexes of a DescribeTable answer, by their key attribute names.
 *
 * @example
 * indexKeysOf(described.Table) // [{ name: "byRegion", keys: ["region", "score"] }]
 */
export function indexKeysOf(table: Pick<TableDescription, 'GlobalSecondaryIndexes' | 'LocalSecondaryIndexes'> | undefined): IndexKeys[] {
  const indexes = [...(table?.GlobalSecondaryIndexes ?? []), ...(table?.LocalSecondaryIndexes ?? [])];
  return indexes.map((index) => ({ name: index.IndexName ?? '', keys: (index.KeySchema ?? []).map((key) => key.AttributeName ?? '') }));
}

const isIn = (index: IndexKeys, item: Item) => index.keys.every((name) => getOwnAttribute(item, name) !== undefined);
const sameIndexKey = (index: IndexKeys, a: Item, b: Item) =>
  index.keys.every((name) => {
    const x = getOwnAttribute(a, name);
    const y = getOwnAttribute(b, name);
    return x !== undefined && y !== undefined && attributeValuesEqual(x, y);
  });

/**
 * The index writes of one write, in write units: the new item put into
 * every index it is in (1 per KB), and the old one deleted from every index
 * it was in when the table key moved or the index key changed (an update
 * in place of an unchanged index key is one write). An item lacking an index
 * key attribute is not in that index and costs it nothing.
 */
function indexUnitsOf(entry: WriteEntry, indexes: readonly IndexKeys[], copies: boolean): number {
  let units = 0;
  for (const index of indexes) {
    const newIn = isIn(index, entry.newItem);
    const oldIn = !copies && isIn(index, entry.item);
    if (newIn) units += kilobytes(entry.sizeAfter);
    if (oldIn && (!entry.sameKey || !newIn || !sameIndexKey(index, entry.item, entry.newItem))) units += kilobytes(entry.sizeBefore);
  }
  return units;
}

/**
 * The estimated write cost of the rewrites: each is one TransactWriteItems,
 * which DynamoDB charges 2 write units per KB per item written (the Put of
 * the new item, the Delete of the old one, sized by the old item), plus the
 * index writes of every GSI and LSI the old or new item is in (see
 * indexUnitsOf; copying, the target is created with the source's indexes).
 * `indexes`: the table's indexes (indexKeysOf).
 */
export function estimateWriteCost(
  plan: Pick<MigrationPlan, 'spec' | 'rewrites'>,
  indexes: readonly IndexKeys[],
  usdPerMillion = ON_DEMAND_USD_PER_MILLION_WRU,
): WriteCostEstimate {
  let tableUnits = 0;
  let indexUnits = 0;
  const copies = plan.spec.targetTableName !== undefined;
  for (const entry of plan.rewrites) {
    const put = 2 * kilobytes(entry.sizeAfter);
    const remove = entry.sameKey || copies ? 0 : 2 * kilobytes(entry.sizeBefore);
    // A copy's ConditionCheck on the old item costs a write unit per KB too, transactionally doubled.
    const check = copies ? 2 * kilobytes(entry.sizeBefore) : 0;
    tableUnits += put + remove + check;
    if (indexes.length > 0) indexUnits += indexUnitsOf(entry, indexes, copies);
  }
  const totalUnits = tableUnits + indexUnits;
  const onDemandUsd = (totalUnits / 1_000_000) * usdPerMillion;
  const unitsText = `${formatCount(totalUnits)} WCU (write units: ${formatCount(tableUnits)} for the transactional puts and deletes, ${formatCount(indexUnits)} for index updates${indexes.length > 0 ? ` on ${indexes.map((index) => index.name).join(', ')}` : ''})`;
  const priceText = `on AWS on demand ${formatUsd(onDemandUsd)} (an estimate at $${usdPerMillion} per million write request units, the public us-east-1 rate; check your region's price)`;
  const text = `${unitsText}; ${priceText}.`;
  return { tableUnits, indexUnits, totalUnits, onDemandUsd, unitsText, priceText, text };
}
