/**
 * `keylab diff`'s migration commands, pasted and run: in a git repository
 * holding two revisions of the Leaderboard (revision 2 pads the rank key's
 * score to 12 digits), the commands keylab diff prints (`git show` of the old
 * revision, then `npm run migrate -- … --dry-run`) run in a shell against
 * real DynamoDB Local holding revision 1's items — the dry run plans every
 * item, and the same command without --dry-run rewrites them under the keys
 * revision 2 shows.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LEADERBOARD_V2 } from '../src/check/diff/diffReport.fixtures';
import { runKeylabInProcess } from '../src/cli/commands/checkTestIo';
import { buildSampleItem, jsonItemToItem, LEADERBOARD_DESIGN, serializeDesignDocument, toCreateTableInput, type TableDesign } from '../src/design';
import { scanPages } from '../src/migrate';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { expectOk } from '../src/errors/testing';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const db = createDynamoDBLocalClient();
const endpoint = inject('dynamodbLocalEndpoint');
const repo = mkdtempSync(path.join(os.tmpdir(), 'keylab-diff-migrate-'));
const table = uniqueTableName('DiffMigrate');
const FILE = 'designs/leaderboard.keylab.json';

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Keylab Test', '-c', 'user.email=test@keylab.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });

/**
 * The printed lines as a user runs them at a Keylab clone's root: `npm run migrate --`
 * is `tsx scripts/migrate.ts` there; the stored table's name and the endpoint are the
 * user's (the note says to set them).
 */
function asRun(line: string): string {
  return line
    .replace(/^npm run migrate -- /, `${process.execPath} --import ${import.meta.resolve('tsx')} ${path.join(REPO_ROOT, 'scripts/migrate.ts')} `)
    .replace('--table Leaderboard ', `--table ${table} --endpoint ${endpoint} `);
}

function run(lines: readonly string[]) {
  const result = spawnSync('sh', ['-ec', lines.map(asRun).join('\n')], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, AWS_ACCESS_KEY_ID: 'keylab', AWS_SECRET_ACCESS_KEY: 'keylab', AWS_REGION: 'us-east-1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function rankKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of scanPages(db, table)) for (const item of page as Record<string, AttributeValue>[]) keys.push(item.rankKey?.S ?? '');
  return keys.sort();
}

beforeAll(async () => {
  mkdirSync(path.join(repo, 'designs'));
  git('init', '-q', '-b', 'main');
  writeFileSync(path.join(repo, FILE), serializeDesignDocument(LEADERBOARD_DESIGN));
  git('add', '-A');
  git('commit', '-q', '-m', 'v1');
  writeFileSync(path.join(repo, FILE), serializeDesignDocument(LEADERBOARD_V2));
  git('commit', '-q', '-am', 'v2');
  // Revision 1's items, stored as revision 1 keys them.
  const design = LEADERBOARD_DESIGN.tables[0] as TableDesign;
  await db.createTable({ ...toCreateTableInput(design), TableName: table });
  const run = design.entities[0];
  if (!run) throw new Error('the Leaderboard has a Run entity');
  for (const sample of run.samples) {
    const built = buildSampleItem(design, run, sample);
    expectOk(built);
    await db.putItem({ TableName: table, Item: jsonItemToItem(built.item) });
  }
});

afterAll(async () => {
  await db.deleteTable({ TableName: table }).catch(() => undefined);
  rmSync(repo, { recursive: true, force: true });
});

describe('keylab diff git:HEAD~1:… …: the printed migration, run', () => {
  let commands: string[] = [];

  it('prints the git show and npm run migrate lines', async () => {
    const diff = await runKeylabInProcess(['diff', '--format', 'json', `git:HEAD~1:${FILE}`, FILE], { cwd: repo });
    expect(diff.code).toBe(0);
    const report = JSON.parse(diff.stdout) as { migrations: { entity?: string; commands: string[] }[] };
    commands = report.migrations.find((migration) => migration.entity === 'Run')?.commands ?? [];
    expect(commands).toEqual([
      `git show 'HEAD~1:${FILE}' > keylab-before.keylab.json`,
      `npm run migrate -- --table Leaderboard --entity Run --from keylab-before.keylab.json --to ${FILE} --dry-run`,
    ]);
  });

  it('the dry run plans every stored item and writes nothing', async () => {
    const before = await rankKeys();
    const dry = run(commands);
    expect({ status: dry.status, stderr: dry.stderr }).toMatchObject({ status: 0, stderr: expect.stringContaining('Plan: 12 to rewrite') });
    expect(dry.stderr).toContain('Dry run: 12 would be written');
    expect(await rankKeys()).toEqual(before);
    expect(before[0]).toBe('0000000003#0000001719745200#p_4477');
  });

  it('without --dry-run, it rewrites them under revision 2’s keys', async () => {
    const applied = run([
      ...commands.slice(0, -1),
      `${(commands.at(-1) ?? '').replace(/ --dry-run$/, '')} --checkpoint ${path.join(repo, 'migrate.checkpoint.json')}`,
    ]);
    expect({ status: applied.status, stderr: applied.stderr }).toMatchObject({ status: 0 });
    const keys = await rankKeys();
    expect(keys).toHaveLength(12);
    expect(keys[0]).toBe('000000000003#0000001719745200#p_4477');
    expect(keys.every((key) => /^\d{12}#\d{16}#p_\d{4}$/.test(key))).toBe(true);
  });
});
