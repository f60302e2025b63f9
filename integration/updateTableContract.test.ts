/**
 * UpdateTable compared with the real DynamoDB Local as the contract suite does
 * (contract/contract.ts): a GSI added over existing items (polled until ACTIVE
 * with DescribeTable, as apps and waiters do), queried and deleted; billing
 * mode and throughput; StreamSpecification; and the refusals. Where DynamoDB
 * Local words a refusal differently, or answers one DynamoDB refuses, the
 * case says so and asserts both answers (README, "Differences").
 */
import type { AttributeValue, GlobalSecondaryIndexUpdate, UpdateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBDataSource as DataSource } from '../src/engine';
import { compareKeys, compareUtf8 } from '../src/keys';
import { Contract } from './contract/contract';
import { N, S, keyNames, tableSpec, type TableSpec } from './contract/fixtures';
import { exactly, indexTieOrder, messageDifference, type Normalizer } from './contract/normalize';
import { queryAllPages, scanAllPages } from './contract/paging';
import { createDynamoDBLocalSide, startEngineSide, type Side } from './contract/sides';

let engineSide: Side;
let localSide: Side;
let contract: Contract;
const tables: TableSpec[] = [];

beforeAll(async () => {
  engineSide = await startEngineSide();
  localSide = createDynamoDBLocalSide();
  contract = new Contract(engineSide, localSide);
});

afterAll(async () => {
  for (const spec of tables) await contract?.onBoth((db) => db.deleteTable({ TableName: spec.name }).then(() => undefined)).catch(() => undefined);
  await localSide?.close();
  await engineSide?.close();
});

async function createTable(spec: TableSpec): Promise<void> {
  tables.push(spec);
  await contract.sameResult(`CreateTable ${spec.name}`, (db) => db.createTable(spec.input));
}

type Item = Record<string, AttributeValue>;

/** Polls DescribeTable until every GSI is ACTIVE (and `gone` is no longer listed), as apps and waiters do. */
async function waitForIndexes(db: DataSource, tableName: string, gone?: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const { Table } = await db.describeTable({ TableName: tableName });
    const indexes = Table?.GlobalSecondaryIndexes ?? [];
    if (Table?.TableStatus === 'ACTIVE' && indexes.every((index) => index.IndexStatus === 'ACTIVE' && index.IndexName !== gone)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${tableName}: indexes not ACTIVE after 30 s`);
}

/** DynamoDB Local lists AttributeDefinitions in an order of its own after UpdateTable (DynamoDB sorts them by name): compared as a set. */
const attributeDefinitionsAsSet: Normalizer = (comparison) => {
  const sort = (value: unknown): unknown => {
    const output = value as {
      Table?: { AttributeDefinitions?: { AttributeName: string }[] };
      TableDescription?: { AttributeDefinitions?: { AttributeName: string }[] };
    };
    const description = output?.Table ?? output?.TableDescription;
    if (!description?.AttributeDefinitions) return value;
    const sorted = {
      ...description,
      AttributeDefinitions: [...description.AttributeDefinitions].sort((a, b) => compareUtf8(a.AttributeName, b.AttributeName)),
    };
    return output.Table ? { ...output, Table: sorted } : { ...output, TableDescription: sorted };
  };
  const map = (outcome: typeof comparison.engine) => (outcome.ok ? { ok: true as const, value: sort(outcome.value) } : outcome);
  return { ...comparison, engine: map(comparison.engine), local: map(comparison.local) };
};

/** A stream's label is the time it was enabled: not compared. */
const streamLabels: Normalizer = (comparison) => {
  const replace = (value: unknown): unknown => {
    const output = value as { Table?: Record<string, unknown>; TableDescription?: Record<string, unknown> };
    const description = output?.Table ?? output?.TableDescription;
    if (!description?.LatestStreamLabel) return value;
    const masked = {
      ...description,
      LatestStreamLabel: '‹label›',
      LatestStreamArn: String(description.LatestStreamArn).replace(/\/stream\/.*$/, '/stream/‹label›'),
    };
    return output.Table ? { ...output, Table: masked } : { ...output, TableDescription: masked };
  };
  const map = (outcome: typeof comparison.engine) => (outcome.ok ? { ok: true as const, value: replace(outcome.value) } : outcome);
  return { ...comparison, engine: map(comparison.engine), local: map(comparison.local) };
};

/**
 * DynamoDB Local keeps a GSI's provisioned throughput after the table goes
 * on-demand; DynamoDB reports an on-demand GSI as 0/0 (dynalite's recording),
 * as the engine does. DynamoDB Local also gives a GSI added by UpdateTable an
 * OnDemandThroughput of -1/-1, which DynamoDB shows only when it was set.
 */
const localOnDemandGsiThroughput: Normalizer = (comparison) => {
  const reset = (value: unknown): unknown => {
    const output = value as { Table?: Record<string, unknown>; TableDescription?: Record<string, unknown> };
    const description = output?.Table ?? output?.TableDescription;
    const listed = description?.GlobalSecondaryIndexes as Record<string, unknown>[] | undefined;
    if (!description || !listed) return value;
    const unset = (throughput: unknown) => JSON.stringify(throughput) === JSON.stringify({ MaxReadRequestUnits: -1, MaxWriteRequestUnits: -1 });
    const indexes = listed.map(({ OnDemandThroughput: onDemand, ...index }) =>
      unset(onDemand) || onDemand === undefined ? index : { ...index, OnDemandThroughput: onDemand },
    );
    if ((description.BillingModeSummary as { BillingMode?: string } | undefined)?.BillingMode !== 'PAY_PER_REQUEST') {
      const kept = { ...description, GlobalSecondaryIndexes: indexes };
      return output.Table ? { ...output, Table: kept } : { ...output, TableDescription: kept };
    }
    const zeroed = {
      ...description,
      GlobalSecondaryIndexes: indexes.map((index) => ({
        ...index,
        ProvisionedThroughput: { NumberOfDecreasesToday: 0, ReadCapacityUnits: 0, WriteCapacityUnits: 0 },
      })),
    };
    return output.Table ? { ...output, Table: zeroed } : { ...output, TableDescription: zeroed };
  };
  return { ...comparison, local: comparison.local.ok ? { ok: true, value: reset(comparison.local.value) } : comparison.local };
};

/** A GSI's ItemCount is not compared (see the backfill case). */
const gsiItemCountNotCompared: Normalizer = (comparison) => {
  const drop = (outcome: typeof comparison.engine) => {
    if (!outcome.ok) return outcome;
    const output = outcome.value as { Table: Record<string, unknown> };
    const indexes = (output.Table.GlobalSecondaryIndexes as Record<string, unknown>[]).map(({ ItemCount: _count, ...index }) => index);
    return { ok: true as const, value: { ...output, Table: { ...output.Table, GlobalSecondaryIndexes: indexes } } };
  };
  return { ...comparison, engine: drop(comparison.engine), local: drop(comparison.local) };
};

/** The refusals DynamoDB Local words its own way; the engine gives DynamoDB's message (src/engine/schema/validateUpdateTable.ts). */
const UPDATE_TABLE_MESSAGES: readonly Normalizer[] = [
  messageDifference(
    'one constraint',
    /^Value null at 'tableName' failed to satisfy constraint: Member must not be null$/,
    exactly("1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null"),
  ),
  messageDifference(
    'RANGE first',
    exactly('No Hash Key specified in schema.  All Dynamo DB tables must have exactly one hash key'),
    exactly('Invalid KeySchema: The first KeySchemaElement is not a HASH key type'),
  ),
  messageDifference(
    'INCLUDE without attributes',
    exactly('If Projection type INCLUDE is specified, some non-key attributes to include in the projection must be specified as well'),
    exactly('One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified'),
  ),
  messageDifference(
    'nothing to update',
    exactly('Nothing to update'),
    /^At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, GlobalSecondaryIndexUpdates, .* is required$/,
  ),
  messageDifference(
    'no attribute definitions',
    exactly('No Attribute Schema Defined'),
    /^One or more parameter values were invalid: AttributeDefinitions is not specified for index: \S+$/,
  ),
  messageDifference(
    'key not defined',
    /^Attribute \S+ is not defined in AttributeDefinitions$/,
    /^One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions\. Keys: \[.*\], AttributeDefinitions: \[.*\]$/,
  ),
  messageDifference('unknown index', exactly('Requested resource not found'), /^Requested resource not found: Index \S+ for table \S+$/),
  messageDifference(
    'same throughput',
    exactly('The requested throughput value equals the current value'),
    /^The provisioned throughput for the (table|index \S+) will not change\. The requested value equals the current value\. .*$/,
  ),
  messageDifference(
    'no table throughput',
    exactly('No provisioned throughput specified for the table'),
    exactly('One or more parameter values were invalid: ProvisionedThroughput must be specified when BillingMode is PROVISIONED'),
  ),
  messageDifference(
    'one action per entry',
    exactly('Only one global secondary index update per index is allowed simultaneously.'),
    /^One or more parameter values were invalid: Only one global secondary index update per index is allowed simultaneously\. Index: \S+$/,
  ),
  messageDifference(
    'empty entry',
    exactly('Update global secondary index action is null'),
    /^One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate\.Update, .* must not be null$/,
  ),
];

function sameUpdate(label: string, input: UpdateTableCommandInput) {
  return contract.same(
    label,
    (db: DataSource) => db.updateTable(input),
    attributeDefinitionsAsSet,
    streamLabels,
    localOnDemandGsiThroughput,
    ...UPDATE_TABLE_MESSAGES,
  );
}

function sameDescription(label: string, tableName: string) {
  return contract.sameResult(label, (db) => db.describeTable({ TableName: tableName }), attributeDefinitionsAsSet, streamLabels, localOnDemandGsiThroughput);
}

const createIndex = (
  name: string,
  keys: [string, 'S' | 'N' | 'B'][],
  projection: NonNullable<GlobalSecondaryIndexUpdate['Create']>['Projection'] = { ProjectionType: 'ALL' },
): UpdateTableCommandInput['GlobalSecondaryIndexUpdates'] => [
  {
    Create: { IndexName: name, KeySchema: keys.map(([AttributeName], i) => ({ AttributeName, KeyType: i === 0 ? 'HASH' : 'RANGE' })), Projection: projection },
  },
];
const definitions = (keys: [string, 'S' | 'N' | 'B'][]) => keys.map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));

describe('UpdateTable: a GSI added over existing items', () => {
  it('is CREATING in the output, ACTIVE when polled, holds exactly the items with a key of its type, and goes on Delete', async () => {
    const spec = tableSpec('utOrders', [
      ['pk', 'S'],
      ['sk', 'N'],
    ]);
    await createTable(spec);
    const items: Item[] = [];
    for (let i = 0; i < 40; i++) {
      const item: Item = { pk: S(`c${i % 4}`), sk: N(i), total: N(i * 7) };
      // Most items have a status; some have none (sparse), some a number where the index wants a string (skipped by the backfill).
      if (i % 5 !== 0) item.status = i % 7 === 0 ? N(i) : S(['NEW', 'PAID', 'SHIPPED'][i % 3] as string);
      items.push(item);
    }
    await contract.onBoth(async (db) => {
      for (const Item of items) await db.putItem({ TableName: spec.name, Item });
    });
    const keys: [string, 'S' | 'N'][] = [
      ['status', 'S'],
      ['sk', 'N'],
    ];
    await sameUpdate('Create byStatus', {
      TableName: spec.name,
      AttributeDefinitions: definitions(keys),
      GlobalSecondaryIndexUpdates: createIndex('byStatus', keys),
    });
    await contract.onBoth((db) => waitForIndexes(db, spec.name));
    // DynamoDB Local counts the skipped items (a number in status) in the index's ItemCount; DynamoDB's backfill leaves them out, as the engine does.
    await contract.sameResult(
      'byStatus ACTIVE',
      (db) => db.describeTable({ TableName: spec.name }),
      attributeDefinitionsAsSet,
      localOnDemandGsiThroughput,
      gsiItemCountNotCompared,
    );
    const { Table } = await engineSide.db.describeTable({ TableName: spec.name });
    expect(Table?.GlobalSecondaryIndexes?.[0]?.ItemCount).toBe(items.filter((item) => item.status?.S !== undefined).length);
    for (const status of ['NEW', 'PAID', 'SHIPPED']) {
      await contract.same(`Query byStatus ${status}`, (db) =>
        queryAllPages(db, {
          TableName: spec.name,
          IndexName: 'byStatus',
          KeyConditionExpression: '#s = :s AND sk > :min',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': S(status), ':min': N(3) },
          Limit: 4,
        }),
      );
    }
    await contract.same('Query byStatus backwards', (db) =>
      queryAllPages(db, {
        TableName: spec.name,
        IndexName: 'byStatus',
        KeyConditionExpression: '#s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': S('PAID') },
        ScanIndexForward: false,
      }),
    );
    await contract.same('a number where byStatus wants a string', (db) => db.putItem({ TableName: spec.name, Item: { pk: S('c9'), sk: N(1), status: N(1) } }));
    await contract.same('writes reach the new index', async (db) => {
      await db.putItem({ TableName: spec.name, Item: { pk: S('c9'), sk: N(2), status: S('NEW') } });
      return queryAllPages(db, {
        TableName: spec.name,
        IndexName: 'byStatus',
        KeyConditionExpression: '#s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': S('NEW') },
      });
    });
    // DynamoDB's backfill skips the items whose status is a number (Scylla's Alternator tests, run against DynamoDB), as the engine
    // does; DynamoDB Local 3.3.1 puts them in the index, where a Scan finds them. Compared without them.
    const scanned = async (db: DataSource) =>
      (await scanAllPages(db, { TableName: spec.name, IndexName: 'byStatus' })).pages.flatMap((page) => page.Items ?? []);
    const byKey = (a: Item, b: Item) => compareKeys(a.pk as never, b.pk as never) || compareKeys(a.sk as never, b.sk as never);
    const engineScan = (await scanned(engineSide.db)).sort(byKey);
    const localScan = (await scanned(localSide.db)).filter((item) => item.status?.S !== undefined).sort(byKey);
    expect(engineScan).toEqual(localScan);
    expect(engineScan.every((item) => item.status?.S !== undefined)).toBe(true);

    await sameUpdate('Delete byStatus', { TableName: spec.name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byStatus' } }] });
    await contract.onBoth((db) => waitForIndexes(db, spec.name, 'byStatus'));
    await sameDescription('byStatus gone', spec.name);
    await contract.same('Query the deleted index', (db) =>
      db.query({
        TableName: spec.name,
        IndexName: 'byStatus',
        KeyConditionExpression: '#s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': S('NEW') },
      }),
    );
    await contract.same('a number in status is fine again', (db) => db.putItem({ TableName: spec.name, Item: { pk: S('c9'), sk: N(3), status: N(3) } }));
  });

  it('builds KEYS_ONLY and INCLUDE indexes beside an LSI, one after another', async () => {
    const spec = tableSpec(
      'utEvents',
      [
        ['pk', 'S'],
        ['sk', 'S'],
      ],
      {
        lsis: [
          {
            name: 'byAt',
            keys: [
              ['pk', 'S'],
              ['at', 'N'],
            ],
          },
        ],
      },
    );
    await createTable(spec);
    await contract.onBoth(async (db) => {
      for (let i = 0; i < 30; i++) {
        await db.putItem({
          TableName: spec.name,
          Item: { pk: S(`u${i % 3}`), sk: S(`e${String(i).padStart(2, '0')}`), at: N(100 - i), kind: S(`k${i % 4}`), note: S(`n${i}`), extra: N(i) },
        });
      }
    });
    await sameUpdate('Create byKind KEYS_ONLY', {
      TableName: spec.name,
      AttributeDefinitions: definitions([['kind', 'S']]),
      GlobalSecondaryIndexUpdates: createIndex('byKind', [['kind', 'S']], { ProjectionType: 'KEYS_ONLY' }),
    });
    await contract.onBoth((db) => waitForIndexes(db, spec.name));
    // The table's own sort key, redefined for the index as DynamoDB requires.
    const noteKeys: [string, 'S' | 'N'][] = [
      ['kind', 'S'],
      ['at', 'N'],
    ];
    await sameUpdate('Create byKindAt INCLUDE', {
      TableName: spec.name,
      AttributeDefinitions: definitions(noteKeys),
      GlobalSecondaryIndexUpdates: createIndex('byKindAt', noteKeys, { ProjectionType: 'INCLUDE', NonKeyAttributes: ['note'] }),
    });
    await contract.onBoth((db) => waitForIndexes(db, spec.name));
    await sameDescription('both ACTIVE', spec.name);
    await contract.same(
      'Query byKind',
      (db) =>
        queryAllPages(db, { TableName: spec.name, IndexName: 'byKind', KeyConditionExpression: 'kind = :k', ExpressionAttributeValues: { ':k': S('k1') } }),
      indexTieOrder(['kind'], keyNames(spec.keys)),
    );
    await contract.same('Query byKindAt', (db) =>
      queryAllPages(db, {
        TableName: spec.name,
        IndexName: 'byKindAt',
        KeyConditionExpression: 'kind = :k AND #at BETWEEN :a AND :b',
        ExpressionAttributeNames: { '#at': 'at' },
        ExpressionAttributeValues: { ':k': S('k2'), ':a': N(75), ':b': N(95) },
      }),
    );
  });
});

describe('UpdateTable: billing mode, throughput and streams', () => {
  it('switches to PROVISIONED with every GSI given throughput, changes it, and back to on-demand', async () => {
    const spec = tableSpec('utBilling', [['pk', 'S']], { gsis: [{ name: 'byG', keys: [['g', 'S']] }] });
    await createTable(spec);
    await sameUpdate('PROVISIONED without throughput', { TableName: spec.name, BillingMode: 'PROVISIONED' });
    // DynamoDB refuses throughput on an on-demand table (dynalite's recording); DynamoDB Local 3.3.1 accepts it and changes nothing.
    const onDemandThroughput = await contract.compare((db) =>
      db.updateTable({ TableName: spec.name, ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 } }),
    );
    expect(onDemandThroughput.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message:
        'One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST',
    });
    expect(onDemandThroughput.local).toMatchObject({ ok: true });
    // DynamoDB: "ProvisionedThroughput must be specified for index: byG"; DynamoDB Local 3.3.1 fails with an InternalFailure.
    const missingIndex = await contract.compare((db) =>
      db.updateTable({ TableName: spec.name, BillingMode: 'PROVISIONED', ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 } }),
    );
    expect(missingIndex.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message: 'One or more parameter values were invalid: ProvisionedThroughput must be specified for index: byG',
    });
    expect(missingIndex.local).toMatchObject({ ok: false, name: 'InternalFailure' });
    await sameUpdate('to PROVISIONED', {
      TableName: spec.name,
      BillingMode: 'PROVISIONED',
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
      GlobalSecondaryIndexUpdates: [{ Update: { IndexName: 'byG', ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 2 } } }],
    });
    await sameDescription('PROVISIONED', spec.name);
    await sameUpdate('the same table throughput', { TableName: spec.name, ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 } });
    await sameUpdate('the same index throughput', {
      TableName: spec.name,
      GlobalSecondaryIndexUpdates: [{ Update: { IndexName: 'byG', ProvisionedThroughput: { ReadCapacityUnits: 2, WriteCapacityUnits: 2 } } }],
    });
    await sameUpdate('the table throughput changed', { TableName: spec.name, ProvisionedThroughput: { ReadCapacityUnits: 6, WriteCapacityUnits: 5 } });
    await sameUpdate('the index throughput changed', {
      TableName: spec.name,
      GlobalSecondaryIndexUpdates: [{ Update: { IndexName: 'byG', ProvisionedThroughput: { ReadCapacityUnits: 3, WriteCapacityUnits: 2 } } }],
    });
    await sameUpdate('an unknown index', { TableName: spec.name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byNothing' } }] });
    await sameDescription('changed throughput', spec.name);
    await sameUpdate('back to on-demand', { TableName: spec.name, BillingMode: 'PAY_PER_REQUEST' });
    await sameDescription('on-demand again', spec.name);
    await sameUpdate('on-demand again (accepted, nothing changes)', { TableName: spec.name, BillingMode: 'PAY_PER_REQUEST' });
  });

  it('enables, refuses to re-enable, disables and refuses to disable a stream', async () => {
    const spec = tableSpec('utStream', [['pk', 'S']]);
    await createTable(spec);
    await sameUpdate('disable without a stream', { TableName: spec.name, StreamSpecification: { StreamEnabled: false } });
    await sameUpdate('enable without a view type', { TableName: spec.name, StreamSpecification: { StreamEnabled: true } });
    await sameUpdate('enable NEW_AND_OLD_IMAGES', { TableName: spec.name, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } });
    await sameDescription('stream enabled', spec.name);
    await sameUpdate('enable again', { TableName: spec.name, StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } });
    await sameUpdate('disable with a view type', { TableName: spec.name, StreamSpecification: { StreamEnabled: false, StreamViewType: 'KEYS_ONLY' } });
    await sameUpdate('disable', { TableName: spec.name, StreamSpecification: { StreamEnabled: false } });
    await sameDescription('stream disabled (the latest stream is still named)', spec.name);
  });
});

describe('UpdateTable: deletion protection and on-demand maximum throughput', () => {
  it('stores and describes them; DeleteTable is refused while the table is protected, with DynamoDB’s message', async () => {
    const spec = tableSpec('utProtect', [['pk', 'S']]);
    tables.push(spec);
    await contract.sameResult('CreateTable protected, with OnDemandThroughput', (db) =>
      db.createTable({ ...spec.input, DeletionProtectionEnabled: true, OnDemandThroughput: { MaxReadRequestUnits: 10, MaxWriteRequestUnits: 5 } }),
    );
    await sameDescription('protected', spec.name);
    await contract.sameError('DeleteTable while protected', (db) => db.deleteTable({ TableName: spec.name }));
    await sameUpdate('OnDemandThroughput changed', { TableName: spec.name, OnDemandThroughput: { MaxReadRequestUnits: 20, MaxWriteRequestUnits: 15 } });
    await sameDescription('maximum throughput changed', spec.name);
    // DynamoDB Local 3.3.1 drops the table's OnDemandThroughput on an UpdateTable that leaves it out (its output and
    // DescribeTable lose it); the engine keeps what the request does not change, as DynamoDB does with every setting.
    const off = await contract.compare((db) => db.updateTable({ TableName: spec.name, DeletionProtectionEnabled: false }));
    const onDemand = { MaxReadRequestUnits: 20, MaxWriteRequestUnits: 15 };
    expect(off.engine).toMatchObject({ ok: true, value: { TableDescription: { DeletionProtectionEnabled: false, OnDemandThroughput: onDemand } } });
    expect(off.local).toMatchObject({ ok: true, value: { TableDescription: { DeletionProtectionEnabled: false } } });
    const described = await contract.compare((db) => db.describeTable({ TableName: spec.name }));
    expect(described.engine).toMatchObject({ ok: true, value: { Table: { DeletionProtectionEnabled: false, OnDemandThroughput: onDemand } } });
    expect(described.local).toMatchObject({ ok: true, value: { Table: { DeletionProtectionEnabled: false } } });
  });
});

describe('UpdateTable: refusals', () => {
  it('refuses what DynamoDB refuses, with its messages, changing nothing', async () => {
    const spec = tableSpec(
      'utRefused',
      [
        ['pk', 'S'],
        ['sk', 'S'],
      ],
      {
        gsis: [{ name: 'byG', keys: [['g', 'S']] }],
        lsis: [
          {
            name: 'byL',
            keys: [
              ['pk', 'S'],
              ['l', 'S'],
            ],
          },
        ],
      },
    );
    await createTable(spec);
    const gDefinitions = definitions([['h', 'S']]);
    await sameUpdate('nothing to update', { TableName: spec.name });
    await sameUpdate('an empty GlobalSecondaryIndexUpdates', { TableName: spec.name, GlobalSecondaryIndexUpdates: [] });
    // DynamoDB names the missing parameter (architect/dynalite's recording); DynamoDB Local reports the member constraint, uncounted.
    const noName = await contract.compare((db) => db.updateTable({} as UpdateTableCommandInput));
    expect(noName.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message: "The parameter 'TableName' is required but was not present in the request",
    });
    expect(noName.local).toEqual({
      ok: false,
      name: 'ValidationException',
      message: "Value null at 'tableName' failed to satisfy constraint: Member must not be null",
    });
    await sameUpdate('a missing table', { TableName: 'utNoSuchTable', BillingMode: 'PAY_PER_REQUEST' });
    await sameUpdate('two creates', {
      TableName: spec.name,
      AttributeDefinitions: definitions([
        ['h', 'S'],
        ['i', 'S'],
      ]),
      GlobalSecondaryIndexUpdates: [...(createIndex('byH', [['h', 'S']]) ?? []), ...(createIndex('byI', [['i', 'S']]) ?? [])],
    });
    await sameUpdate('a create and a delete', {
      TableName: spec.name,
      AttributeDefinitions: gDefinitions,
      GlobalSecondaryIndexUpdates: [...(createIndex('byH', [['h', 'S']]) ?? []), { Delete: { IndexName: 'byG' } }],
    });
    await sameUpdate('two deletes', {
      TableName: spec.name,
      GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byG' } }, { Delete: { IndexName: 'byX' } }],
    });
    await sameUpdate('one index twice', {
      TableName: spec.name,
      AttributeDefinitions: gDefinitions,
      GlobalSecondaryIndexUpdates: [
        { Delete: { IndexName: 'byG' } },
        { Update: { IndexName: 'byG', ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } } },
      ],
    });
    await sameUpdate('an empty entry', { TableName: spec.name, GlobalSecondaryIndexUpdates: [{}] });
    await sameUpdate('no AttributeDefinitions', { TableName: spec.name, GlobalSecondaryIndexUpdates: createIndex('byH', [['h', 'S']]) });
    await sameUpdate('a key without a definition', {
      TableName: spec.name,
      AttributeDefinitions: definitions([['x', 'S']]),
      GlobalSecondaryIndexUpdates: createIndex('byH', [['h', 'S']]),
    });
    await sameUpdate('an existing GSI name', {
      TableName: spec.name,
      AttributeDefinitions: gDefinitions,
      GlobalSecondaryIndexUpdates: createIndex('byG', [['h', 'S']]),
    });
    await sameUpdate('an existing LSI name', {
      TableName: spec.name,
      AttributeDefinitions: gDefinitions,
      GlobalSecondaryIndexUpdates: createIndex('byL', [['h', 'S']]),
    });
    await sameUpdate('a RANGE key first', {
      TableName: spec.name,
      AttributeDefinitions: gDefinitions,
      GlobalSecondaryIndexUpdates: [
        { Create: { IndexName: 'byH', KeySchema: [{ AttributeName: 'h', KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } } },
      ],
    });
    await sameUpdate('INCLUDE without attributes', {
      TableName: spec.name,
      AttributeDefinitions: gDefinitions,
      GlobalSecondaryIndexUpdates: createIndex('byH', [['h', 'S']], { ProjectionType: 'INCLUDE' }),
    });
    await sameUpdate('deleting an LSI', { TableName: spec.name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byL' } }] });
    // DynamoDB Local 3.3.1 fails with an InternalFailure here.
    const onDemandIndex = await contract.compare((db) =>
      db.updateTable({
        TableName: spec.name,
        GlobalSecondaryIndexUpdates: [{ Update: { IndexName: 'byG', ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } } }],
      }),
    );
    expect(onDemandIndex.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message:
        'One or more parameter values were invalid: The only Updates for index: byG when TableThroughputMode is PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput',
    });
    // Where DynamoDB Local answers differently from DynamoDB (its documentation, and measurements of it), both answers are asserted.
    const bothActions = await contract.compare((db) =>
      db.updateTable({
        TableName: spec.name,
        AttributeDefinitions: gDefinitions,
        GlobalSecondaryIndexUpdates: [{ ...createIndex('byH', [['h', 'S']])?.[0], Delete: { IndexName: 'byG' } }],
      }),
    );
    expect(bothActions.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message: 'One or more parameter values were invalid: Only one global secondary index action is allowed per GlobalSecondaryIndexUpdate object',
    });
    expect(bothActions.local).toMatchObject({ ok: false, name: 'LimitExceededException' });
    const withStream = await contract.compare((db) =>
      db.updateTable({
        TableName: spec.name,
        AttributeDefinitions: gDefinitions,
        GlobalSecondaryIndexUpdates: createIndex('byH', [['h', 'S']]),
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' },
      }),
    );
    expect(withStream.engine).toEqual({ ok: false, name: 'ValidationException', message: 'You cannot create or delete index while changing stream status' });
    const redefined = await contract.compare((db) =>
      db.updateTable({
        TableName: spec.name,
        AttributeDefinitions: definitions([['g', 'N']]),
        GlobalSecondaryIndexUpdates: createIndex('byGNumber', [['g', 'N']]),
      }),
    );
    expect(redefined.engine).toMatchObject({
      ok: false,
      name: 'ValidationException',
      message: expect.stringMatching(
        /^One or more parameter values were invalid: Attributes cannot be redefined\. .* Existing schema: Schema:\[SchemaElement: key\{g:S:HASH\}\] New schema: Schema:\[SchemaElement: key\{g:N:HASH\}\]$/,
      ),
    });
    const throughputOnDemand = await contract.compare((db) =>
      db.updateTable({
        TableName: spec.name,
        AttributeDefinitions: gDefinitions,
        GlobalSecondaryIndexUpdates: [
          { Create: { ...createIndex('byH', [['h', 'S']])?.[0]?.Create, ProvisionedThroughput: { ReadCapacityUnits: 1, WriteCapacityUnits: 1 } } as never },
        ],
      }),
    );
    expect(throughputOnDemand.engine).toEqual({
      ok: false,
      name: 'ValidationException',
      message: 'One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: byH when BillingMode is PAY_PER_REQUEST',
    });
    // DynamoDB Local accepted some of these (creating byH or byGNumber): the table is compared only on the engine side.
    const { Table } = await engineSide.db.describeTable({ TableName: spec.name });
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(['byG']);
    expect(Table?.AttributeDefinitions?.map((definition) => definition.AttributeName).sort()).toEqual(['g', 'l', 'pk', 'sk']);
    expect(Table?.StreamSpecification).toBeUndefined();
  });
});
