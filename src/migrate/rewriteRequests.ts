import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { getOwnAttribute, type Item } from '../expressions';
import { unchangedCondition } from '../items';
import type { MigrationSpec, RewriteEntry, RewriteRequests, SettleRule } from './migration.types';

/**
 * The one TransactWriteItems that performs a rewrite, and how to tell by
 * reading whether it already happened. The in-app runner and the exported
 * Node and boto3 scripts send exactly these requests (the scripts read them
 * from the plan file), so the conditions are the same everywhere:
 * - in place, new table key: Put(new item, attribute_not_exists on the new
 *   key: nothing there is overwritten) + Delete(old key, every attribute
 *   unchanged since the plan read it);
 * - in place, same table key (only index keys change): Put(new item, every
 *   attribute of the old one unchanged);
 * - copy into a new table: ConditionCheck(old item unchanged) +
 *   Put(new item in the new table, attribute_not_exists).
 */
export function rewriteRequests(spec: MigrationSpec, entry: RewriteEntry): RewriteRequests {
  const notThere = { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': spec.partitionKey } };
  const unchanged = unchangedSincePlan(entry.item, entry.newItem);
  if (spec.targetTableName !== undefined) {
    return {
      transaction: {
        TransactItems: [
          { ConditionCheck: { TableName: spec.tableName, Key: entry.key as Record<string, AttributeValue>, ...unchanged } },
          { Put: { TableName: spec.targetTableName, Item: entry.newItem as Record<string, AttributeValue>, ...notThere } },
        ],
      },
      settle: { kind: 'moved', oldRead: { TableName: spec.tableName, Key: entry.key }, newRead: { TableName: spec.targetTableName, Key: entry.newKey }, keepsOld: true },
    };
  }
  if (entry.sameKey) {
    const expect: Record<string, AttributeValue> = {};
    for (const attribute of spec.attributes) {
      const value = getOwnAttribute(entry.newItem, attribute.name);
      if (value) expect[attribute.name] = value;
    }
    return {
      transaction: { TransactItems: [{ Put: { TableName: spec.tableName, Item: entry.newItem as Record<string, AttributeValue>, ...unchanged } }] },
      settle: { kind: 'sameKey', read: { TableName: spec.tableName, Key: entry.key }, expect },
    };
  }
  return {
    transaction: {
      TransactItems: [
        { Put: { TableName: spec.tableName, Item: entry.newItem as Record<string, AttributeValue>, ...notThere } },
        { Delete: { TableName: spec.tableName, Key: entry.key as Record<string, AttributeValue>, ...unchanged } },
      ],
    },
    settle: { kind: 'moved', oldRead: { TableName: spec.tableName, Key: entry.key }, newRead: { TableName: spec.tableName, Key: entry.newKey }, keepsOld: false },
  };
}

/**
 * The old item is as the plan read it: every attribute it had still has its
 * value (unchangedCondition) and no attribute the new item adds exists yet (so
 * a same-key rewrite that already ran is refused, not written twice).
 * DynamoDB conditions can't say "and no other attribute": an attribute
 * someone else ADDED to the old item is not detected; a changed or removed
 * one is.
 */
export function unchangedSincePlan(item: Item, newItem: Item): ReturnType<typeof unchangedCondition> {
  const condition = unchangedCondition(item);
  const added = Object.keys(newItem).filter((name) => getOwnAttribute(item, name) === undefined);
  if (added.length === 0) return condition;
  const names = { ...condition.ExpressionAttributeNames };
  const parts = added.map((name, i) => {
    names[`#n${i}`] = name;
    return `attribute_not_exists(#n${i})`;
  });
  return { ...condition, ConditionExpression: [condition.ConditionExpression, ...parts].join(' AND '), ExpressionAttributeNames: names };
}

/** What reading says about a rewrite whose transaction was refused (or may have run before a crash). */
export type SettledState = 'done' | 'pending' | 'changed' | 'deleted' | 'newKeyTaken';

/**
 * The rule, one place: an item whose new key holds an item and whose old key
 * holds none (in place) is done; a same-key item carrying the target values
 * is done; an old item still stored as planned with its new key free is
 * pending (its transaction can run); any other state is someone else's
 * change, skipped and reported.
 * `oldItem`: what the old key holds now; `newItem`: what the new key holds now.
 */
export function settleState(rule: SettleRule, planned: Item, oldItem: Item | undefined, newItem: Item | undefined, equal: (a: Item, b: Item) => boolean): SettledState {
  if (rule.kind === 'sameKey') {
    if (!oldItem) return 'deleted';
    if (Object.keys(rule.expect).every((name) => { const there = getOwnAttribute(oldItem, name); return there !== undefined && equal({ v: there }, { v: getOwnAttribute(rule.expect, name) as AttributeValue }); })) return 'done';
    return equal(oldItem, planned) ? 'pending' : 'changed';
  }
  if (newItem && (rule.keepsOld || !oldItem)) return 'done';
  if (!oldItem) return 'deleted';
  if (!equal(oldItem, planned)) return 'changed';
  return newItem ? 'newKeyTaken' : 'pending';
}
