import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createEngine, expectError, FIXED_NOW, keySchema, N, S, tableInput } from './engine.fixtures';

const INVALID = 'One or more parameter values were invalid: ';

/*
 * CreateTable, DeleteTable, DescribeTable and ListTables.
 *
 * Messages are real DynamoDB's. DynamoDB Local 3.3.1 (verified here) differs:
 * - a missing table: "Cannot do operations on a non-existent table" (DynamoDB: "Requested resource not found",
 *   DescribeTable: "Requested resource not found: Table: X not found");
 * - an existing table: "Cannot create preexisting table" (DynamoDB: "Table already exists: X");
 * - bad table names: "Invalid table/index name.  Table/index names must be between 3 and 255 characters long, …"
 *   (DynamoDB: "1 validation error detected: Value 'a$' at 'tableName' failed to satisfy constraint: …");
 * - key schema problems: "Range Key not specified in Attribute Definitions.  Type unknown.",
 *   "No Hash Key specified in schema.  All Dynamo DB tables must have exactly one hash key",
 *   "The number of attributes in key schema must match the number of attributes defined in attribute definitions.",
 *   "Local Secondary indices are not allowed on hash tables, only hash and range tables", …;
 * - PAY_PER_REQUEST with ProvisionedThroughput is accepted (reported as 0/0); DynamoDB refuses it;
 * - CreateTable's and DeleteTable's outputs say ACTIVE (DynamoDB: CREATING / DELETING).
 */

const base = tableInput('Scores', [
  ['pk', 'S'],
  ['sk', 'S'],
]);

const createTableErrors: [string, Partial<CreateTableCommandInput>, string][] = [
  [
    'a short name',
    { TableName: 'ab' },
    "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
  ],
  [
    'a name with a bad character',
    { TableName: 'a;' },
    "2 validation errors detected: Value 'a;' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; " +
      "Value 'a;' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3",
  ],
  [
    'a long name',
    { TableName: 'a'.repeat(256) },
    `1 validation error detected: Value '${'a'.repeat(256)}' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 255`,
  ],
  [
    'an unknown attribute type',
    {
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'BOOL' as never },
        { AttributeName: 'sk', AttributeType: 'S' },
      ],
    },
    "1 validation error detected: Value 'BOOL' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]",
  ],
  [
    'a sort key without a definition',
    { AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }] },
    'Invalid KeySchema: Some index key attribute have no definition',
  ],
  [
    'a partition key without a definition',
    { KeySchema: keySchema('x'), AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }] },
    `${INVALID}Some index key attributes are not defined in AttributeDefinitions. Keys: [x], AttributeDefinitions: [pk]`,
  ],
  [
    'an unused attribute definition',
    { AttributeDefinitions: [...(base.AttributeDefinitions ?? []), { AttributeName: 'x', AttributeType: 'S' }] },
    `${INVALID}Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions`,
  ],
  [
    'a duplicated definition',
    { AttributeDefinitions: [...(base.AttributeDefinitions ?? []), { AttributeName: 'pk', AttributeType: 'N' }] },
    'Attribute Name is duplicated: pk',
  ],
  ['the same name twice', { KeySchema: keySchema('pk', 'pk') }, 'Invalid KeySchema: Some index key attribute have no definition'],
  [
    'RANGE first',
    {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'RANGE' },
        { AttributeName: 'sk', KeyType: 'HASH' },
      ],
    },
    'Invalid KeySchema: The first KeySchemaElement is not a HASH key type',
  ],
  [
    'two HASH keys',
    {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'HASH' },
      ],
    },
    'Invalid KeySchema: The second KeySchemaElement is not a RANGE key type',
  ],
  [
    'three keys',
    { KeySchema: [...keySchema('pk', 'sk'), { AttributeName: 'x', KeyType: 'RANGE' }] },
    "1 validation error detected: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), KeySchemaElement(attributeName=sk, keyType=RANGE), " +
      "KeySchemaElement(attributeName=x, keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2",
  ],
  ['no key schema', { KeySchema: undefined }, "1 validation error detected: Value null at 'keySchema' failed to satisfy constraint: Member must not be null"],
  [
    'PAY_PER_REQUEST with throughput (DynamoDB Local accepts it)',
    { ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } },
    `${INVALID}Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST`,
  ],
  [
    'PROVISIONED without throughput',
    { BillingMode: undefined },
    `${INVALID}ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED`,
  ],
  [
    'zero throughput',
    { BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 0, WriteCapacityUnits: 1 } },
    "1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1",
  ],
];

const withIndexDefinitions = tableInput(
  'Scores',
  [
    ['pk', 'S'],
    ['sk', 'S'],
  ],
  { extraDefinitions: [['l', 'N']] },
);
const lsi = (IndexName: string, keys: string[], extra: object = {}) => ({
  IndexName,
  KeySchema: keySchema(...keys),
  Projection: { ProjectionType: 'ALL' as const },
  ...extra,
});

const indexErrors: [string, Partial<CreateTableCommandInput>, string][] = [
  [
    'an LSI on a hash-only table',
    {
      KeySchema: keySchema('pk'),
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'l', AttributeType: 'N' },
      ],
      LocalSecondaryIndexes: [lsi('lsi', ['pk', 'l'])],
    },
    `${INVALID}Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex`,
  ],
  [
    'an LSI with another partition key',
    { LocalSecondaryIndexes: [lsi('lsi', ['l', 'sk'])] },
    `${INVALID}Index KeySchema does not have the same leading hash key as table KeySchema for index: lsi. index hash key: l, table hash key: pk`,
  ],
  ['an LSI without a sort key', { LocalSecondaryIndexes: [lsi('lsi', ['pk'])] }, `${INVALID}Index KeySchema does not have a range key for index: lsi`],
  [
    'six LSIs',
    { LocalSecondaryIndexes: [1, 2, 3, 4, 5, 6].map((i) => lsi(`lsi${i}`, ['pk', 'l'])) },
    `${INVALID}Number of LocalSecondaryIndexes exceeds per-table limit of 5`,
  ],
  [
    'an LSI and a GSI with one name',
    { LocalSecondaryIndexes: [lsi('idx', ['pk', 'l'])], GlobalSecondaryIndexes: [lsi('idx', ['l'])] },
    `${INVALID}Duplicate index name: idx`,
  ],
  [
    'a GSI key without a definition',
    { GlobalSecondaryIndexes: [lsi('gsi', ['g'])] },
    `${INVALID}Some index key attributes are not defined in AttributeDefinitions. Keys: [g], AttributeDefinitions: [pk, sk, l]`,
  ],
  [
    'INCLUDE without attributes',
    { GlobalSecondaryIndexes: [lsi('gsi', ['l'], { Projection: { ProjectionType: 'INCLUDE' } })] },
    `${INVALID}ProjectionType is INCLUDE, but NonKeyAttributes is not specified`,
  ],
  [
    'KEYS_ONLY with attributes',
    { GlobalSecondaryIndexes: [lsi('gsi', ['l'], { Projection: { ProjectionType: 'KEYS_ONLY', NonKeyAttributes: ['a'] } })] },
    `${INVALID}ProjectionType is KEYS_ONLY, but NonKeyAttributes is specified`,
  ],
  [
    'no projection',
    { GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: keySchema('l'), Projection: undefined }] },
    "1 validation error detected: Value null at 'globalSecondaryIndexes.1.member.projection' failed to satisfy constraint: Member must not be null",
  ],
  ['an empty GSI list', { GlobalSecondaryIndexes: [] }, `${INVALID}List of GlobalSecondaryIndexes is empty`],
  [
    'an attribute only an index would use, without the index',
    {
      AttributeDefinitions: [...(withIndexDefinitions.AttributeDefinitions ?? []), { AttributeName: 'z', AttributeType: 'S' }],
      GlobalSecondaryIndexes: [lsi('gsi', ['l'])],
    },
    `${INVALID}Some AttributeDefinitions are not used. AttributeDefinitions: [pk, sk, l, z], keys used: [pk, sk, l]`,
  ],
  [
    'a short index name',
    { GlobalSecondaryIndexes: [lsi('g', ['l'])] },
    "1 validation error detected: Value 'g' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must have length greater than or equal to 3",
  ],
  [
    'a GSI without throughput on a PROVISIONED table',
    { BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 }, GlobalSecondaryIndexes: [lsi('gsi', ['l'])] },
    `${INVALID}ProvisionedThroughput is not specified for index: gsi`,
  ],
];

describe('CreateTable', () => {
  it.each(createTableErrors)('refuses %s', async (_, change, message) => {
    await expectError(createEngine().createTable({ ...base, ...change }), 'ValidationException', message);
  });

  it.each(indexErrors)('refuses %s', async (_, change, message) => {
    await expectError(createEngine().createTable({ ...withIndexDefinitions, ...change }), 'ValidationException', message);
  });

  it('creates a table and refuses to create it twice', async () => {
    const db = createEngine();
    const { TableDescription } = await db.createTable(base);
    expect(TableDescription).toMatchObject({ TableName: 'Scores', TableStatus: 'CREATING', ItemCount: 0, TableSizeBytes: 0 });
    await expectError(db.createTable(base), 'ResourceInUseException', 'Table already exists: Scores');
  });

  it('accepts table names of a-z A-Z 0-9 _ - . from 3 to 255 characters', async () => {
    const db = createEngine();
    for (const name of ['abc', 'A_b-c.9', 'x'.repeat(255)]) await db.createTable({ ...base, TableName: name });
    expect((await db.listTables({})).TableNames).toHaveLength(3);
  });
});

describe('DescribeTable', () => {
  it('describes keys, indexes, counts and sizes, like DynamoDB (verified on DynamoDB Local)', async () => {
    const db = createEngine();
    await db.createTable({
      ...tableInput(
        'Events',
        [
          ['pk', 'S'],
          ['sk', 'S'],
        ],
        {
          extraDefinitions: [
            ['l', 'N'],
            ['g', 'B'],
          ],
        },
      ),
      LocalSecondaryIndexes: [{ IndexName: 'lsi', KeySchema: keySchema('pk', 'l'), Projection: { ProjectionType: 'KEYS_ONLY' } }],
      GlobalSecondaryIndexes: [{ IndexName: 'gsi', KeySchema: keySchema('g', 'sk'), Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['z'] } }],
    });
    await db.putItem({ TableName: 'Events', Item: { pk: S('a'), sk: S('b'), l: N(1), z: S('zz') } });
    const { Table } = await db.describeTable({ TableName: 'Events' });
    expect(Table).toEqual({
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        { AttributeName: 'l', AttributeType: 'N' },
        { AttributeName: 'g', AttributeType: 'B' },
      ],
      TableName: 'Events',
      KeySchema: keySchema('pk', 'sk'),
      TableStatus: 'ACTIVE',
      CreationDateTime: new Date(FIXED_NOW),
      ProvisionedThroughput: { NumberOfDecreasesToday: 0, ReadCapacityUnits: 0, WriteCapacityUnits: 0 },
      // pk(2+1) + sk(2+1) + l(1+2) + z(1+2) = 12, as DynamoDB Local reports.
      TableSizeBytes: 12,
      ItemCount: 1,
      TableArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/Events',
      // A random UUID, as DynamoDB gives it.
      TableId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST', LastUpdateToPayPerRequestDateTime: new Date(FIXED_NOW) },
      LocalSecondaryIndexes: [
        {
          IndexName: 'lsi',
          KeySchema: keySchema('pk', 'l'),
          Projection: { ProjectionType: 'KEYS_ONLY' },
          IndexSizeBytes: 9,
          ItemCount: 1,
          IndexArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/Events/index/lsi',
        },
      ],
      // The item has no g: it is not in the sparse GSI. (DynamoDB Local reports IndexSizeBytes 12 with ItemCount 0.)
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi',
          KeySchema: keySchema('g', 'sk'),
          Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['z'] },
          IndexStatus: 'ACTIVE',
          ProvisionedThroughput: { NumberOfDecreasesToday: 0, ReadCapacityUnits: 0, WriteCapacityUnits: 0 },
          IndexSizeBytes: 0,
          ItemCount: 0,
          IndexArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/Events/index/gsi',
        },
      ],
      DeletionProtectionEnabled: false,
    });
  });

  it('reports provisioned throughput and a region-aware ARN', async () => {
    const db = createEngine({ region: 'eu-west-1', accountId: '123456789012' });
    await db.createTable({ ...base, BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 3, WriteCapacityUnits: 4 } });
    const { Table } = await db.describeTable({ TableName: 'Scores' });
    expect(Table?.ProvisionedThroughput).toEqual({ NumberOfDecreasesToday: 0, ReadCapacityUnits: 3, WriteCapacityUnits: 4 });
    expect(Table?.BillingModeSummary).toBeUndefined();
    expect(Table?.TableArn).toBe('arn:aws:dynamodb:eu-west-1:123456789012:table/Scores');
  });

  it('names the missing table', async () => {
    await expectError(createEngine().describeTable({ TableName: 'Nope' }), 'ResourceNotFoundException', 'Requested resource not found: Table: Nope not found');
  });

  it('keeps counts and sizes live through puts, overwrites and deletes', async () => {
    const db = createEngine();
    await db.createTable(base);
    await db.putItem({ TableName: 'Scores', Item: { pk: S('a'), sk: S('1') } });
    await db.putItem({ TableName: 'Scores', Item: { pk: S('a'), sk: S('2'), x: S('xx') } });
    await db.putItem({ TableName: 'Scores', Item: { pk: S('a'), sk: S('2') } });
    let { Table } = await db.describeTable({ TableName: 'Scores' });
    expect([Table?.ItemCount, Table?.TableSizeBytes]).toEqual([2, 12]);
    await db.deleteItem({ TableName: 'Scores', Key: { pk: S('a'), sk: S('1') } });
    ({ Table } = await db.describeTable({ TableName: 'Scores' }));
    expect([Table?.ItemCount, Table?.TableSizeBytes]).toEqual([1, 6]);
  });
});

describe('DeleteTable', () => {
  it('deletes the table and its items', async () => {
    const db = createEngine();
    await db.createTable(base);
    await db.putItem({ TableName: 'Scores', Item: { pk: S('a'), sk: S('1') } });
    const { TableDescription } = await db.deleteTable({ TableName: 'Scores' });
    expect(TableDescription).toMatchObject({ TableName: 'Scores', TableStatus: 'DELETING', ItemCount: 1 });
    await expectError(db.deleteTable({ TableName: 'Scores' }), 'ResourceNotFoundException', 'Requested resource not found');
    await db.createTable(base);
    expect((await db.scan({ TableName: 'Scores' })).Count).toBe(0);
  });
});

describe('ListTables', () => {
  it('pages through names in byte order', async () => {
    const db = createEngine();
    for (const name of ['bbb', 'Zed', 'aaa', 'a.b', 'ccc']) await db.createTable({ ...base, TableName: name });
    expect((await db.listTables({})).TableNames).toEqual(['Zed', 'a.b', 'aaa', 'bbb', 'ccc']);
    const first = await db.listTables({ Limit: 2 });
    expect(first).toMatchObject({ TableNames: ['Zed', 'a.b'], LastEvaluatedTableName: 'a.b' });
    const second = await db.listTables({ Limit: 2, ExclusiveStartTableName: 'a.b' });
    expect(second).toMatchObject({ TableNames: ['aaa', 'bbb'], LastEvaluatedTableName: 'bbb' });
    // The last page, exactly Limit long: no LastEvaluatedTableName (as on DynamoDB Local).
    const last = await db.listTables({ Limit: 1, ExclusiveStartTableName: 'bbb' });
    expect(last.TableNames).toEqual(['ccc']);
    expect(last.LastEvaluatedTableName).toBeUndefined();
    // The start name need not exist.
    expect((await db.listTables({ ExclusiveStartTableName: 'abc' })).TableNames).toEqual(['bbb', 'ccc']);
  });

  it.each([
    [0, "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"],
    [101, "1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 100"],
  ])('refuses Limit %i', async (Limit, message) => {
    await expectError(createEngine().listTables({ Limit }), 'ValidationException', message);
  });
});
