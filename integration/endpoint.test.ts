import { DynamoDB, type AttributeValue, type CreateTableCommandInput, type QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { execFile, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLocalDynamoDB } from '../src/engine';
import { normalizeDynamoNumber } from '../src/keys';
import { startDynamoDBEndpoint, type RunningDynamoDBEndpoint } from '../src/server';
import { createDynamoDBLocalClient, uniqueTableName } from './dynamodbLocal';
import { pkSkTable } from './fixtures/tables';

/*
 * The same short scenario through Keylab's endpoint (the engine over HTTP)
 * and through the real DynamoDB Local, compared: Items, their order,
 * LastEvaluatedKey, Count, ScannedCount, error names and messages, and the
 * raw wire bodies. Known differences (README, "Where DynamoDB Local differs")
 * are normalised where they occur, with a comment.
 */

type Item = Record<string, AttributeValue>;

let endpoint: RunningDynamoDBEndpoint;
let keylab: DynamoDB;
let local: DynamoDB;

beforeAll(async () => {
  endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0 });
  keylab = new DynamoDB({ endpoint: endpoint.url, region: 'us-east-1', credentials: { accessKeyId: 'keylab', secretAccessKey: 'keylab' }, maxAttempts: 1 });
  local = createDynamoDBLocalClient();
});

afterAll(async () => {
  keylab.destroy();
  local.destroy();
  await endpoint.stop();
});

/** Runs `scenario` against the endpoint and against DynamoDB Local; errors become { error, message }. */
async function onBoth<T>(scenario: (db: DynamoDB) => Promise<T>): Promise<{ keylab: unknown; local: unknown }> {
  const run = async (db: DynamoDB) => {
    try {
      return normalise(await scenario(db));
    } catch (error) {
      return { error: (error as Error).name, message: (error as Error).message };
    }
  };
  return { keylab: await run(keylab), local: await run(local) };
}

/**
 * Drops $metadata, sorts set members (DynamoDB keeps no set order) and
 * spells numbers as DynamoDB does: DynamoDB Local returns a number nested in
 * a map as written (`9.50`), real DynamoDB and Keylab normalise it (`9.5`) —
 * README, "Where DynamoDB Local differs".
 */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (key === '$metadata') continue;
    if (key === 'N' && typeof member === 'string') out[key] = normalizeDynamoNumber(member) ?? member;
    else if ((key === 'SS' || key === 'NS') && Array.isArray(member)) out[key] = [...member].sort();
    else out[key] = normalise(member);
  }
  return out;
}

const T = uniqueTableName('endpoint');

/** The table both sides serve: pk/sk strings and a GSI ordered by a number, projecting `tags`. */
function tableInput(name: string): CreateTableCommandInput {
  return pkSkTable(name, {
    gsis: [
      {
        name: 'byScore',
        keys: [
          ['g', 'S'],
          ['score', 'N'],
        ],
        projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['tags'] },
      },
    ],
  });
}

/** Sort keys in DynamoDB's (UTF-8 byte) order trouble spots, with distinct scores (GSI order is only defined for distinct keys). */
const ROWS: readonly [sk: string, score: string][] = [
  ['9', '1e3'],
  ['10', '999'],
  ['240', '-1.5e2'],
  ['1500', '0'],
  ['z', '12345678901234567890123456789012345678'],
  ['Z', '-12345678901234567890123456789012345678'],
  ['ä', '0.001'],
  ['€', '1E+2'],
  ['\uFFFF', '7'],
  ['𝄞', '1e-130'],
  ['𝄞a', '-9.99e125'],
  ['#', '42.50'],
  ['a#b', '-0.5'],
];

describe('Keylab’s endpoint and DynamoDB Local agree', () => {
  beforeAll(async () => {
    for (const db of [keylab, local]) {
      await db.createTable(tableInput(T));
      for (const [i, [sk, score]] of ROWS.entries()) {
        const item: Item = { pk: { S: 'p' }, sk: { S: sk }, score: { N: score }, g: { S: 'G' }, bin: { B: Uint8Array.of(0xff, i, 0x80) } };
        if (i % 2 === 0) item.tags = { SS: ['b', 'a', sk] };
        if (i % 3 === 0) item.doc = { M: { n: { N: `${i}.50` }, l: { L: [{ S: '𝄞' }, { B: Uint8Array.of(0, 0xfe) }] } } };
        await db.putItem({ TableName: T, Item: item });
      }
    }
  });

  /** Every page of a query: Items, Count, ScannedCount and LastEvaluatedKey of each. */
  async function allPages(db: DynamoDB, input: QueryCommandInput): Promise<unknown[]> {
    const pages: unknown[] = [];
    let ExclusiveStartKey: Item | undefined;
    do {
      const page = await db.query({ ...input, ExclusiveStartKey });
      pages.push({ Items: page.Items, Count: page.Count, ScannedCount: page.ScannedCount, LastEvaluatedKey: page.LastEvaluatedKey });
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey && pages.length < 20);
    return pages;
  }

  it.each([true, false])('pages a partition with Limit and LastEvaluatedKey (ScanIndexForward: %s)', async (ScanIndexForward) => {
    const result = await onBoth((db) =>
      allPages(db, { TableName: T, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'p' } }, Limit: 4, ScanIndexForward }),
    );
    expect(result.keylab).toEqual(result.local);
    expect(result.keylab).toHaveLength(4); // 13 items: pages of 4, 4, 4 and 1
  });

  it.each([true, false])('pages a GSI in numeric order, with index keys in LastEvaluatedKey (ScanIndexForward: %s)', async (ScanIndexForward) => {
    const result = await onBoth((db) =>
      allPages(db, {
        TableName: T,
        IndexName: 'byScore',
        KeyConditionExpression: 'g = :g AND score > :min',
        ExpressionAttributeValues: { ':g': { S: 'G' }, ':min': { N: '-1e3' } },
        Limit: 3,
        ScanIndexForward,
      }),
    );
    expect(result.keylab).toEqual(result.local);
  });

  it('counts before and after a filter the same way', async () => {
    const result = await onBoth((db) =>
      allPages(db, {
        TableName: T,
        KeyConditionExpression: 'pk = :p AND sk BETWEEN :lo AND :hi',
        FilterExpression: 'attribute_exists(tags) AND score >= :zero',
        ExpressionAttributeValues: { ':p': { S: 'p' }, ':lo': { S: '1' }, ':hi': { S: '\uFFFE' }, ':zero': { N: '0' } },
        Limit: 3,
      }),
    );
    expect(result.keylab).toEqual(result.local);
  });

  it('differs from DynamoDB Local when Limit stops exactly on an inclusive end bound (known difference)', async () => {
    // BETWEEN '1' AND '\uFFFF' holds 10 items; pages of 5 end exactly on the item '\uFFFF', the upper bound.
    // DynamoDB Local then leaves out LastEvaluatedKey (it does so whenever the last item read equals the
    // inclusive bound ending the walk: BETWEEN, <= ascending, >= descending — but not for =, <, >,
    // begins_with or the end of the partition). The engine returns LastEvaluatedKey whenever Limit stops the
    // read, as DynamoDB does without looking ahead, so the next page is empty.
    const input = (db: DynamoDB) =>
      allPages(db, {
        TableName: T,
        KeyConditionExpression: 'pk = :p AND sk BETWEEN :lo AND :hi',
        ExpressionAttributeValues: { ':p': { S: 'p' }, ':lo': { S: '1' }, ':hi': { S: '\uFFFF' } },
        Limit: 5,
      });
    const result = (await onBoth(input)) as { keylab: { LastEvaluatedKey?: Item; Count: number }[]; local: { LastEvaluatedKey?: Item; Count: number }[] };
    expect(result.local.map((page) => page.Count)).toEqual([5, 5]);
    expect(result.local[1]?.LastEvaluatedKey).toBeUndefined();
    expect(result.keylab.map((page) => page.Count)).toEqual([5, 5, 0]);
    expect(result.keylab[1]?.LastEvaluatedKey).toEqual({ pk: { S: 'p' }, sk: { S: '\uFFFF' } });
    expect(result.keylab.slice(0, 2).map((page) => ({ ...page, LastEvaluatedKey: undefined }))).toEqual(
      result.local.map((page) => ({ ...page, LastEvaluatedKey: undefined })),
    );
  });

  it('gets an item with numbers normalised and binary values intact', async () => {
    const result = await onBoth((db) => db.getItem({ TableName: T, Key: { pk: { S: 'p' }, sk: { S: '9' } } }));
    expect(result.keylab).toEqual(result.local);
    expect((result.keylab as { Item: Item }).Item.score).toEqual({ N: '1000' });
  });

  it('fails a condition with the same error', async () => {
    const result = await onBoth((db) =>
      db.putItem({ TableName: T, Item: { pk: { S: 'p' }, sk: { S: '9' } }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    expect(result.keylab).toEqual({ error: 'ConditionalCheckFailedException', message: 'The conditional request failed' });
    expect(result.keylab).toEqual(result.local);
  });

  it('refuses a reversed BETWEEN with the same ValidationException', async () => {
    const result = await onBoth((db) =>
      db.query({
        TableName: T,
        KeyConditionExpression: 'pk = :p AND sk BETWEEN :hi AND :lo',
        ExpressionAttributeValues: { ':p': { S: 'p' }, ':lo': { S: '1' }, ':hi': { S: '9' } },
      }),
    );
    expect(result.keylab).toEqual(result.local);
    expect(result.keylab).toMatchObject({ error: 'ValidationException' });
  });

  it('names a missing table the same way (DynamoDB Local words the message differently)', async () => {
    const result = await onBoth((db) =>
      db.query({ TableName: `${T}-missing`, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'p' } } }),
    );
    // Real DynamoDB says "Requested resource not found"; DynamoDB Local "Cannot do operations on a non-existent table".
    expect(result.keylab).toEqual({ error: 'ResourceNotFoundException', message: 'Requested resource not found' });
    expect(result.local).toEqual({ error: 'ResourceNotFoundException', message: 'Cannot do operations on a non-existent table' });
  });

  describe('on the wire', () => {
    async function post(url: string, operation: string, body: unknown) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.0',
          'X-Amz-Target': `DynamoDB_20120810.${operation}`,
          // Both insist on a well-formed signature, as DynamoDB does; neither checks its value.
          Authorization: 'AWS4-HMAC-SHA256 Credential=keylab/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
          'X-Amz-Date': '20260101T000000Z',
        },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        crc: response.headers.get('x-amz-crc32'),
        text: await response.text(),
      };
    }

    it('sends the same JSON for the same request: base64 binary, normalised numbers, CRC32', async () => {
      const body = { TableName: T, Key: { pk: { S: 'p' }, sk: { S: '𝄞' } }, ProjectionExpression: 'sk, score, bin, doc' };
      const [ours, theirs] = [await post(endpoint.url, 'GetItem', body), await post(inject('dynamodbLocalEndpoint'), 'GetItem', body)];
      expect(ours.status).toBe(200);
      expect(ours.contentType).toBe(theirs.contentType);
      expect(normalise(JSON.parse(ours.text))).toEqual(normalise(JSON.parse(theirs.text)));
      expect(JSON.parse(ours.text).Item.bin).toEqual({ B: '/wmA' });
      // Both sign their own body; with the same bytes the CRC32 would be the same, so check each against its body.
      for (const response of [ours, theirs]) expect(response.crc).toBe(String(crc32(response.text)));
    });

    it('sends a ValidationException with the same __type and text', async () => {
      const body = { TableName: T, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'p' }, ':unused': { S: 'x' } } };
      const [ours, theirs] = [await post(endpoint.url, 'Query', body), await post(inject('dynamodbLocalEndpoint'), 'Query', body)];
      expect(ours.status).toBe(400);
      expect(theirs.status).toBe(400);
      const [a, b] = [JSON.parse(ours.text), JSON.parse(theirs.text)];
      expect(a.__type).toBe('com.amazon.coral.validate#ValidationException');
      expect(a.__type).toBe(b.__type);
      // DynamoDB Local capitalises "Message"; real DynamoDB (and Keylab) send "message" for service errors. SDKs read both.
      expect(a.message).toBe(b.Message);
    });
  });
});

// --- The AWS CLI -----------------------------------------------------------------------------

/** The CLI sees dummy credentials and none of this machine's AWS configuration. */
const awsEnv: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LANG: 'C.UTF-8',
  PYTHONIOENCODING: 'utf-8',
  AWS_ACCESS_KEY_ID: 'keylab',
  AWS_SECRET_ACCESS_KEY: 'keylab',
  AWS_CONFIG_FILE: '/nonexistent/keylab-aws-config',
  AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/keylab-aws-credentials',
  AWS_EC2_METADATA_DISABLED: 'true',
  AWS_PAGER: '',
};
const awsVersion = spawnSync('aws', ['--version'], { encoding: 'utf8', env: awsEnv, timeout: 30_000 });
const AWS_CLI = awsVersion.status === 0 ? `${awsVersion.stdout}${awsVersion.stderr}`.trim() : undefined;
const SKIP_NOTE = 'the AWS CLI (`aws`) is not installed: apt-get install -y awscli (the test setup installs it in a later step)';
if (!AWS_CLI) console.warn(`integration/endpoint.test.ts: skipping the AWS CLI tests: ${SKIP_NOTE}`);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `aws dynamodb …` asynchronously (the endpoint answers from this same process). */
function aws(url: string, args: readonly string[]): Promise<CliResult> {
  // --no-cli-pager exists in CLI v2 only; AWS_PAGER='' covers v1.
  const pager = AWS_CLI?.startsWith('aws-cli/1.') ? [] : ['--no-cli-pager'];
  return new Promise((resolve) => {
    execFile(
      'aws',
      ['dynamodb', ...args, '--endpoint-url', url, '--region', 'us-east-1', '--output', 'json', ...pager],
      { env: awsEnv, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('the AWS CLI against Keylab’s endpoint and DynamoDB Local', () => {
  const C = uniqueTableName('endpointCli');
  const urls = () => [endpoint.url, inject('dynamodbLocalEndpoint')] as const;

  beforeAll(async () => {
    if (!AWS_CLI) return;
    const input = pkSkTable(C);
    await keylab.createTable(input);
    await local.createTable(input);
  });

  it('lists tables', async ({ skip }) => {
    if (!AWS_CLI) skip(SKIP_NOTE);
    for (const url of urls()) {
      const result = await aws(url, ['list-tables']);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout).TableNames).toContain(C);
    }
  });

  it('puts an item and queries it back with the same output', async ({ skip }) => {
    if (!AWS_CLI) skip(SKIP_NOTE);
    const outputs: unknown[] = [];
    for (const url of urls()) {
      for (const [sk, score] of [
        ['𝄞', '1e3'],
        ['€', '-0.50'],
        ['10', '12345678901234567890123456789012345678'],
      ]) {
        const put = await aws(url, ['put-item', '--table-name', C, '--item', JSON.stringify({ pk: { S: 'cli' }, sk: { S: sk }, score: { N: score } })]);
        expect(put.code, put.stderr).toBe(0);
      }
      const query = await aws(url, [
        'query',
        '--table-name',
        C,
        '--key-condition-expression',
        'pk = :p',
        '--expression-attribute-values',
        JSON.stringify({ ':p': { S: 'cli' } }),
        '--no-scan-index-forward',
      ]);
      expect(query.code, query.stderr).toBe(0);
      outputs.push(JSON.parse(query.stdout));
    }
    const [ours, theirs] = outputs as [{ Items: Item[]; Count: number }, unknown];
    expect(ours).toEqual(theirs);
    expect(ours.Items.map((item) => item.sk?.S)).toEqual(['𝄞', '€', '10']);
    expect(ours.Items[0]?.score).toEqual({ N: '1000' });
    expect(ours.Count).toBe(3);
  });

  it('reports a DynamoDB error by name and exits with the service-error code', async ({ skip }) => {
    if (!AWS_CLI) skip(SKIP_NOTE);
    for (const url of urls()) {
      const result = await aws(url, ['describe-table', '--table-name', `${C}-missing`]);
      // A service error exits with 254 on CLI v2, 255 on v1.
      expect(result.code).toBe(AWS_CLI?.startsWith('aws-cli/1.') ? 255 : 254);
      expect(result.stderr).toMatch(/An error occurred \(ResourceNotFoundException\) when calling the DescribeTable operation/);
    }
  });
});

/** CRC-32 (IEEE), written out so the check does not reuse the endpoint's own zlib.crc32. */
function crc32(text: string): number {
  let crc = ~0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
