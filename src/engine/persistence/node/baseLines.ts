import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { attributeValuesEqual, getOwnAttribute, itemSize, type Item } from '../../../expressions';
import { MAX_ITEM_BYTES } from '../../../dynamo';
import { indexKeyAttributeNames, keyNames, type TableDefinition } from '../../schema/tableDefinition';
import { isKeyTypedValue, NOT_A_KEY_VALUE } from '../../storage/deferredItem';
import { readItemJson, stringifyItem } from './itemJson';
import { checkLine, sealLine } from './lineChecksum';

/*
 * A rewritten table file's items (format 3, see tableFile.ts), 1,000 to a
 * pair of lines: a keys line (each item's key values, size and index key
 * values) and an items line. Written by compaction; read by parseTableFile,
 * which stores the keys at once and reads an items line on first use.
 */

/** Writes per line: keeps lines (and JSON.parse calls) around 100 KB for typical items. */
export const WRITES_PER_LINE = 1000;

/**
 * A rewritten file's base: the table's items, 1,000 to a pair of lines (their
 * keys and sizes, then the items). `sizes` are the items' itemSize() when the
 * caller has them (a table snapshot does); otherwise they are worked out.
 */
export function* baseLines(definition: TableDefinition, items: readonly Item[], sizes?: readonly number[]): Generator<string> {
  for (const body of baseLineBodies(definition, items, sizes)) yield sealLine(body);
}

/** {@link baseLines} before their checksums (exported for bench/journal.bench.ts). */
export function* baseLineBodies(definition: TableDefinition, items: readonly Item[], sizes?: readonly number[]): Generator<string> {
  const names = keyNames(definition.keys);
  const indexNames = indexKeyAttributeNames(definition);
  for (let start = 0; start < items.length; start += WRITES_PER_LINE) {
    const end = Math.min(items.length, start + WRITES_PER_LINE);
    let keys = '{"k":[';
    let sizeList = '';
    let indexValues = '';
    let body = '{"i":[';
    for (let i = start; i < end; i++) {
      const item = items[i] as Item;
      const comma = i === start ? '' : ',';
      for (let n = 0; n < names.length; n++)
        keys += (comma || n > 0 ? ',' : '') + JSON.stringify(keyText(getOwnAttribute(item, names[n] as string) as AttributeValue));
      for (let n = 0; n < indexNames.length; n++) indexValues += (comma || n > 0 ? ',' : '') + indexValueText(getOwnAttribute(item, indexNames[n] as string));
      sizeList += comma + String(sizes?.[i] ?? itemSize(item));
      body += comma + stringifyItem(item);
    }
    yield keys + '],"z":[' + sizeList + (indexNames.length > 0 ? '],"x":[' + indexValues : '') + ']';
    yield body + ']';
  }
}

/** A key attribute's value as a keys line holds it: S and N as their strings, B as base64. */
function keyText(value: AttributeValue): string {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return value.N;
  const bytes = value.B as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/**
 * An index key attribute's value as a keys line's `"x"` holds it (JSON): its
 * type letter and text (`"Sgold"`, `"N12"`, `"BAQI="`), `0` for a value of
 * another type, `null` when the item lacks the attribute.
 */
function indexValueText(value: AttributeValue | undefined): string {
  if (value === undefined) return 'null';
  if (!isKeyTypedValue(value)) return '0';
  return JSON.stringify((value.S !== undefined ? 'S' : value.N !== undefined ? 'N' : 'B') + keyText(value));
}

/** A keys line, read: each item's key (validated) and size, in the order of the items line that follows. */
export interface KeysLine {
  readonly line: number;
  readonly keys: readonly Item[];
  readonly sizes: readonly number[];
  /** The items as `put {…key…}` (DynamoDB JSON), for a report of dropped writes. */
  describe(): string[];
}

export const KEYS_LINE_START = Buffer.from('{"k":', 'latin1');
export const ITEMS_LINE_START = Buffer.from('{"i":', 'latin1');

export function startsWith(bytes: Buffer, start: number, prefix: Buffer): boolean {
  return bytes.compare(prefix, 0, prefix.length, start, start + prefix.length) === 0;
}

/**
 * A keys line's keys and sizes, validated, or what is wrong with it. Each key
 * is an item of the table's key attributes; an S partition key equal to the
 * previous item's shares its value object (items of a partition are stored
 * together), which saves an object per item.
 */
export function readKeysLine(bytes: Buffer, start: number, end: number, definition: TableDefinition): Omit<KeysLine, 'line'> | string {
  const wrong = checkLine(bytes, start, end);
  if (wrong) return wrong;
  let record: { k?: unknown; z?: unknown; x?: unknown } | null;
  try {
    record = JSON.parse(bytes.toString('utf8', start, end)) as { k?: unknown; z?: unknown; x?: unknown } | null;
  } catch (error) {
    return (error as Error).message;
  }
  const values = record?.k;
  const sizes = record?.z;
  const attributes = keyNames(definition.keys).map((name) => ({
    name,
    type: (name === definition.keys.partitionKey.name ? definition.keys.partitionKey.type : definition.keys.sortKey?.type) as 'S' | 'N' | 'B',
  }));
  const indexNames = indexKeyAttributeNames(definition);
  const indexValues = record?.x ?? [];
  if (!Array.isArray(values) || !Array.isArray(sizes) || values.length !== sizes.length * attributes.length) {
    return `not a keys line: it needs ${attributes.length} key value(s) for each of its sizes`;
  }
  if (!Array.isArray(indexValues) || indexValues.length !== sizes.length * indexNames.length) {
    return `not a keys line: it needs ${indexNames.length} index key value(s) for each of its sizes`;
  }
  const keys: Item[] = [];
  let previousText: unknown;
  let previousValue: unknown;
  for (let i = 0; i < sizes.length; i++) {
    const size = sizes[i] as unknown;
    if (!(typeof size === 'number' && Number.isSafeInteger(size) && size > 0 && size <= MAX_ITEM_BYTES)) {
      return `item ${i + 1}'s size ${JSON.stringify(size)} is not a whole number of bytes up to ${MAX_ITEM_BYTES}`;
    }
    const key: Item = {};
    for (let a = 0; a < attributes.length; a++) {
      const { name, type } = attributes[a] as { name: string; type: 'S' | 'N' | 'B' };
      const text = values[i * attributes.length + a] as unknown;
      if (typeof text !== 'string' || text.length === 0) return `item ${i + 1}'s key ${name} is not a non-empty string`;
      if (a === 0 && type === 'S' && text === previousText) {
        key[name] = previousValue as { S: string };
        continue;
      }
      const value = type === 'S' ? { S: text } : readKeyValue(name, type, text);
      if (typeof value === 'string') return `item ${i + 1}'s key ${name}: ${value}`;
      key[name] = value;
      if (a === 0) {
        previousText = text;
        previousValue = value;
      }
    }
    for (let a = 0; a < indexNames.length; a++) {
      const name = indexNames[a] as string;
      const text = indexValues[i * indexNames.length + a] as unknown;
      if (text === null) continue;
      if (text === 0) {
        key[name] = NOT_A_KEY_VALUE;
        continue;
      }
      const type = typeof text === 'string' ? text[0] : undefined;
      const value =
        type === 'S' ? { S: (text as string).slice(1) } : type === 'N' || type === 'B' ? readKeyValue(name, type, (text as string).slice(1)) : undefined;
      if (value === undefined || typeof value === 'string')
        return `item ${i + 1}'s index key ${name}: ${value ?? `${JSON.stringify(text)} is not a typed key value`}`;
      key[name] = value;
    }
    keys.push(key);
  }
  return {
    keys,
    sizes: sizes as number[],
    describe: () => keys.map((key) => `put ${stringifyItem(Object.fromEntries(attributes.map(({ name }) => [name, key[name] as AttributeValue])))}`),
  };
}

/** An N or B key value from its text (normalised number; base64), validated as an item's would be, or what is wrong. */
function readKeyValue(name: string, type: 'N' | 'B', text: string): { N: string } | { B: Uint8Array } | string {
  try {
    return readItemJson({ [name]: { [type]: text } })[name] as { N: string } | { B: Uint8Array };
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * An items line's items, validated, each checked against the key it was
 * stored under when `keys` are given; or what is wrong with the line.
 */
export function readItemsLine(bytes: Buffer, start: number, end: number, definition: TableDefinition, keys: readonly Item[] | undefined): Item[] | string {
  let record: { i?: unknown } | null;
  try {
    record = JSON.parse(bytes.toString('utf8', start, end)) as { i?: unknown } | null;
  } catch (error) {
    return (error as Error).message;
  }
  const values = record?.i;
  if (!Array.isArray(values)) return 'not an items line';
  if (keys && values.length !== keys.length) return `it holds ${values.length} items, but its keys line lists ${keys.length}`;
  const names = keyNames(definition.keys);
  const indexNames = indexKeyAttributeNames(definition);
  const items: Item[] = [];
  for (let i = 0; i < values.length; i++) {
    let item: Item;
    try {
      item = readItemJson(values[i]);
    } catch (error) {
      return `item ${i + 1}: ${(error as Error).message}`;
    }
    const key = keys?.[i];
    for (const name of names) {
      const value = getOwnAttribute(item, name);
      if (value === undefined) return `item ${i + 1} has no key attribute ${name}`;
      if (key && !attributeValuesEqual(value, key[name] as NonNullable<typeof value>)) return `item ${i + 1}'s key ${name} is not the key its keys line lists`;
    }
    // The index key values the item was stored with: its index entries were made from them.
    if (key) {
      for (const name of indexNames) {
        const value = getOwnAttribute(item, name);
        const listed = getOwnAttribute(key, name);
        const same =
          listed === undefined
            ? value === undefined
            : listed === NOT_A_KEY_VALUE
              ? value !== undefined && !isKeyTypedValue(value)
              : value !== undefined && attributeValuesEqual(value, listed);
        if (!same) return `item ${i + 1}'s ${name} is not the index key value its keys line lists`;
      }
    }
    items.push(item);
  }
  return items;
}
