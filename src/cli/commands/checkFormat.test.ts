import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, serializeDesignDocument } from '../../design';
import { runKeylabInProcess } from './checkTestIo';

/**
 * `keylab check --check-format`: a Keylab design file not in the canonical
 * layout fails the run (exit 1) with a finding-like line naming the file and
 * its first differing line; composed with --fail-on and the output formats,
 * 2 over 1 over 0.
 */

const ROOT = path.resolve(__dirname, '../../..');
/** Written by the serializer before the canonical layout: multi-line samples, decisions out of id order. */
const DRIFTED = path.join(ROOT, 'src/design/format/fixtures/signed-before-canonical.keylab.json');
const WORKBENCH = path.join(ROOT, 'corpus/review/model-chat.clean.workbench.json');

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'keylab-check-format-'));
  await writeFile(path.join(dir, 'shop.keylab.json'), await readFile(DRIFTED));
  await writeFile(path.join(dir, 'leaderboard.keylab.json'), serializeDesignDocument(LEADERBOARD_DESIGN));
  await writeFile(path.join(dir, 'chat.json'), await readFile(WORKBENCH));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const check = (...args: string[]) => runKeylabInProcess(['check', ...args], { cwd: dir });

describe('keylab check --check-format', () => {
  it('fails (exit 1) on a drifted Keylab design, naming the file and its first differing line; the findings alone would pass', async () => {
    expect((await check('--fail-on', 'never', '.')).code).toBe(0);
    const result = await check('--check-format', '--fail-on', 'never', '.');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^shop\.keylab\.json:\d+:\d+: error: not in the canonical layout \(keylab format\): line \d+ is ".*" where the layout has ".*"; run keylab format shop\.keylab\.json$/m,
    );
    // Only Keylab design files have the layout: the canonical one and the Workbench model are not named.
    expect(result.stdout).not.toMatch(/^(leaderboard\.keylab\.json|chat\.json):\d+:\d+: error: not in the canonical layout/m);
    expect(result.stdout.trimEnd().split('\n').pop()).toBe('--check-format: 1 file is not in the canonical layout (run keylab format on it). exit 1');
  });

  it('passes (exit 0) when every Keylab design file is in the layout', async () => {
    const result = await check('--check-format', '--fail-on', 'never', 'leaderboard.keylab.json', 'chat.json');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--check-format: every Keylab design file is in the canonical layout.');
  });

  it('passes once keylab format has rewritten the file', async () => {
    expect((await runKeylabInProcess(['format', 'shop.keylab.json'], { cwd: dir })).code).toBe(0);
    expect((await check('--check-format', '--fail-on', 'never', '.')).code).toBe(0);
  });

  it('2 over 1: a file that cannot be read wins over drift', async () => {
    await writeFile(path.join(dir, 'broken.keylab.json'), '{ "format": "keylab.design/1", ');
    const result = await check('--check-format', '--fail-on', 'never', '.');
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^shop\.keylab\.json:\d+:\d+: error: not in the canonical layout/m);
  });

  it('keeps --format json machine-readable: the drift goes to stderr and the report carries the run’s exit code', async () => {
    const result = await check('--check-format', '--fail-on', 'never', '--format', 'json', '.');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ exitCode: 1 });
    expect(result.stderr).toMatch(/^shop\.keylab\.json:\d+:\d+: error: not in the canonical layout/m);
  });

  it('without --check-format the layout is not judged', async () => {
    const result = await check('--fail-on', 'never', '.');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('canonical layout');
  });
});
