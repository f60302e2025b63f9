import type { KeyAttributeInfo, KeySchemaInfo } from './prepared';

/**
 * Reading a {@link KeySchemaInfo} the same way whether its keys are single
 * attributes (tables, LSIs, most GSIs) or multi-attribute GSI keys.
 */

/**
 * The partition attributes of a key schema, left to right.
 *
 * @example
 * partitionAttributesOf({ partitionKey: { name: "pk", type: "S" } }) // [{ name: "pk", type: "S" }]
 */
export function partitionAttributesOf(keys: KeySchemaInfo): readonly KeyAttributeInfo[] {
  return keys.partitionKeys ?? [keys.partitionKey];
}

/**
 * The sort attributes of a key schema, left to right (none for a hash-only key).
 *
 * @example
 * sortAttributesOf({ partitionKey: { name: "pk", type: "S" }, sortKey: { name: "sk", type: "N" } }) // [{ name: "sk", type: "N" }]
 */
export function sortAttributesOf(keys: KeySchemaInfo): readonly KeyAttributeInfo[] {
  return keys.sortKeys ?? (keys.sortKey ? [keys.sortKey] : []);
}

/**
 * True for multi-attribute keys (several HASH or several RANGE attributes).
 *
 * @example
 * isMultiAttributeKeySchema(keySchemaFrom([{ name: "a", type: "S" }, { name: "b", type: "N" }], [])) // true
 */
export function isMultiAttributeKeySchema(keys: KeySchemaInfo): boolean {
  return keys.partitionKeys !== undefined;
}

/**
 * The key schema of the given partition and sort attributes: the plain shape
 * for one partition and at most one sort attribute, the lists otherwise.
 *
 * @example
 * keySchemaFrom([{ name: "pk", type: "S" }], [{ name: "sk", type: "S" }]) // { partitionKey: …, sortKey: … }
 */
export function keySchemaFrom(partition: readonly KeyAttributeInfo[], sort: readonly KeyAttributeInfo[]): KeySchemaInfo {
  const [first] = partition;
  if (!first) throw new Error('A key schema needs a partition attribute');
  const single = partition.length === 1 && sort.length <= 1;
  return {
    partitionKey: first,
    ...(sort[0] ? { sortKey: sort[0] } : {}),
    ...(single ? {} : { partitionKeys: [...partition], sortKeys: [...sort] }),
  };
}

/**
 * Every key attribute name: partition attributes, then sort attributes.
 *
 * @example
 * keyAttributeNamesOf({ partitionKey: { name: "pk", type: "S" }, sortKey: { name: "sk", type: "N" } }) // ["pk", "sk"]
 */
export function keyAttributeNamesOf(keys: KeySchemaInfo): string[] {
  const names = partitionAttributesOf(keys).map((attribute) => attribute.name);
  for (const attribute of sortAttributesOf(keys)) names.push(attribute.name);
  return names;
}
