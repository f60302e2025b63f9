import { open, readFile, truncate, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { StreamRecordEntry } from '../../streams/streamLog';
import { tableNameOfStreamArn } from '../../streams/streamSetting';
import { writeFileAtomic } from './atomicFile';
import { checkLine, sealLine } from './lineChecksum';
import { readItemJson, stringifyItem } from './itemJson';

/**
 * A table's stream records beside its table file: `<table file>.stream`, one
 * checksummed JSON line per record, appended (and flushed) with the change
 * that made them, rewritten at load when records older than 24 hours are
 * trimmed. Records are the stream's; the table file never depends on them.
 *
 * ```
 * {"s":"arn:…/stream/2026-…","q":7,"e":"MODIFY","v":"NEW_AND_OLD_IMAGES","k":{…},"n":{…},"o":{…},"z":25,"t":1796142707651,"c":"…"}
 * ```
 */
export const STREAM_FILE_SUFFIX = '.stream';

/** The stream file of a table file. */
export function streamFileName(tableFileName: string): string {
  return tableFileName + STREAM_FILE_SUFFIX;
}

/** The lines of some records. */
export function* streamLines(records: readonly StreamRecordEntry[]): Generator<string> {
  for (const record of records) {
    let body =
      `{"s":${JSON.stringify(record.streamArn)},"q":${record.sequence},"e":"${record.eventName}","v":"${record.viewType}",` +
      `"k":${stringifyItem(record.keys)},"z":${record.sizeBytes},"t":${record.createdAt}`;
    if (record.newImage) body += `,"n":${stringifyItem(record.newImage)}`;
    if (record.oldImage) body += `,"o":${stringifyItem(record.oldImage)}`;
    if (record.byService) body += ',"ttl":true';
    yield sealLine(body);
  }
}

/** What a stream file held: its intact records, and what was wrong with the others (a torn last line, damage). */
export interface ParsedStreamFile {
  readonly records: StreamRecordEntry[];
  readonly problems: string[];
}

/** Reads a stream file; lines that fail their checksum or do not parse are left out and reported. */
export function parseStreamFile(bytes: Buffer, path: string): ParsedStreamFile {
  const records: StreamRecordEntry[] = [];
  const problems: string[] = [];
  let start = 0;
  let line = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    line++;
    const damage = checkLine(bytes, start, end);
    if (damage) problems.push(`${path}: stream record on line ${line} dropped (${damage}).`);
    else {
      try {
        records.push(readRecord(JSON.parse(bytes.toString('utf8', start, end)) as Record<string, unknown>));
      } catch (error) {
        problems.push(`${path}: stream record on line ${line} dropped (${(error as Error).message}).`);
      }
    }
    start = end + 1;
  }
  return { records, problems };
}

const EVENTS = new Set(['INSERT', 'MODIFY', 'REMOVE']);
const VIEW_TYPES = new Set(['NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES', 'KEYS_ONLY']);

function readRecord(json: Record<string, unknown>): StreamRecordEntry {
  const { s, q, e, v, k, z, t, n, o, ttl } = json;
  if (
    typeof s !== 'string' ||
    typeof q !== 'number' ||
    !EVENTS.has(e as string) ||
    !VIEW_TYPES.has(v as string) ||
    typeof z !== 'number' ||
    typeof t !== 'number'
  ) {
    throw new Error('not a stream record');
  }
  return {
    streamArn: s,
    sequence: q,
    eventName: e as StreamRecordEntry['eventName'],
    viewType: v as StreamRecordEntry['viewType'],
    keys: readItemJson(k),
    sizeBytes: z,
    createdAt: t,
    ...(n === undefined ? {} : { newImage: readItemJson(n) }),
    ...(o === undefined ? {} : { oldImage: readItemJson(o) }),
    ...(ttl === true ? { byService: true as const } : {}),
  };
}

/** Where a table's stream file stands (fields of the adapter's table record). */
export interface StreamFileState {
  readonly fileName: string;
  streamHandle?: FileHandle;
  streamBytes?: number;
}

/** Appends a change's records to a table's stream file and flushes it (cut back if that fails). */
export async function appendStreamFile(root: string, file: StreamFileState, records: readonly StreamRecordEntry[]): Promise<void> {
  const path = join(root, streamFileName(file.fileName));
  const text = Buffer.from([...streamLines(records)].join(''), 'utf8');
  const bytes = file.streamBytes ?? 0;
  try {
    file.streamHandle ??= await open(path, 'a');
    await file.streamHandle.appendFile(text);
    await file.streamHandle.datasync();
    file.streamBytes = bytes + text.byteLength;
  } catch (error) {
    await truncate(path, bytes).catch(() => undefined);
    throw error;
  }
}

/**
 * Loads a table's stream file: hands its intact records to `restore` (which
 * gives back those it kept: the last 24 hours) and, if any were dropped —
 * trimmed, or damaged lines — rewrites the file with the kept ones. Returns
 * the file's size and what was wrong with dropped lines.
 */
export async function reloadStreamFile(
  root: string,
  tableFileName: string,
  restore: (records: StreamRecordEntry[]) => readonly StreamRecordEntry[],
): Promise<{ bytes: number; problems: string[] }> {
  const fileName = streamFileName(tableFileName);
  let bytes: Buffer | undefined;
  try {
    bytes = await readFile(join(root, fileName));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { records, problems } = bytes ? parseStreamFile(bytes, join(root, fileName)) : { records: [], problems: [] };
  const kept = restore(records);
  if (!bytes || (kept.length === records.length && problems.length === 0)) return { bytes: bytes?.length ?? 0, problems };
  return { bytes: await writeFileAtomic(root, fileName, streamLines(kept)), problems };
}

/** A change's stream records by table (the table's name is in each record's stream ARN). */
export function groupRecordsByTable(records: readonly StreamRecordEntry[] | undefined): Map<string, StreamRecordEntry[]> {
  const byTable = new Map<string, StreamRecordEntry[]>();
  for (const record of records ?? []) {
    const tableName = tableNameOfStreamArn(record.streamArn);
    let list = byTable.get(tableName);
    if (!list) byTable.set(tableName, (list = []));
    list.push(record);
  }
  return byTable;
}
