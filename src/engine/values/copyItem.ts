import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { setOwnAttribute, type Item } from '../../expressions';
import { flatString } from './flatString';

/**
 * Deep copies of stored values on their way out, so a caller that mutates a
 * returned item (or its Uint8Arrays) cannot change what is stored.
 * `structuredClone` is not part of the core's ES2023 lib; this copier also
 * skips the generic machinery: AttributeValues are a closed set of shapes.
 */

/**
 * A deep copy of an item. With `flat`, strings are copied too (see
 * flatString.ts): the bulk-load path copies each partition's items in key
 * order this way, so a Query page's items and keys sit together in memory
 * (a page of scattered items costs a cache miss per pointer: ~5× slower).
 *
 * @example
 * const copy = copyItem(stored); copy.n = { N: "2" } // `stored` unchanged
 */
export function copyItem(item: Item, flat = false): Item {
  const copy: Item = {};
  // Hot path (every item of every page): setOwnAttribute's __proto__ rule, inlined.
  for (const name in item) {
    if (!Object.hasOwn(item, name)) continue;
    const value = copyAttributeValue(item[name] as AttributeValue, flat);
    if (name === '__proto__') setOwnAttribute(copy, name, value);
    else copy[name] = value;
  }
  return copy;
}

/**
 * A deep copy of one AttributeValue (Uint8Arrays copied too; strings too with `flat`).
 *
 * @example
 * copyAttributeValue({ L: [{ B: Uint8Array.of(1) }] })
 */
export function copyAttributeValue(value: AttributeValue, flat = false): AttributeValue {
  if (value.S !== undefined) return { S: flat ? flatString(value.S) : value.S };
  if (value.N !== undefined) return { N: flat ? flatString(value.N) : value.N };
  if (value.B !== undefined) return { B: value.B.slice() };
  if (value.BOOL !== undefined) return { BOOL: value.BOOL };
  if (value.NULL !== undefined) return { NULL: value.NULL };
  if (value.M !== undefined) return { M: copyItem(value.M, flat) };
  if (value.L !== undefined) return { L: value.L.map((element) => copyAttributeValue(element, flat)) };
  if (value.SS !== undefined) return { SS: flat ? value.SS.map(flatString) : value.SS.slice() };
  if (value.NS !== undefined) return { NS: flat ? value.NS.map(flatString) : value.NS.slice() };
  if (value.BS !== undefined) return { BS: value.BS.map((member) => member.slice()) };
  return { ...value };
}
