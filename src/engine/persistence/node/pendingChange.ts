import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ItemWrite } from '../../localDynamoDB.types';
import { PersistenceError } from '../persistenceError';
import { checkLine, sealLine } from './lineChecksum';
import { changeLines, readChangeLine, TABLE_FILE_VERSION, type LineWrites } from './tableFile';

/**
 * A change to several tables (a TransactWriteItems over two tables, a
 * BatchWriteItem) is appended to several table files, and a crash between
 * two appends would leave half of it on disk. So before appending, the whole
 * change is written to this one file (atomically: temporary file, fsync,
 * rename, directory fsync), and the file is removed (and the removal made
 * durable) once every table file has its part — before the change is
 * acknowledged.
 *
 * A data directory that holds this file at start-up crashed between those
 * two points: nothing was written after the change (writes are serialised),
 * so each table file ends with its part of the change or lacks it. Loading
 * replays the whole change on top of every table it names (re-applying the
 * same puts and deletes at the end of a table is harmless), rewrites those
 * tables' files, and only then removes this file: the change is then on
 * disk in full, never in part.
 *
 * ```
 * {"keylab":"pendingChange","version":2,"tables":["A","B"],"c":"…"}
 * {"w":[…A's writes…],"c":"…"}      ← each table's writes, as in a table file (a long one spans lines with "more")
 * {"w":[…B's writes…],"c":"…"}
 * ```
 */
export const PENDING_CHANGE_FILE = 'keylab.pending-change.jsonl';

/** The file's lines for a change, grouped by table. */
export function* pendingChangeLines(byTable: ReadonlyMap<string, readonly ItemWrite[]>): Generator<string> {
  yield sealLine(JSON.stringify({ keylab: 'pendingChange', version: TABLE_FILE_VERSION, tables: [...byTable.keys()] }).slice(0, -1));
  for (const writes of byTable.values()) yield* changeLines(writes);
}

/** Reads the file back: each table's writes. Throws PersistenceError `persistence.corrupt` if any line is damaged. */
export function parsePendingChange(bytes: Buffer, fileName: string): Map<string, LineWrites> {
  const damaged = (line: number, why: string) =>
    new PersistenceError(
      'persistence.corrupt',
      `${fileName} (a change to several tables that was being saved when Keylab stopped) is damaged at line ${line} (${why}). ` +
        `Remove it to start without that change, which was never acknowledged.`,
    );
  const lines: [start: number, end: number][] = [];
  for (let start = 0; start < bytes.length;) {
    const newline = bytes.indexOf(0x0a, start);
    if (newline === -1) throw damaged(lines.length + 1, 'the line has no end');
    lines.push([start, newline]);
    start = newline + 1;
  }
  const [headerStart, headerEnd] = lines[0] ?? [0, 0];
  const wrong = lines.length === 0 ? 'the file is empty' : checkLine(bytes, headerStart, headerEnd);
  if (wrong) throw damaged(1, wrong);
  const header = JSON.parse(bytes.toString('utf8', headerStart, headerEnd)) as { keylab?: unknown; tables?: unknown };
  if (header.keylab !== 'pendingChange' || !Array.isArray(header.tables)) throw damaged(1, 'not a Keylab pending change');
  const byTable = new Map<string, LineWrites>();
  let line = 1;
  for (const tableName of header.tables as string[]) {
    const writes: LineWrites = [];
    for (let more = true; more;) {
      const [start, end] = lines[line] ?? [0, 0];
      if (line >= lines.length) throw damaged(line + 1, `the writes to ${tableName} are missing`);
      line++;
      const read = readChangeLine(bytes, start, end, TABLE_FILE_VERSION);
      if (typeof read === 'string') throw damaged(line, read);
      writes.push(...read.writes);
      more = read.more;
    }
    byTable.set(tableName, writes);
  }
  return byTable;
}

/** The pending change left by a crash in `root`, read; a repairing load drops a damaged one with a warning. */
export async function readPendingChange(root: string, repair: boolean, warn: (message: string) => void): Promise<Map<string, LineWrites> | undefined> {
  const path = join(root, PENDING_CHANGE_FILE);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new PersistenceError('persistence.readFailed', `Reading ${path} failed (${(error as Error).message}).`, { cause: error });
  }
  try {
    return parsePendingChange(bytes, path);
  } catch (error) {
    if (!repair) throw error;
    await rm(path, { force: true });
    warn(`--data-repair dropped ${path}: ${(error as Error).message}`);
    return undefined;
  }
}
