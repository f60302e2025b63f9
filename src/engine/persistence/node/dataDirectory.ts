import { copyFile, link, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PersistenceError } from '../persistenceError';
import { writeFileAtomic } from './atomicFile';
import type { DamagedLine } from './tableFile';

/**
 * The data directory's own files and messages: its version marker, copies of
 * damaged table files kept by a repair, and file-system errors worded as what
 * was not saved. Split from openNodePersistence.ts, which runs the changes.
 */

/** The data directory's marker file: format version and first-run state. */
export const MARKER_FILE = 'keylab.json';
export const DATA_VERSION = 1;

export interface Marker {
  readonly keylab: 'data';
  readonly version: number;
  /** Epoch ms when first-run setup finished. */
  readonly initializedAt?: number;
}

/** What a repair dropped from one line: the line, why, and each write it held (where it still parses). */
export function describeDropped(path: string, line: DamagedLine): string {
  const what = line.writes
    ? `${line.writes.length} write${line.writes.length === 1 ? '' : 's'}:${line.writes.map((write) => `\n  ${write}`).join('')}`
    : 'its writes cannot be read, so their keys are unknown';
  return `--data-repair dropped line ${line.line} of ${path} (${line.why}); ${what}`;
}

/** Keeps a damaged table file under a new name (a hard link: the repair then replaces the original name). */
export async function keepDamagedFile(path: string): Promise<string> {
  const keptAs = `${path}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    await link(path, keptAs).catch(() => copyFile(path, keptAs));
  } catch (error) {
    throw fileError(error, `a copy of the damaged file ${path} (nothing was repaired)`);
  }
  return keptAs;
}

/** A file-system error as a PersistenceError with a message that names what was not saved. */
export function fileError(
  error: unknown,
  what: string,
  code: 'persistence.writeFailed' | 'persistence.readFailed' = 'persistence.writeFailed',
): PersistenceError {
  if (error instanceof PersistenceError) return error;
  const { code: errno, message } = error as NodeJS.ErrnoException;
  if (errno === 'ENOSPC' || errno === 'EDQUOT') {
    return new PersistenceError('persistence.quotaExceeded', `The disk is full: ${what} was not saved.`, { cause: error });
  }
  const verb = code === 'persistence.readFailed' ? 'Reading' : 'Saving';
  return new PersistenceError(code, `${verb} ${what} failed (${message})${code === 'persistence.writeFailed' ? ': the change was not saved.' : '.'}`, {
    cause: error,
  });
}

/** Reads the marker, or writes a new one in an empty (or pre-marker) directory. */
export async function readOrCreateMarker(root: string): Promise<Marker> {
  let text: string | undefined;
  try {
    text = await readFile(join(root, MARKER_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw fileError(error, MARKER_FILE, 'persistence.readFailed');
  }
  if (text === undefined) {
    const marker: Marker = { keylab: 'data', version: DATA_VERSION };
    try {
      await writeFileAtomic(root, MARKER_FILE, [JSON.stringify(marker) + '\n']);
    } catch (error) {
      throw fileError(error, `the data directory ${root}`);
    }
    return marker;
  }
  let marker: Marker;
  try {
    marker = JSON.parse(text) as Marker;
  } catch {
    throw new PersistenceError(
      'persistence.corrupt',
      `${join(root, MARKER_FILE)} is damaged (not JSON). Restore it, or delete it to keep the tables and start as on a first run.`,
    );
  }
  if (marker?.keylab !== 'data' || typeof marker.version !== 'number') {
    throw new PersistenceError('persistence.corrupt', `${join(root, MARKER_FILE)} is not a Keylab data-directory marker.`);
  }
  if (marker.version > DATA_VERSION) {
    throw new PersistenceError('persistence.newerFormat', `The data directory ${root} was written by a newer version of Keylab.`);
  }
  return marker;
}
