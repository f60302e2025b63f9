/**
 * Replays the requests of src/expressions/ddbLocalRecordings.json against a
 * running DynamoDB Local and compares its messages with the recorded ones —
 * how those recordings were made, and how to check them against a newer
 * DynamoDB Local:
 *
 *   java -Djava.library.path=<dir>/DynamoDBLocal_lib -jar <dir>/DynamoDBLocal.jar -inMemory -port 8101 &
 *   npx tsx scripts/record-expression-messages.ts 8101 [--write]
 *
 * `--write` stores the new messages (keep each record's `expected` and
 * `note`: they state where Keylab deliberately follows DynamoDB rather than
 * DynamoDB Local). Runtime errors of valid requests (an UpdateItem reading a
 * missing attribute) are recorded as `OK`: only validation is recorded.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

interface Recording {
  operation: 'Query' | 'Scan' | 'UpdateItem' | 'DeleteItem';
  table: string;
  request: Record<string, unknown>;
  message: string;
  expected?: string;
  note?: string;
}

const FILE = path.join(REPO_ROOT, 'src/expressions/ddbLocalRecordings.json');
const port = Number(process.argv[2] ?? 8101);
const write = process.argv.includes('--write');
const RUNTIME_ERRORS = [
  /^The provided expression refers/,
  /^An operand in the update expression has an incorrect data type/,
  /^The document path provided in the update expression is invalid/,
];

/** The tables the recordings use: a hash-only table and S / N / B sort keys. */
const TABLES: Record<string, [string, string][]> = {
  hhh: [['pk', 'S']],
  rss: [
    ['pk', 'S'],
    ['sk', 'S'],
  ],
  rnn: [
    ['pk', 'S'],
    ['sk', 'N'],
  ],
  rbb: [
    ['pk', 'S'],
    ['sk', 'B'],
  ],
};

async function call(target: string, body: unknown): Promise<string> {
  const response = await fetch(`http://localhost:${port}`, {
    method: 'POST',
    headers: {
      'X-Amz-Target': `DynamoDB_20120810.${target}`,
      'Content-Type': 'application/x-amz-json-1.0',
      Authorization: 'AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=x',
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { message?: string; Message?: string };
  const message = json.message ?? json.Message;
  return message === undefined || RUNTIME_ERRORS.some((pattern) => pattern.test(message)) ? 'OK' : message;
}

async function main(): Promise<void> {
  for (const [name, keys] of Object.entries(TABLES)) {
    await call('CreateTable', {
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keys.map(([attribute, type]) => ({ AttributeName: attribute, AttributeType: type })),
      KeySchema: keys.map(([attribute], n) => ({ AttributeName: attribute, KeyType: n === 0 ? 'HASH' : 'RANGE' })),
    });
  }
  const recordings = JSON.parse(readFileSync(FILE, 'utf8')) as Recording[];
  let changed = 0;
  for (const recording of recordings) {
    const body: Record<string, unknown> = { TableName: recording.table, ...recording.request };
    if (recording.operation === 'UpdateItem' || recording.operation === 'DeleteItem') body.Key = { pk: { S: 'x' }, sk: { S: 'y' } };
    const message = await call(recording.operation, body);
    if (message !== recording.message) {
      changed++;
      console.log(`${recording.operation} ${JSON.stringify(recording.request)}\n  recorded: ${recording.message}\n  now:      ${message}`);
      recording.message = message;
    }
  }
  console.log(`${recordings.length} requests, ${changed} messages differ`);
  if (write && changed > 0) writeFileSync(FILE, `[${recordings.map((recording) => JSON.stringify(recording)).join(',\n')}]\n`);
}

await main();
