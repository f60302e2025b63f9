import { randomBytes } from 'node:crypto';
import { link, open, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** Never replace an existing file: fail with EEXIST instead (a new file beside another format's). */
  readonly exclusive?: boolean;
}

/**
 * Writes `text` (UTF-8) to `path` all at once or not at all: into a temporary
 * file beside it (same folder, so the same file system), flushed to disk,
 * then renamed over the original — a reader, a crash or a full disk sees the
 * old file or the new one, never half of either. The file keeps its
 * permissions; a symbolic link is followed (the file it points to is
 * replaced, the link stays). When any step fails, the temporary file is
 * removed, the original is untouched, and the system's error is thrown
 * (EACCES, EPERM, ENOSPC …). `exclusive`: the new file is linked into
 * place only if no file has that name (EEXIST otherwise), so nothing is
 * ever overwritten.
 *
 * @example
 * await writeFileAtomically("designs/shop.keylab.json", canonicalText)
 */
export async function writeFileAtomically(path: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const target = options.exclusive ? path : await realpath(path).catch(() => path);
  const mode = options.exclusive
    ? 0o666
    : await stat(target).then(
        (stats) => stats.mode & 0o7777,
        () => 0o666,
      );
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.keylab-tmp`);
  let created = false;
  try {
    const handle = await open(temporary, 'wx', mode);
    created = true;
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
      // open() applies the umask; the original's permissions are kept as they were.
      if (!options.exclusive) await handle.chmod(mode);
    } finally {
      await handle.close();
    }
    if (options.exclusive) {
      await link(temporary, target);
      await rm(temporary, { force: true });
    } else {
      await rename(temporary, target);
    }
    created = false;
  } finally {
    if (created) await rm(temporary, { force: true }).catch(() => undefined);
  }
}
