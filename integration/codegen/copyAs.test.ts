/**
 * "Copy as": every emitted snippet is RUN — JavaScript (SDK v3 and
 * DocumentClient) with node, boto3 with Debian's python3, the AWS CLI v2 —
 * against real DynamoDB Local and against Keylab's own endpoint, and the
 * items it prints (and their order) must be those our own SDK Query/Scan
 * returns: one page for the call, every page for the program.
 */
import { DynamoDB, type AttributeValue, type CreateTableCommandInput, type QueryCommandInput, type ScanCommandInput } from '@aws-sdk/client-dynamodb';
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CODE_TARGETS, emitCode, type CodeShape, type CodeTarget, type CodegenRequest } from '../../src/codegen';
import { createLocalDynamoDB } from '../../src/engine';
import { AUDIT_LOG_TABLE_INPUT, auditLogItems, LEADERBOARD_TABLE_INPUT, leaderboardItems, SPRING_SEASON, USER_ACTOR } from '../../src/engine/samples';
import { startDynamoDBEndpoint, type RunningDynamoDBEndpoint } from '../../src/server';
import { uniqueTableName } from '../dynamodbLocal';
import { createTableInput } from '../fixtures/tables';
import { checkTools, createSnippetRunner, type Language, type SnippetRunner } from './snippetRunner';
import { expectOk } from '../../src/errors/testing';

type Item = Record<string, AttributeValue>;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REGION = 'us-east-1';

const toolProblem = checkTools();

// --- Tables ------------------------------------------------------------------

const names = { leaderboard: uniqueTableName('Leaderboard'), audit: uniqueTableName('AuditLog'), edge: uniqueTableName('CodegenEdge') };

const EDGE_TABLE: CreateTableCommandInput = createTableInput(names.edge, [
  ['pk', 'S'],
  ['sk', 'N'],
]);

/** Quotes, `$`, a backslash, a newline, an em dash and an astral emoji: everything a quoting bug trips over. */
const HOSTILE = `He said "it's $HOME" \\ back\nslash — 🏆`;
const BIG = '12345678901234567890123456789012345678';
const PRECISE = '3.1415926535897932384626433832795028841';
const BLOB = Uint8Array.of(0, 255, 39, 34, 92, 10);
const META = { M: { kind: { S: 'meta' }, n: { N: '12' }, list: { L: [{ N: '1.50' }, { BOOL: true }, { NULL: true }] }, tags: { SS: ['x', 'y'] } } };

function edgeItems(): Item[] {
  return Array.from({ length: 30 }, (_, index) => {
    const n = index + 1;
    const item: Item = {
      pk: { S: 'EDGE' },
      sk: { N: String(n) },
      status: { S: ['active', 'archived', 'banned'][n % 3] as string },
      note: { S: n % 10 === 7 ? HOSTILE : `note ${n}` },
      tags: { L: Array.from({ length: n % 5 }, (_unused, i) => ({ S: `t${i}` })) },
      nums: { NS: n % 9 === 4 ? ['1', '2.5', BIG] : ['1', '2.5', String(n + 100)] },
      blob: { B: n % 10 === 3 ? BLOB : Uint8Array.of(n) },
      bins: { BS: [Uint8Array.of(1), Uint8Array.of(2, n)] },
    };
    if (n % 2 === 0) item['a.b c'] = { S: `dotted ${n}` };
    if (n % 9 === 4) item.big = { N: BIG };
    else item.big = { N: String(n * 1000) };
    if (n % 11 === 5) item.ratio = { N: PRECISE };
    if (n === 12 || n === 21) item.meta = META;
    return item;
  });
}

const TABLES: ReadonlyArray<{ input: CreateTableCommandInput; items: () => Item[] }> = [
  { input: { ...LEADERBOARD_TABLE_INPUT, TableName: names.leaderboard }, items: leaderboardItems },
  { input: { ...AUDIT_LOG_TABLE_INPUT, TableName: names.audit }, items: auditLogItems },
  { input: EDGE_TABLE, items: edgeItems },
];

async function createTables(db: DynamoDB): Promise<void> {
  for (const table of TABLES) {
    await db.createTable(table.input);
    const items = table.items();
    for (let i = 0; i < items.length; i += 25) {
      await db.batchWriteItem({ RequestItems: { [table.input.TableName as string]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } });
    }
  }
}

// --- Requests (as the explorer and the query builder send them) --------------

const REQUESTS: ReadonlyArray<{ name: string; request: CodegenRequest }> = [
  {
    name: 'Leaderboard SEASON#2026-SPRING descending with Limit',
    request: {
      operation: 'query',
      input: {
        TableName: names.leaderboard,
        KeyConditionExpression: 'leaderboardId = :leaderboardId',
        ExpressionAttributeValues: { ':leaderboardId': { S: SPRING_SEASON } },
        ScanIndexForward: false,
        Limit: 3,
      },
    },
  },
  {
    name: 'AuditLog ACTOR#u_8814 BETWEEN two instants',
    request: {
      operation: 'query',
      input: {
        TableName: names.audit,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': { S: USER_ACTOR }, ':from': { S: 'EVT#2026-06-23T00:00:00Z' }, ':to': { S: 'EVT#2026-06-23T23:59:59Z' } },
      },
    },
  },
  {
    name: 'AuditLog begins_with with a projection',
    request: {
      operation: 'query',
      input: {
        TableName: names.audit,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ProjectionExpression: 'SK, #action, details',
        ExpressionAttributeNames: { '#action': 'action' },
        ExpressionAttributeValues: { ':pk': { S: USER_ACTOR }, ':prefix': { S: 'EVT#2026-06-2' } },
        Limit: 4,
      },
    },
  },
  {
    name: 'filter: reserved word, a name with a dot and a space, IN, size, attribute_exists, NOT',
    request: {
      operation: 'query',
      input: {
        TableName: names.edge,
        KeyConditionExpression: 'pk = :pk AND sk > :after',
        FilterExpression: '#status IN (:active, :banned) AND size(#tags) >= :two AND attribute_exists(#dotted) AND NOT #note = :hostile',
        ExpressionAttributeNames: { '#status': 'status', '#tags': 'tags', '#dotted': 'a.b c', '#note': 'note' },
        ExpressionAttributeValues: {
          ':pk': { S: 'EDGE' },
          ':after': { N: '1' },
          ':active': { S: 'active' },
          ':banned': { S: 'banned' },
          ':two': { N: '2' },
          ':hostile': { S: HOSTILE },
        },
        Limit: 7,
      },
    },
  },
  {
    name: 'binary, a 38-digit number and a string with quotes, $, backslash, newline and an emoji',
    request: {
      operation: 'scan',
      input: {
        TableName: names.edge,
        FilterExpression: '#blob = :blob OR big = :big OR note = :hostile OR ratio = :precise OR nums = :bigset',
        ProjectionExpression: 'pk, sk, note, #blob, big, ratio, bins, nums',
        ExpressionAttributeNames: { '#blob': 'blob' },
        // :bigset makes the DocumentClient carry a number set with a 38-digit member (NumberValue in a Set).
        ExpressionAttributeValues: {
          ':blob': { B: BLOB },
          ':big': { N: BIG },
          ':hostile': { S: HOSTILE },
          ':precise': { N: PRECISE },
          ':bigset': { NS: ['2.5', BIG, '1'] },
        },
        Limit: 9,
      },
    },
  },
  {
    name: 'ExclusiveStartKey, list and map values, a number set',
    request: {
      operation: 'query',
      input: {
        TableName: names.edge,
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'meta = :meta OR tags = :tags OR contains(nums, :n)',
        ExpressionAttributeValues: {
          ':pk': { S: 'EDGE' },
          ':meta': META,
          ':tags': { L: [{ S: 't0' }, { S: 't1' }, { S: 't2' }] },
          ':n': { N: '117' },
        },
        ExclusiveStartKey: { pk: { S: 'EDGE' }, sk: { N: '10' } },
        Limit: 4,
      },
    },
  },
];

// --- Expected results, straight from the SDK ---------------------------------

async function send(db: DynamoDB, request: CodegenRequest, startKey: Item | undefined) {
  return request.operation === 'query'
    ? db.query({ ...(request.input as QueryCommandInput), ExclusiveStartKey: startKey })
    : db.scan({ ...(request.input as ScanCommandInput), ExclusiveStartKey: startKey });
}

async function expectedItems(db: DynamoDB, request: CodegenRequest, shape: CodeShape): Promise<{ items: Item[]; pages: number }> {
  let startKey = request.input.ExclusiveStartKey;
  const items: Item[] = [];
  let pages = 0;
  do {
    const page = await send(db, request, startKey);
    items.push(...(page.Items ?? []));
    pages++;
    startKey = page.LastEvaluatedKey;
  } while (startKey && shape === 'program');
  return { items, pages };
}

/** DynamoDB JSON as the AWS CLI prints it (binary as base64). */
function toDynamoJson(items: readonly Item[]): unknown {
  return JSON.parse(JSON.stringify(items, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value)));
}

/** The DocumentClient programs' own rule for numbers and printing (see emitDocumentClient.ts). */
const exactNumber = (text: string) => (String(Number(text)) === text ? Number(text) : NumberValue.from(text));
function toNativeJson(items: readonly Item[]): unknown {
  const natives = items.map((item) => unmarshall(item, { wrapNumbers: exactNumber }));
  return JSON.parse(
    JSON.stringify(natives, (_key, value: unknown) => {
      if (value instanceof Set) return [...value];
      if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
      if (value instanceof NumberValue) return value.toString();
      return value;
    }),
  );
}

// --- Wrapping a call-shaped snippet into something runnable ------------------

const JS_PRINT = 'console.log(JSON.stringify(response.Items, (_key, value) => (value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value)));';

/** The user's own client that a call snippet expects (with keys: the runner's environment has none). */
function wrapCall(target: CodeTarget, code: string, endpoint: string): { language: Language; code: string } {
  const clientConfig = `{ region: "${REGION}", endpoint: ${JSON.stringify(endpoint)}, credentials: { accessKeyId: "mine", secretAccessKey: "mine" }, maxAttempts: 1 }`;
  switch (target) {
    case 'sdk-v3':
      return {
        language: 'js',
        code: [
          `import { DynamoDBClient, QueryCommand, ScanCommand } from "@aws-sdk/client-dynamodb";`,
          `const client = new DynamoDBClient(${clientConfig});`,
          code,
          JS_PRINT,
        ].join('\n'),
      };
    case 'document-client':
      return {
        language: 'js',
        code: [
          `import { DynamoDBClient } from "@aws-sdk/client-dynamodb";`,
          `import { DynamoDBDocumentClient, NumberValue, QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";`,
          'const exactNumber = (text) => (String(Number(text)) === text ? Number(text) : NumberValue.from(text));',
          `const docClient = DynamoDBDocumentClient.from(new DynamoDBClient(${clientConfig}), { unmarshallOptions: { wrapNumbers: exactNumber } });`,
          code,
          'console.log(JSON.stringify(response.Items, (_key, value) => value instanceof Set ? [...value] : value instanceof Uint8Array ? Buffer.from(value).toString("base64") : value instanceof NumberValue ? value.toString() : value));',
        ].join('\n'),
      };
    case 'boto3':
      return {
        language: 'python',
        code: [
          'import base64, json, boto3',
          `client = boto3.client("dynamodb", region_name="${REGION}", endpoint_url=${JSON.stringify(endpoint)}, aws_access_key_id="mine", aws_secret_access_key="mine")`,
          code,
          'print(json.dumps(response["Items"], default=lambda value: base64.b64encode(value).decode("ascii")))',
        ].join('\n'),
      };
    case 'aws-cli':
      // The CLI call is a whole command: for a local endpoint it carries its own dummy keys.
      return { language: 'sh', code };
  }
}

const PROGRAM_LANGUAGE: Record<CodeTarget, Language> = { 'sdk-v3': 'js', 'document-client': 'js', boto3: 'python', 'aws-cli': 'sh' };

/** Programs print one JSON item per line (JS, Python) or one JSON array (CLI); a wrapped call prints an array or the CLI's whole response. */
function parseOutput(target: CodeTarget, shape: CodeShape, stdout: string): unknown {
  if (target === 'aws-cli') return shape === 'call' ? (JSON.parse(stdout) as { Items: unknown }).Items : JSON.parse(stdout);
  if (shape === 'call') return JSON.parse(stdout);
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

// --- The runs ------------------------------------------------------------------

let keylabEndpoint: RunningDynamoDBEndpoint;
let runner: SnippetRunner;
const clients: Record<string, { url: string; db: DynamoDB }> = {};

beforeAll(async () => {
  if (toolProblem) return;
  runner = createSnippetRunner(REPO_ROOT);
  keylabEndpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0 });
  const credentials = { accessKeyId: 'keylab', secretAccessKey: 'keylab' };
  for (const [name, url] of [
    ['DynamoDB Local', inject('dynamodbLocalEndpoint')],
    ['Keylab endpoint', keylabEndpoint.url],
  ] as const) {
    const db = new DynamoDB({ endpoint: url, region: REGION, credentials, maxAttempts: 1 });
    await createTables(db);
    clients[name] = { url, db };
  }
}, 60_000);

afterAll(async () => {
  for (const { db } of Object.values(clients)) db.destroy();
  await keylabEndpoint?.stop();
  runner?.dispose();
});

it('has python3 with boto3 and the AWS CLI v2', () => {
  expect(toolProblem).toBeUndefined();
});

describe.concurrent.each(['DynamoDB Local', 'Keylab endpoint'])('against %s', (endpointName) => {
  describe.each(REQUESTS)('$name', ({ request }) => {
    it.skipIf(toolProblem !== undefined)(
      'each emitted snippet prints the items the SDK returns, in order',
      async () => {
        const { url, db } = clients[endpointName] as { url: string; db: DynamoDB };
        // Against Keylab's endpoint the programs (every client, every page) are enough: the code is the same but for the URL.
        const shapes: readonly CodeShape[] = endpointName === 'Keylab endpoint' ? ['program'] : ['call', 'program'];
        const runs = shapes.flatMap((shape) => CODE_TARGETS.map((target) => ({ shape, target })));
        const expected = {
          call: await expectedItems(db, request, 'call'),
          program: await expectedItems(db, request, 'program'),
        };
        expect(expected.program.items.length).toBeGreaterThan(0);
        const outputs = await Promise.all(
          runs
            .map(({ shape, target }) => async () => {
              const emitted = emitCode(request, target, { shape, region: REGION, endpoint: url });
              expectOk(emitted, `${target} ${shape}`);
              const runnable = shape === 'call' ? wrapCall(target, emitted.code, url) : { language: PROGRAM_LANGUAGE[target], code: emitted.code };
              return { shape, target, output: parseOutput(target, shape, await runner.run(runnable.language, `${target}-${shape}`, runnable.code)) };
            })
            .map((task) => task()),
        );
        for (const { shape, target, output } of outputs) {
          const items = expected[shape].items;
          expect(output, `${target} ${shape}`).toEqual(target === 'document-client' ? toNativeJson(items) : toDynamoJson(items));
        }
      },
      120_000,
    );
  });
});
