import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `keylab` from the packed tarball: `npm pack` (its prepack builds the
 * self-contained bundle), extracted outside the repository, run by plain
 * Node with no dependencies reachable (NODE_PATH empty, cwd in a temp dir).
 */

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '..');
let dir: string;

/** `node package/bin/keylab.mjs …` from the temp dir: exit code and output (a non-zero exit is an answer, not a failure). */
async function keylab(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: dir, NODE_PATH: '' };
  try {
    const { stdout, stderr } = await run(process.execPath, [join(dir, 'package/bin/keylab.mjs'), ...args], { cwd: dir, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keylab-pack-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: REPO, maxBuffer: 64 * 1024 * 1024 });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[];
  await run('tar', ['-xzf', join(dir, packed!.filename), '-C', dir]);
  await mkdir(join(dir, 'designs'));
  for (const name of ['example-leaderboard.clean.keylab.json', 'parking-exits-no-tiebreaker.keylab.json', 'width-too-narrow.keylab.json', 'labels.json'])
    await copyFile(join(REPO, 'corpus/review', name), join(dir, 'designs', name));
  await copyFile(join(REPO, 'src/design/interchange/fixtures/cloudformation/orders-single-table.yaml'), join(dir, 'designs/orders.yaml'));
  await writeFile(join(dir, 'broken.keylab.json'), '{\n  "format": "keylab.design/1",\n  "name": "x"\n  "tables": []\n}\n');
}, 600_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('keylab from the packed tarball, on plain Node', () => {
  it('holds the bin and the bundle, not the sources', async () => {
    expect((await readdir(join(dir, 'package'))).sort()).toEqual(expect.arrayContaining(['bin', 'dist-cli', 'dist-endpoint', 'package.json']));
    expect(await readdir(join(dir, 'package'))).not.toContain('src');
    expect(await readdir(join(dir, 'package'))).not.toContain('node_modules');
  });

  it('runs keylab endpoint from its prebuilt bundle (dist-endpoint/, built by prepare), with DynamoDB Local’s flags', async () => {
    const help = await keylab('endpoint', '-help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('  -sharedDb ');
    const unknown = await keylab('endpoint', '-sharedDb', '-inMemroy');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '-inMemroy'. Did you mean -inMemory?");
  });

  it('checks a clean design (exit 0), a failing one (exit 1) and a folder, as in the clone', async () => {
    const clean = await keylab('check', 'designs/example-leaderboard.clean.keylab.json');
    expect(clean).toMatchObject({ code: 0, stderr: '' });
    expect(clean.stdout).toContain('pattern passes  table Leaderboard · Top scores of a season, highest first (top-scores)');

    const failing = await keylab('check', 'designs/parking-exits-no-tiebreaker.keylab.json');
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(
      / {2}error {3}review\.noTiebreaker {2}table Parking · entity ParkingSession · key SK {2}\(designs\/parking-exits-no-tiebreaker\.keylab\.json:\d+:\d+\)\n/,
    );
    expect(failing.stdout).toContain('pattern FAILS   table Parking');

    const folder = await keylab('check', '--fail-on', 'warning', '--format', 'json', 'designs');
    expect(folder.code).toBe(1);
    const report = JSON.parse(folder.stdout) as { files: { file: string; format: string }[]; skipped: { file: string }[]; counts: Record<string, number> };
    expect(report.files.map((file) => [file.file, file.format])).toEqual([
      ['designs/example-leaderboard.clean.keylab.json', 'keylab'],
      ['designs/orders.yaml', 'cloudformation'],
      ['designs/parking-exits-no-tiebreaker.keylab.json', 'keylab'],
      ['designs/width-too-narrow.keylab.json', 'keylab'],
    ]);
    expect(report.skipped.map((file) => file.file)).toEqual(['designs/labels.json']);
  });

  it('says where a broken file is wrong and exits 2; a usage error exits 2', async () => {
    const broken = await keylab('check', 'broken.keylab.json');
    expect(broken.code).toBe(2);
    expect(broken.stdout).toMatch(/^ {2}broken\.keylab\.json:4:3: error: broken\.keylab\.json is not valid JSON at line 4, column 3/m);
    const usage = await keylab('check', '--fail-on', 'sometimes', 'designs');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--fail-on takes error, warning, note, never');
    expect((await keylab('--version')).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
