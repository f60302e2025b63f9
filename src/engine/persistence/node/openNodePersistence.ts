import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rm, truncate, unlink, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Item } from '../../../expressions';
import { compareUtf8 } from '../../../keys';
import type { EngineChange, ItemWrite, LocalDynamoDB, StorageHook } from '../../localDynamoDB.types';
import type { TableDefinition } from '../../schema/tableDefinition';
import type { EnginePersistence, PersistenceLoadResult } from '../persistence.types';
import { PersistenceError } from '../persistenceError';
import { isTemporaryFile, syncDirectory, writeFileAtomic } from './atomicFile';
import { lockDirectory } from './directoryLock';
import { PENDING_CHANGE_FILE, pendingChangeLines, readPendingChange } from './pendingChange';
import { describeDropped, fileError, keepDamagedFile, MARKER_FILE, readOrCreateMarker, type Marker } from './dataDirectory';
import { appendStreamFile, groupRecordsByTable, reloadStreamFile, streamFileName } from './streamFile';
import { changeLines, headerLine, itemLines, parseTableFile, rewrittenLineCount, TABLE_FILE_SUFFIX, TABLE_FILE_VERSION, type DamagedLine } from './tableFile';

/**
 * The built-in engine's Node persistence (`--data DIR`): one file per table,
 * each a journal of JSON lines (see tableFile.ts).
 *
 * Durability first: the engine serialises writes and waits for the hook, so
 * every change is appended and fdatasync'ed before its operation resolves —
 * one small append and one flush per write, never a rewrite of the table.
 * (Coalescing several writes into one flush would need the hook to resolve
 * before its data is durable, which the hook's contract rules out; clients
 * that want throughput batch their writes — BatchWriteItem, loadItems.)
 *
 * Files are replaced, never rewritten in place (temporary file, fsync,
 * rename, directory fsync), so a crash leaves the old or the new version:
 * - when a table is created (a header-only file);
 * - when a change is large (≥ {@link REWRITE_WRITES} writes: a bulk load),
 *   as the table's current items plus the change — the table is written once
 *   and no giant change has to be replayed from the journal;
 * - when the journal has grown past the size of the table it started from
 *   (compaction: the file is rewritten as the current items), so a file stays
 *   within about twice its live data.
 *
 * A crash mid-append leaves a torn last line (no newline): loading drops it
 * with a warning (its write was never acknowledged) and cuts the file back to
 * its last complete change. A rewritten file's header counts the lines the
 * rewrite wrote, so they are never taken for a torn append. Damage anywhere
 * else (every line carries a checksum, even the last) stops
 * loading with a clear error naming the file and line — never a silently
 * half-loaded table or a changed value served — unless the load repairs
 * (`repair`, `--data-repair`): every intact record is kept and each dropped
 * one reported.
 */

/** A change with at least this many writes to one table rewrites that table's file instead of appending. */
export const REWRITE_WRITES = 10_000;

/** The journal may grow by this much (or by the size of the base, if larger) before the file is compacted. */
const COMPACT_MIN_BYTES = 4 << 20;

/** One table's file and what the adapter knows about it. */
interface TableFile {
  readonly fileName: string;
  /** Replaced by an updateTable change (the header is rewritten with it). */
  definition: TableDefinition;
  /** The append handle (opened on first append; closed when the file is replaced). */
  handle?: FileHandle;
  /** The file's size. */
  bytes: number;
  /** Its size after the last rewrite (or at load): the journal's growth is `bytes - baseBytes`. */
  baseBytes: number;
  /** Set when a failed append could not be undone: the file must not be appended to again. */
  broken?: PersistenceError;
  /** The table's stream records file (streamFile.ts): its append handle and size. */
  streamHandle?: FileHandle;
  streamBytes?: number;
}

/** Options of {@link openNodePersistence}. */
export interface NodePersistenceOptions {
  /** Where recovery warnings go (they are also in `load()`'s result). Default `console.warn`. */
  readonly onWarning?: (message: string) => void;
  /** The journal growth (bytes) past which a table file is compacted, if its base is smaller. Default 4 MiB. */
  readonly compactAfterBytes?: number;
  /**
   * Repair damaged table files (`--data-repair`): keep every intact record, drop damaged ones (each
   * reported in the warnings and in `load()`'s `dropped`), keep the damaged file beside the repaired
   * one as `<file>.damaged-<time>`. Without it, a damaged record refuses the load.
   */
  readonly repair?: boolean;
}

/** A record that a repairing load dropped. */
export interface DroppedRecord extends DamagedLine {
  /** The table file, absolute. */
  readonly file: string;
  /** Where the damaged file was kept. */
  readonly keptAs: string;
}

/** What {@link NodePersistence.load} restored, and what a repair dropped. */
export interface NodePersistenceLoadResult extends PersistenceLoadResult {
  /** Records dropped by a repairing load (`repair: true`); empty otherwise. */
  readonly dropped: readonly DroppedRecord[];
}

/** The data-directory adapter. */
export interface NodePersistence extends EnginePersistence {
  /** The data directory, absolute. */
  readonly dir: string;
  load(engine: LocalDynamoDB): Promise<NodePersistenceLoadResult>;
}

/**
 * Opens (creating if needed) a data directory for the built-in engine.
 * Rejects with a PersistenceError: `persistence.inUse` when another live
 * process (or another adapter in this one) has the directory open,
 * `persistence.newerFormat`, `persistence.corrupt` for a damaged marker,
 * `persistence.writeFailed` when the directory cannot be written.
 *
 * @example
 * const persistence = await openNodePersistence('./data');
 * const engine = createLocalDynamoDB({ storage: persistence.hook });
 * const { tables, warnings } = await persistence.load(engine);
 */
export async function openNodePersistence(dir: string, options: NodePersistenceOptions = {}): Promise<NodePersistence> {
  const root = resolve(dir);
  const onWarning = options.onWarning ?? ((message: string) => console.warn(`Keylab: ${message}`));
  const compactAfterBytes = options.compactAfterBytes ?? COMPACT_MIN_BYTES;
  try {
    await mkdir(root, { recursive: true });
  } catch (error) {
    throw fileError(error, `the data directory ${root}`);
  }
  const releaseLock = await lockDirectory(root);
  let marker: Marker;
  try {
    marker = await readOrCreateMarker(root);
  } catch (error) {
    await releaseLock();
    throw error;
  }

  const files = new Map<string, TableFile>();
  let engine: LocalDynamoDB | undefined;
  let closedReason: PersistenceError | undefined;
  /** The running hook call (the engine runs one at a time), so close() can wait for it. */
  let inFlight: Promise<unknown> = Promise.resolve();

  function requireFile(tableName: string): TableFile {
    const file = files.get(tableName);
    if (!file) throw new PersistenceError('persistence.writeFailed', `Keylab has no data file for table ${tableName}: the change was not saved.`);
    return file;
  }

  async function rewrite(file: TableFile, base: readonly Item[], change?: readonly ItemWrite[]): Promise<void> {
    const bytes = await writeFileAtomic(root, file.fileName, parts(file.definition, base, change));
    // The append handle points at the replaced file.
    await file.handle?.close().catch(() => undefined);
    file.handle = undefined;
    file.bytes = bytes;
    file.baseBytes = bytes;
    file.broken = undefined;
  }

  async function append(file: TableFile, writes: readonly ItemWrite[]): Promise<void> {
    if (file.broken) throw file.broken;
    const text = Buffer.from([...changeLines(writes)].join(''), 'utf8');
    try {
      file.handle ??= await open(join(root, file.fileName), 'a');
      await file.handle.appendFile(text);
      await file.handle.datasync();
      file.bytes += text.byteLength;
    } catch (error) {
      await undoAppend(file, file.bytes);
      throw error;
    }
  }

  /** Cuts a file back to `bytes` after a failed append, or marks it broken if even that fails. */
  async function undoAppend(file: TableFile, bytes: number): Promise<void> {
    try {
      await truncate(join(root, file.fileName), bytes);
      file.bytes = bytes;
    } catch (error) {
      file.broken = fileError(error, `table ${file.definition.name} (a failed write could not be undone; restart to recover)`);
    }
  }

  async function writeChange(change: EngineChange): Promise<void> {
    switch (change.type) {
      case 'createTable': {
        const file: TableFile = { fileName: fileNameFor(change.table.name, files), definition: change.table, bytes: 0, baseBytes: 0 };
        await rewrite(file, []);
        // A leftover stream of an earlier table of this name must not come back.
        await rm(join(root, streamFileName(file.fileName)), { force: true });
        file.streamBytes = 0;
        files.set(change.table.name, file);
        return;
      }
      case 'deleteTable': {
        const file = requireFile(change.tableName);
        await file.handle?.close().catch(() => undefined);
        file.handle = undefined;
        await unlink(join(root, file.fileName)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
        await file.streamHandle?.close().catch(() => undefined);
        file.streamHandle = undefined;
        await rm(join(root, streamFileName(file.fileName)), { force: true });
        await syncDirectory(root);
        files.delete(change.tableName);
        return;
      }
      case 'updateTable': {
        // The definition is the file's header: the table is rewritten with it (indexes are not stored, only rebuilt).
        const file = requireFile(change.table.name);
        const previous = file.definition;
        file.definition = change.table;
        try {
          await rewrite(file, (engine as LocalDynamoDB).snapshotTable(change.table.name).items);
        } catch (error) {
          file.definition = previous;
          throw error;
        }
        return;
      }
      case 'writeItems': {
        const byTable = groupByTable(change.writes);
        // Taken now, before any await: the engine applies this change only after we resolve,
        // so its current items plus the change are the table's new content.
        const plans = [...byTable].map(([tableName, writes]) => {
          const file = requireFile(tableName);
          const grown = file.bytes - file.baseBytes > Math.max(compactAfterBytes, file.baseBytes);
          // A change to several tables only appends, so a failure can be undone table by table.
          const replace = byTable.size === 1 && (writes.length >= REWRITE_WRITES || grown);
          return { file, writes, base: replace ? (engine as LocalDynamoDB).snapshotTable(tableName).items : undefined };
        });
        const appended: [TableFile, number][] = [];
        const streamAppended: [TableFile, number][] = [];
        // Several tables: the whole change goes to one file first, so a crash between appends can't keep half of it (pendingChange.ts).
        const pending = byTable.size > 1;
        try {
          if (pending) await writeFileAtomic(root, PENDING_CHANGE_FILE, pendingChangeLines(byTable));
          for (const { file, writes, base } of plans) {
            if (base) {
              await rewrite(file, base, writes);
            } else {
              const before = file.bytes;
              await append(file, writes);
              appended.push([file, before]);
            }
          }
          for (const [tableName, records] of groupRecordsByTable(change.streamRecords)) {
            const file = requireFile(tableName);
            const before = file.streamBytes ?? 0;
            await appendStreamFile(root, file, records);
            streamAppended.push([file, before]);
          }
          if (pending) await removePendingChange();
        } catch (error) {
          // All or nothing: the engine will not apply the change, so no table file may keep it.
          for (const [file, before] of appended) await undoAppend(file, before);
          for (const [file, before] of streamAppended) await truncate(join(root, streamFileName(file.fileName)), before).catch(() => undefined);
          if (pending) await removePendingChange().catch(() => undefined);
          throw error;
        }
        return;
      }
    }
  }

  /** Removes the pending-change file, durably: a later start must not replay a change that was undone or is complete. */
  async function removePendingChange(): Promise<void> {
    await rm(join(root, PENDING_CHANGE_FILE), { force: true });
    await syncDirectory(root);
  }

  const hook: StorageHook = {
    write(change: EngineChange): Promise<void> {
      if (closedReason) return Promise.reject(closedReason);
      if (!engine) {
        return Promise.reject(
          new PersistenceError('persistence.notLoaded', 'Keylab wrote to its data directory before loading it (call load(engine) first).'),
        );
      }
      const running = writeChange(change).catch((error: unknown) => {
        throw fileError(error, describeChange(change));
      });
      inFlight = running.catch(() => undefined);
      return running;
    },
  };

  async function load(target: LocalDynamoDB): Promise<NodePersistenceLoadResult> {
    if (engine) throw new Error('openNodePersistence: load() was already called');
    if (closedReason) throw closedReason;
    const warnings: string[] = [];
    const warn = (message: string) => {
      warnings.push(message);
      onWarning(message);
    };
    const tables: string[] = [];
    const dropped: DroppedRecord[] = [];
    let items = 0;
    let entries: string[];
    try {
      // Table files load in one fixed order (byte order of their names), whatever the file system lists.
      entries = (await readdir(root)).sort(compareUtf8);
    } catch (error) {
      throw fileError(error, `the data directory ${root}`, 'persistence.readFailed');
    }
    for (const entry of entries) {
      if (isTemporaryFile(entry)) {
        // An interrupted replace: the file it was meant to replace is intact.
        await rm(join(root, entry), { force: true });
        warn(`removed ${entry}, left by an interrupted save (the table file it was replacing is intact).`);
      }
    }
    const pending = entries.includes(PENDING_CHANGE_FILE) ? await readPendingChange(root, options.repair === true, warn) : undefined;
    for (const entry of entries) {
      if (!entry.endsWith(TABLE_FILE_SUFFIX)) continue;
      let bytes: Buffer;
      try {
        bytes = await readFile(join(root, entry));
      } catch (error) {
        throw fileError(error, entry, 'persistence.readFailed');
      }
      const path = join(root, entry);
      const parsed = parseTableFile(bytes, path, { repair: options.repair });
      const name = parsed.definition.name;
      if (files.has(name)) {
        throw new PersistenceError('persistence.corrupt', `Two data files hold table ${name} (${files.get(name)?.fileName} and ${entry}): remove one.`);
      }
      if (parsed.dropped.length > 0) {
        const keptAs = await keepDamagedFile(path);
        for (const line of parsed.dropped) {
          dropped.push({ file: path, keptAs, ...line });
          warn(describeDropped(path, line));
        }
        warn(`${path}: repaired; the damaged file is kept as ${keptAs}.`);
      }
      if (parsed.tornTail) {
        warn(parsed.tornTail);
        try {
          await truncate(join(root, entry), parsed.goodBytes);
        } catch (error) {
          throw fileError(error, entry);
        }
      }
      const pendingWrites = pending?.get(name);
      if (pendingWrites) {
        for (const [item, key] of pendingWrites) {
          if (item) parsed.replay.put(item);
          else parsed.replay.delete(key);
        }
        pending?.delete(name);
      }
      let stream: { bytes: number; problems: string[] };
      try {
        stream = await reloadStreamFile(root, entry, (streamRecords) => {
          target.restoreTable({ table: parsed.definition, items: parsed.replay.items(), streamRecords });
          return target.snapshotTable(name).streamRecords ?? [];
        });
      } catch (error) {
        throw fileError(error, streamFileName(entry));
      }
      stream.problems.forEach(warn);
      const live = target.snapshotTable(name).items;
      const file: TableFile = { fileName: entry, definition: parsed.definition, bytes: parsed.goodBytes, baseBytes: parsed.goodBytes, streamBytes: stream.bytes };
      files.set(name, file);
      // Mostly overwritten or deleted items, dropped damage, or a format without checksums: start from a compact file.
      if (pendingWrites || parsed.replay.writes > 2 * live.length + 1_000 || parsed.dropped.length > 0 || parsed.version < TABLE_FILE_VERSION) {
        try {
          await rewrite(file, live);
        } catch (error) {
          throw fileError(error, entry);
        }
      }
      tables.push(name);
      items += live.length;
    }
    if (pending) {
      // Every table it names now holds the whole change in its rewritten file.
      for (const tableName of pending.keys()) warn(`the interrupted change to several tables names table ${tableName}, which has no data file; its writes to it were dropped.`);
      try {
        await removePendingChange();
      } catch (error) {
        throw fileError(error, PENDING_CHANGE_FILE);
      }
      warn('completed a change to several tables that was being saved when Keylab stopped (it was never acknowledged; it is now saved in full).');
    }
    engine = target;
    return { tables, items, firstRun: marker.initializedAt === undefined, warnings, dropped };
  }

  return {
    dir: root,
    hook,
    load,

    async markInitialized(): Promise<void> {
      if (closedReason) throw closedReason;
      const next: Marker = { ...marker, initializedAt: Date.now() };
      try {
        await writeFileAtomic(root, MARKER_FILE, [JSON.stringify(next) + '\n']);
      } catch (error) {
        throw fileError(error, MARKER_FILE);
      }
      marker = next;
    },

    async close(): Promise<void> {
      if (closedReason) return;
      closedReason = new PersistenceError('persistence.closed', `Keylab's data directory ${root} was closed: the change was not saved.`);
      await inFlight;
      for (const file of files.values()) {
        await file.handle?.close().catch(() => undefined);
        await file.streamHandle?.close().catch(() => undefined);
      }
      await releaseLock();
    },
  };
}

/** The lines of a rewritten table file: header (counting the lines after it), items, then the change that caused the rewrite. */
function* parts(definition: TableDefinition, base: readonly Item[], change?: readonly ItemWrite[]): Generator<string> {
  yield headerLine(definition, rewrittenLineCount(base.length, change?.length ?? 0));
  yield* itemLines(base);
  if (change) yield* changeLines(change);
}

function groupByTable(writes: readonly ItemWrite[]): Map<string, ItemWrite[]> {
  const byTable = new Map<string, ItemWrite[]>();
  for (const write of writes) {
    let list = byTable.get(write.tableName);
    if (!list) byTable.set(write.tableName, (list = []));
    list.push(write);
  }
  return byTable;
}

/**
 * A table's file name: the table name itself (DynamoDB names are `[A-Za-z0-9_.-]`, safe everywhere),
 * with a hash when it is too long for a file name or when it differs only in case from another
 * table's (case-insensitive file systems would make them one file). The header holds the real name.
 */
function fileNameFor(tableName: string, files: ReadonlyMap<string, TableFile>): string {
  const hash = createHash('sha256').update(tableName).digest('hex').slice(0, 12);
  const plain = tableName.length <= 200 ? tableName + TABLE_FILE_SUFFIX : `${tableName.slice(0, 200)}~${hash}${TABLE_FILE_SUFFIX}`;
  const taken = new Set([...files.values()].map((file) => file.fileName.toLowerCase()));
  return taken.has(plain.toLowerCase()) ? `${tableName.slice(0, 200)}~${hash}${TABLE_FILE_SUFFIX}` : plain;
}

function describeChange(change: EngineChange): string {
  switch (change.type) {
    case 'createTable':
      return `table ${change.table.name}`;
    case 'deleteTable':
      return `the deletion of table ${change.tableName}`;
    case 'updateTable':
      return `the new settings of table ${change.table.name}`;
    case 'writeItems':
      return `the write to ${[...new Set(change.writes.map((write) => write.tableName))].join(', ')}`;
  }
}

