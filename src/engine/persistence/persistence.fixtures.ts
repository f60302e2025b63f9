/**
 * A scenario both persistence adapters' tests run: tables with every
 * attribute type (binary keys and values included), an index, puts, an
 * update, deletes and a cross-table batch — then a dump of the whole engine
 * to compare before and after a restart. Test-only.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { expect, it } from 'vitest';
import type { Item } from '../../expressions';
import { B, N, S, tableInput } from '../engine.fixtures';
import type { LocalDynamoDB } from '../localDynamoDB.types';

/** An item with one attribute of every DynamoDB type, nested documents and awkward strings. */
export function everyTypeItem(pk: string, sk: number): Item {
  return {
    pk: S(pk),
    sk: N(sk),
    kind: S('every-type'),
    text: S('ünïcödé 𝄞 emoji 🎉 and "quotes", \\ backslash, \n newline, \u0000 NUL'),
    empty: S(''),
    number: N('-1.25e-10'),
    big: N('12345678901234567890123456789012345678'),
    bytes: B(0, 1, 127, 128, 255),
    emptyBytes: { B: new Uint8Array(0) },
    yes: { BOOL: true },
    no: { BOOL: false },
    nothing: { NULL: true },
    map: { M: { inner: S('x'), deeper: { M: { bin: B(9, 8, 7), list: { L: [N(1), S('two'), { BOOL: false }] } } } } },
    list: { L: [S('a'), N('2'), B(3), { NULL: true }, { M: {} }, { L: [] }] },
    strings: { SS: ['b', 'a', '𝄞'] },
    numbers: { NS: ['3', '-1', '2.5'] },
    binaries: { BS: [Uint8Array.of(1), Uint8Array.of(255, 0)] },
  };
}

/** Writes the scenario through the engine's public API (every write goes through the hook). */
export async function writeScenario(engine: LocalDynamoDB): Promise<void> {
  await engine.createTable(
    tableInput(
      'Things',
      [
        ['pk', 'S'],
        ['sk', 'N'],
      ],
      {
        extraDefinitions: [
          ['kind', 'S'],
          ['number', 'N'],
        ],
        GlobalSecondaryIndexes: [
          // Multi-attribute keys: the definition's key lists must survive a restart, and the index its entries.
          {
            IndexName: 'byKindAndNumber',
            KeySchema: [
              { AttributeName: 'kind', KeyType: 'HASH' },
              { AttributeName: 'pk', KeyType: 'HASH' },
              { AttributeName: 'sk', KeyType: 'RANGE' },
              { AttributeName: 'number', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
          {
            IndexName: 'byKind',
            KeySchema: [
              { AttributeName: 'kind', KeyType: 'HASH' },
              { AttributeName: 'sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      },
    ),
  );
  await engine.createTable(tableInput('Blobs', [['id', 'B']]));

  await engine.putItem({ TableName: 'Things', Item: everyTypeItem('p1', 1) });
  await engine.putItem({ TableName: 'Things', Item: everyTypeItem('p1', 2) });
  await engine.putItem({ TableName: 'Things', Item: { pk: S('p2'), sk: N(10), kind: S('plain'), n: N(1) } });
  await engine.updateItem({
    TableName: 'Things',
    Key: { pk: S('p2'), sk: N(10) },
    UpdateExpression: 'SET n = n + :one, added = :b',
    ExpressionAttributeValues: { ':one': N(1), ':b': B(42) },
  });
  await engine.deleteItem({ TableName: 'Things', Key: { pk: S('p1'), sk: N(2) } });
  await engine.putItem({ TableName: 'Blobs', Item: { id: B(0xff, 0x00), v: S('high byte first') } });
  await engine.putItem({ TableName: 'Blobs', Item: { id: B(0x00), v: S('zero') } });
  await engine.batchWriteItem({
    RequestItems: {
      Things: [{ PutRequest: { Item: { pk: S('p3'), sk: N(-5), kind: S('plain') } } }, { DeleteRequest: { Key: { pk: S('p1'), sk: N(1) } } }],
      Blobs: [{ PutRequest: { Item: { id: B(1, 2, 3), v: { L: [B(4)] } } } }],
    },
  });
  // Put back the every-type item under a new key after the batch deleted the first.
  await engine.putItem({ TableName: 'Things', Item: everyTypeItem('p1', 3) });
}

/** Everything observable about the engine's data: definitions, items in scan order, the index. */
export async function dumpEngine(engine: LocalDynamoDB): Promise<unknown> {
  const { TableNames = [] } = await engine.listTables({});
  const tables: Record<string, unknown> = {};
  for (const name of TableNames) {
    const { Table } = await engine.describeTable({ TableName: name });
    const items: Item[] = [];
    let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
    do {
      const page = await engine.scan({ TableName: name, ExclusiveStartKey });
      items.push(...((page.Items ?? []) as Item[]));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    const indexes: Record<string, unknown> = {};
    for (const index of Table?.GlobalSecondaryIndexes ?? []) {
      indexes[index.IndexName as string] = (await engine.scan({ TableName: name, IndexName: index.IndexName })).Items;
    }
    tables[name] = { table: Table, items, indexes };
  }
  return tables;
}

/**
 * UpdateTable's changes, for the persistence adapters to keep: a GSI added
 * over stored items (some of which it must skip: a number where it wants a
 * string), a GSI deleted, a stream enabled, the billing mode switched.
 * Returns how many items the added index holds.
 */
export async function writeIndexChangesScenario(engine: LocalDynamoDB): Promise<number> {
  await engine.createTable(
    tableInput(
      'Orders',
      [
        ['pk', 'S'],
        ['sk', 'N'],
      ],
      {
        extraDefinitions: [['old', 'S']],
        GlobalSecondaryIndexes: [{ IndexName: 'byOld', KeySchema: [{ AttributeName: 'old', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } }],
      },
    ),
  );
  let indexed = 0;
  for (let i = 0; i < 12; i++) {
    const status = i % 4 === 0 ? undefined : i % 4 === 1 ? N(i) : S(i % 2 === 0 ? 'NEW' : 'PAID');
    if (status?.S !== undefined) indexed++;
    await engine.putItem({ TableName: 'Orders', Item: { pk: S(`c${i % 3}`), sk: N(i), old: S('x'), ...(status ? { status } : {}) } });
  }
  await engine.updateTable({
    TableName: 'Orders',
    AttributeDefinitions: [
      { AttributeName: 'status', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'N' },
    ],
    GlobalSecondaryIndexUpdates: [
      {
        Create: {
          IndexName: 'byStatus',
          KeySchema: [
            { AttributeName: 'status', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      },
    ],
  });
  await engine.putItem({ TableName: 'Orders', Item: { pk: S('c9'), sk: N(99), status: S('NEW') } });
  indexed++;
  await engine.updateTable({ TableName: 'Orders', GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byOld' } }] });
  await engine.updateTable({ TableName: 'Orders', StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } });
  await engine.updateTable({
    TableName: 'Orders',
    BillingMode: 'PROVISIONED',
    ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 4 },
    GlobalSecondaryIndexUpdates: [{ Update: { IndexName: 'byStatus', ProvisionedThroughput: { ReadCapacityUnits: 3, WriteCapacityUnits: 2 } } }],
  });
  return indexed;
}

/** A table with TTL enabled and tags set after its creation (updateTable changes), and one TTL sweep. */
export async function writeTtlAndTagsScenario(engine: LocalDynamoDB): Promise<void> {
  await engine.createTable({
    TableName: 'Sessions',
    KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
    BillingMode: 'PAY_PER_REQUEST',
    Tags: [{ Key: 'team', Value: 'auth' }],
  });
  await engine.updateTimeToLive({ TableName: 'Sessions', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: true } });
  const arn = 'arn:aws:dynamodb:ddblocal:000000000000:table/Sessions';
  await engine.tagResource({
    ResourceArn: arn,
    Tags: [
      { Key: 'env', Value: 'dev' },
      { Key: 'team', Value: 'identity' },
    ],
  });
  await engine.untagResource({ ResourceArn: arn, TagKeys: ['env'] });
  // Expired long ago (but within five years of any test clock) and never.
  await engine.putItem({ TableName: 'Sessions', Item: { id: { S: 'old' }, exp: { N: '1700000000' } } });
  await engine.putItem({ TableName: 'Sessions', Item: { id: { S: 'kept' } } });
  await engine.sweepExpiredItems();
}

/** What {@link writeTtlAndTagsScenario} leaves, as the engine reports it. */
export async function dumpTtlAndTags(engine: LocalDynamoDB): Promise<unknown> {
  return {
    ttl: (await engine.describeTimeToLive({ TableName: 'Sessions' })).TimeToLiveDescription,
    tags: (await engine.listTagsOfResource({ ResourceArn: 'arn:aws:dynamodb:ddblocal:000000000000:table/Sessions' })).Tags,
    items: (await engine.scan({ TableName: 'Sessions' })).Items,
  };
}

/** A persistence adapter as its tests see it: open + load (a page load or a start-up), and close + open again. */
export interface PersistenceRestarts<P> {
  /** "reload" (the browser) or "restart" (`--data`): the tests' names say it. */
  readonly restartWord: string;
  boot(): Promise<{ persistence: P; engine: LocalDynamoDB }>;
  restart(persistence: P): Promise<{ persistence: P; engine: LocalDynamoDB }>;
}

/**
 * The table changes both adapters must keep across a restart, registered as
 * tests in each adapter's file (what differs between them, the on-disk or
 * in-IndexedDB form, stays in that file).
 */
export function itKeepsTableChangesAcrossRestarts<P>({ restartWord, boot, restart }: PersistenceRestarts<P>): void {
  it(`keeps what UpdateTable changed after a ${restartWord}: an index added later (without the items it skipped), one deleted, the stream, the billing mode`, async () => {
    const first = await boot();
    const indexed = await writeIndexChangesScenario(first.engine);
    const before = await dumpEngine(first.engine);

    const second = await restart(first.persistence);
    expect(await dumpEngine(second.engine)).toEqual(before);
    const { Table } = await second.engine.describeTable({ TableName: 'Orders' });
    expect(Table?.GlobalSecondaryIndexes?.map((index) => [index.IndexName, index.ItemCount, index.ProvisionedThroughput?.ReadCapacityUnits])).toEqual([
      ['byStatus', indexed, 3],
    ]);
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
    // The restored index still refuses a status of another type.
    await expect(second.engine.putItem({ TableName: 'Orders', Item: { pk: S('c1'), sk: N(1), status: N(1) } })).rejects.toThrow(
      /Type mismatch for Index Key status/,
    );
  });

  it(`keeps TTL settings, tags (updateTable changes) and TTL deletes across a ${restartWord}`, async () => {
    const first = await boot();
    await writeTtlAndTagsScenario(first.engine);
    const before = await dumpTtlAndTags(first.engine);
    expect(before).toEqual({
      ttl: { TimeToLiveStatus: 'ENABLED', AttributeName: 'exp' },
      tags: [{ Key: 'team', Value: 'identity' }],
      items: [{ id: S('kept') }],
    });
    const second = await restart(first.persistence);
    expect(await dumpTtlAndTags(second.engine)).toEqual(before);
  });

  it(`keeps a table's configuration parameters (CreateTable's and UpdateTable's) across a ${restartWord}`, async () => {
    const first = await boot();
    await first.engine.createTable({
      TableName: 'Configured',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
      SSESpecification: { Enabled: true },
      OnDemandThroughput: { MaxReadRequestUnits: 10, MaxWriteRequestUnits: 5 },
    });
    await first.engine.updateTable({ TableName: 'Configured', DeletionProtectionEnabled: true, TableClass: 'STANDARD_INFREQUENT_ACCESS' });
    const settings = async (engine: LocalDynamoDB) => {
      const { Table } = await engine.describeTable({ TableName: 'Configured' });
      return [Table?.DeletionProtectionEnabled, Table?.TableClassSummary, Table?.SSEDescription, Table?.OnDemandThroughput];
    };
    const before = await settings(first.engine);
    expect(before[0]).toBe(true);
    const second = await restart(first.persistence);
    expect(await settings(second.engine)).toEqual(before);
    await expect(second.engine.deleteTable({ TableName: 'Configured' })).rejects.toThrow(/protected against deletion/);
  });
}
