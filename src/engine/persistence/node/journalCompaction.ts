import type { Item } from '../../../expressions';
import type { ItemWrite } from '../../localDynamoDB.types';
import type { TableDefinition } from '../../schema/tableDefinition';
import { writeFileAtomic } from './atomicFile';
import type { TableFile } from './journalFiles';
import { changeLines, headerLine, itemLines, rewrittenLineCount, TABLE_FILE_VERSION } from './tableFile';

/*
 * Compaction: a table file replaced by its current items. Files are
 * replaced, never rewritten in place (temporary file, fsync, rename,
 * directory fsync: atomicFile.ts), so a crash leaves the old or the new
 * version:
 * - when a table is created (a header-only file);
 * - when a change is large (≥ {@link REWRITE_WRITES} writes: a bulk load),
 *   as the table's current items plus the change — the table is written once
 *   and no giant change has to be replayed from the journal;
 * - when the journal has grown past the size of the table it started from
 *   (compaction: the file is rewritten as the current items), so a file stays
 *   within about twice its live data;
 * - when loading finds a file mostly garbage, repaired, completed by a
 *   pending change, or in an older format.
 * A rewritten file's header counts the lines the rewrite wrote, so they are
 * never taken for a torn append.
 */

/** A change with at least this many writes to one table rewrites that table's file instead of appending. */
export const REWRITE_WRITES = 10_000;

/** The journal may grow by this much (or by the size of the base, if larger) before the file is compacted. */
export const COMPACT_MIN_BYTES = 4 << 20;

/** Whether a change of `writes` to this file (the only table it touches) replaces the file instead of appending. */
export function replacesFile(file: TableFile, writes: number, compactAfterBytes: number): boolean {
  const grown = file.bytes - file.baseBytes > Math.max(compactAfterBytes, file.baseBytes);
  return writes >= REWRITE_WRITES || grown;
}

/** Whether a loaded file starts over as a compact one: mostly overwritten or deleted items, dropped damage, a pending change completed, or a format without checksums. */
export function compactsAtLoad(loaded: {
  readonly writes: number;
  readonly liveItems: number;
  readonly dropped: number;
  readonly version: number;
  readonly completedPending: boolean;
}): boolean {
  return loaded.completedPending || loaded.writes > 2 * loaded.liveItems + 1_000 || loaded.dropped > 0 || loaded.version < TABLE_FILE_VERSION;
}

/** Replaces the table's file by `base` (its items) and `change` (the writes that caused the rewrite), atomically. */
export async function rewriteTableFile(root: string, file: TableFile, base: readonly Item[], change?: readonly ItemWrite[]): Promise<void> {
  const bytes = await writeFileAtomic(root, file.fileName, parts(file.definition, base, change));
  // The append handle points at the replaced file.
  await file.handle?.close().catch(() => undefined);
  file.handle = undefined;
  file.bytes = bytes;
  file.baseBytes = bytes;
  file.broken = undefined;
}

/** The lines of a rewritten table file: header (counting the lines after it), items, then the change that caused the rewrite. */
function* parts(definition: TableDefinition, base: readonly Item[], change?: readonly ItemWrite[]): Generator<string> {
  yield headerLine(definition, rewrittenLineCount(base.length, change?.length ?? 0));
  yield* itemLines(base);
  if (change) yield* changeLines(change);
}
