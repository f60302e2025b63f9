/**
 * The JSON of a page of items, with each stored item serialized once.
 *
 * The engine hands out its stored items themselves when they are frozen
 * (src/engine/storage/freezeItem.ts): a frozen item never changes and holds no
 * bytes, so its JSON text is the same on every read. Serializing a 100-item
 * page was most of the endpoint's own time per Query (V8's JSON.stringify of
 * ~600 small objects); with the text kept per item, a page is joined from
 * strings. The cache is a WeakMap: an item replaced or deleted in the table is
 * collected with its text. It costs about the items' own size in memory for
 * the items that have been read.
 */

const storedItemJson = new WeakMap<object, string>();

/** The JSON text of one output item: cached for the engine's frozen stored items, `serialize` for any other. */
export function itemJson(item: object, serialize: (value: unknown) => string): string {
  if (!Object.isFrozen(item)) return serialize(item);
  let json = storedItemJson.get(item);
  if (json === undefined) {
    json = serialize(item);
    storedItemJson.set(item, json);
  }
  return json;
}

/**
 * An output with an `Items` array as JSON text: the items through {@link itemJson},
 * the other members through `serialize`. The same JSON value as `serialize(output)`.
 */
export function pageJson(output: { readonly Items: readonly object[] } & Record<string, unknown>, serialize: (value: unknown) => string): string {
  const { Items, ...others } = output;
  let items = '';
  for (let i = 0; i < Items.length; i++) items += (i === 0 ? '' : ',') + itemJson(Items[i] as object, serialize);
  const rest = serialize(others);
  return rest === '{}' ? `{"Items":[${items}]}` : `{"Items":[${items}],${rest.slice(1)}`;
}
