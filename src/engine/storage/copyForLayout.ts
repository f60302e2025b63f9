import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { setOwnAttribute, type Item } from '../../expressions';
import { copyAttributeValue } from '../values/copyItem';
import { flatString } from '../values/flatString';

/**
 * A copy of a stored item made to be laid out next to its neighbours (see
 * Relocate in chunkedSortedList.ts): like `copyItem(item, true)` — strings
 * copied too, so that a page's strings sit with its items for the endpoint's
 * JSON.stringify — but cloned with spread as copyStoredItem does, which is
 * ~3× faster than growing the copy attribute by attribute.
 *
 * @example
 * const copy = copyForLayout(stored); // equal to `stored`, sharing nothing with it
 */
export function copyForLayout(item: Item): Item {
  const copy: Item = { ...item };
  for (const name in copy) {
    const value = copy[name] as AttributeValue;
    const cloned = value.S !== undefined ? { S: flatString(value.S) } : value.N !== undefined ? { N: flatString(value.N) } : copyAttributeValue(value, true);
    if (name === '__proto__') setOwnAttribute(copy, name, cloned);
    else copy[name] = cloned;
  }
  return copy;
}
