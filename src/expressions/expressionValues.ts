/**
 * Validation of the AttributeValues a request supplies in
 * ExpressionAttributeValues, with DynamoDB's messages (recorded against live
 * DynamoDB by dynalite; the ones dynalite has no case for were observed on
 * DynamoDB Local 3.3.1).
 *
 * Values arrive from callers that may hold anything (JSON typed by a user),
 * so every check tolerates any input and answers with a message, never a
 * thrown TypeError.
 */
import { ATTRIBUTE_TYPES, type AttributeType } from '../dynamo';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { readAttributeValueShape, type AttributeValueRules } from './attributeValueShape';
import { isDynamoDBError, validationError } from './errors';

const INVALID = 'One or more parameter values were invalid: ';

/** The ten type keys of an AttributeValue, in the order DynamoDB's own checks run (src/dynamo's list). */
const TYPE_KEYS = ATTRIBUTE_TYPES;
type TypeKey = AttributeType;

/** What each type's member must hold, for the message about a JavaScript value of the wrong type. */
const EXPECTED: Readonly<Record<TypeKey, string>> = {
  S: 'a string',
  N: 'a number as a string',
  B: 'binary data (a Uint8Array)',
  BOOL: 'true or false',
  NULL: 'true',
  M: 'a map of AttributeValues',
  L: 'a list of AttributeValues',
  SS: 'a list of strings',
  NS: 'a list of numbers as strings',
  BS: 'a list of Uint8Arrays',
};

/** Where ExpressionAttributeValues differ from the engine's item reader (src/expressions' one validator, attributeValueShape.ts). */
const EXPRESSION_VALUE_RULES: AttributeValueRules = {
  // Not a DynamoDB message: the wire format makes these shapes impossible, JavaScript callers don't.
  wrongType: (type) => validationError(`${INVALID}An AttributeValue of type ${type} must hold ${EXPECTED[type]}`),
  nestingMessage: 'Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit',
  emptyMapKeyMessage: 'Empty attribute name',
  dropsUndefinedMembers: false,
};

/**
 * DynamoDB's complaint about an AttributeValue, or `undefined` when it is
 * valid: the checks of attributeValueShape.ts, with the messages of
 * ExpressionAttributeValues.
 *
 * @example
 * findAttributeValueProblem({ S: "x" })          // undefined
 * findAttributeValueProblem({ SS: ["a", "a"] })
 * // "One or more parameter values were invalid: Input collection [a, a] contains duplicates."
 * findAttributeValueProblem({})
 * // "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
 */
export function findAttributeValueProblem(value: unknown): string | undefined {
  try {
    readAttributeValueShape(value, EXPRESSION_VALUE_RULES);
    return undefined;
  } catch (error) {
    if (isDynamoDBError(error)) return error.message;
    throw error;
  }
}

/**
 * The type key of a valid AttributeValue.
 *
 * @example
 * attributeValueType({ NS: ["1"] }) // "NS"
 */
export function attributeValueType(value: AttributeValue): TypeKey {
  for (const key of TYPE_KEYS) {
    if ((value as unknown as Record<string, unknown>)[key] != null) return key;
  }
  return 'NULL';
}
