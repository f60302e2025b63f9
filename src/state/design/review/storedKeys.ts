import { keyAttributesOf, type StoredKeys } from '../../../design';
import type { Item } from '../../explorer/explorerTypes';
import type { DesignBinding } from '../binding';

/**
 * Per key attribute, at most this many stored keys go to the review: the
 * rules compare them with the design's samples on every keystroke, and a
 * few thousand show a width or format the data uses as well as all would.
 */
export const MAX_STORED_KEYS_PER_ATTRIBUTE = 5_000;

/**
 * The string keys of the items the explorer has loaded, per key attribute of
 * the design table they are bound to (the table's and its indexes' key
 * attributes), for rules that compare the design with the data
 * (`review.mixedWidths`). Undefined when the explorer's table is not bound
 * to a table of this design or nothing is loaded.
 *
 * @example
 * storedKeysForDesign("example-leaderboard", binding, explorer.items)
 * // [{ table: "Leaderboard", keyAttribute: "rankKey", keys: ["0000002300#…#p_7781", …] }, …]
 */
export function storedKeysForDesign(
  designId: string,
  binding: Pick<DesignBinding, 'designId' | 'table'> | undefined,
  items: readonly Item[],
): readonly StoredKeys[] | undefined {
  if (!binding || binding.designId !== designId || items.length === 0) return undefined;
  const stored: StoredKeys[] = [];
  for (const attribute of keyAttributesOf(binding.table)) {
    if (attribute.type !== 'S') continue;
    const keys: string[] = [];
    for (const item of items) {
      const value = item[attribute.name]?.S;
      if (value === undefined) continue;
      keys.push(value);
      if (keys.length >= MAX_STORED_KEYS_PER_ATTRIBUTE) break;
    }
    if (keys.length > 0) stored.push({ table: binding.table.name, keyAttribute: attribute.name, keys });
  }
  return stored.length > 0 ? stored : undefined;
}
