import type { Item } from '../../../expressions';
import type { ItemWrite } from '../../localDynamoDB.types';
import type { TableDefinition } from '../../schema/tableDefinition';
import { PersistenceError } from '../persistenceError';
import { TableReplay } from '../replayWrites';
import { readItemJson, stringifyItem } from './itemJson';

/**
 * One table's file in a data directory: JSON lines, UTF-8.
 *
 * ```
 * {"keylab":"table","version":1,"table":{…TableDefinition…}}   ← header
 * {"w":[{"p":{…item…}},{"d":{…key…}}]}                          ← one change (puts "p", deletes "d")
 * {"w":[…1000 writes…],"more":true}                              ← a large change spans lines:
 * {"w":[…]}                                                      ←   it ends at the first line without "more"
 * ```
 *
 * Items are DynamoDB JSON (binary as base64). A change is committed when its
 * last line, newline included, is on disk: loading replays complete changes
 * in order and drops a torn tail (a partial line, or a change whose last line
 * is missing) — that change's caller never saw it succeed.
 */

/** Table files end with this. */
export const TABLE_FILE_SUFFIX = '.table.jsonl';

/** The format version in each header. */
export const TABLE_FILE_VERSION = 1;

/** Writes per line: keeps lines (and JSON.parse calls) around 100 KB for typical items. */
export const WRITES_PER_LINE = 1000;

/** The header line. */
export function headerLine(definition: TableDefinition): string {
  return JSON.stringify({ keylab: 'table', version: TABLE_FILE_VERSION, table: definition }) + '\n';
}

/** A change's writes as lines; every line but the last says `"more":true`. */
export function* changeLines(writes: readonly ItemWrite[]): Generator<string> {
  for (let start = 0; start < writes.length; start += WRITES_PER_LINE) {
    const end = Math.min(writes.length, start + WRITES_PER_LINE);
    let line = '{"w":[';
    for (let i = start; i < end; i++) {
      const write = writes[i] as ItemWrite;
      line += (i === start ? '' : ',') + (write.item ? '{"p":' + stringifyItem(write.item) : '{"d":' + stringifyItem(write.key)) + '}';
    }
    yield line + (end < writes.length ? '],"more":true}\n' : ']}\n');
  }
}

/** Stored items as lines of puts, each line a change of its own (a rewritten file's base). */
export function* itemLines(items: readonly Item[]): Generator<string> {
  for (let start = 0; start < items.length; start += WRITES_PER_LINE) {
    const end = Math.min(items.length, start + WRITES_PER_LINE);
    let line = '{"w":[';
    for (let i = start; i < end; i++) line += (i === start ? '{"p":' : ',{"p":') + stringifyItem(items[i] as Item) + '}';
    yield line + ']}\n';
  }
}

/** A table file, read. */
export interface ParsedTableFile {
  readonly definition: TableDefinition;
  /** The replayed writes: `replay.items()` is the table's content. */
  readonly replay: TableReplay;
  /** Bytes holding the header and complete changes: the file is cut back to this when a torn tail was found. */
  readonly goodBytes: number;
  /** Why bytes past `goodBytes` were dropped, if they were. */
  readonly tornTail?: string;
}

const NEWLINE = 0x0a;

/**
 * Reads a table file. Throws a `persistence.corrupt` PersistenceError naming
 * the file and line when a complete line cannot be read (a damaged file is
 * never silently half-loaded), and `persistence.newerFormat` for a newer
 * version's file; a torn tail is reported in `tornTail`, not thrown.
 */
export function parseTableFile(bytes: Buffer, fileName: string): ParsedTableFile {
  const corrupt = (line: number, why: string) =>
    new PersistenceError('persistence.corrupt', `The data file ${fileName} is damaged (line ${line}: ${why}). Restore it from a backup or remove it.`);

  let start = 0;
  let lineNumber = 0;
  let replay: TableReplay | undefined;
  let definition: TableDefinition | undefined;
  /** Writes of a change that spans lines, until its last line. */
  let group: [item: Item | undefined, key: Item][] | undefined;
  let goodBytes = 0;

  while (start < bytes.length) {
    lineNumber++;
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;
    const torn = (why: string): ParsedTableFile => {
      if (!replay || !definition) throw corrupt(lineNumber, why);
      const dropped = group ? 'a change that spans lines was not finished' : why;
      return { definition, replay, goodBytes, tornTail: `${fileName}: dropped an unfinished write at line ${lineNumber} (${dropped}); it was never acknowledged.` };
    };
    // The last line has no newline: the write of it was cut short.
    if (newline === -1) return torn('the line has no end');

    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8', start, end));
    } catch (error) {
      // A damaged last line is a torn write; damage followed by more lines is corruption.
      if (end + 1 >= bytes.length) return torn((error as Error).message);
      throw corrupt(lineNumber, (error as Error).message);
    }
    const record = json as Record<string, unknown> | null;

    if (lineNumber === 1) {
      if (record === null || typeof record !== 'object' || record.keylab !== 'table') throw corrupt(1, 'not a Keylab table header');
      if (typeof record.version !== 'number' || record.version > TABLE_FILE_VERSION) {
        throw new PersistenceError(
          'persistence.newerFormat',
          `The data file ${fileName} was written by a newer version of Keylab (format ${String(record.version)}).`,
        );
      }
      const table = record.table as TableDefinition | undefined;
      if (!table || typeof table.name !== 'string' || !table.keys?.partitionKey) throw corrupt(1, 'the header has no table definition');
      definition = table;
      replay = new TableReplay(table);
    } else {
      if (record === null || typeof record !== 'object' || !Array.isArray(record.w)) throw corrupt(lineNumber, 'not a change');
      const table = replay as TableReplay;
      // A one-line change (the usual case) is replayed as it is read; a change that spans lines waits for its last line.
      const pending = group ?? (record.more === true ? (group = []) : undefined);
      try {
        for (const write of record.w as Record<string, unknown>[]) {
          let item: Item | undefined;
          let key: Item;
          if (write?.p !== undefined) key = item = readItemJson(write.p);
          else if (write?.d !== undefined) key = readItemJson(write.d);
          else throw new TypeError('a write is neither a put nor a delete');
          if (pending) pending.push([item, key]);
          else if (item) table.put(item);
          else table.delete(key);
        }
      } catch (error) {
        throw corrupt(lineNumber, (error as Error).message);
      }
      if (pending && record.more !== true) {
        for (const [item, key] of pending) {
          if (item) table.put(item);
          else table.delete(key);
        }
        group = undefined;
      }
    }
    start = end + 1;
    if (!group) goodBytes = start;
  }
  if (!replay || !definition) throw corrupt(1, 'the file is empty');
  if (group) {
    return {
      definition,
      replay,
      goodBytes,
      tornTail: `${fileName}: dropped an unfinished write at line ${lineNumber} (a change that spans lines was not finished); it was never acknowledged.`,
    };
  }
  return { definition, replay, goodBytes };
}
