/**
 * DynamoDB Streams, compared with the real DynamoDB Local: StreamSpecification
 * on CreateTable and in DescribeTable, ListStreams, DescribeStream,
 * GetShardIterator's four types, GetRecords' records for each view type (event,
 * keys, images, size — not sequence numbers or times, which each side makes
 * itself), and the streams API's errors. Differences from DynamoDB Local, where
 * the engine follows DynamoDB, are in the README: ApproximateCreationDateTime
 * to the second (DynamoDB Local: to the minute); a StreamViewType outside the
 * enum refused (DynamoDB Local accepts it); an iterator type outside the enum a
 * ValidationException (DynamoDB Local: InternalFailure).
 */
import type { AttributeValue, CreateTableCommandInput, StreamViewType } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B, N, S, tableSpec } from './contract/fixtures';
import { canonical, outcomeOf } from './contract/outcome';
import { latestStreamArn, onlyShard, readStream, recordsByKey, recordSummary, startStreamSides, type StreamSide } from './streamSides';

let engine: StreamSide;
let local: StreamSide;
const created: string[] = [];

beforeAll(async () => {
  ({ engine, local } = await startStreamSides());
});

afterAll(async () => {
  for (const side of [engine, local]) {
    for (const name of created) await side?.db.deleteTable({ TableName: name }).catch(() => undefined);
  }
  await local?.close();
  await engine?.close();
});

const both = () => [engine, local] as const;

/** A pk (S) / sk (N) table with a stream of this view type, on both sides (same name). */
async function streamTable(viewType: StreamViewType): Promise<string> {
  const spec = tableSpec(`streams-${viewType.toLowerCase()}`, [
    ['pk', 'S'],
    ['sk', 'N'],
  ]);
  const input: CreateTableCommandInput = { ...spec.input, StreamSpecification: { StreamEnabled: true, StreamViewType: viewType } };
  for (const side of both()) await side.db.createTable(input);
  created.push(spec.name);
  return spec.name;
}

const key = (sk: number) => ({ pk: S('p'), sk: N(sk) });

/** Single-item writes and a transaction, in an order whose records both sides must give in the same order. */
async function writeSequence(side: StreamSide, table: string): Promise<void> {
  const item = (sk: number, extra: Record<string, AttributeValue> = {}) => ({ ...key(sk), ...extra });
  await side.db.putItem({ TableName: table, Item: item(1, { v: S('a'), b: B(0xff, 0), m: { M: { l: { L: [N('1.5'), { SS: ['y', 'x'] }] } } } }) });
  // Identical (set members in another order): no record. Numbers are kept as written here: DynamoDB Local
  // shows `1.50` as `1.50` in later images, the engine (like DynamoDB) as `1.5`.
  await side.db.putItem({ TableName: table, Item: item(1, { v: S('a'), b: B(0xff, 0), m: { M: { l: { L: [N('1.5'), { SS: ['x', 'y'] }] } } } }) });
  await side.db.putItem({ TableName: table, Item: item(1, { v: S('b') }) });
  // Changes nothing: no record.
  await side.db.updateItem({ TableName: table, Key: key(1), UpdateExpression: 'SET v = :v', ExpressionAttributeValues: { ':v': S('b') } });
  await side.db.updateItem({ TableName: table, Key: key(2), UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': N(10) } });
  await side.db.updateItem({ TableName: table, Key: key(2), UpdateExpression: 'ADD n :n REMOVE gone', ExpressionAttributeValues: { ':n': N(5) } });
  await side.db.deleteItem({ TableName: table, Key: key(1) });
  // Nothing to delete: no record.
  await side.db.deleteItem({ TableName: table, Key: key(9) });
  await side.db.transactWriteItems({
    TransactItems: [
      { Put: { TableName: table, Item: item(3, { t: S('tx') }) } },
      { Update: { TableName: table, Key: key(2), UpdateExpression: 'SET t = :t', ExpressionAttributeValues: { ':t': S('tx') } } },
      { Delete: { TableName: table, Key: key(8) } },
    ],
  });
  // A failed condition writes nothing: no record.
  await side.db.putItem({ TableName: table, Item: item(3), ConditionExpression: 'attribute_not_exists(pk)' }).catch(() => undefined);
}

describe('StreamSpecification', () => {
  it('is shown by CreateTable and DescribeTable with the stream label and ARN', async () => {
    const table = await streamTable('NEW_AND_OLD_IMAGES');
    const shapes = [];
    for (const side of both()) {
      const { Table } = await side.db.describeTable({ TableName: table });
      expect(Table?.LatestStreamArn).toBe(`${Table?.TableArn}/stream/${Table?.LatestStreamLabel}`);
      expect(Table?.LatestStreamLabel).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
      shapes.push(Table?.StreamSpecification);
    }
    expect(shapes[0]).toEqual(shapes[1]);
    expect(shapes[0]).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('refuses the same invalid specifications with the same messages', async () => {
    const spec = tableSpec('streams-invalid', [['pk', 'S']]);
    const cases = [{ StreamEnabled: true }, { StreamEnabled: false, StreamViewType: 'KEYS_ONLY' as const }, { StreamViewType: 'KEYS_ONLY' as const }];
    for (const StreamSpecification of cases) {
      const outcomes = [];
      for (const side of both())
        outcomes.push(await outcomeOf(() => side.db.createTable({ ...spec.input, StreamSpecification: StreamSpecification as never })));
      expect(outcomes[0], JSON.stringify(StreamSpecification)).toEqual(outcomes[1]);
      expect(outcomes[0]).toMatchObject({ ok: false, name: 'ValidationException' });
    }
  });

  it('with StreamEnabled false makes no stream', async () => {
    const spec = tableSpec('streams-off', [['pk', 'S']]);
    for (const side of both()) {
      await side.db.createTable({ ...spec.input, StreamSpecification: { StreamEnabled: false } });
      const { Table } = await side.db.describeTable({ TableName: spec.name });
      expect(Table?.StreamSpecification).toBeUndefined();
      expect(Table?.LatestStreamArn).toBeUndefined();
      expect((await side.streams.listStreams({ TableName: spec.name })).Streams).toEqual([]);
    }
    created.push(spec.name);
  });
});

describe('GetRecords', () => {
  for (const viewType of ['NEW_AND_OLD_IMAGES', 'NEW_IMAGE', 'OLD_IMAGE', 'KEYS_ONLY'] as const) {
    it(`gives the same ${viewType} records in write order, none for writes that change nothing`, async () => {
      const table = await streamTable(viewType);
      const summaries = [];
      for (const side of both()) {
        await writeSequence(side, table);
        summaries.push((await readStream(side, await latestStreamArn(side, table))).map(recordSummary));
      }
      expect(summaries[0]).toEqual(summaries[1]);
      expect((summaries[0] as { eventName: string }[]).map((record) => record.eventName)).toEqual([
        'INSERT',
        'MODIFY',
        'INSERT',
        'MODIFY',
        'REMOVE',
        'INSERT',
        'MODIFY',
      ]);
    });
  }

  it('gives the same records per item for a BatchWriteItem, and pages with Limit', async () => {
    const table = await streamTable('NEW_AND_OLD_IMAGES');
    const grouped = [];
    for (const side of both()) {
      await side.db.putItem({ TableName: table, Item: { ...key(1), v: S('old') } });
      await side.db.batchWriteItem({
        RequestItems: {
          [table]: [
            { DeleteRequest: { Key: key(1) } },
            { PutRequest: { Item: { ...key(2), v: S('new') } } },
            { DeleteRequest: { Key: key(7) } },
            { PutRequest: { Item: key(3) } },
          ],
        },
      });
      const arn = await latestStreamArn(side, table);
      const records = await readStream(side, arn, 1);
      expect(records).toHaveLength(4);
      grouped.push(recordsByKey(records));
    }
    expect(grouped[0]).toEqual(grouped[1]);
  });

  it('reads from AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER and LATEST as DynamoDB Local does', async () => {
    const table = await streamTable('KEYS_ONLY');
    const results = [];
    for (const side of both()) {
      for (let sk = 1; sk <= 4; sk++) await side.db.putItem({ TableName: table, Item: key(sk) });
      const arn = await latestStreamArn(side, table);
      const shardId = await onlyShard(side, arn);
      const records = await readStream(side, arn);
      const second = records[1]?.dynamodb?.SequenceNumber as string;
      const from = async (ShardIteratorType: 'AT_SEQUENCE_NUMBER' | 'AFTER_SEQUENCE_NUMBER' | 'LATEST', SequenceNumber?: string) => {
        const { ShardIterator } = await side.streams.getShardIterator({ StreamArn: arn, ShardId: shardId, ShardIteratorType, SequenceNumber });
        return ShardIterator as string;
      };
      const at = await side.streams.getRecords({ ShardIterator: await from('AT_SEQUENCE_NUMBER', second) });
      const after = await side.streams.getRecords({ ShardIterator: await from('AFTER_SEQUENCE_NUMBER', second) });
      const latest = await from('LATEST');
      const beforeWrite = await side.streams.getRecords({ ShardIterator: latest });
      await side.db.deleteItem({ TableName: table, Key: key(4) });
      const afterWrite = await side.streams.getRecords({ ShardIterator: beforeWrite.NextShardIterator });
      // The iterator after the last record carries on once more is written.
      const tail = await side.streams.getRecords({ ShardIterator: afterWrite.NextShardIterator });
      results.push(
        canonical({
          at: at.Records?.map(recordSummary),
          after: after.Records?.map(recordSummary),
          beforeWrite: beforeWrite.Records,
          afterWrite: afterWrite.Records?.map(recordSummary),
          tail: tail.Records,
          open: [beforeWrite, afterWrite, tail].map((page) => page.NextShardIterator !== undefined),
        }),
      );
    }
    expect(results[0]).toEqual(results[1]);
  });
});

describe('ListStreams and DescribeStream', () => {
  it('describe a table stream the same way, and a deleted table’s stream as DISABLED with its ending sequence number', async () => {
    const spec = tableSpec('streams-described', [
      ['pk', 'S'],
      ['sk', 'N'],
    ]);
    const described = [];
    for (const side of both()) {
      await side.db.createTable({ ...spec.input, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } });
      await side.db.putItem({ TableName: spec.name, Item: key(1) });
      const arn = await latestStreamArn(side, spec.name);
      const listed = await side.streams.listStreams({ TableName: spec.name });
      expect(listed.Streams).toEqual([{ StreamArn: arn, TableName: spec.name, StreamLabel: arn.slice(arn.lastIndexOf('/') + 1) }]);
      const open = (await side.streams.describeStream({ StreamArn: arn })).StreamDescription;
      await side.db.deleteTable({ TableName: spec.name });
      const closed = (await side.streams.describeStream({ StreamArn: arn })).StreamDescription;
      // The closed shard ends at its last record. (Not at the open shard's StartingSequenceNumber: DynamoDB Local
      // numbers records across all tables, so a concurrent test's write can fall between the shard's start and its record.)
      const shardId = closed?.Shards?.[0]?.ShardId as string;
      const { ShardIterator } = await side.streams.getShardIterator({ StreamArn: arn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' });
      const records = (await side.streams.getRecords({ ShardIterator })).Records ?? [];
      expect(records).toHaveLength(1);
      expect(closed?.Shards?.[0]?.SequenceNumberRange?.EndingSequenceNumber).toBe(records[0]?.dynamodb?.SequenceNumber);
      expect(closed?.Shards?.[0]?.ShardId).toMatch(/^shardId-\d{20}-[0-9a-f]{8}$/);
      const listedAfter = await side.streams.listStreams({ TableName: spec.name });
      const shape = (description: typeof open) =>
        canonical({ ...description, StreamArn: undefined, StreamLabel: undefined, CreationRequestDateTime: undefined, Shards: description?.Shards?.length });
      described.push({ open: shape(open), closed: shape(closed), listedAfter: listedAfter.Streams?.length });
    }
    expect(described[0]).toEqual(described[1]);
    expect(described[0]).toMatchObject({ open: { StreamStatus: 'ENABLED', StreamViewType: 'NEW_IMAGE' }, closed: { StreamStatus: 'DISABLED' } });
  });
});

describe('errors', () => {
  it('are the same for bad iterators, streams, shards, sequence numbers and limits', async () => {
    const table = await streamTable('KEYS_ONLY');
    const outcomes: unknown[][] = [];
    for (const side of both()) {
      await side.db.putItem({ TableName: table, Item: key(1) });
      const arn = await latestStreamArn(side, table);
      const shardId = await onlyShard(side, arn);
      const { ShardIterator } = await side.streams.getShardIterator({ StreamArn: arn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' });
      const calls = [
        () => side.streams.getRecords({ ShardIterator: 'not an iterator' }),
        () => side.streams.getRecords({ ShardIterator: `${arn}|001|forged` }),
        () => side.streams.getRecords({ ShardIterator, Limit: 0 }),
        () => side.streams.getRecords({ ShardIterator, Limit: 1001 }),
        () => side.streams.describeStream({ StreamArn: `${arn}x` }),
        () => side.streams.describeStream({ StreamArn: arn, Limit: 0 }),
        () => side.streams.getShardIterator({ StreamArn: arn, ShardId: 'shardId-00000000000000000000-00000000', ShardIteratorType: 'LATEST' }),
        () => side.streams.getShardIterator({ StreamArn: arn, ShardId: shardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER' }),
        () => side.streams.getShardIterator({ StreamArn: arn, ShardId: shardId, ShardIteratorType: 'LATEST', SequenceNumber: '000000000000000000001' }),
        () => side.streams.getShardIterator({ StreamArn: arn, ShardId: shardId, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: '12' }),
        () =>
          side.streams.getShardIterator({ StreamArn: arn, ShardId: shardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: '000000000000000000000' }),
        () => side.streams.listStreams({ Limit: 0 }),
        () => side.streams.listStreams({ Limit: 101 }),
      ];
      const sideOutcomes = [];
      for (const call of calls) sideOutcomes.push(await outcomeOf(call));
      outcomes.push(sideOutcomes.map((outcome) => (outcome.ok ? outcome : { name: outcome.name, message: outcome.message.replace(arn, '<arn>') })));
    }
    expect(outcomes[0]).toEqual(outcomes[1]);
  });
});
