import { readFile } from 'node:fs/promises';
import type { CliIo } from './cliIo';

/** An in-process io for command tests: the real file system under `cwd`, stdout and stderr collected. */
export function cliTestIo(cwd: string): { readonly io: CliIo; readonly stdout: () => string; readonly stderr: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
    cwd,
    readFile: async (path) => new Uint8Array(await readFile(path)),
    env: {},
    stdoutIsTTY: false,
    version: '0.0.0-test',
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}
