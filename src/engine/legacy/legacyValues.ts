import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { ATTRIBUTE_TYPES, type AttributeType } from '../../dynamo';
import { readAttributeValue } from '../values/readAttributeValue';

/** The ten AttributeValue type keys (src/dynamo's list). */
const TYPE_KEYS = ATTRIBUTE_TYPES;
export type AttributeTypeKey = AttributeType;

/** The names DynamoDB's AttributeUpdates messages give the types (`ADD action is not supported for the type STRING`). */
export const TYPE_DESCRIPTIONS: Readonly<Record<AttributeTypeKey, string>> = {
  S: 'STRING',
  N: 'NUMBER',
  B: 'BINARY',
  BOOL: 'BOOLEAN',
  NULL: 'NULL',
  M: 'MAP',
  L: 'LIST',
  SS: 'STRING_SET',
  NS: 'NUMBER_SET',
  BS: 'BINARY_SET',
};

/** The type key of a validated AttributeValue. */
export function attributeValueTypeOf(value: AttributeValue): AttributeTypeKey {
  for (const key of TYPE_KEYS) {
    if ((value as unknown as Record<string, unknown>)[key] !== undefined) return key;
  }
  return 'NULL';
}

/** Validates the values of an AttributeValueList (DynamoDB's messages) and returns normalised copies. */
export function readValueList(list: unknown): AttributeValue[] {
  return Array.isArray(list) ? list.map((value) => readAttributeValue(value)) : [];
}
