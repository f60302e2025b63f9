import type { Item, KeySchemaInfo } from '../expressions';
import { itemSize, keyAttributeNamesOf } from '../expressions';
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
      yield 'rejected' in entry
        ? entry
        : { line: entry.line, request: { PutRequest: { Item: entry.item } }, bytes: entry.textLength ?? sizeForBatching(entry.item) };
    }
  }
  return writeBatches(puts(), { ...options, keyNames: keyAttributeNamesOf(options.keys), bytesRead: () => counter.bytes });
}

/**
 * For an entry read from text, its text's length (about its JSON on the wire:
 * what the byte caps are about, and free: itemSize per line cost the 100k
 * import ~8% of its rate in an A/B). Otherwise the item's DynamoDB size (itemSize). An
 * item the size rules can't read (a value of no known type) still goes to
 * DynamoDB, whose own message the report then carries: it counts as 0 here.
 */
function sizeForBatching(item: Item): number {
  try {
    return itemSize(item);
  } catch {
    return 0;
  }
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
