import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEADERBOARD_DESIGN, parseDesignDocument, serializeDesignDocument } from '../../design';
import { runKeylabInProcess } from './checkTestIo';
import { expectOk } from '../../errors/testing';

/**
 * `keylab format` in process, on real files in a temporary folder: what it
 * writes, what it leaves alone, and its exit codes.
 */

const ROOT = path.resolve(__dirname, '../../..');
/** A signed-off design written by the serializer before the canonical layout (multi-line samples, decisions out of id order). */
const DRIFTED = path.join(ROOT, 'src/design/format/fixtures/signed-before-canonical.keylab.json');
const WORKBENCH = path.join(ROOT, 'corpus/review/model-chat.clean.workbench.json');
const CANONICAL = serializeDesignDocument(LEADERBOARD_DESIGN);

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'keylab-format-'));
  await writeFile(path.join(dir, 'shop.keylab.json'), await readFile(DRIFTED));
  await writeFile(path.join(dir, 'leaderboard.keylab.json'), CANONICAL);
});

afterEach(async () => {
  await unlockFolder(dir);
  await rm(dir, { recursive: true, force: true });
});

const run = (...args: string[]) => runKeylabInProcess(['format', ...args], { cwd: dir });

const read = (name: string) => readFile(path.join(dir, name), 'utf8');

/** The canonical text of a Keylab design file's text. */
function canonicalOf(text: string): string {
  const result = parseDesignDocument(text);
  expectOk(result, 'the design reads');
  return serializeDesignDocument(result.design);
}

describe('keylab format', () => {
  it('--check: exit 1, names the drifted file with its first differing line and column, writes nothing', async () => {
    const before = await read('shop.keylab.json');
    const result = await run('--check', '.');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^shop\.keylab\.json:\d+:\d+: error: not in the canonical layout \(keylab format\): line \d+ is "/m);
    expect(result.stdout).not.toContain('leaderboard.keylab.json');
    expect(result.stderr).toContain('1 file not in the layout, 1 already in the layout. exit 1');
    expect(await read('shop.keylab.json')).toBe(before);
  });

  it('--check on canonical files: exit 0', async () => {
    const result = await run('--check', 'leaderboard.keylab.json');
    expect(result).toMatchObject({ code: 0, stdout: '' });
  });

  it('rewrites a drifted file in the canonical layout, and never touches a file already in it', async () => {
    const untouched = await stat(path.join(dir, 'leaderboard.keylab.json'));
    const before = await read('shop.keylab.json');
    const result = await run('*.keylab.json');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('formatted shop.keylab.json\n');
    const after = await read('shop.keylab.json');
    expect(after).toBe(canonicalOf(before));
    expect(after).not.toBe(before);
    // The same file (inode) with the same modification time: not rewritten, not renamed over.
    const still = await stat(path.join(dir, 'leaderboard.keylab.json'));
    expect([still.ino, still.mtimeMs]).toEqual([untouched.ino, untouched.mtimeMs]);
    // Formatting again changes nothing.
    expect(await run('--check', '.')).toMatchObject({ code: 0 });
    expect(await run('.')).toMatchObject({ code: 0, stdout: '' });
  });

  it('keeps the file’s permissions and leaves no temporary file', async () => {
    await chmod(path.join(dir, 'shop.keylab.json'), 0o640);
    expect((await run('shop.keylab.json')).code).toBe(0);
    expect((await stat(path.join(dir, 'shop.keylab.json'))).mode & 0o777).toBe(0o640);
    expect((await readdir(dir)).sort()).toEqual(['leaderboard.keylab.json', 'shop.keylab.json']);
  });

  it('refuses a file that does not parse with exit 2, naming file, line and column, writes nothing for it and still formats the others', async () => {
    const broken = '{\n  "format": "keylab.design/1",\n  "name": "Broken"\n  "tables": []\n}\n';
    await writeFile(path.join(dir, 'broken.keylab.json'), broken);
    const result = await run('broken.keylab.json', 'shop.keylab.json');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^broken\.keylab\.json:4:3: error: .*not valid JSON at line 4, column 3/m);
    expect(result.stderr).toContain('broken.keylab.json: not formatted; nothing was written for it.');
    expect(await read('broken.keylab.json')).toBe(broken);
    expect(result.stdout).toBe('formatted shop.keylab.json\n');
  });

  it('refuses with exit 2 a design whose reading would drop something (an unknown key), leaving it as it is', async () => {
    const document = JSON.parse(CANONICAL);
    document.tables[0].owner = 'team-a';
    const text = JSON.stringify(document, null, 2);
    await writeFile(path.join(dir, 'extra.keylab.json'), text);
    const result = await run('extra.keylab.json');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^extra\.keylab\.json:\d+:\d+: error: unknown key "owner" was dropped.*keylab format writes only what a design keeps/m);
    expect(await read('extra.keylab.json')).toBe(text);
  });

  it('skips a NoSQL Workbench model with the reason, and --to-keylab writes a Keylab design beside it, never over another file', async () => {
    const model = await readFile(WORKBENCH, 'utf8');
    await writeFile(path.join(dir, 'chat.json'), model);
    const skipped = await run('chat.json');
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toContain('skipped chat.json is a NoSQL Workbench model, not a Keylab design file');
    expect(await read('chat.json')).toBe(model);

    const converted = await run('--to-keylab', 'chat.json');
    expect(converted).toMatchObject({ code: 0, stdout: 'wrote chat.keylab.json from chat.json\n' });
    const written = await read('chat.keylab.json');
    expect(canonicalOf(written)).toBe(written);
    expect(await read('chat.json')).toBe(model);
    // Again: the same design is already there.
    expect(await run('--to-keylab', 'chat.json')).toMatchObject({ code: 0, stdout: '' });
    // A different file under that name is never overwritten.
    await writeFile(path.join(dir, 'chat.keylab.json'), CANONICAL);
    const refused = await run('--to-keylab', 'chat.json');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('chat.keylab.json already exists and differs');
    expect(await read('chat.keylab.json')).toBe(CANONICAL);
  });

  it('--stdout prints one file in the layout and writes nothing', async () => {
    const before = await read('shop.keylab.json');
    const result = await run('--stdout', 'shop.keylab.json');
    expect(result).toMatchObject({ code: 0, stdout: canonicalOf(before), stderr: '' });
    expect(await read('shop.keylab.json')).toBe(before);
    expect((await run('--stdout', '.')).code).toBe(2);
  });

  it('leaves the original intact and exits 2 when the formatted file cannot be written (a folder nothing may be created in)', async () => {
    const locked = path.join(dir, 'locked');
    await mkdir(locked);
    await writeFile(path.join(locked, 'shop.keylab.json'), await readFile(DRIFTED));
    const before = await readFile(path.join(locked, 'shop.keylab.json'), 'utf8');
    await lockFolder(locked);
    // Precondition: nothing can be created there (as root too), while the file itself could still be overwritten in place.
    await expect(writeFile(path.join(locked, 'probe'), 'x')).rejects.toThrow();
    const result = await run('locked/shop.keylab.json');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^locked\/shop\.keylab\.json: error: could not write the formatted file \(the original is left as it was\): /m);
    expect(await readFile(path.join(locked, 'shop.keylab.json'), 'utf8')).toBe(before);
    expect(await readdir(locked)).toEqual(['shop.keylab.json']);
  });

  it('says what is wrong with the arguments: exit 2', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('missing.keylab.json')).stderr).toContain('No such file or folder: missing.keylab.json');
    expect((await run('--check', '--stdout', 'shop.keylab.json')).code).toBe(2);
    expect((await run('--frobnicate', 'shop.keylab.json')).code).toBe(2);
  });
});

/**
 * A folder no file can be created in: read-only, and immutable when running
 * as root (root ignores permissions; `chattr +i` holds for root too).
 */
async function lockFolder(folder: string): Promise<void> {
  await chmod(folder, 0o555);
  if (process.getuid?.() === 0) execFileSync('chattr', ['+i', folder]);
}

async function unlockFolder(root: string): Promise<void> {
  const locked = path.join(root, 'locked');
  try {
    await stat(locked);
  } catch {
    return;
  }
  if (process.getuid?.() === 0) execFileSync('chattr', ['-i', locked]);
  await chmod(locked, 0o755);
}
