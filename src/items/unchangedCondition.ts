import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { getOwnAttribute, type Item } from '../expressions';

/**
 * "Every attribute still equals what was read": `#a0 = :v0 AND …`, names and
 * values as placeholders (equality compares any type in DynamoDB, sets as sets).
 * Used by the item editor's Save and by key migrations' Delete of the old item.
 */
export function unchangedCondition(original: Item): { ConditionExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, AttributeValue> } {
  const names: Record<string, string> = {};
  const values: Record<string, AttributeValue> = {};
  const parts = Object.keys(original).map((name, i) => {
    names[`#a${i}`] = name;
    values[`:v${i}`] = getOwnAttribute(original, name) as AttributeValue;
    return `#a${i} = :v${i}`;
  });
  return { ConditionExpression: parts.join(' AND '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}
