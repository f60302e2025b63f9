import {
  getOwnAttribute,
  partitionAttributesOf,
  sortAttributesOf,
  typeOfAttributeValue,
  validationError,
  type Item,
  type KeyAttributeInfo,
  type KeySchemaInfo,
} from '../../expressions';

/**
 * Checks an ExclusiveStartKey's attributes against what is read, with the
 * messages real DynamoDB gives (architect/dynalite's query/scan tests and its
 * db/index.js, recorded against live DynamoDB), in its order:
 *
 * 1. the wrong number of attributes: on a table `The provided starting key is
 *    invalid: The provided key element does not match the schema`, on an
 *    index the bare `The provided starting key is invalid`;
 * 2. on an index, an index key attribute missing: the bare message; of the
 *    wrong type: `The provided key element does not match the schema`;
 * 3. a table key attribute missing or of the wrong type: `The provided
 *    starting key is invalid: The provided key element does not match the schema`.
 *
 * DynamoDB Local says `Exclusive Start Key must have same size as table's key schema` for (1).
 *
 * @example
 * // GSI g on a table keyed pk, sk (N): the index part is right, the table's sort key is not
 * checkStartKeySchema({ pk: { S: "a" }, sk: { S: "1" }, g: { S: "x" } }, tableKeys, gsiKeys)
 * // throws "The provided starting key is invalid: The provided key element does not match the schema"
 */
export function checkStartKeySchema(startKey: Item, tableKeys: KeySchemaInfo, indexKeys: KeySchemaInfo | undefined): void {
  const tableAttributes = [tableKeys.partitionKey, ...(tableKeys.sortKey ? [tableKeys.sortKey] : [])];
  const indexAttributes = indexKeys ? [...partitionAttributesOf(indexKeys), ...sortAttributesOf(indexKeys)] : [];
  const wanted = new Set([...tableAttributes, ...indexAttributes].map((attribute) => attribute.name));
  if (Object.keys(startKey).length !== wanted.size) throw indexKeys ? bareInvalid() : tableKeyInvalid();
  for (const attribute of indexAttributes) {
    const value = getOwnAttribute(startKey, attribute.name);
    if (value === undefined) throw bareInvalid();
    if (typeOfAttributeValue(value) !== attribute.type) throw validationError('The provided key element does not match the schema');
  }
  for (const attribute of tableAttributes) if (!matches(startKey, attribute)) throw tableKeyInvalid();
}

function matches(startKey: Item, attribute: KeyAttributeInfo): boolean {
  const value = getOwnAttribute(startKey, attribute.name);
  return value !== undefined && typeOfAttributeValue(value) === attribute.type;
}

function bareInvalid(): ReturnType<typeof validationError> {
  return validationError('The provided starting key is invalid');
}

function tableKeyInvalid(): ReturnType<typeof validationError> {
  return validationError('The provided starting key is invalid: The provided key element does not match the schema');
}
