import { ITEM_SIZE_RULES, type Item } from '../../../expressions';
import type { ItemWrite } from '../../localDynamoDB.types';
import { indexKeyAttributeNames, keyNames, type TableDefinition } from '../../schema/tableDefinition';
import { DeferredItem, DeferredItemBlock } from '../../storage/deferredItem';
import { PersistenceError } from '../persistenceError';
import { TableReplay } from '../replayWrites';
import { ITEMS_LINE_START, KEYS_LINE_START, readItemsLine, readKeysLine, startsWith, WRITES_PER_LINE, type KeysLine } from './baseLines';
import { readItemJson, stringifyItem } from './itemJson';
import { checkLine, sealLine } from './lineChecksum';

export { baseLineBodies, baseLines, WRITES_PER_LINE } from './baseLines';

/**
 * One table's file in a data directory: JSON lines, UTF-8.
 *
 * ```
 * {"keylab":"table","version":3,"table":{…TableDefinition…},"lines":4,"sizes":1,"c":"…"}  ← header
 * {"k":["user#0","order#1",…],"z":[120,…],"x":[…],"c":"…"}           ← the items a rewrite wrote, 1,000 to a pair of lines:
 * {"i":[{…item…},…],"c":"…"}                                          ←   their keys and sizes, then the items ("lines" of them)
 * {"k":[…],"z":[…],"c":"…"}
 * {"i":[…],"c":"…"}
 * {"w":[{"p":{…item…}},{"d":{…key…}}],"c":"…"}                        ← an appended change (puts "p", deletes "d")
 * {"w":[…1000 writes…],"more":true,"c":"…"}                            ← a large change spans lines:
 * {"w":[…],"c":"…"}                                                    ←   it ends at the first line without "more"
 * ```
 *
 * Items are DynamoDB JSON (binary as base64); `"c"` is the line's checksum
 * (lineChecksum.ts). A file replaced by a rewrite (a new table, a bulk load,
 * compaction: written whole, fsynced, renamed into place) says in its header
 * how many lines follow it in that write (`"lines":N`); everything after them
 * was appended, one change at a time, each fsynced before it was
 * acknowledged.
 *
 * A change is committed when its last line, newline included, is on disk.
 * Loading replays complete changes in order and drops a torn tail with a
 * warning — and only that: bytes after the last complete line that end
 * without a newline (an append cut short: a write() lays bytes down in order,
 * so a cut-off append is a prefix of its lines, never a complete line with a
 * changed byte), or a change that spans lines whose last line is missing.
 * That change's caller never saw it succeed. Anything else refuses the file,
 * naming the line: a damaged line with its newline (even the last one), a
 * line cut short or missing among the lines a rewrite wrote (a rename is
 * all or nothing, so they cannot be torn), a last line whose newline was
 * replaced. A repairing load (`--data-repair`) keeps every intact line
 * instead and reports the damaged ones, write by write where they still
 * parse.
 *
 * Loading reads a rewrite's items by key (format 3): the keys line gives
 * each item's table key values (S and N as their strings, B as base64, the
 * partition key's then the sort key's), its size (itemSize, under the
 * rules the header's `"sizes"` names) and, for a table with indexes, its
 * values of the indexes' key attributes (`"x"`: indexKeyAttributeNames in
 * order, each `"S…"`/`"N…"`/`"B…"`, `0` for another type, `null` when
 * absent), so that index entries are made at load too (an INCLUDE index
 * reads the items); the items line is checked (its
 * checksum) but read only when one of its items is first needed
 * (deferredItem.ts): a 100,000-item table is served in a fraction of the
 * time a parse of every item takes. Reading it then validates every item and
 * checks it has the key it was stored under; a line that fails (only a file
 * edited by hand, checksums recomputed, can) is refused with the same error
 * a load gives. A repairing load, or sizes stored under other rules, reads
 * the items at once.
 *
 * Format 2 wrote a rewrite's items as puts (`{"w":[{"p":…},…]}`), format 1 is
 * format 2 without `"c"` (such a file holds no checksummed line, loads as
 * before: damage shows only where it breaks the JSON); both load as they did
 * and are rewritten as format 3 when opened.
 */

/** Table files end with this. */
export const TABLE_FILE_SUFFIX = '.table.jsonl';

/** The format version in each header: 3 = a rewrite's items as keys-and-sizes lines beside items lines. */
export const TABLE_FILE_VERSION = 3;
/** The first format with checksums. */
const CHECKSUM_VERSION = 2;
/** The first format with keys lines and items lines. */
const KEYED_BASE_VERSION = 3;

/**
 * The header line. `lines`: how many lines follow it in the same (atomic)
 * write — a rewrite's items and change — so that loading can tell them from
 * appended lines (see {@link rewrittenLineCount}).
 */
export function headerLine(definition: TableDefinition, lines?: number): string {
  return sealLine(
    JSON.stringify({
      keylab: 'table',
      version: TABLE_FILE_VERSION,
      table: definition,
      ...(lines === undefined ? {} : { lines }),
      sizes: ITEM_SIZE_RULES,
    }).slice(0, -1),
  );
}

/** The lines {@link baseLines} and {@link changeLines} write for `items` items and `writes` writes. */
export function rewrittenLineCount(items: number, writes: number): number {
  return 2 * Math.ceil(items / WRITES_PER_LINE) + Math.ceil(writes / WRITES_PER_LINE);
}

/** A change's writes as lines; every line but the last says `"more":true`. */
export function* changeLines(writes: readonly ItemWrite[]): Generator<string> {
  for (const body of changeLineBodies(writes)) yield sealLine(body);
}

/** {@link changeLines} before their checksums (exported for bench/journal.bench.ts). */
export function* changeLineBodies(writes: readonly ItemWrite[]): Generator<string> {
  for (let start = 0; start < writes.length; start += WRITES_PER_LINE) {
    const end = Math.min(writes.length, start + WRITES_PER_LINE);
    let body = '{"w":[';
    for (let i = start; i < end; i++) {
      const write = writes[i] as ItemWrite;
      body += (i === start ? '' : ',') + (write.item ? '{"p":' + stringifyItem(write.item) : '{"d":' + stringifyItem(write.key)) + '}';
    }
    yield body + (end < writes.length ? '],"more":true' : ']');
  }
}

/** A line in the middle of a file that could not be read, and what it held. */
export interface DamagedLine {
  /** 1-based. */
  readonly line: number;
  /** What is wrong with it. */
  readonly why: string;
  /** Its writes (`put {…key…}` / `delete {…key…}`, DynamoDB JSON), where the damaged line still parses. */
  readonly writes?: readonly string[];
}

/** A table file, read. */
export interface ParsedTableFile {
  readonly definition: TableDefinition;
  /** The header's format version (below {@link TABLE_FILE_VERSION}: the file should be rewritten). */
  readonly version: number;
  /** Whether the item sizes stored in it follow today's itemSize rules (else they were worked out again: the file should be rewritten). */
  readonly sizesCurrent: boolean;
  /** Writes replayed from lines appended after the last rewrite (read whole at every start, unlike the rewrite's items). */
  readonly appendedWrites: number;
  /** The replayed writes: `replay.items()` is the table's content. */
  readonly replay: TableReplay;
  /** Bytes holding the header and complete changes: the file is cut back to this when a torn tail was found. */
  readonly goodBytes: number;
  /** Why bytes past `goodBytes` were dropped, if they were. */
  readonly tornTail?: string;
  /** Damaged lines that a repairing load left out (never set otherwise: they throw). */
  readonly dropped: readonly DamagedLine[];
}

/** Options of {@link parseTableFile}. */
export interface ParseTableFileOptions {
  /** Keep every intact line and report damaged ones in `dropped`, instead of refusing the file. */
  readonly repair?: boolean;
}

const NEWLINE = 0x0a;

/** The writes of one change line, read but not yet replayed. */
export type LineWrites = [item: Item | undefined, key: Item][];

/**
 * Reads a table file. Throws a PersistenceError naming the file and line when
 * a line cannot be read and is not a torn tail (a damaged file is never
 * silently half-loaded): `persistence.damagedRecords` for damaged change
 * lines (which `repair` drops instead), `persistence.corrupt` for a damaged
 * header, `persistence.newerFormat` for a newer version's file. A torn tail is
 * reported in `tornTail`, not thrown.
 */
export function parseTableFile(bytes: Buffer, fileName: string, options: ParseTableFileOptions = {}): ParsedTableFile {
  const corruptHeader = (why: string) =>
    new PersistenceError(
      'persistence.corrupt',
      `The data file ${fileName} is damaged at line 1, the table's header (${why}): it cannot be repaired. Restore it from a backup or remove it.`,
    );

  let start = 0;
  let lineNumber = 0;
  let replay: TableReplay | undefined;
  let definition: TableDefinition | undefined;
  let version = 0;
  /** Whether the header's stored sizes follow today's itemSize rules (else the items are read at once). */
  let sizesCurrent = false;
  /** The last line a rewrite wrote (the header's `lines`), when the header says. */
  let lastRewrittenLine = 1;
  /** Writes of a change that spans lines, until its last line. */
  let group: LineWrites | undefined;
  /** A keys line read, waiting for its items line (the next one). */
  let keysLine: KeysLine | undefined;
  /** The attributes every keys line holds (one set for the file's blocks). */
  let keyNamesHeld: ReadonlySet<string> | undefined;
  let goodBytes = 0;
  let appendedWrites = 0;
  const damaged: DamagedLine[] = [];

  const finish = (tornTail?: string): ParsedTableFile => {
    if (!replay || !definition) throw corruptHeader('the file is empty');
    if (lineNumber < lastRewrittenLine && damaged.at(-1)?.line !== lineNumber) {
      // Lines of the atomic rewrite are missing: the file was cut, not torn.
      damaged.push({
        line: lineNumber + 1,
        why: `the file ends after line ${lineNumber}, but it was written with ${lastRewrittenLine} lines: it was cut short`,
        ...(keysLine ? { writes: keysLine.describe() } : {}),
      });
    }
    if (damaged.length > 0 && !options.repair) throw damagedRecords(fileName, damaged);
    return { definition, version, sizesCurrent, appendedWrites, replay, goodBytes, dropped: damaged, ...(tornTail === undefined ? {} : { tornTail }) };
  };
  const tornTailAt = (line: number, why: string) => `${fileName}: dropped an unfinished write at line ${line} (${why}); it was never acknowledged.`;
  const itemsLineMissing = (keys: KeysLine) => damaged.push({ line: keys.line, why: 'its items line is missing', writes: keys.describe() });

  while (start < bytes.length) {
    lineNumber++;
    const newline = bytes.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes.length : newline;

    if (newline === -1) {
      if (!replay) throw corruptHeader('the line has no end');
      const keys = keysLine;
      keysLine = undefined;
      const why = unendedLine(bytes, start, version, lineNumber <= lastRewrittenLine);
      if (why === undefined) {
        if (keys) itemsLineMissing(keys);
        // An append cut short: the only tail that may be dropped.
        return finish(tornTailAt(lineNumber, group ? 'a change that spans lines was not finished' : 'the line has no end'));
      }
      // A cut items line: the keys line before it says which items were lost.
      damaged.push({
        line: lineNumber,
        why,
        writes: keys ? keys.describe() : describeWrites(bytes.toString('utf8', start, end), definition as TableDefinition),
      });
      group = undefined;
      break;
    }

    if (lineNumber === 1) {
      ({ definition, version, lastRewrittenLine, sizesCurrent } = readHeader(bytes, end, corruptHeader, fileName));
      replay = new TableReplay(definition);
    } else if (version >= KEYED_BASE_VERSION && startsWith(bytes, start, KEYS_LINE_START)) {
      if (keysLine) itemsLineMissing(keysLine);
      const read = readKeysLine(bytes, start, end, definition as TableDefinition);
      keysLine = typeof read === 'string' ? undefined : { ...read, line: lineNumber };
      // Its items line may still be intact: a repairing load keeps its items (and says so below).
      if (typeof read === 'string') damaged.push({ line: lineNumber, why: read });
    } else if (version >= KEYED_BASE_VERSION && startsWith(bytes, start, ITEMS_LINE_START)) {
      const table = replay as TableReplay;
      const keys = keysLine;
      keysLine = undefined;
      const wrong = checkLine(bytes, start, end);
      if (wrong) {
        damaged.push({ line: lineNumber, why: wrong, ...(keys ? { writes: keys.describe() } : {}) });
      } else if (keys && sizesCurrent && !options.repair) {
        // Read by key: the items are parsed when one of them is first needed.
        const line = lineNumber;
        const lineStart = start;
        const tableDefinition = definition as TableDefinition;
        const block = new DeferredItemBlock(
          () => {
            const items = readItemsLine(bytes, lineStart, end, tableDefinition, keys.keys);
            if (typeof items === 'string') throw damagedRecords(fileName, [{ line, why: items }]);
            return items;
          },
          (keyNamesHeld ??= new Set([...keyNames(tableDefinition.keys), ...indexKeyAttributeNames(tableDefinition)])),
        );
        for (let i = 0; i < keys.keys.length; i++) table.put(new DeferredItem(keys.keys[i] as Item, keys.sizes[i] as number, block, i));
      } else {
        // A repairing load, sizes under other rules, or an items line whose keys line was damaged: read now.
        const items = readItemsLine(bytes, start, end, definition as TableDefinition, keys?.keys);
        const keysDamaged = options.repair && !keys && typeof items !== 'string' && damaged.at(-1)?.line === lineNumber - 1 ? damaged.pop() : undefined;
        if (keysDamaged) damaged.push({ ...keysDamaged, why: `${keysDamaged.why}; the items of line ${lineNumber} were kept` });
        if (typeof items === 'string') damaged.push({ line: lineNumber, why: items, ...(keys ? { writes: keys.describe() } : {}) });
        else for (const item of items) table.put(item);
      }
    } else {
      if (keysLine) itemsLineMissing(keysLine);
      keysLine = undefined;
      const table = replay as TableReplay;
      const read = readChangeLine(bytes, start, end, version);
      if (typeof read === 'string') {
        // A complete line (newline and all) is never a torn append, even the last one.
        damaged.push({ line: lineNumber, why: read, writes: describeWrites(bytes.toString('utf8', start, end), definition as TableDefinition) });
      } else {
        // A one-line change (the usual case) is replayed as it is read; a change that spans lines waits for its last line.
        if (group || read.more) (group ??= []).push(...read.writes);
        if (!read.more) {
          const writes = group ?? read.writes;
          for (const [item, key] of writes) {
            if (item) table.put(item);
            else table.delete(key);
          }
          if (lineNumber > lastRewrittenLine) appendedWrites += writes.length;
          group = undefined;
        }
      }
    }
    start = end + 1;
    if (!group && !keysLine) goodBytes = start;
  }
  // Keys whose items line is missing: the file was cut after them (reported as cut short by finish), or the line never followed.
  if (keysLine && lineNumber >= lastRewrittenLine) itemsLineMissing(keysLine);
  if (group && lineNumber > lastRewrittenLine) return finish(tornTailAt(lineNumber, 'a change that spans lines was not finished'));
  if (group && lineNumber === lastRewrittenLine)
    damaged.push({ line: lineNumber, why: 'it says a change goes on, but it is the last line the file was written with' });
  return finish();
}

/**
 * Why a last line without a newline is damage rather than an append cut
 * short, or undefined when it may be a torn tail: a cut-off append is a
 * prefix of sealed lines, so a line that is complete except that its newline
 * became another byte was changed, and a line the rewrite wrote (renamed
 * into place whole) cannot be cut.
 */
function unendedLine(bytes: Buffer, start: number, version: number, rewritten: boolean): string | undefined {
  if (rewritten) return 'the line has no end, but it was written with the whole file, not appended: the file was cut short';
  const end = bytes.length;
  if (end - 1 > start && (version >= CHECKSUM_VERSION ? checkLine(bytes, start, end - 1) === undefined : isJsonObject(bytes, start, end - 1))) {
    return 'the line ends in another byte where its newline was: the file changed after it was written';
  }
  return undefined;
}

function isJsonObject(bytes: Buffer, start: number, end: number): boolean {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8', start, end));
    return value !== null && typeof value === 'object';
  } catch {
    return false;
  }
}

/** Reads line 1: the table definition and the file's format version. */
function readHeader(
  bytes: Buffer,
  end: number,
  corruptHeader: (why: string) => PersistenceError,
  fileName: string,
): { definition: TableDefinition; version: number; lastRewrittenLine: number; sizesCurrent: boolean } {
  let record: Record<string, unknown> | null;
  try {
    record = JSON.parse(bytes.toString('utf8', 0, end)) as Record<string, unknown> | null;
  } catch (error) {
    throw corruptHeader((error as Error).message);
  }
  if (record === null || typeof record !== 'object' || record.keylab !== 'table' || typeof record.version !== 'number') {
    throw corruptHeader('not a Keylab table header');
  }
  if (record.version > TABLE_FILE_VERSION) {
    throw new PersistenceError(
      'persistence.newerFormat',
      `The data file ${fileName} was written by a newer version of Keylab (format ${String(record.version)}).`,
    );
  }
  if (record.version >= CHECKSUM_VERSION) {
    const wrong = checkLine(bytes, 0, end);
    if (wrong) throw corruptHeader(wrong);
  }
  const table = record.table as TableDefinition | undefined;
  if (!table || typeof table.name !== 'string' || !table.keys?.partitionKey) throw corruptHeader('the header has no table definition');
  const lines = record.lines;
  if (lines !== undefined && !(typeof lines === 'number' && Number.isSafeInteger(lines) && lines >= 0))
    throw corruptHeader('its line count is not a whole number');
  // Without a count (files written before it), only line 1 is known to have been written whole.
  return { definition: table, version: record.version, lastRewrittenLine: 1 + (lines ?? 0), sizesCurrent: record.sizes === ITEM_SIZE_RULES };
}

/** A change line's writes, validated (nothing replayed yet), or what is wrong with the line. */
export function readChangeLine(bytes: Buffer, start: number, end: number, version: number): { writes: LineWrites; more: boolean } | string {
  if (version >= CHECKSUM_VERSION) {
    const wrong = checkLine(bytes, start, end);
    if (wrong) return wrong;
  }
  try {
    const record = JSON.parse(bytes.toString('utf8', start, end)) as Record<string, unknown> | null;
    if (record === null || typeof record !== 'object' || !Array.isArray(record.w)) return 'not a change';
    const writes: LineWrites = [];
    for (const write of record.w as Record<string, unknown>[]) {
      if (write?.p !== undefined) {
        const item = readItemJson(write.p);
        writes.push([item, item]);
      } else if (write?.d !== undefined) {
        writes.push([undefined, readItemJson(write.d)]);
      } else {
        return 'a write is neither a put nor a delete';
      }
    }
    return { writes, more: record.more === true };
  } catch (error) {
    return (error as Error).message;
  }
}

/** A damaged line's writes as `put {…key…}` / `delete {…key…}`, if it still parses as a change. */
function describeWrites(text: string, definition: TableDefinition): string[] | undefined {
  let record: { w?: unknown } | null;
  try {
    record = JSON.parse(text) as { w?: unknown } | null;
  } catch {
    return undefined;
  }
  if (!record || !Array.isArray(record.w)) return undefined;
  const names = keyNames(definition.keys);
  return (record.w as (Record<string, unknown> | null)[]).map((write) => {
    const [kind, value] = write?.p !== undefined ? ['put', write.p] : write?.d !== undefined ? ['delete', write.d] : ['unknown write', write];
    const key = value !== null && typeof value === 'object' ? Object.fromEntries(names.map((name) => [name, (value as Record<string, unknown>)[name]])) : value;
    return `${kind} ${JSON.stringify(key)}`;
  });
}

/** Lines listed in a message before "and N more". */
const LISTED_LINES = 10;

function damagedRecords(fileName: string, damaged: readonly DamagedLine[]): PersistenceError {
  const numbers = damaged.map((entry) => entry.line);
  const lines = numbers.length === 1 ? `line ${numbers[0]}` : `lines ${listed(numbers.map(String))}`;
  const why =
    damaged.length === 1
      ? (damaged[0] as DamagedLine).why
      : listed(
          damaged.map((entry) => `line ${entry.line}: ${entry.why}`),
          '; ',
        );
  return new PersistenceError(
    'persistence.damagedRecords',
    `The data file ${fileName} is damaged at ${lines} (${why}). ` +
      `Start with --data-repair to keep every intact record and drop ${lines}, or restore the file from a backup.`,
  );
}

function listed(parts: readonly string[], separator = ', '): string {
  const shown = parts.slice(0, LISTED_LINES).join(separator);
  return parts.length > LISTED_LINES ? `${shown}${separator}and ${parts.length - LISTED_LINES} more` : shown;
}
