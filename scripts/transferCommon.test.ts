import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyCheckpoint, parseCheckpoint, type TransferCheckpoint } from '../src/transfer';
import { saveCheckpointFile } from './transferCommon';

const execFileAsync = promisify(execFile);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'keylab-transfer-common-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('saveCheckpointFile', () => {
  it('replaces the checkpoint whole: a reader at any moment finds the previous one or the new one, never an empty or partial file', async () => {
    const file = path.join(dir, 'items.jsonl.checkpoint.json');
    const checkpointOf = (n: number): TransferCheckpoint => ({
      ...emptyCheckpoint(),
      doneThrough: n * 100,
      written: n * 90,
      rejected: n * 10,
      // Big enough that a plain writeFile takes several writes.
      failures: Array.from({ length: n * 10 }, (_, i) => ({
        line: i + 1,
        reason: `One or more parameter values were invalid: line ${i + 1} ${'x'.repeat(200)}`,
      })),
    });
    await saveCheckpointFile(file, checkpointOf(1));
    let saving = true;
    const reads: (TransferCheckpoint | string)[] = [];
    const reader = (async () => {
      while (saving) reads.push(parseCheckpoint(await readFile(file, 'utf8')));
    })();
    for (let n = 2; n <= 40; n++) await saveCheckpointFile(file, checkpointOf(n));
    saving = false;
    await reader;
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((read) => typeof read === 'string')).toEqual([]);
    expect(parseCheckpoint(await readFile(file, 'utf8'))).toEqual(checkpointOf(40));
    // No temporary file is left behind.
    expect(await readdir(dir)).toEqual(['items.jsonl.checkpoint.json']);
  });
});

describe('--help', () => {
  const run = (script: string, args: string[]) =>
    execFileAsync(process.execPath, ['--import', 'tsx', path.join('scripts', script), ...args], {
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  // Each run starts tsx: seconds on a loaded 2-core machine.
  it('npm run import -- --help and -h print every option and exit 0', { timeout: 120_000 }, async () => {
    for (const result of await Promise.all(['--help', '-h'].map((flag) => run('import.ts', [flag])))) {
      expect(result).toMatchObject({ code: 0, stderr: '' });
      for (const option of ['--table', '--endpoint', '--region', '--format', '--concurrency', '--resume', '--help']) expect(result.stdout).toContain(option);
    }
  });

  it('npm run export -- --help and -h print every option and exit 0', { timeout: 120_000 }, async () => {
    for (const result of await Promise.all(['--help', '-h'].map((flag) => run('export.ts', [flag])))) {
      expect(result).toMatchObject({ code: 0, stderr: '' });
      for (const option of ['--table', '--endpoint', '--region', '--format', '--out', '--help']) expect(result.stdout).toContain(option);
    }
  });

  it('an unknown option still says so, with exit 1', { timeout: 120_000 }, async () => {
    const result = await run('import.ts', ['--nope']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Unknown option '--nope'");
    expect(result.stderr).toContain('--help: every option');
  });
});
