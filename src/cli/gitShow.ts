import { execFile } from 'node:child_process';

export type GitShowResult = { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly message: string };

/** The largest file `git show` may return (a design file is far smaller; a runaway blob is refused, not buffered). */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * The bytes of `path` as committed in `rev`: `git show REV:path`, run in
 * `cwd` without a shell (the arguments reach git as they are). A revision
 * that looks like an option is refused before git sees it. On failure, git's
 * own reason ("fatal: invalid object name 'nope'.").
 *
 * @example
 * await gitShow("HEAD~1", "designs/shop.keylab.json", process.cwd())
 */
export function gitShow(rev: string, path: string, cwd: string): Promise<GitShowResult> {
  if (rev.startsWith('-'))
    return Promise.resolve({ ok: false, message: `the revision "${rev}" starts with "-", which git would read as an option: name a commit, branch or tag.` });
  return new Promise((resolve) => {
    execFile('git', ['show', `${rev}:${path}`], { cwd, encoding: 'buffer', maxBuffer: MAX_BYTES, windowsHide: true }, (error, stdout, stderr) => {
      if (!error) {
        resolve({ ok: true, bytes: new Uint8Array(stdout) });
        return;
      }
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') resolve({ ok: false, message: 'git is not installed or not on PATH (git:REV:path reads the file with git show).' });
      else if (code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER')
        resolve({ ok: false, message: `git show ${rev}:${path} is over ${MAX_BYTES / 1024 / 1024} MiB: not a design file.` });
      else resolve({ ok: false, message: `git show ${rev}:${path} failed: ${stderr.toString('utf8').trim() || error.message}` });
    });
  });
}
