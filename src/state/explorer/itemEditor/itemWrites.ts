import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDataSource } from '../../../engine';
import { getOwnAttribute } from '../../../expressions';
import { changedAttributes, conditionFits, fitUnchangedCondition, MAX_CHECKED_ATTRIBUTES, unchangedCondition, type AttributeChange } from '../../../items';
import { toExplorerError, type Item, type TableSummary } from '../explorerTypes';

/**
 * The item editor's writes, each one conditional so nothing is silently
 * overwritten: a new item only where its key is free, an edit only while
 * the stored item is the one read, a key change as ONE TransactWriteItems
 * (Put of the new key + Delete of the old one), a delete only of the item
 * shown. Each returns what happened instead of throwing.
 */

/** What a write did. */
export type WriteOutcome =
  /** `partialCheck`: the item was too wide for one condition (see guardOf). */
  | { readonly kind: 'saved'; readonly partialCheck?: PartialCheck }
  /** The new key is taken; `existing` is the item there (to open it). */
  | { readonly kind: 'keyExists'; readonly existing?: Item }
  /** The item changed since it was read; `theirs` is what is stored now (undefined: deleted). */
  | { readonly kind: 'conflict'; readonly mine: Item; readonly theirs?: Item }
  | { readonly kind: 'refused'; readonly message: string };

/**
 * An item wider than one DynamoDB condition (more than 150 attributes, or
 * 4 KB of expression): it was read again just before the write and compared
 * whole, and the write's condition compared `checked` of its `total`
 * attributes (every changed one among them).
 */
export interface PartialCheck {
  readonly checked: number;
  readonly total: number;
}

/**
 * Said before a Save or Delete of an item too wide for one condition: its
 * attribute count and how many one condition can compare (undefined: the
 * whole item fits, or a version attribute guards it).
 */
export function wideCheckOf(item: Item, versionAttribute: string | undefined): PartialCheck | undefined {
  if (conditionFits(editCondition(item, versionAttribute))) return undefined;
  return { checked: Math.min(MAX_CHECKED_ATTRIBUTES, Object.keys(item).length), total: Object.keys(item).length };
}

type Condition = { ConditionExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues?: Record<string, AttributeValue> };

/** The key attributes of `item` (for GetItem, DeleteItem and "open it"). */
export function keyOf(table: TableSummary, item: Item): Item {
  const key: Record<string, AttributeValue> = {};
  for (const part of [table.keys.partitionKey, table.keys.sortKey]) {
    const value = part ? getOwnAttribute(item, part.name) : undefined;
    if (part && value) key[part.name] = value;
  }
  return key;
}

/** Whether two items have different keys (compared as DynamoDB compares them). */
export function keyChanged(table: TableSummary, before: Item, after: Item): boolean {
  return changedAttributes(keyOf(table, before), keyOf(table, after)).length > 0;
}

/** Moved to src/items (key migrations use it too); re-exported here for the editor's callers. */
export { unchangedCondition };

/**
 * The "unchanged since read" condition: on the version attribute when the
 * design names one and the item has it (whoever writes bumps it), else on
 * every attribute.
 */
export function editCondition(original: Item, versionAttribute: string | undefined): Condition {
  const version = versionAttribute === undefined ? undefined : getOwnAttribute(original, versionAttribute);
  if (versionAttribute === undefined || version === undefined) return unchangedCondition(original);
  return {
    ConditionExpression: '#version = :version',
    ExpressionAttributeNames: { '#version': versionAttribute },
    ExpressionAttributeValues: { ':version': version },
  };
}

/**
 * The item to write for an edit: with a version attribute the user left as
 * read, that version plus one (an integer N), so the next writer's condition
 * sees the change.
 */
export function withNextVersion(item: Item, original: Item, versionAttribute: string | undefined): Item {
  if (versionAttribute === undefined) return item;
  const before = getOwnAttribute(original, versionAttribute);
  const now = getOwnAttribute(item, versionAttribute);
  if (before?.N === undefined || now?.N !== before.N || !/^-?\d+$/.test(before.N)) return item;
  return { ...item, [versionAttribute]: { N: (BigInt(before.N) + 1n).toString() } };
}

function newKeyCondition(table: TableSummary): Condition {
  return { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': table.keys.partitionKey.name } };
}

const errorName = (error: unknown): string | undefined => (error instanceof Error ? error.name : undefined);

/** What a write is conditioned on: the condition (and, for a wide item, how much of it DynamoDB checks), or the outcome that ends it before writing. */
type Guard = { readonly condition: Condition; readonly partialCheck?: PartialCheck } | { readonly outcome: WriteOutcome };

/**
 * The "unchanged since read" guard of a write of `expected`: on the version
 * attribute, or on every attribute while that fits one condition. A wider
 * item can't be compared in one condition, nor in one transaction (DynamoDB
 * refuses two operations on one item in a TransactWriteItems): it is read
 * again (consistent) and compared whole — a difference is a conflict — and
 * the write is conditioned on as many attributes as fit, the `changes` first.
 */
async function guardOf(
  source: DynamoDBDataSource,
  table: TableSummary,
  expected: Item,
  versionAttribute: string | undefined,
  changes: readonly AttributeChange[] = [],
): Promise<Guard> {
  const condition = editCondition(expected, versionAttribute);
  if (conditionFits(condition)) return { condition };
  const stored = await storedItem(source, table, expected);
  if (!stored || changedAttributes(expected, stored).length > 0)
    return { outcome: { kind: 'conflict', mine: expected, ...(stored ? { theirs: stored } : {}) } };
  const keyNames = [table.keys.partitionKey.name, ...(table.keys.sortKey ? [table.keys.sortKey.name] : [])];
  const fitted = fitUnchangedCondition(expected, keyNames, changes);
  if (!fitted) {
    return {
      outcome: {
        kind: 'refused',
        message: `This edit changes ${changes.length} attributes; one DynamoDB write can require at most ${MAX_CHECKED_ATTRIBUTES} of them unchanged (a condition holds at most 300 operators and 4 KB). Save the changes in parts of at most ${MAX_CHECKED_ATTRIBUTES} attributes, or give the item a version attribute in its design.`,
      },
    };
  }
  const { ConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues } = fitted;
  return {
    condition: { ConditionExpression, ExpressionAttributeNames, ...(ExpressionAttributeValues ? { ExpressionAttributeValues } : {}) },
    partialCheck: { checked: fitted.checked, total: fitted.total },
  };
}

async function storedItem(source: DynamoDBDataSource, table: TableSummary, item: Item): Promise<Item | undefined> {
  const { Item: stored } = await source.getItem({ TableName: table.name, Key: keyOf(table, item), ConsistentRead: true });
  return stored;
}

/** A new item: PutItem with attribute_not_exists on its key. */
export async function putNewItem(source: DynamoDBDataSource, table: TableSummary, item: Item): Promise<WriteOutcome> {
  try {
    await source.putItem({ TableName: table.name, Item: item, ...newKeyCondition(table) });
    return { kind: 'saved' };
  } catch (error) {
    if (errorName(error) !== 'ConditionalCheckFailedException') return { kind: 'refused', message: toExplorerError(error).message };
    const existing = await storedItem(source, table, item);
    return { kind: 'keyExists', ...(existing ? { existing } : {}) };
  }
}

/**
 * An edit of `expected` (the item as read, or as last seen after a conflict)
 * into `item`: an UpdateItem of what changed, conditional on the item being
 * unchanged; when the key
 * changed, ONE TransactWriteItems of Put(new key, attribute_not_exists) and
 * Delete(old key, unchanged), so a failure of either leaves the old item.
 */
export async function writeEdit(source: DynamoDBDataSource, table: TableSummary, item: Item, expected: Item, versionAttribute?: string): Promise<WriteOutcome> {
  const written = withNextVersion(item, expected, versionAttribute);
  if (!keyChanged(table, expected, item)) {
    const update = updateOf(expected, written);
    if (!update) return { kind: 'saved' };
    const guard = await guardOf(source, table, expected, versionAttribute, changedAttributes(expected, written));
    if ('outcome' in guard) return guard.outcome.kind === 'conflict' ? { ...guard.outcome, mine: item } : guard.outcome;
    const { condition, partialCheck } = guard;
    try {
      await source.updateItem({
        TableName: table.name,
        Key: keyOf(table, expected),
        UpdateExpression: update.expression,
        ConditionExpression: condition.ConditionExpression,
        ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, ...update.names },
        ...(condition.ExpressionAttributeValues || update.values
          ? { ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ...update.values } }
          : {}),
      });
      return { kind: 'saved', ...(partialCheck ? { partialCheck } : {}) };
    } catch (error) {
      if (errorName(error) !== 'ConditionalCheckFailedException') return { kind: 'refused', message: toExplorerError(error).message };
      const theirs = await storedItem(source, table, expected);
      return { kind: 'conflict', mine: item, ...(theirs ? { theirs } : {}) };
    }
  }
  // The old item is deleted whole: every attribute counts as changed.
  const guard = await guardOf(source, table, expected, versionAttribute);
  if ('outcome' in guard) return guard.outcome.kind === 'conflict' ? { ...guard.outcome, mine: item } : guard.outcome;
  const { condition, partialCheck } = guard;
  try {
    await source.transactWriteItems({
      TransactItems: [
        { Put: { TableName: table.name, Item: written, ...newKeyCondition(table) } },
        { Delete: { TableName: table.name, Key: keyOf(table, expected), ...condition } },
      ],
    });
    return { kind: 'saved', ...(partialCheck ? { partialCheck } : {}) };
  } catch (error) {
    if (errorName(error) !== 'TransactionCanceledException') return { kind: 'refused', message: toExplorerError(error).message };
    const reasons = (error as { CancellationReasons?: readonly { Code?: string }[] }).CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') {
      const existing = await storedItem(source, table, item);
      return { kind: 'keyExists', ...(existing ? { existing } : {}) };
    }
    if (reasons[1]?.Code === 'ConditionalCheckFailed') {
      const theirs = await storedItem(source, table, expected);
      return { kind: 'conflict', mine: item, ...(theirs ? { theirs } : {}) };
    }
    return { kind: 'refused', message: toExplorerError(error).message };
  }
}

/**
 * An edit as UpdateItem's SET and REMOVE of the attributes that changed
 * (undefined: none did). Not a PutItem: a condition can only compare the
 * attributes that were read, so an attribute someone else added meanwhile
 * would be silently dropped by a Put; an update keeps it.
 */
function updateOf(before: Item, after: Item): { expression: string; names: Record<string, string>; values?: Record<string, AttributeValue> } | undefined {
  const changes = changedAttributes(before, after);
  if (changes.length === 0) return undefined;
  const names: Record<string, string> = {};
  const values: Record<string, AttributeValue> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  changes.forEach((change, i) => {
    names[`#u${i}`] = change.name;
    if (change.kind === 'removed') removes.push(`#u${i}`);
    else {
      values[`:u${i}`] = getOwnAttribute(after, change.name) as AttributeValue;
      sets.push(`#u${i} = :u${i}`);
    }
  });
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' ');
  return { expression, names, ...(sets.length ? { values } : {}) };
}

/** Delete item: DeleteItem of the item shown, conditional on it being unchanged since read. */
export async function deleteShownItem(source: DynamoDBDataSource, table: TableSummary, item: Item, versionAttribute?: string): Promise<WriteOutcome> {
  const guard = await guardOf(source, table, item, versionAttribute);
  if ('outcome' in guard) return guard.outcome;
  try {
    await source.deleteItem({ TableName: table.name, Key: keyOf(table, item), ...guard.condition });
    return { kind: 'saved', ...(guard.partialCheck ? { partialCheck: guard.partialCheck } : {}) };
  } catch (error) {
    if (errorName(error) !== 'ConditionalCheckFailedException') return { kind: 'refused', message: toExplorerError(error).message };
    const theirs = await storedItem(source, table, item);
    return { kind: 'conflict', mine: item, ...(theirs ? { theirs } : {}) };
  }
}
