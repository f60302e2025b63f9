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
  // One walk: the objects to freeze are gathered while looking for binary, and
  // frozen only when none turns up, so an item with binary is left entirely as it is.
  found = 0;
  const binary = gatherMap(item);
  for (let i = 0; i < found; i++) {
    if (!binary) Object.freeze(gathered[i]);
    gathered[i] = undefined; // holds no stored item past this call
  }
  return !binary;
}

/** The objects the current {@link freezeItem} walk has gathered, reused from item to item (a load freezes 100,000 of them). */
const gathered: (object | undefined)[] = [];
let found = 0;

function gather(value: object): void {
  gathered[found++] = value;
}

/** Gathers a map, its values and everything inside them; true (stopping early) on binary. */
function gatherMap(map: Item): boolean {
  for (const name in map) if (Object.hasOwn(map, name) && gatherValue(map[name] as AttributeValue)) return true;
  gather(map);
  return false;
}

function gatherValue(value: AttributeValue): boolean {
  if (value.S !== undefined || value.N !== undefined) {
    // The usual attribute: nothing inside to gather.
  } else if (value.B !== undefined || value.BS !== undefined) return true;
  else if (value.M !== undefined) {
    if (gatherMap(value.M)) return true;
  } else if (value.L !== undefined) {
    for (const element of value.L) if (gatherValue(element)) return true;
    gather(value.L);
  } else if (value.SS !== undefined) gather(value.SS);
  else if (value.NS !== undefined) gather(value.NS);
  gather(value);
  return false;
}
