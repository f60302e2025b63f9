import { attributeValuesEqual, getOwnAttribute, type Item } from '../expressions';

/** What an edit did to one attribute. */
export interface AttributeChange {
  readonly name: string;
  readonly kind: 'added' | 'removed' | 'changed';
}

/**
 * The attributes that differ between two items, in the order of `before` then
 * the new ones of `after`. Values compare as DynamoDB compares them (numbers
 * by value, sets as sets), so an item opened and saved untouched has none:
 * the editor then writes nothing.
 *
 * @example
 * changedAttributes({ a: { N: "1" } }, { a: { N: "1.0" }, b: { S: "x" } }) // [{ name: "b", kind: "added" }]
 */
export function changedAttributes(before: Item, after: Item): AttributeChange[] {
  const changes: AttributeChange[] = [];
  for (const name of Object.keys(before)) {
    const next = getOwnAttribute(after, name);
    if (next === undefined) changes.push({ name, kind: 'removed' });
    else if (!attributeValuesEqual(getOwnAttribute(before, name) as NonNullable<typeof next>, next)) changes.push({ name, kind: 'changed' });
  }
  for (const name of Object.keys(after)) if (getOwnAttribute(before, name) === undefined) changes.push({ name, kind: 'added' });
  return changes;
}
