import { basename, resolve } from 'node:path';
import type { DiffSideSource, DiffSource } from '../check';
import { importDesignBytes, type Design, type DesignProblem } from '../design';
import type { CliIo } from './cliIo';
import { gitShow } from './gitShow';

/** One side of `keylab diff`, read: the design and where it came from, or what is wrong with it. */
export type DiffSideRead =
  | { readonly ok: true; readonly design: Design; readonly side: DiffSideSource }
  | { readonly ok: false; readonly label: string; readonly message?: string; readonly problems?: readonly DesignProblem[] };

/**
 * `git:REV:path` (the first colon after `git:` ends the revision; the path is
 * git's: from the repository's root, or `./…` from the current folder), or a
 * file path.
 */
export function parseDiffSource(arg: string): { readonly ok: true; readonly source: DiffSource } | { readonly ok: false; readonly message: string } {
  if (!arg.startsWith('git:')) return { ok: true, source: { kind: 'file', path: arg } };
  const rest = arg.slice('git:'.length);
  const colon = rest.indexOf(':');
  const rev = colon < 0 ? '' : rest.slice(0, colon);
  const path = colon < 0 ? '' : rest.slice(colon + 1);
  if (rev === '' || path === '')
    return { ok: false, message: `${arg}: write git:REV:path, e.g. git:main:designs/shop.keylab.json (a revision, a colon, the file's path in it).` };
  return { ok: true, source: { kind: 'git', rev, path } };
}

/** Reads one side: the file (from io.cwd) or the revision's file (git show), then any design format keylab check reads. */
export async function readDiffSide(arg: string, io: CliIo): Promise<DiffSideRead> {
  const parsed = parseDiffSource(arg);
  if (!parsed.ok) return { ok: false, label: arg, message: parsed.message };
  const source = parsed.source;
  let bytes: Uint8Array;
  if (source.kind === 'git') {
    const shown = await gitShow(source.rev, source.path, io.cwd);
    if (!shown.ok) return { ok: false, label: arg, message: shown.message };
    bytes = shown.bytes;
  } else {
    try {
      bytes = await io.readFile(resolve(io.cwd, source.path));
    } catch (error) {
      return { ok: false, label: arg, message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  const imported = importDesignBytes(bytes, basename(source.path));
  if (!imported.ok) return { ok: false, label: arg, problems: imported.errors };
  return { ok: true, design: imported.design, side: { source, keylabDesign: imported.format === 'keylab' } };
}
