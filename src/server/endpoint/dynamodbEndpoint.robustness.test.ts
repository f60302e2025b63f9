import fc from 'fast-check';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_BODY } from './endpointHttp';
import { CREDENTIALS, table, useTestEndpoint, type RawResponse } from './endpointTestKit';

/* Fuzzing the protocol layer and the engine behind it: every answer is well formed, never a 500. */

const kit = useTestEndpoint();
const { send, call, unexpected, log } = kit;

describe('robustness', () => {
  const TARGETS = [
    'ListTables',
    'DescribeTable',
    'CreateTable',
    'DeleteTable',
    'PutItem',
    'GetItem',
    'DeleteItem',
    'UpdateItem',
    'Query',
    'Scan',
    'BatchWriteItem',
    'BatchGetItem',
  ];
  const KNOWN_ERRORS = /^com\.amazon(aws\.dynamodb\.v20120810|\.coral\.service|\.coral\.validate)#[A-Za-z]+$/;

  beforeAll(async () => {
    await kit.client.createTable(
      table('Fuzz', {
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'n', AttributeType: 'N' },
          { AttributeName: 'g', AttributeType: 'B' },
        ],
        LocalSecondaryIndexes: [
          {
            IndexName: 'byN',
            KeySchema: [
              { AttributeName: 'pk', KeyType: 'HASH' },
              { AttributeName: 'n', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'byG',
            KeySchema: [
              { AttributeName: 'g', KeyType: 'HASH' },
              { AttributeName: 'sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['l'] },
          },
        ],
      }),
    );
    for (const sk of ['a', 'b', '𝄞', '10', '9']) {
      await kit.client.putItem({
        TableName: 'Fuzz',
        Item: { pk: { S: 'p' }, sk: { S: sk }, n: { N: String(sk.length) }, g: { B: Uint8Array.of(sk.length) }, l: { L: [{ S: sk }] } },
      });
    }
  });

  /** Checks one answer: a known status, a request id, a DynamoDB-shaped error body, a correct CRC32, no unexpected failure. */
  function expectWellFormed(response: RawResponse, statuses: readonly number[]): void {
    expect(statuses).toContain(response.status);
    expect(response.headers['x-amzn-requestid']).toMatch(/^[0-9A-Z]{52}$/);
    if (response.status === 404) {
      // Not a DynamoDB request: DynamoDB's XML-ish 404 (endpointHttp.ts).
      expect(['', NOT_FOUND_BODY]).toContain(response.body); // '' for a HEAD
    } else if (response.status >= 400) {
      const error = JSON.parse(response.body);
      expect(error.__type).toMatch(KNOWN_ERRORS);
      expect(typeof (error.message ?? error.Message)).toBe('string');
    }
    if (response.headers['x-amz-crc32'] !== undefined) expect(response.headers['x-amz-crc32']).toBe(String(crc32(Buffer.from(response.body, 'utf8'))));
    expect(unexpected).toEqual([]);
  }

  // --- The protocol layer: any method, headers and bytes. ---
  const headerToken = fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/);
  const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,40}$/);
  const protocolRequest = fc.record({
    method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'HEAD', 'PUT', 'OPTIONS', 'DELETE', 'PATCH'),
    target: fc.oneof(
      fc.constantFrom(...TARGETS).map((op) => `DynamoDB_20120810.${op}`),
      headerValue,
    ),
    contentType: fc.oneof(fc.constantFrom('application/x-amz-json-1.0', 'application/json', 'application/x-amz-json-1.0; charset=utf-8'), headerValue),
    origin: fc.option(fc.oneof(fc.constant('http://localhost:5173'), headerValue), { nil: undefined }),
    extra: fc.dictionary(
      headerToken.filter((name) => !/^(content-length|transfer-encoding|host|expect|connection|upgrade)$/i.test(name)),
      headerValue,
      { maxKeys: 3 },
    ),
    body: fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    ),
  });

  it('answers any method, headers and body with a well-formed response (fuzz, fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(protocolRequest, async (r) => {
        const response = await send({
          method: r.method,
          headers: { ...r.extra, 'Content-Type': r.contentType, 'X-Amz-Target': r.target, ...(r.origin === undefined ? {} : { Origin: r.origin }) },
          body: ['GET', 'HEAD', 'OPTIONS'].includes(r.method) ? undefined : r.body,
        });
        expectWellFormed(response, [200, 400, 403, 404, 413]);
      }),
      { numRuns: 300 },
    );
  });

  // --- The engine behind it: well-formed requests carrying odd but plausible inputs. ---
  const stringValue = fc.constantFrom('p', 'q', 'a', 'b', '', '𝄞', '\uFFFF', '10', '9', 'a#b');
  const scalar: fc.Arbitrary<unknown> = fc.oneof(
    stringValue.map((S) => ({ S })),
    fc
      .constantFrom('1', '1e3', '-0', '0.5', 'x', '1e200', '-1E-130', '12345678901234567890123456789012345678', '123456789012345678901234567890123456789')
      .map((N) => ({ N })),
    fc.constantFrom('', 'AA==', '/w==', 'AQI=', '23456', '+/+=').map((B) => ({ B })),
    fc.array(stringValue, { maxLength: 3 }).map((SS) => ({ SS })),
    fc.array(fc.constantFrom('1', '2', '1.0', 'x'), { maxLength: 3 }).map((NS) => ({ NS })),
    fc.array(fc.constantFrom('AA==', '/w==', ''), { maxLength: 3 }).map((BS) => ({ BS })),
    fc.boolean().map((BOOL) => ({ BOOL })),
    fc.constantFrom({ NULL: true }, { NULL: false }, {}, { S: 'a', N: '1' }),
  );
  const attributeValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      scalar,
      fc.array(tie('value'), { maxLength: 3 }).map((L) => ({ L })),
      fc.dictionary(fc.constantFrom('a', 'b', 'l', '#x'), tie('value'), { maxKeys: 3 }).map((M) => ({ M })),
    ),
  })).value;
  const attributeName = fc.constantFrom('pk', 'sk', 'n', 'g', 'l', 'x', 'size', 'a.b', '__proto__');
  const keyOf = fc.record(
    {
      pk: fc.oneof(fc.constant({ S: 'p' }), attributeValue),
      sk: fc.oneof(
        stringValue.map((S) => ({ S })),
        attributeValue,
      ),
    },
    { requiredKeys: ['pk'] },
  );
  const item = fc.tuple(keyOf, fc.dictionary(attributeName, attributeValue, { maxKeys: 4 })).map(([key, rest]) => ({ ...rest, ...key }));
  const values = fc.dictionary(fc.constantFrom(':p', ':a', ':b', ':n'), fc.oneof(fc.constant({ S: 'p' }), attributeValue), { maxKeys: 3 });
  const names = fc.dictionary(fc.constantFrom('#a', '#b', '#s'), fc.constantFrom('n', 'l', 'sk', 'size', 'x', ''), { maxKeys: 2 });
  const condition = fc.constantFrom(
    'attribute_exists(n)',
    'attribute_not_exists(pk)',
    'n > :n OR size(l) > :a',
    'begins_with(sk, :a) AND NOT contains(l, :b)',
    '#a BETWEEN :a AND :b',
    'n IN (:a, :b, :n)',
    'attribute_type(x, :a)',
    'l[0] = :a',
    '#s.x <> :p',
    'a = = b',
    '',
  );
  const keyCondition = fc.constantFrom(
    'pk = :p',
    'pk = :p AND sk > :a',
    'pk = :p AND begins_with(sk, :a)',
    'pk = :p AND sk BETWEEN :a AND :b',
    'pk = :p AND n > :n',
    'g = :p',
    'g = :a AND sk < :b',
    'sk = :a',
    'pk = :p OR sk = :a',
  );
  const update = fc.constantFrom(
    'SET n = n + :n',
    'SET l = list_append(l, :a), x = if_not_exists(x, :b)',
    'SET l[5] = :a REMOVE x',
    'ADD n :n',
    'ADD s :a DELETE s :b',
    'REMOVE l[0], l[1]',
    'SET #a = :a',
    'SET pk = :p',
    'SET a.b.c = :a',
  );
  const optional = { requiredKeys: [] as never[] };
  const returnValues = fc.constantFrom('NONE', 'ALL_OLD', 'ALL_NEW', 'UPDATED_OLD', 'UPDATED_NEW');
  const tableName = fc.constantFrom('Fuzz', 'Fuzz', 'Fuzz', 'Missing');
  const engineRequests: Record<string, fc.Arbitrary<object>> = {
    PutItem: fc.record(
      {
        TableName: tableName,
        Item: item,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
        ExpressionAttributeNames: names,
        ReturnValues: returnValues,
        ReturnValuesOnConditionCheckFailure: fc.constantFrom('ALL_OLD', 'NONE'),
        ReturnConsumedCapacity: fc.constantFrom('TOTAL', 'INDEXES'),
      },
      { requiredKeys: ['TableName', 'Item'] },
    ),
    GetItem: fc.record(
      {
        TableName: tableName,
        Key: keyOf,
        ProjectionExpression: fc.constantFrom('n, l[0]', '#a', 'pk, pk', 'l[0].x'),
        ExpressionAttributeNames: names,
        ConsistentRead: fc.boolean(),
      },
      { requiredKeys: ['TableName', 'Key'] },
    ),
    UpdateItem: fc.record(
      {
        TableName: tableName,
        Key: keyOf,
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
        ExpressionAttributeNames: names,
        ReturnValues: returnValues,
      },
      { requiredKeys: ['TableName', 'Key'] },
    ),
    DeleteItem: fc.record(
      {
        TableName: tableName,
        Key: keyOf,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
        ExpressionAttributeNames: names,
        ReturnValues: returnValues,
      },
      { requiredKeys: ['TableName', 'Key'] },
    ),
    Query: fc.record(
      {
        TableName: tableName,
        IndexName: fc.constantFrom('byN', 'byG', 'missing'),
        KeyConditionExpression: keyCondition,
        FilterExpression: condition,
        ProjectionExpression: fc.constantFrom('n, l[0]', 'sk', '#a'),
        ExpressionAttributeValues: values,
        ExpressionAttributeNames: names,
        Limit: fc.integer({ min: -1, max: 4 }),
        ScanIndexForward: fc.boolean(),
        ExclusiveStartKey: fc.oneof(keyOf, fc.dictionary(attributeName, attributeValue, { maxKeys: 4 })),
        Select: fc.constantFrom('COUNT', 'ALL_ATTRIBUTES', 'ALL_PROJECTED_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES'),
        ConsistentRead: fc.boolean(),
        ReturnConsumedCapacity: fc.constantFrom('TOTAL', 'INDEXES'),
      },
      { requiredKeys: ['TableName', 'KeyConditionExpression', 'ExpressionAttributeValues'] },
    ),
    Scan: fc.record(
      {
        TableName: tableName,
        IndexName: fc.constantFrom('byN', 'byG', 'missing'),
        FilterExpression: condition,
        ExpressionAttributeValues: values,
        ExpressionAttributeNames: names,
        Limit: fc.integer({ min: -1, max: 4 }),
        Segment: fc.integer({ min: -1, max: 3 }),
        TotalSegments: fc.integer({ min: 0, max: 3 }),
        ExclusiveStartKey: keyOf,
        Select: fc.constantFrom('COUNT', 'ALL_ATTRIBUTES', 'SPECIFIC_ATTRIBUTES'),
      },
      { requiredKeys: ['TableName'] },
    ),
    BatchWriteItem: fc.record({
      RequestItems: fc.dictionary(
        tableName,
        fc.array(
          fc.oneof(
            item.map((Item) => ({ PutRequest: { Item } })),
            keyOf.map((Key) => ({ DeleteRequest: { Key } })),
            fc.constant({}),
          ),
          { maxLength: 4 },
        ),
        { maxKeys: 2 },
      ),
    }),
    BatchGetItem: fc.record({
      RequestItems: fc.dictionary(
        tableName,
        fc.record(
          { Keys: fc.array(keyOf, { maxLength: 4 }), ProjectionExpression: fc.constantFrom('n', 'sk, l'), ConsistentRead: fc.boolean() },
          { requiredKeys: ['Keys'] },
        ),
        { maxKeys: 2 },
      ),
    }),
    CreateTable: fc.record(
      {
        TableName: fc.constantFrom('FuzzNew', 'Fuzz', 'x'),
        KeySchema: fc.constantFrom(
          [{ AttributeName: 'h', KeyType: 'HASH' }],
          [
            { AttributeName: 'h', KeyType: 'HASH' },
            { AttributeName: 'r', KeyType: 'RANGE' },
          ],
          [{ AttributeName: 'r', KeyType: 'RANGE' }],
          [],
        ),
        AttributeDefinitions: fc.constantFrom(
          [{ AttributeName: 'h', AttributeType: 'S' }],
          [
            { AttributeName: 'h', AttributeType: 'N' },
            { AttributeName: 'r', AttributeType: 'B' },
          ],
          [{ AttributeName: 'h', AttributeType: 'X' }],
        ),
        BillingMode: fc.constantFrom('PAY_PER_REQUEST', 'PROVISIONED'),
        ProvisionedThroughput: fc.record({ ReadCapacityUnits: fc.integer({ min: 0, max: 2 }), WriteCapacityUnits: fc.integer({ min: 0, max: 2 }) }),
        GlobalSecondaryIndexes: fc.constantFrom(
          [],
          [{ IndexName: 'gi', KeySchema: [{ AttributeName: 'r', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
        ),
      },
      { requiredKeys: ['TableName'] },
    ),
    DeleteTable: fc.record({ TableName: fc.constantFrom('FuzzNew', 'Missing', 'x') }, optional),
    DescribeTable: fc.record({ TableName: fc.constantFrom('Fuzz', 'FuzzNew', 'Missing', 'x') }, optional),
    ListTables: fc.record({ Limit: fc.integer({ min: -1, max: 101 }), ExclusiveStartTableName: fc.constantFrom('Fuzz', 'a', 'x') }, optional),
  };
  /** Requests that make sense, so the fuzzing also walks the engine's success paths. */
  const sortKey = stringValue.filter((sk) => sk !== '').map((S) => ({ S }));
  const someValue = fc.oneof(
    scalar.filter((value) => JSON.stringify(value).length > 9),
    attributeValue,
  );
  const number = fc.constantFrom('1', '1e3', '-2.5', '0', '99999999999999999999999999999999999999').map((N) => ({ N }));
  const sensibleRequests: Record<string, fc.Arbitrary<object>> = {
    PutItem: fc.record({
      TableName: fc.constant('Fuzz'),
      Item: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey, n: number, l: someValue, x: someValue }, { requiredKeys: ['pk', 'sk'] }),
      ReturnValues: fc.constantFrom('NONE', 'ALL_OLD'),
    }),
    GetItem: fc.record({ TableName: fc.constant('Fuzz'), Key: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey }), ConsistentRead: fc.boolean() }),
    UpdateItem: fc.oneof(
      fc.record({
        TableName: fc.constant('Fuzz'),
        Key: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey }),
        UpdateExpression: fc.constant('SET l = :a, x = if_not_exists(x, :a)'),
        ExpressionAttributeValues: fc.record({ ':a': someValue }),
        ReturnValues: returnValues,
      }),
      fc.record({
        TableName: fc.constant('Fuzz'),
        Key: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey }),
        UpdateExpression: fc.constantFrom('ADD n :n', 'SET n = :n'),
        ExpressionAttributeValues: fc.record({ ':n': number }),
        ReturnValues: returnValues,
      }),
    ),
    DeleteItem: fc.record({
      TableName: fc.constant('Fuzz'),
      Key: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey }),
      ReturnValues: fc.constantFrom('NONE', 'ALL_OLD'),
    }),
    Query: fc.oneof(
      fc.record(
        {
          TableName: fc.constant('Fuzz'),
          KeyConditionExpression: fc.constantFrom('pk = :p AND sk > :a', 'pk = :p AND begins_with(sk, :a)', 'pk = :p AND sk <= :a'),
          ExpressionAttributeValues: fc.record({ ':p': fc.constant({ S: 'p' }), ':a': sortKey }),
          Limit: fc.integer({ min: 1, max: 4 }),
          ScanIndexForward: fc.boolean(),
          ExclusiveStartKey: fc.record({ pk: fc.constant({ S: 'p' }), sk: sortKey }),
        },
        { requiredKeys: ['TableName', 'KeyConditionExpression', 'ExpressionAttributeValues'] },
      ),
      fc.record(
        {
          TableName: fc.constant('Fuzz'),
          IndexName: fc.constant('byN'),
          KeyConditionExpression: fc.constant('pk = :p AND n >= :n'),
          ExpressionAttributeValues: fc.record({ ':p': fc.constant({ S: 'p' }), ':n': number }),
          Limit: fc.integer({ min: 1, max: 4 }),
          ScanIndexForward: fc.boolean(),
        },
        { requiredKeys: ['TableName', 'IndexName', 'KeyConditionExpression', 'ExpressionAttributeValues'] },
      ),
    ),
    Scan: fc.integer({ min: 1, max: 3 }).chain((total) =>
      fc.record(
        {
          TableName: fc.constant('Fuzz'),
          Limit: fc.integer({ min: 1, max: 4 }),
          Segment: fc.integer({ min: 0, max: total - 1 }),
          TotalSegments: fc.constant(total),
        },
        { requiredKeys: ['TableName'] },
      ),
    ),
  };
  const engineRequest = fc.oneof(
    fc
      .constantFrom(...Object.keys(engineRequests))
      .chain((operation) => (engineRequests[operation] as fc.Arbitrary<object>).map((input) => ({ operation, input }))),
    fc
      .constantFrom(...Object.keys(sensibleRequests))
      .chain((operation) => (sensibleRequests[operation] as fc.Arbitrary<object>).map((input) => ({ operation, input }))),
  );

  it('turns every engine input into a result or a DynamoDB error, never a 500 (fuzz, fast-check)', async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(engineRequest, async ({ operation, input }) => {
        const response = await call(operation, input);
        expectWellFormed(response, [200, 400]);
        const outcome = response.status === 200 ? 'ok' : ((JSON.parse(response.body).__type as string).split('#')[1] ?? '');
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }),
      { numRuns: 600 },
    );
    // The generator must reach past validation often enough to mean something.
    expect(outcomes.get('ok') ?? 0).toBeGreaterThan(60);
    expect(outcomes.get('ValidationException') ?? 0).toBeGreaterThan(60);
  }, 60_000);

  it('keeps answering after the fuzzing', async () => {
    expect((await kit.client.listTables({})).TableNames).toContain('Fuzz');
    expect((await kit.client.describeTable({ TableName: 'Fuzz' })).Table?.ItemCount).toBeGreaterThanOrEqual(0);
  });

  it('logs operation, status and timing only', () => {
    expect(log.length).toBeGreaterThan(0);
    for (const entry of log) expect(Object.keys(entry).sort()).toEqual(['durationMs', 'error', 'operation', 'status']);
    expect(JSON.stringify(log)).not.toContain(CREDENTIALS.secretAccessKey);
  });
});
