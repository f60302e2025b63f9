import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Item } from '../../expressions';

/**
 * Freezes a stored item all the way down (the item, each AttributeValue, maps,
 * lists and sets), so that reads can hand out the stored object itself instead
 * of a deep copy, and no caller can change what is stored through it. An item
 * holding binary (B or BS, at any depth) is left as it is and false returned:
 * a Uint8Array's bytes cannot be frozen, so reads copy such items.
 *
 * @example
 * freezeItem({ pk: { S: "a" } })            // true: Object.isFrozen(item.pk) is now true
 * freezeItem({ b: { B: Uint8Array.of(1) } }) // false: left unfrozen, reads copy it
 */
export function freezeItem(item: Item): boolean {
  if (holdsBinary(item)) return false;
  freezeMap(item);
  return true;
}

function holdsBinary(map: Item): boolean {
  for (const name in map) {
    if (Object.hasOwn(map, name) && valueHoldsBinary(map[name] as AttributeValue)) return true;
  }
  return false;
}

function valueHoldsBinary(value: AttributeValue): boolean {
  if (value.S !== undefined || value.N !== undefined) return false;
  if (value.B !== undefined || value.BS !== undefined) return true;
  if (value.M !== undefined) return holdsBinary(value.M);
  if (value.L !== undefined) return value.L.some(valueHoldsBinary);
  return false;
}

function freezeMap(map: Item): void {
  for (const name in map) if (Object.hasOwn(map, name)) freezeValue(map[name] as AttributeValue);
  Object.freeze(map);
}

function freezeValue(value: AttributeValue): void {
  if (value.M !== undefined) freezeMap(value.M);
  else if (value.L !== undefined) {
    for (const element of value.L) freezeValue(element);
    Object.freeze(value.L);
  } else if (value.SS !== undefined) Object.freeze(value.SS);
  else if (value.NS !== undefined) Object.freeze(value.NS);
  Object.freeze(value);
}
