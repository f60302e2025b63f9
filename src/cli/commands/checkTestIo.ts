import { readFile, writeFile } from 'node:fs/promises';
import type { CliIo } from '../cliIo';
import { runKeylab } from '../main';

/** One in-process `keylab` run: its exit code and what it wrote. */
export interface KeylabRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `keylab <args>` in process with captured output, from `cwd` (default: the repository), never a terminal. */
export async function runKeylabInProcess(
  args: readonly string[],
  options: { readonly cwd?: string; readonly env?: Record<string, string>; readonly tty?: boolean } = {},
): Promise<KeylabRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: options.cwd ?? process.cwd(),
    readFile: async (path) => new Uint8Array(await readFile(path)),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
    env: options.env ?? {},
    stdoutIsTTY: options.tty ?? false,
    version: '0.0.0-test',
  };
  const code = await runKeylab(args, io);
  return { code, stdout, stderr };
}
