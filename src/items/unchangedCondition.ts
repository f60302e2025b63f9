import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { getOwnAttribute, MAX_EXPRESSION_LENGTH, MAX_OPERATORS, type Item } from '../expressions';
import type { AttributeChange } from './itemChanges';

/** A ConditionExpression with its names and values. */
export interface WriteCondition {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, AttributeValue>;
}

/**
 * "Every attribute still equals what was read": `#a0 = :v0 AND …`, names and
 * values as placeholders (equality compares any type in DynamoDB, sets as sets).
 * Used by the item editor's Save and by key migrations' Delete of the old item.
 * An item of more than 150 attributes makes a condition DynamoDB refuses
 * (300 operators, 4 KB): see {@link conditionFits} and {@link fitUnchangedCondition}.
 */
export function unchangedCondition(original: Item): {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, AttributeValue>;
} {
  const names: Record<string, string> = {};
  const values: Record<string, AttributeValue> = {};
  const parts = Object.keys(original).map((name, i) => {
    names[`#a${i}`] = name;
    values[`:v${i}`] = getOwnAttribute(original, name) as AttributeValue;
    return `#a${i} = :v${i}`;
  });
  return { ConditionExpression: parts.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/** Whether DynamoDB takes `condition` as one ConditionExpression: at most 300 operators (each comparison, function and AND counts) and 4 KB. */
export function conditionFits(condition: WriteCondition): boolean {
  const operators = (condition.ConditionExpression.match(/ AND |[=(]/g) ?? []).length;
  return operators <= MAX_OPERATORS && new TextEncoder().encode(condition.ConditionExpression).length <= MAX_EXPRESSION_LENGTH;
}

/** The most attributes one condition can compare: n comparisons and n − 1 ANDs within 300 operators. */
export const MAX_CHECKED_ATTRIBUTES = Math.floor((MAX_OPERATORS + 1) / 2);

/** An "unchanged" condition on as many attributes as DynamoDB's limits allow, and what it leaves out. */
export interface FittedCondition extends WriteCondition {
  /** Attributes the condition compares (an added one: that it is still absent). */
  readonly checked: number;
  /** Attributes of the item as read. */
  readonly total: number;
  /** Attributes of the item as read that the condition does not compare (key attributes aside: the Key holds them). */
  readonly unchecked: readonly string[];
}

/**
 * "Unchanged since read" for an item too wide for one condition: the
 * attributes an edit changes first (each must still hold the value read; an
 * added one must still be absent, so nobody's new value is overwritten), then
 * the others in the item's order, while the expression stays within 300
 * operators and 4 KB. Key attributes are left out (the Key already names
 * them). Undefined when the changes alone don't fit.
 *
 * @example
 * fitUnchangedCondition(item155, ["pk"], [{ name: "a3", kind: "changed" }])?.checked // 150 (a3 and 149 others)
 */
export function fitUnchangedCondition(original: Item, keyNames: readonly string[], changes: readonly AttributeChange[] = []): FittedCondition | undefined {
  const names: Record<string, string> = {};
  const values: Record<string, AttributeValue> = {};
  const parts: string[] = [];
  let length = 0;
  const keys = new Set(keyNames);
  const add = (name: string, present: boolean): boolean => {
    const id = parts.length.toString(36);
    const term = present ? `#c${id} = :c${id}` : `attribute_not_exists(#c${id})`;
    const grown = length + (parts.length > 0 ? 5 : 0) + term.length;
    if (parts.length + 1 > MAX_CHECKED_ATTRIBUTES || grown > MAX_EXPRESSION_LENGTH) return false;
    names[`#c${id}`] = name;
    if (present) values[`:c${id}`] = getOwnAttribute(original, name) as AttributeValue;
    parts.push(term);
    length = grown;
    return true;
  };
  const checked = new Set<string>();
  for (const change of changes) {
    if (keys.has(change.name) || checked.has(change.name)) continue;
    if (!add(change.name, change.kind !== 'added')) return undefined;
    checked.add(change.name);
  }
  const unchecked: string[] = [];
  for (const name of Object.keys(original)) {
    if (keys.has(name) || checked.has(name)) continue;
    if (add(name, true)) checked.add(name);
    else unchecked.push(name);
  }
  return {
    ConditionExpression: parts.join(' AND '),
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
    checked: parts.length,
    total: Object.keys(original).length,
    unchecked,
  };
}
