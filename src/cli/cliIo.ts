import { readFile } from 'node:fs/promises';

/**
 * What a subcommand may touch of the outside world, passed in so tests run
 * commands in process with their own writers and working directory.
 */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The directory relative paths and globs are read from. */
  readonly cwd: string;
  /** A file's bytes (rejects with the system's error: ENOENT, EACCES, EISDIR). */
  readFile(path: string): Promise<Uint8Array>;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal (colours are used only then, and never with NO_COLOR). */
  readonly stdoutIsTTY: boolean;
  /** The keylab version (package.json's), for reports. */
  readonly version: string;
}

/** The real process's io. */
export function nodeIo(version: string): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    readFile: async (path) => new Uint8Array(await readFile(path)),
    env: process.env,
    stdoutIsTTY: process.stdout.isTTY === true,
    version,
  };
}

/** Whether to colour output: a terminal, and NO_COLOR unset or empty (https://no-color.org). */
export function useColor(io: CliIo): boolean {
  return io.stdoutIsTTY && (io.env.NO_COLOR ?? '') === '' && io.env.TERM !== 'dumb';
}
