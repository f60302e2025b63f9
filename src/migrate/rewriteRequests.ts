import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { getOwnAttribute, setOwnAttribute, type Item } from '../expressions';
import { unchangedCondition } from '../items';
import type { MigrationPlan, MigrationSpec, RewriteRequests, SettleRule, WriteEntry } from './migration.types';

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
 * - copy into a new table, for every source item (rewritten, or as it is:
 *   see CopyEntry): ConditionCheck(old item unchanged since the plan read it,
 *   watched names included) + Put(new item in the new table,
 *   attribute_not_exists: nothing already there is overwritten). Refused
 *   because the target holds exactly that item: copied before (a resume),
 *   done; a different item there: a collision, skipped and reported.
 */
export function rewriteRequests(spec: MigrationSpec, entry: WriteEntry): RewriteRequests {
  const notThere = { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': spec.partitionKey } };
  const unchanged = unchangedSincePlan(entry.item, entry.newItem, spec.watchedAttributes);
  if (spec.targetTableName !== undefined) {
    return {
      transaction: {
        TransactItems: [
          { ConditionCheck: { TableName: spec.tableName, Key: entry.key as Record<string, AttributeValue>, ...unchanged } },
          { Put: { TableName: spec.targetTableName, Item: entry.newItem as Record<string, AttributeValue>, ...notThere } },
        ],
      },
      settle: {
        kind: 'moved',
        oldRead: { TableName: spec.tableName, Key: entry.key },
        newRead: { TableName: spec.targetTableName, Key: entry.newKey },
        keepsOld: true,
      },
    };
  }
  if (entry.sameKey) {
    const expect: Record<string, AttributeValue> = {};
    for (const attribute of spec.attributes) {
      const value = getOwnAttribute(entry.newItem, attribute.name);
      if (value) setOwnAttribute(expect, attribute.name, value);
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
    settle: {
      kind: 'moved',
      oldRead: { TableName: spec.tableName, Key: entry.key },
      newRead: { TableName: spec.tableName, Key: entry.newKey },
      keepsOld: false,
    },
  };
}

/** DynamoDB's limit on an expression string is 4 KB; the watched names stop short of it (see unchangedSincePlan). */
const CONDITION_BYTES = 4000;

/**
 * The old item is as the plan read it: every attribute it had still has its
 * value (unchangedCondition), no attribute the new item adds exists yet (so a
 * same-key rewrite that already ran is refused, not written twice), and none
 * of the `watched` names (every attribute name the preview saw in the table)
 * has appeared on it, so an item that gained an attribute since the preview
 * is refused → settled as changed → skipped and reported, not rewritten
 * without it. DynamoDB conditions can't say "and no other attribute": a name
 * no item had when the plan read the table is not detected; watched names
 * past the 4 KB expression limit are left out (the new item's own names never).
 */
export function unchangedSincePlan(item: Item, newItem: Item, watched: readonly string[] = []): ReturnType<typeof unchangedCondition> {
  const condition = unchangedCondition(item);
  const absent = (name: string) => getOwnAttribute(item, name) === undefined;
  const added = Object.keys(newItem).filter(absent);
  const addedNames = new Set(added);
  const alsoWatched = watched.filter((name) => absent(name) && !addedNames.has(name));
  if (added.length === 0 && alsoWatched.length === 0) return condition;
  const names = { ...condition.ExpressionAttributeNames };
  const parts = [condition.ConditionExpression];
  let length = condition.ConditionExpression.length;
  const notExists = (name: string) => {
    const placeholder = `#n${parts.length - 1}`;
    const part = `attribute_not_exists(${placeholder})`;
    names[placeholder] = name;
    parts.push(part);
    length += part.length + 5;
  };
  for (const name of added) notExists(name);
  for (const name of alsoWatched) {
    if (length + 40 > CONDITION_BYTES) break;
    notExists(name);
  }
  return { ...condition, ConditionExpression: parts.join(' AND '), ExpressionAttributeNames: names };
}

/**
 * The plan with every attribute name its items carry (in the order first
 * seen) as the spec's watched names: the rewrites' conditions then refuse an
 * old item that has gained one of them since the preview (unchangedSincePlan).
 */
export function watchAddedAttributes<Plan extends Pick<MigrationPlan, 'spec' | 'entries'>>(plan: Plan): Plan {
  const seen = new Set<string>();
  for (const entry of plan.entries) for (const name of Object.keys(entry.item)) seen.add(name);
  return { ...plan, spec: { ...plan.spec, watchedAttributes: [...seen] } };
}

/** What reading says about a rewrite whose transaction was refused (or may have run before a crash). */
export type SettledState = 'done' | 'pending' | 'changed' | 'deleted' | 'newKeyTaken';

/**
 * The rule, one place: an item whose new key holds an item and whose old key
 * holds none (in place) is done; copying, the target's new key holding
 * exactly the planned item is done (a different item there is newKeyTaken: a
 * collision, never overwritten); a same-key item carrying the target values
 * is done; an old item still stored as planned with its new key free is
 * pending (its transaction can run); any other state is someone else's
 * change, skipped and reported.
 * `planned`: the write as planned; `oldItem`: what the old key holds now;
 * `newItem`: what the new key holds now.
 */
export function settleState(
  rule: SettleRule,
  planned: Pick<WriteEntry, 'item' | 'newItem'>,
  oldItem: Item | undefined,
  newItem: Item | undefined,
  equal: (a: Item, b: Item) => boolean,
): SettledState {
  if (rule.kind === 'sameKey') {
    if (!oldItem) return 'deleted';
    if (
      Object.keys(rule.expect).every((name) => {
        const there = getOwnAttribute(oldItem, name);
        return there !== undefined && equal({ v: there }, { v: getOwnAttribute(rule.expect, name) as AttributeValue });
      })
    )
      return 'done';
    return equal(oldItem, planned.item) ? 'pending' : 'changed';
  }
  if (newItem && rule.keepsOld) return equal(newItem, planned.newItem) ? 'done' : 'newKeyTaken';
  if (newItem && !oldItem) return 'done';
  if (!oldItem) return 'deleted';
  if (!equal(oldItem, planned.item)) return 'changed';
  return newItem ? 'newKeyTaken' : 'pending';
}
