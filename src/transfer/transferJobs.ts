import type { Item, KeySchemaInfo } from '../expressions';
import { keyAttributeNamesOf } from '../expressions';
import { writeBatches, type BatchWriterOptions, type TransferReport, type WriteEntry, type RejectedEntry } from './batchWriter';
import { readImportFile, type ImportFormat } from './importReaders';
import { openImportChunks } from './gzipChunks';
import type { ByteChunks, ReadCounter } from './textChunks';

/**
 * Import and bulk delete as one call each: a reader's entries (or the
 * selected items) turned into Put / Delete requests and given to the batch
 * writer. The browser's stores and the import command both run these.
 */

export type JobOptions = Omit<BatchWriterOptions, 'keyNames' | 'bytesRead'> & { readonly keys: KeySchemaInfo };

/** Imports `chunks` (a file, streamed; gunzipped when it is gzip) into the table. */
export function importFile(chunks: ByteChunks, format: ImportFormat, options: JobOptions): Promise<TransferReport> {
  // The file's own bytes (compressed ones for a .gz), counted as read: the progress bar measures against the file's size.
  const counter: ReadCounter = { bytes: 0 };
  async function* puts(): AsyncGenerator<WriteEntry | RejectedEntry> {
    for await (const entry of readImportFile(openImportChunks(chunks, counter), format, { keys: options.keys })) {
      yield 'rejected' in entry ? entry : { line: entry.line, request: { PutRequest: { Item: entry.item } }, bytes: itemBytes(entry.item) };
    }
  }
  return writeBatches(puts(), { ...options, keyNames: keyAttributeNamesOf(options.keys), bytesRead: () => counter.bytes });
}

/** About an item's size (attribute names and values, as DynamoDB counts them): for the batch writer's byte caps. */
export function itemBytes(item: Item): number {
  let bytes = 0;
  for (const name in item) bytes += name.length + valueBytes(item[name]);
  return bytes;
}

function valueBytes(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((sum: number, element: unknown) => sum + valueBytes(element), 0);
  if (value && typeof value === 'object') {
    let bytes = 0;
    for (const name in value) bytes += name.length + valueBytes((value as Record<string, unknown>)[name]);
    return bytes;
  }
  return 1;
}

/** The key attributes of `item` (a DeleteRequest's Key). */
export function keyOfItem(item: Item, keys: KeySchemaInfo): Item {
  const key: Item = {};
  for (const name of keyAttributeNamesOf(keys)) {
    if (Object.hasOwn(item, name)) Object.defineProperty(key, name, { value: item[name], enumerable: true, writable: true, configurable: true });
  }
  return key;
}

/**
 * Deletes `items` (the selected rows, or the pages of a query result) by
 * their keys; each one's line is its position, 1-based.
 */
export function deleteItems(items: Iterable<Item> | AsyncIterable<Item>, options: JobOptions): Promise<TransferReport> {
  async function* deletes(): AsyncGenerator<WriteEntry> {
    let line = 0;
    for await (const item of items) yield { line: ++line, request: { DeleteRequest: { Key: keyOfItem(item, options.keys) } } };
  }
  return writeBatches(deletes(), { ...options, keyNames: keyAttributeNamesOf(options.keys) });
}

/** The items of a stream of pages, one by one. */
export async function* itemsOfPages(pages: AsyncIterable<readonly Item[]>): AsyncGenerator<Item> {
  for await (const page of pages) yield* page;
}
