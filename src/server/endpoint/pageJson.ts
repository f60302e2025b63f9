/**
 * The JSON of a page of items, with each stored item serialized and encoded once.
 *
 * The engine hands out its stored items themselves when they are frozen
 * (src/engine/storage/freezeItem.ts): a frozen item never changes and holds no
 * bytes, so its JSON is the same on every read. Serializing a 100-item page
 * was most of the endpoint's own time per Query (V8's JSON.stringify of ~600
 * small objects); with each item's UTF-8 bytes kept, a page is copied together
 * from buffers (no string concatenation to flatten and encode again: that
 * halved what was left). The cache is a WeakMap: an item replaced or deleted
 * in the table is collected with its bytes. It costs about the items' own size
 * in memory for the items that have been read.
 */

const storedItemBytes = new WeakMap<object, Buffer>();

/** The UTF-8 JSON of one output item: cached for the engine's frozen stored items, `serialize` for any other. */
export function itemJsonBytes(item: object, serialize: (value: unknown) => string): Buffer {
  // The cache first: only frozen items are ever in it, and Object.isFrozen
  // (a walk of the item's properties) cost a sixth of a cached page's encoding.
  const cached = storedItemBytes.get(item);
  if (cached !== undefined) return cached;
  const bytes = Buffer.from(serialize(item), 'utf8');
  if (Object.isFrozen(item)) storedItemBytes.set(item, bytes);
  return bytes;
}

const ITEMS_OPEN = Buffer.from('{"Items":[', 'utf8');
const COMMA = 0x2c;

/**
 * An output with an `Items` array as UTF-8 JSON: the items through
 * {@link itemJsonBytes}, the other members through `serialize`. The same JSON
 * value as `serialize(output)`.
 */
export function pageJsonBytes(output: { readonly Items: readonly object[] } & Record<string, unknown>, serialize: (value: unknown) => string): Buffer {
  const { Items, ...others } = output;
  const rest = serialize(others);
  const close = Buffer.from(rest === '{}' ? ']}' : `],${rest.slice(1)}`, 'utf8');
  const items: Buffer[] = new Array<Buffer>(Items.length);
  let length = ITEMS_OPEN.length + close.length + Math.max(0, Items.length - 1);
  for (let i = 0; i < Items.length; i++) {
    const bytes = itemJsonBytes(Items[i] as object, serialize);
    items[i] = bytes;
    length += bytes.length;
  }
  const page = Buffer.allocUnsafe(length);
  let offset = ITEMS_OPEN.copy(page, 0);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) page[offset++] = COMMA;
    offset += (items[i] as Buffer).copy(page, offset);
  }
  close.copy(page, offset);
  return page;
}
