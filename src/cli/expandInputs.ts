import { stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';

/** One file to check: its absolute path, the name shown for it, and whether it was named on the command line. */
export interface InputFile {
  readonly path: string;
  readonly display: string;
  /**
   * Named on the command line: always read as a design file (bad → exit 2).
   * Found by a folder or a glob: a file that is no design file is skipped, with why.
   */
  readonly explicit: boolean;
}

export type ExpandResult = { readonly ok: true; readonly files: readonly InputFile[] } | { readonly ok: false; readonly message: string };

/** What a folder is searched for (recursively; node_modules and dot folders left out). */
export const FOLDER_PATTERN = '**/*.{json,yaml,yml,template}';
const IGNORED = ['**/node_modules/**'];

/**
 * The files the arguments name: a file as is, a folder as every candidate
 * design file under it, a glob (tinyglobby) as its matches — each in sorted
 * order, each file once. A glob that matches nothing, a folder with no
 * candidate file, or a path that does not exist is an error naming it.
 *
 * @example
 * await expandInputs(["designs", "models/*.json"], process.cwd())
 */
export async function expandInputs(args: readonly string[], cwd: string): Promise<ExpandResult> {
  const files: InputFile[] = [];
  const seen = new Set<string>();
  const add = (path: string, explicit: boolean) => {
    if (seen.has(path)) return;
    seen.add(path);
    files.push({ path, display: displayName(path, cwd), explicit });
  };
  for (const arg of args) {
    if (isDynamicPattern(arg) && !(await exists(resolve(cwd, arg)))) {
      const matches = (await glob(arg, { cwd, absolute: true, onlyFiles: true, ignore: IGNORED, expandDirectories: false })).sort();
      if (matches.length === 0) return { ok: false, message: `No file matched ${arg} (looked in ${cwd}).` };
      for (const match of matches) add(resolve(match), false);
      continue;
    }
    const path = resolve(cwd, arg);
    const kind = await exists(path);
    if (kind === 'directory') {
      const matches = (await glob(FOLDER_PATTERN, { cwd: path, absolute: true, onlyFiles: true, ignore: IGNORED })).sort();
      if (matches.length === 0)
        return {
          ok: false,
          message: `No design file in folder ${arg}: it has no *.json, *.yaml, *.yml or *.template file (node_modules and dot folders are not searched).`,
        };
      for (const match of matches) add(resolve(match), false);
    } else if (kind === 'file') add(path, true);
    else return { ok: false, message: `No such file or folder: ${arg}.` };
  }
  return { ok: true, files };
}

async function exists(path: string): Promise<'file' | 'directory' | undefined> {
  try {
    const stats = await stat(path);
    return stats.isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

/** The path relative to the working directory (with /) when inside it, else as is. */
function displayName(path: string, cwd: string): string {
  const inside = relative(cwd, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return path;
  return inside.split(sep).join('/');
}
