import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { SortKeyConditionModel } from '../expressions';
import {
  compareUtf8,
  compileKeyTemplate,
  inferTemplateOrders,
  judgeTemplateFields,
  rankByIntendedOrder,
  storedKeyOrder,
  type FieldValues,
  type InferredFieldOrder,
  type KeyFinding,
  type KeyTemplate,
  type KeyType,
  type ReadDirection,
} from '../keys';
import type { Item } from './explorerStore';

/** Where the values of the template's fields come from for one loaded item. */
export type FieldSource = 'attribute' | 'storedKey';

/** One loaded item in the order comparison. */
export interface ItemOrderRow {
  /** 1-based position among all loaded items, as DynamoDB returned them. */
  readonly loadedPosition: number;
  /** The item's stored sort key as text (empty when the item has none). */
  readonly storedKey: string;
  /** The item's partition key as text (empty without `partitionKeyName`, or when the item has none): ranks count within it. */
  readonly partition: string;
  /** The template fields' values found for the item, and where each came from. */
  readonly values: FieldValues;
  readonly sources: Readonly<Record<string, FieldSource>>;
  /** The key the item gets under the template; absent when `problems` is not empty. */
  readonly encodedKey?: string;
  /** Why the item can't be compared: a missing field, a value the template refuses. */
  readonly problems: readonly KeyFinding[];
  /** Loaded positions of the other items of its partition that encode to the same key (each write would replace the other). */
  readonly collidesWith: readonly number[];
  /** 1-based ranks among the compared items (those without problems) of the item's partition. */
  readonly storedRank?: number;
  readonly encodedRank?: number;
  /** Tied items share an intended rank. */
  readonly intendedRank?: number;
}

/** One partition's compared items: each order lists the partitions in this order, each partition's rows together. */
export interface OrderPartition {
  /** The partition key value as text. */
  readonly value: string;
  /** How many compared items it holds. */
  readonly size: number;
}

/**
 * The loaded items in three orders: stored, re-encoded and sorted, intended.
 * A sort key orders items only within their partition, so every order is
 * taken per partition; the partitions follow each other in the order their
 * first item was loaded.
 */
export interface ItemOrders {
  /** Every loaded item, in the order DynamoDB returned them. */
  readonly rows: readonly ItemOrderRow[];
  /** The partitions of the compared items (one, when no partition key was given). */
  readonly partitions: readonly OrderPartition[];
  /** The compared items as DynamoDB returned them, partition by partition. */
  readonly storedOrder: readonly ItemOrderRow[];
  /** The compared items of each partition sorted by the DynamoDB comparator over their encoded keys. */
  readonly encodedOrder: readonly ItemOrderRow[];
  /** The compared items of each partition by the values of the template's fields. */
  readonly intendedOrder: readonly ItemOrderRow[];
  /** String fields whose compared values all read as numbers or dates: their intended order is by value. */
  readonly inferredOrders: readonly InferredFieldOrder[];
  /** Items left out, with the reason. */
  readonly excluded: readonly ItemOrderRow[];
  /** Groups of loaded positions whose items, in one partition, encode to the same key. */
  readonly collisions: readonly (readonly number[])[];
  /** With `slice`: the loaded positions a Query returns, under the stored keys and under the re-encoded keys. */
  readonly slice?: { readonly stored: ReadonlySet<number>; readonly encoded: ReadonlySet<number> };
}

/** A Query's sort-key condition and Limit, applied to the loaded rows of one partition. */
export interface OrderSlice {
  /** Only items whose partition key attribute has this text are in the partition. */
  readonly partition: { readonly name: string; readonly value: string };
  /** String bounds (S); absent for the whole partition. */
  readonly condition?: SortKeyConditionModel;
  readonly limit?: number;
  /** The Query's direction; when it differs from the loaded rows' direction, the slice is taken from the other end. */
  readonly direction?: ReadDirection;
}

/**
 * True when a string key satisfies a sort-key condition (S bounds), by the
 * DynamoDB comparator.
 *
 * @example
 * matchesSortCondition("0000000240", { operator: "between", low: { S: "0000000200" }, high: { S: "0000002000" } }) // true
 */
export function matchesSortCondition(key: string, condition: SortKeyConditionModel | undefined): boolean {
  if (!condition) return true;
  const text = (value: AttributeValue) => value.S ?? '';
  switch (condition.operator) {
    case 'between':
      return compareUtf8(key, text(condition.low)) >= 0 && compareUtf8(key, text(condition.high)) <= 0;
    case 'begins_with':
      return key.startsWith(text(condition.prefix));
    case '=':
      return key === text(condition.value);
    case '<':
      return compareUtf8(key, text(condition.value)) < 0;
    case '<=':
      return compareUtf8(key, text(condition.value)) <= 0;
    case '>':
      return compareUtf8(key, text(condition.value)) > 0;
    case '>=':
      return compareUtf8(key, text(condition.value)) >= 0;
  }
}

/** The first `limit` rows of `rows` (already in read order) in the partition that satisfy the condition. */
function takeSlice(
  rows: readonly ItemOrderRow[],
  itemAt: ReadonlyMap<number, Item>,
  slice: OrderSlice,
  keyOf: (row: ItemOrderRow) => string | undefined,
  reverse: boolean,
): Set<number> {
  const taken = new Set<number>();
  for (const row of reverse ? [...rows].reverse() : rows) {
    if (slice.limit !== undefined && taken.size >= slice.limit) break;
    const partition = itemAt.get(row.loadedPosition)?.[slice.partition.name];
    if ((partition?.S ?? partition?.N) !== slice.partition.value) continue;
    const key = keyOf(row);
    if (key !== undefined && matchesSortCondition(key, slice.condition)) taken.add(row.loadedPosition);
  }
  return taken;
}

export interface CompareItemOrdersOptions {
  /** The key builder's template. */
  readonly template: KeyTemplate;
  /** The sort key attribute of the table or index the items came from. */
  readonly sortKeyName?: string;
  /** The partition key attribute of the table or index: orders are compared within each partition (a Scan returns many). */
  readonly partitionKeyName?: string;
  /** A template the stored sort key was written with (e.g. the raw `{score}`): fields it decodes fill in missing attributes. */
  readonly storedTemplate?: KeyTemplate;
  /** The direction the items were read in (`ScanIndexForward: false` is descending); the other orders follow it. */
  readonly direction?: ReadDirection;
  /** The query being built: mark the rows it returns under the stored keys and under the template's keys. */
  readonly slice?: OrderSlice;
  /** The 1-based loaded position of each item, when `items` is a part of what was loaded (one entity's rows); default: index + 1. */
  readonly positions?: readonly number[];
  /** The sort key attribute's declared type (default S): N keys sort and mean numbers, B keys bytes. */
  readonly declaredType?: KeyType;
}

/** A key attribute as text: S as is, N as its digits. B and the other types have no text form a template can read. */
function scalarText(value: AttributeValue | undefined): string | undefined {
  if (value?.S !== undefined) return value.S;
  if (value?.N !== undefined) return value.N;
  return undefined;
}

function typeOf(value: AttributeValue): string {
  return Object.keys(value).find((key) => key !== '$unknown') ?? '?';
}

/**
 * Compares the loaded items' stored order with the order they would have
 * under the key builder's template, and with their intended order.
 *
 * Each template field takes its value from the item attribute of the same
 * name (S or N), or else from decoding the item's stored sort key with
 * `storedTemplate`. Items with a missing field or a value the template
 * refuses are excluded, with the reason. Items that encode to the same key
 * are flagged as collisions (in DynamoDB one would overwrite the other) but
 * stay in the orders. Orders use the one DynamoDB comparator over the encoded
 * keys (compareKeys by the sort key's declared type: bytes for S, value for N)
 * and the template's field order as src/keys' one judge of intended order
 * means it (`rankByIntendedOrder` over `judgeTemplateFields`, with the declared
 * type), within each partition of `partitionKeyName`; the items array is never reordered.
 */
export function compareItemOrders(items: readonly Item[], options: CompareItemOrdersOptions): ItemOrders {
  const { template, sortKeyName, partitionKeyName, storedTemplate, direction = 'ascending', slice, positions, declaredType = 'S' } = options;
  const compiled = compileKeyTemplate(template);
  const storedCompiled = storedTemplate ? compileKeyTemplate(storedTemplate) : undefined;

  type Draft = { -readonly [K in keyof ItemOrderRow]: ItemOrderRow[K] } & { collidesWith: number[] };
  const drafts: Draft[] = items.map((item, index) => {
    const storedValue = sortKeyName ? item[sortKeyName] : undefined;
    const storedKey = storedValue ? (scalarText(storedValue) ?? `(${typeOf(storedValue)} value)`) : '';
    const partitionValue = partitionKeyName ? item[partitionKeyName] : undefined;
    const partition = partitionValue ? (scalarText(partitionValue) ?? `(${typeOf(partitionValue)} value)`) : '';
    const problems: KeyFinding[] = [];
    let decoded: Record<string, string> | undefined;
    let decodeProblem: KeyFinding | undefined;
    const decodeStored = () => {
      if (decoded || decodeProblem || !storedCompiled) return;
      const text = scalarText(storedValue);
      if (text === undefined) {
        decodeProblem = {
          code: 'keys.decodeMismatch',
          message: `The stored sort key ${sortKeyName ?? ''} is ${storedValue ? `a ${typeOf(storedValue)} value` : 'missing'}, so the stored key template can't read it.`,
        };
        return;
      }
      const result = storedCompiled.decode(text);
      if (result.ok) decoded = result.value;
      else decodeProblem = result.findings[0];
    };
    const values: Record<string, string> = {};
    const sources: Record<string, FieldSource> = {};
    for (const field of compiled.fields) {
      const attribute = item[field.name];
      const text = scalarText(attribute);
      if (text !== undefined) {
        values[field.name] = text;
        sources[field.name] = 'attribute';
        continue;
      }
      if (attribute) {
        problems.push({
          code: 'keys.missingValue',
          field: field.name,
          message: `Attribute ${field.name} is a ${typeOf(attribute)} value; a key field needs a string or a number.`,
        });
        continue;
      }
      decodeStored();
      const fromKey = decoded?.[field.name];
      if (fromKey !== undefined) {
        values[field.name] = fromKey;
        sources[field.name] = 'storedKey';
        continue;
      }
      const why = !storedCompiled
        ? 'give a stored key template to read it from the sort key'
        : decodeProblem
          ? `the stored key doesn't decode: ${decodeProblem.message}`
          : `the stored key template has no field ${field.name}`;
      problems.push({ code: 'keys.missingValue', field: field.name, message: `No attribute ${field.name}, and ${why}.` });
    }
    let encodedKey: string | undefined;
    if (problems.length === 0) {
      const encoded = compiled.encode(values);
      if (encoded.ok) encodedKey = encoded.value;
      else problems.push(...encoded.findings);
    }
    return {
      loadedPosition: positions?.[index] ?? index + 1,
      storedKey,
      partition,
      values,
      sources,
      problems,
      collidesWith: [],
      ...(encodedKey !== undefined ? { encodedKey } : {}),
    };
  });

  const compared = drafts.filter((row) => row.encodedKey !== undefined);
  const groups = new Map<string, Draft[]>();
  for (const row of compared) {
    const group = groups.get(row.partition);
    if (group) group.push(row);
    else groups.set(row.partition, [row]);
  }

  // Two items collide only within a partition: the same sort key under another partition key is another item.
  const collisions: number[][] = [];
  for (const group of groups.values()) {
    const byKey = new Map<string, Draft[]>();
    for (const row of group) {
      const same = byKey.get(row.encodedKey as string);
      if (same) same.push(row);
      else byKey.set(row.encodedKey as string, [row]);
    }
    for (const same of byKey.values()) {
      if (same.length < 2) continue;
      const positions = same.map((row) => row.loadedPosition);
      collisions.push(positions);
      for (const row of same) row.collidesWith = positions.filter((position) => position !== row.loadedPosition);
    }
  }

  const sign = direction === 'ascending' ? 1 : -1;
  const comparedValues = compared.map((row) => row.values);
  const inferredOrders = inferTemplateOrders(compiled.fields, comparedValues, declaredType);
  const judged = judgeTemplateFields(compiled.fields, comparedValues, declaredType);
  const compareEncoded = storedKeyOrder(declaredType);
  const storedOrder: Draft[] = [];
  const encodedOrder: Draft[] = [];
  const intendedOrder: Draft[] = [];
  for (const group of groups.values()) {
    group.forEach((row, index) => (row.storedRank = index + 1));
    storedOrder.push(...group);
    const encoded = [...group].sort((a, b) => sign * compareEncoded(a.encodedKey as string, b.encodedKey as string));
    encoded.forEach((row, index) => (row.encodedRank = index + 1));
    encodedOrder.push(...encoded);
    const intended = rankByIntendedOrder(compiled.fields, group, (row) => row.values, direction, judged);
    for (const row of group) row.intendedRank = intended.positionOf.get(row);
    intendedOrder.push(...intended.sorted);
  }

  return {
    rows: drafts,
    partitions: [...groups].map(([value, group]) => ({ value, size: group.length })),
    storedOrder,
    encodedOrder,
    intendedOrder,
    inferredOrders,
    excluded: drafts.filter((row) => row.encodedKey === undefined),
    collisions,
    ...(slice
      ? {
          slice: sliceOf(drafts, encodedOrder, items, slice, sortKeyName, direction),
        }
      : {}),
  };
}

/** The loaded positions the query being built returns, under the stored and under the re-encoded keys. */
function sliceOf(
  drafts: readonly ItemOrderRow[],
  encodedOrder: readonly ItemOrderRow[],
  items: readonly Item[],
  slice: OrderSlice,
  sortKeyName: string | undefined,
  direction: ReadDirection,
) {
  const itemAt = new Map(drafts.map((row, index) => [row.loadedPosition, items[index] as Item]));
  return {
    // Loaded rows came back in the read direction already; the encoded order was sorted in it.
    stored: takeSlice(
      drafts,
      itemAt,
      slice,
      (row) => (itemAt.get(row.loadedPosition)?.[sortKeyName ?? '']?.S !== undefined ? row.storedKey : undefined),
      (slice.direction ?? direction) !== direction,
    ),
    encoded: takeSlice(encodedOrder, itemAt, slice, (row) => row.encodedKey, (slice.direction ?? direction) !== direction),
  };
}
