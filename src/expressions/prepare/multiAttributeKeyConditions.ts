/**
 * Step 5 of preparing a request (see ./index.ts) for an index with
 * multi-attribute keys: equality on every partition attribute, and on the
 * sort attributes equality on a left prefix with any one condition on the
 * attribute after it. DynamoDB Local's messages (3.3.1, which implements the
 * feature; DynamoDB's own wording is not documented), in its order: too
 * many conditions, the partition attributes, the sort prefix, an attribute
 * outside the key, then each attribute's value type and emptiness in key
 * schema order.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Span } from '../ast';
import type { DynamoDBError } from '../errors';
import type { KeyConditionModel, SortKeyConditionModel } from '../keyCondition';
import { partitionAttributesOf, sortAttributesOf } from '../keySchema';
import type { KeySchemaInfo } from '../prepared';
import { checkEmptyKeyValues, checkKeyValues, type KeyCondition } from './keyConditions';

type Fail = (message: string, span?: Span) => DynamoDBError;

/** Matches the conditions to a multi-attribute key schema (see the module comment for the rules and their order). */
export function matchMultiAttributeKeySchema(conditions: readonly KeyCondition[], schema: KeySchemaInfo, fail: Fail): KeyConditionModel {
  const partition = partitionAttributesOf(schema);
  const sort = sortAttributesOf(schema);
  if (conditions.length > partition.length + sort.length) throw fail('Query key condition not supported');
  const byName = new Map(conditions.map((condition) => [condition.name, condition]));
  const isEquality = (name: string) => byName.get(name)?.operator === '=';

  const unequalPartition = partition.filter((attribute) => !isEquality(attribute.name)).map((attribute) => attribute.name);
  if (unequalPartition.length > 0) throw fail(`HASH key attributes ${unequalPartition.join(', ')} must have equality conditions specified in the query`);

  let last = -1;
  sort.forEach((attribute, n) => {
    if (byName.has(attribute.name)) last = n;
  });
  const lastSort = sort[last];
  if (lastSort) {
    const unequalPrefix = sort
      .slice(0, last)
      .filter((attribute) => !isEquality(attribute.name))
      .map((attribute) => attribute.name);
    if (unequalPrefix.length > 0) {
      throw fail(
        `RANGE key attributes ${unequalPrefix.join(', ')} must have equality conditions specified in the query because a condition is present on key attribute ${lastSort.name}`,
      );
    }
  }
  const keyNames = new Set([...partition, ...sort].map((attribute) => attribute.name));
  const outside = conditions.find((condition) => !keyNames.has(condition.name));
  if (outside) {
    // Some sort attribute is unconstrained (there are no more conditions than key attributes): the first is the one missed.
    const missed = sort.find((attribute) => !byName.has(attribute.name)) as (typeof sort)[number];
    throw fail(`Query condition missed key schema element: ${missed.name}`, outside.span);
  }

  for (const attribute of [...partition, ...sort]) {
    const condition = byName.get(attribute.name);
    if (!condition) continue;
    checkKeyValues(condition, attribute.type, fail);
    checkEmptyKeyValues(condition, fail);
  }

  const valueOf = (name: string) => (byName.get(name) as KeyCondition).values[0] as AttributeValue;
  const partitionKeys = partition.map((attribute) => ({ name: attribute.name, value: valueOf(attribute.name) }));
  const model: KeyConditionModel = { partitionKey: partitionKeys[0] as KeyConditionModel['partitionKey'], partitionKeys };
  if (!lastSort) return model;
  const sortKeyPrefix = sort.slice(0, last).map((attribute) => ({ name: attribute.name, value: valueOf(attribute.name) }));
  return { ...model, sortKeyPrefix, sortKey: { name: lastSort.name, condition: sortConditionOf(byName.get(lastSort.name) as KeyCondition) } };
}

/** The sort-key condition model of one condition. */
export function sortConditionOf(condition: KeyCondition): SortKeyConditionModel {
  const [first, second] = condition.values as [AttributeValue, AttributeValue];
  if (condition.operator === 'between') return { operator: 'between', low: first, high: second };
  if (condition.operator === 'begins_with') return { operator: 'begins_with', prefix: first };
  return { operator: condition.operator, value: first };
}
