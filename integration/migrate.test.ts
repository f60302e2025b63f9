/**
 * Key migrations against real DynamoDB Local: `npm run migrate` (a child
 * process) killed in the middle and resumed, with concurrent writers changing
 * items under it (skipped and reported, never overwritten); and the exported
 * Node and boto3 programs, run for real, giving the same final table.
 */
import type { AttributeValue, DynamoDB } from '@aws-sdk/client-dynamodb';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESIGN_FORMAT, type DesignDocument } from '../src/design';
import { applyMigration, compileMigration, planIdOf, planMigration, scanPages, verifyMigration, watchAddedAttributes } from '../src/migrate';
import { GAME_TABLE, gameSpec } from '../src/migrate/migration.fixtures';
import { PYTHON } from './codegen/snippetRunner';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { expectOk } from '../src/errors/testing';

type Item = Record<string, AttributeValue>;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'keylab-migrate-'));
const db: DynamoDB = createDynamoDBLocalClient();
const endpoint = inject('dynamodbLocalEndpoint');

function design(sortKey: string): DesignDocument {
  return {
    format: DESIGN_FORMAT,
    name: 'Games',
    description: '',
    tables: [
      {
        name: 'Games',
        description: '',
        partitionKey: { name: 'pk', type: 'S' },
        sortKey: { name: 'sk', type: 'S' },
        indexes: [],
        billingMode: 'PAY_PER_REQUEST',
        entities: [
          {
            name: 'Score',
            description: '',
            keys: { pk: 'G#{game}', sk: sortKey },
            attributes: [],
            samples: [],
            expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
          },
        ],
        accessPatterns: [],
      },
    ],
  };
}
const FROM = path.join(dir, 'int8.json');
const TO = path.join(dir, 'int10.json');
writeFileSync(FROM, JSON.stringify(design('{score:int(8)}#{id}')));
writeFileSync(TO, JSON.stringify(design('{score:int(10)}#{id}')));

const itemAt = (i: number): Item => {
  const score = String((i * 7919) % 100_000);
  return { pk: { S: `G#${i % 10}` }, sk: { S: `${score.padStart(8, '0')}#p${i}` }, score: { N: score }, id: { S: `p${i}` }, version: { N: '1' } };
};

async function createAndFill(table: string, count: number): Promise<void> {
  await db.createTable(GAME_TABLE(table));
  const items = Array.from({ length: count }, (_, i) => itemAt(i));
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        let requests = (batches[next++] ?? []).map((Item) => ({ PutRequest: { Item } }));
        while (requests.length > 0) {
          const output = await db.batchWriteItem({ RequestItems: { [table]: requests } });
          requests = (output.UnprocessedItems?.[table] ?? []) as typeof requests;
        }
      }
    }),
  );
}

async function allItems(table: string): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of scanPages(db, table, 2000)) items.push(...(page as Item[]));
  return items;
}

const keyText = (item: Item) => `${item.pk?.S ?? ''}|${item.sk?.S ?? ''}`;
const canonical = (items: readonly Item[]) =>
  items
    .map((item) =>
      JSON.stringify(
        Object.keys(item)
          .sort()
          .map((name) => [name, item[name]]),
      ),
    )
    .sort();

function runMigrate(args: readonly string[]): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/migrate.ts'), '--endpoint', endpoint, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, AWS_ACCESS_KEY_ID: 'keylab', AWS_SECRET_ACCESS_KEY: 'keylab', AWS_REGION: 'us-east-1' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

function runProgram(command: string, file: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, [file, ...args], {
    cwd: dir,
    env: {
      PATH: '/usr/bin:/bin',
      HOME: dir,
      AWS_ACCESS_KEY_ID: 'keylab',
      AWS_SECRET_ACCESS_KEY: 'keylab',
      AWS_REGION: 'us-east-1',
      AWS_EC2_METADATA_DISABLED: 'true',
      PYTHONDONTWRITEBYTECODE: '1',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const readCheckpoint = (file: string): { done: number[]; reservedUpTo: number } | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { done: number[]; reservedUpTo: number };
  } catch {
    return undefined;
  }
};

beforeAll(() => {
  symlinkSync(realpathSync(path.join(REPO_ROOT, 'node_modules')), path.join(dir, 'node_modules'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run migrate on DynamoDB Local', () => {
  // 3,000 items (10,000 until step 16: 46 s of the integration run's 289 s): the kill point is a condition on the
  // checkpoint (30 % reserved), so the process dies mid-run whatever the count, with pages done, pages in flight and
  // pages not started; the writers' changes land on the second half as before.
  it('migrates 3,000 items int(8) → int(10), killed in the middle and resumed, skipping the items concurrent writers changed', async () => {
    const COUNT = 3_000;
    const table = uniqueTableName('MigrateGames');
    await createAndFill(table, COUNT);
    const checkpoint = path.join(dir, `${table}.checkpoint.json`);
    const args = ['--table', table, '--from', FROM, '--to', TO, '--checkpoint', checkpoint, '--concurrency', '16'];
    const first = runMigrate(args);
    // Writers bump `version` on items of the second half while they are still under their old keys (after the plan).
    const changed = new Set<number>();
    let writing = true;
    const writer = (async () => {
      // After the plan read the items (its file is written then): a change before it is simply planned with.
      while (writing && !existsSync(`${checkpoint}.plan.json`)) await new Promise((resolve) => setTimeout(resolve, 20));
      for (let n = 0; writing && n < 400; n++) {
        const i = COUNT / 2 + ((n * 104_729) % (COUNT / 2));
        const item = itemAt(i);
        try {
          await db.updateItem({
            TableName: table,
            Key: { pk: item.pk as AttributeValue, sk: item.sk as AttributeValue },
            UpdateExpression: 'SET version = :two',
            ConditionExpression: 'attribute_exists(pk) AND version = :one',
            ExpressionAttributeValues: { ':one': { N: '1' }, ':two': { N: '2' } },
          });
          changed.add(i);
        } catch (error) {
          if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error;
        }
        if (changed.size >= 50) break;
      }
    })();
    // Kill it once a good part is done (the checkpoint says so), as a crash would.
    for (;;) {
      const saved = readCheckpoint(checkpoint);
      if (saved && saved.reservedUpTo >= COUNT * 0.3) break;
      if (first.child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.code, killed.stderr).toBeNull();
    writing = false;
    await writer;
    const midway = readCheckpoint(checkpoint);
    expect(midway?.done.length ?? 0).toBeLessThan(COUNT);

    const resumed = await runMigrate([...args, '--resume']).done;
    expect(resumed.code, resumed.stderr).toBe(0);
    const report = JSON.parse(resumed.stdout.trim().split('\n').at(-1) ?? '{}') as {
      total: number;
      done: number;
      skipped: { reason: string; message: string }[];
      failed: unknown[];
    };
    expect(report.failed).toEqual([]);
    expect(resumed.stderr).toContain('Verified: all');

    const final = await allItems(table);
    expect(final.length).toBe(COUNT);
    const byKey = new Map(final.map((item) => [keyText(item), item]));
    for (let i = 0; i < COUNT; i++) {
      const item = itemAt(i);
      const newKey = `${item.pk?.S}|${(item.score?.N ?? '').padStart(10, '0')}#p${i}`;
      if (changed.has(i)) {
        // Never overwritten: still under its old key, with the writer's change.
        expect(byKey.get(keyText(item))?.version).toEqual({ N: '2' });
        expect(byKey.has(newKey)).toBe(false);
      } else {
        expect(byKey.get(newKey)?.version, `item ${i}`).toEqual({ N: '1' });
      }
    }
    expect(changed.size).toBeGreaterThan(0);
    expect(report.total).toBe(COUNT);
    expect(report.done).toBe(COUNT - changed.size);
    expect(report.skipped.length).toBe(changed.size);
    expect(new Set(report.skipped.map((skip) => skip.reason))).toEqual(new Set(changed.size > 0 ? ['changed'] : []));
  }, 300_000);

  it('an item that gained an attribute after the preview is skipped and reported, keeping it, not rewritten without it', async () => {
    const table = uniqueTableName('MigrateAdded');
    await createAndFill(table, 4);
    // One item carries "note", so the preview sees the name; then someone adds it to another item.
    await db.updateItem({
      TableName: table,
      Key: { pk: itemAt(1).pk as AttributeValue, sk: itemAt(1).sk as AttributeValue },
      UpdateExpression: 'SET note = :n',
      ExpressionAttributeValues: { ':n': { S: 'there from the start' } },
    });
    const compiled = compileMigration(gameSpec(table, '{score:int(8)}#{id}', '{score:int(10)}#{id}'));
    expectOk(compiled, 'bad spec');
    const plan = watchAddedAttributes(await planMigration(compiled.value, scanPages(db, table)));
    expect(plan.rewrites).toHaveLength(4);
    const gained = plan.rewrites.find((entry) => entry.item.note === undefined);
    if (!gained) throw new Error('no item without note');
    await db.updateItem({
      TableName: table,
      Key: gained.key as Item,
      UpdateExpression: 'SET note = :n',
      ExpressionAttributeValues: { ':n': { S: 'added after the preview' } },
    });
    const result = await applyMigration({ source: db, plan, planId: planIdOf(plan), sleep: () => Promise.resolve() });
    expect(result.checkpoint.skipped.map((entry) => entry.reason)).toEqual(['changed']);
    expect(result.checkpoint.done).toHaveLength(3);
    const old = await db.getItem({ TableName: table, Key: gained.key as Item, ConsistentRead: true });
    expect(old.Item?.note).toEqual({ S: 'added after the preview' });
    expect((await db.getItem({ TableName: table, Key: gained.newKey as Item, ConsistentRead: true })).Item).toBeUndefined();
  }, 60_000);

  it('sparse GSI: npm run migrate rewrites every table key, items without region stay out of byRegion, none "can\'t encode"; the cost counts index units', async () => {
    const table = uniqueTableName('MigrateSparse');
    const sparseDesign = (score: string): DesignDocument => ({
      format: DESIGN_FORMAT,
      name: 'Scores',
      description: '',
      tables: [
        {
          name: 'Scores',
          description: '',
          partitionKey: { name: 'pk', type: 'S' },
          sortKey: { name: 'score', type: 'S' },
          indexes: [
            {
              name: 'byRegion',
              kind: 'GSI',
              partitionKey: [{ name: 'region', type: 'S' }],
              sortKey: [{ name: 'score', type: 'S' }],
              projection: { type: 'ALL', attributes: [] },
            },
          ],
          billingMode: 'PAY_PER_REQUEST',
          entities: [
            {
              name: 'Score',
              description: '',
              keys: { pk: '{pk}', score, region: '{region}' },
              attributes: [],
              samples: [],
              expectations: { largestValues: {}, headroomDigits: 2, maxLengths: {} },
            },
          ],
          accessPatterns: [],
        },
      ],
    });
    const from = path.join(dir, `${table}.raw.json`);
    const to = path.join(dir, `${table}.int10.json`);
    writeFileSync(from, JSON.stringify(sparseDesign('{score}')));
    writeFileSync(to, JSON.stringify(sparseDesign('{score:int(10)}')));
    await db.createTable({
      TableName: table,
      AttributeDefinitions: ['pk', 'score', 'region'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'score', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'byRegion',
          KeySchema: [
            { AttributeName: 'region', KeyType: 'HASH' },
            { AttributeName: 'score', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    });
    // Ten items in one partition; the even ones have a region (in byRegion), the odd ones none (not in it).
    for (let i = 0; i < 10; i++)
      await db.putItem({ TableName: table, Item: { pk: { S: 'P' }, score: { S: String(i * 37) }, ...(i % 2 === 0 ? { region: { S: 'eu' } } : {}) } });

    const run = await runMigrate(['--table', table, '--from', from, '--to', to, '--checkpoint', path.join(dir, `${table}.checkpoint.json`)]).done;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("Plan: 10 to rewrite, 0 unchanged, 0 already migrated, 0 can't encode, 0 collisions.");
    expect(run.stderr).not.toContain('is missing on the item');
    // 10 × (2 put + 2 delete) on the table; byRegion: the 5 with a region, a put and a delete each.
    expect(run.stderr).toContain('Cost: 50 WCU (write units: 40 for the transactional puts and deletes, 10 for index updates on byRegion)');
    expect(run.stderr).toContain('Verified: all 10 migrated items');

    const final = await allItems(table);
    expect(final.map((item) => item.score?.S).sort()).toEqual(Array.from({ length: 10 }, (_, i) => String(i * 37).padStart(10, '0')).sort());
    expect(final.filter((item) => item.region === undefined)).toHaveLength(5);
    const inIndex = await db.query({
      TableName: table,
      IndexName: 'byRegion',
      KeyConditionExpression: '#r = :r',
      ExpressionAttributeNames: { '#r': 'region' },
      ExpressionAttributeValues: { ':r': { S: 'eu' } },
    });
    expect((inIndex.Items ?? []).map((item) => item.score?.S)).toEqual([0, 2, 4, 6, 8].map((i) => String(i * 37).padStart(10, '0')));
    const indexed = await db.scan({ TableName: table, IndexName: 'byRegion' });
    expect(indexed.Count).toBe(5);
  }, 120_000);

  it('Verify names an item written under an old-format key after the preview (it stays raw: the plan does not have it)', async () => {
    const table = uniqueTableName('MigrateLate');
    await createAndFill(table, 20);
    const compiled = compileMigration(gameSpec(table, '{score:int(8)}#{id}', '{score:int(10)}#{id}'));
    expectOk(compiled, 'bad spec');
    const plan = watchAddedAttributes(await planMigration(compiled.value, scanPages(db, table)));
    expect(plan.rewrites).toHaveLength(20);
    // After the preview, a writer still on the old format adds an item.
    const late = { pk: { S: 'G#3' }, sk: { S: '00000077#late' }, score: { N: '77' }, id: { S: 'late' } };
    await db.putItem({ TableName: table, Item: late });
    const result = await applyMigration({ source: db, plan, planId: planIdOf(plan), sleep: () => Promise.resolve() });
    expect(result.checkpoint.done).toHaveLength(20);
    const verify = await verifyMigration(plan, scanPages(db, table), result.checkpoint);
    expect(verify.ok).toBe(false);
    expect(verify.text).not.toContain('nothing is left under old keys');
    expect(verify.text).toContain('1 item the plan does not have still in the old key format');
    expect(verify.oldFormat).toEqual([
      'pk = "G#3", sk = "00000077#late": its key is still in the old format and the plan does not have it (written after the preview?); Preview and Apply again to migrate it.',
    ]);
    // Migrated too (a second plan), Verify is green.
    const again = await planMigration(compiled.value, scanPages(db, table));
    const second = await applyMigration({ source: db, plan: again, planId: planIdOf(again), sleep: () => Promise.resolve() });
    expect((await verifyMigration(again, scanPages(db, table), second.checkpoint)).ok).toBe(true);
  }, 60_000);

  it('npm run migrate --help lists every option it takes', async () => {
    const help = await runMigrate(['--help']).done;
    expect(help.code, help.stderr).toBe(0);
    const source = readFileSync(path.join(REPO_ROOT, 'scripts/migrate.ts'), 'utf8');
    // The options the command parses, read from its source (an option added later is checked too).
    const parsed = [...source.matchAll(/^\s+'?([a-z][a-z-]*)'?: \{\s*type: '(?:string|boolean)'/gm)].map((match) => match[1]);
    expect(parsed.length).toBeGreaterThanOrEqual(15);
    for (const option of parsed) expect(help.stdout, `--${option}`).toContain(`--${option}`);
  }, 60_000);

  it('the exported Node and boto3 programs give the same final table, and a second run writes nothing', async () => {
    const COUNT = 300;
    const tables = { node: uniqueTableName('MigrateNode'), python: uniqueTableName('MigratePython') };
    const results: Record<string, Item[]> = {};
    // The two languages side by side: their own tables, checkpoints and programs (half the test's time, mostly waiting on processes).
    const exportAndRun = async ([language, table]: [string, string]) => {
      await createAndFill(table, COUNT);
      const checkpoint = path.join(dir, `${table}.checkpoint.json`);
      const program = path.join(dir, language === 'node' ? `${table}.mjs` : `${table}.py`);
      const exported = await runMigrate([
        '--table',
        table,
        '--from',
        FROM,
        '--to',
        TO,
        '--checkpoint',
        checkpoint,
        language === 'node' ? '--export-node' : '--export-python',
        program,
      ]).done;
      expect(exported.code, exported.stderr).toBe(0);
      expect(existsSync(`${checkpoint}.plan.json`)).toBe(true);
      const source = readFileSync(program, 'utf8');
      expect(source).not.toMatch(/keylab'|secretAccessKey|aws_secret/i);
      const command = language === 'node' ? process.execPath : PYTHON;
      const programArgs = ['--plan', `${checkpoint}.plan.json`, '--checkpoint', checkpoint, '--endpoint', endpoint, '--concurrency', '8'];
      const run = await runProgram(command, program, programArgs);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as { done: number; skipped: unknown[]; failed: unknown[] };
      expect(report).toMatchObject({ done: COUNT, skipped: [], failed: [] });
      const again = await runProgram(command, program, programArgs);
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout.trim().split('\n').at(-1) ?? '{}')).toMatchObject({ done: COUNT, skipped: [], failed: [] });
      results[language] = await allItems(table);
    };
    await Promise.all(Object.entries(tables).map(exportAndRun));
    expect(results.node?.length).toBe(COUNT);
    expect(canonical(results.python ?? [])).toEqual(canonical(results.node ?? []));
    expect(results.node?.every((item) => /^\d{10}#/.test(item.sk?.S ?? ''))).toBe(true);
  }, 180_000);
});
