import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DynamoDBError, readAttributeValueShape, setOwnAttribute, type AttributeValueRules, type Item } from '../../expressions';
import { flatString } from './flatString';

/**
 * Reading AttributeValues that come from a caller: validate them with
 * DynamoDB's messages and return a private, normalised deep copy, so the
 * stored data can never be changed through an object the caller still holds.
 * Strings are stored flat (see flatString.ts): they are compared often.
 *
 * The checks are src/expressions' one validator of AttributeValue shape
 * (attributeValueShape.ts, shared with ExpressionAttributeValues); the rules
 * below are where the engine differs. Messages are real DynamoDB's
 * (architect/dynalite's tests were recorded against it). DynamoDB Local words
 * several of them differently; each such case is listed in
 * readAttributeValue.test.ts.
 */
const ENGINE_RULES: AttributeValueRules = {
  string: flatString,
  wrongType: wrongShape,
  nestingMessage: 'Nesting Levels have exceeded supported limits',
  dropsUndefinedMembers: true,
};

/**
 * Validates one AttributeValue and returns a normalised deep copy: numbers in
 * DynamoDB's spelling (`1.50` → `1.5`, in NS too), binary copied.
 * Throws a ValidationException with DynamoDB's message otherwise.
 *
 * @example
 * readAttributeValue({ N: "001.50" })   // { N: "1.5" }
 * readAttributeValue({ SS: [] })        // throws "One or more parameter values were invalid: An string set  may not be empty"
 * readAttributeValue({ S: "a", N: "1" }) // throws "Supplied AttributeValue has more than one datatypes set, …"
 */
export function readAttributeValue(value: unknown): AttributeValue {
  return readAttributeValueShape(value, ENGINE_RULES);
}

/**
 * Validates a map of attribute names to values (an Item, a Key, an
 * ExclusiveStartKey) and returns a normalised deep copy.
 *
 * @example
 * readItem({ pk: { S: "a" }, n: { N: "1e3" } }) // { pk: { S: "a" }, n: { N: "1000" } }
 */
export function readItem(item: unknown): Item {
  const copy: Item = {};
  if (item === null || typeof item !== 'object') return copy;
  for (const name of Object.keys(item)) {
    const value = (item as Record<string, unknown>)[name];
    if (value === undefined) continue;
    setOwnAttribute(copy, name, readAttributeValueShape(value, ENGINE_RULES));
  }
  return copy;
}

export { readNumber } from '../../expressions';

/**
 * A member of the wrong JSON/JS type (`{ S: 5 }`): the AWS SDK could never
 * send it; DynamoDB rejects such a body while deserialising it.
 */
function wrongShape(type: string): DynamoDBError {
  return new DynamoDBError('SerializationException', `Unexpected value for the ${type} member of an AttributeValue`);
}
