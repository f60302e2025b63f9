import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Replacing a file so a crash leaves either the old or the new version, never
 * a mix: write a temporary file in the same directory (same file system, so
 * rename is atomic), fsync it, rename it over the target, fsync the directory
 * (so the rename itself survives a power cut). Readers ignore temporary files
 * (`isTemporaryFile`): one left by a crash is garbage, the target intact.
 */

/** Bytes gathered before each write() of a large file. */
const WRITE_CHUNK = 1 << 20;

/** True for a name {@link writeFileAtomic} uses for its temporary files. */
export function isTemporaryFile(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

/**
 * Atomically replaces `dir/fileName` with the concatenated `parts` (UTF-8),
 * produced lazily so a large table is never one giant string. Resolves with
 * the bytes written once the new file and the rename are durable.
 */
export async function writeFileAtomic(dir: string, fileName: string, parts: Iterable<string>): Promise<number> {
  const temporary = join(dir, `.${fileName}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx');
  let bytes = 0;
  try {
    let pending = '';
    for (const part of parts) {
      pending += part;
      if (pending.length >= WRITE_CHUNK) {
        bytes += await writeAll(handle, pending);
        pending = '';
      }
    }
    if (pending) bytes += await writeAll(handle, pending);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, join(dir, fileName));
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dir);
  return bytes;
}

async function writeAll(handle: Awaited<ReturnType<typeof open>>, text: string): Promise<number> {
  const buffer = Buffer.from(text, 'utf8');
  // writeFile loops until every byte is written (a single write() may be short).
  await handle.writeFile(buffer);
  return buffer.byteLength;
}

/**
 * fsyncs a directory, so that entries created, renamed or removed in it are
 * durable. Where directories cannot be opened for sync (Windows), it is a no-op.
 */
export async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error;
  } finally {
    await handle?.close();
  }
}
