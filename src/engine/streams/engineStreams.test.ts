/**
 * Streams through the engine's operations, with a driven clock: sequence
 * numbers and shards, the four iterator types, retention, view types and
 * image contents, writes that make no record, TTL deletions.
 */
import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import { describe, expect, it } from 'vitest';
import { createEngine, expectError, FIXED_NOW, N, S, tableInput } from '../engine.fixtures';
import type { LocalDynamoDB } from '../localDynamoDB.types';
import { readAllRecords, createStreamTable, writeStreamScenario } from './streams.fixtures';
import { ITERATOR_LIFETIME_MS } from './shardIterator';
import { STREAM_RETENTION_MS } from './streamLog';
import type { StreamViewType } from './streamSetting';

const HOUR = 60 * 60 * 1000;

/** An engine whose clock the test moves. */
function engineWithClock() {
  const clock = { now: FIXED_NOW };
  const engine = createEngine({ clock: () => clock.now });
  return { clock, engine };
}

async function shardOf(engine: LocalDynamoDB, tableName: string) {
  const { Table } = await engine.describeTable({ TableName: tableName });
  const StreamArn = Table?.LatestStreamArn as string;
  const { StreamDescription } = await engine.describeStream({ StreamArn });
  const shard = StreamDescription?.Shards?.[0];
  return { StreamArn, ShardId: shard?.ShardId as string, shard, description: StreamDescription };
}

async function iterator(
  engine: LocalDynamoDB,
  tableName: string,
  ShardIteratorType: 'TRIM_HORIZON' | 'LATEST' | 'AT_SEQUENCE_NUMBER' | 'AFTER_SEQUENCE_NUMBER',
  SequenceNumber?: string,
) {
  const { StreamArn, ShardId } = await shardOf(engine, tableName);
  const { ShardIterator } = await engine.getShardIterator({ StreamArn, ShardId, ShardIteratorType, ...(SequenceNumber ? { SequenceNumber } : {}) });
  return ShardIterator as string;
}

const skOf = (records: readonly _Record[]) => records.map((record) => Number(record.dynamodb?.Keys?.sk?.N));
const sequenceOf = (records: readonly _Record[]) => records.map((record) => record.dynamodb?.SequenceNumber as string);

describe('sequence numbers and shards', () => {
  it('number records in write order across the engine, 21 digits, increasing', async () => {
    const { engine } = engineWithClock();
    await createStreamTable(engine, 'Aaa');
    await createStreamTable(engine, 'Bbb');
    await engine.putItem({ TableName: 'Aaa', Item: { pk: S('a'), sk: N(1) } });
    await engine.putItem({ TableName: 'Bbb', Item: { pk: S('b'), sk: N(1) } });
    await engine.putItem({ TableName: 'Aaa', Item: { pk: S('a'), sk: N(2) } });
    const a = sequenceOf(await readAllRecords(engine, 'Aaa'));
    const b = sequenceOf(await readAllRecords(engine, 'Bbb'));
    expect(a).toEqual(['000000000000000000001', '000000000000000000003']);
    expect(b).toEqual(['000000000000000000002']);
  });

  it('give each stream one shard whose range starts where the stream began and ends when it closes', async () => {
    const { clock, engine } = engineWithClock();
    await createStreamTable(engine, 'Aaa');
    await engine.putItem({ TableName: 'Aaa', Item: { pk: S('a'), sk: N(1) } });
    const first = await shardOf(engine, 'Aaa');
    expect(first.description?.StreamStatus).toBe('ENABLED');
    expect(first.shard).toEqual({
      ShardId: expect.stringMatching(/^shardId-\d{20}-[0-9a-f]{8}$/),
      SequenceNumberRange: { StartingSequenceNumber: '000000000000000000001' },
    });
    clock.now += 1000;
    await engine.updateTable({ TableName: 'Aaa', StreamSpecification: { StreamEnabled: false } });
    await engine.updateTable({ TableName: 'Aaa', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } });
    await engine.putItem({ TableName: 'Aaa', Item: { pk: S('a'), sk: N(2) } });
    const closed = await engine.describeStream({ StreamArn: first.StreamArn });
    expect(closed.StreamDescription?.StreamStatus).toBe('DISABLED');
    expect(closed.StreamDescription?.Shards?.[0]?.SequenceNumberRange).toEqual({
      StartingSequenceNumber: '000000000000000000001',
      EndingSequenceNumber: '000000000000000000001',
    });
    const second = await shardOf(engine, 'Aaa');
    expect(second.StreamArn).not.toBe(first.StreamArn);
    expect(second.ShardId).not.toBe(first.ShardId);
    expect(second.shard?.SequenceNumberRange).toEqual({ StartingSequenceNumber: '000000000000000000002' });
    // Each stream holds its own records only.
    expect(skOf(await readAllRecords(engine, 'Aaa'))).toEqual([2]);
    expect((await engine.listStreams({ TableName: 'Aaa' })).Streams?.map((stream) => stream.StreamArn)).toEqual([first.StreamArn, second.StreamArn]);
  });
});

describe('shard iterators', () => {
  async function fiveRecords() {
    const { clock, engine } = engineWithClock();
    await createStreamTable(engine, 'Tbl', 'KEYS_ONLY');
    for (let sk = 1; sk <= 5; sk++) await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(sk) } });
    return { clock, engine };
  }

  it('TRIM_HORIZON reads from the oldest record, in pages of Limit, and carries on after new writes', async () => {
    const { engine } = await fiveRecords();
    const first = await engine.getRecords({ ShardIterator: await iterator(engine, 'Tbl', 'TRIM_HORIZON'), Limit: 3 });
    expect(skOf(first.Records ?? [])).toEqual([1, 2, 3]);
    const second = await engine.getRecords({ ShardIterator: first.NextShardIterator, Limit: 3 });
    expect(skOf(second.Records ?? [])).toEqual([4, 5]);
    const empty = await engine.getRecords({ ShardIterator: second.NextShardIterator });
    expect(empty.Records).toEqual([]);
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(6) } });
    expect(skOf((await engine.getRecords({ ShardIterator: empty.NextShardIterator })).Records ?? [])).toEqual([6]);
  });

  it('LATEST reads only what is written after it', async () => {
    const { engine } = await fiveRecords();
    const latest = await iterator(engine, 'Tbl', 'LATEST');
    expect((await engine.getRecords({ ShardIterator: latest })).Records).toEqual([]);
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(6) } });
    expect(skOf((await engine.getRecords({ ShardIterator: latest })).Records ?? [])).toEqual([6]);
  });

  it('AT_SEQUENCE_NUMBER reads from that record, AFTER_SEQUENCE_NUMBER from the next', async () => {
    const { engine } = await fiveRecords();
    const sequences = sequenceOf(await readAllRecords(engine, 'Tbl'));
    const third = sequences[2] as string;
    expect(skOf((await engine.getRecords({ ShardIterator: await iterator(engine, 'Tbl', 'AT_SEQUENCE_NUMBER', third) })).Records ?? [])).toEqual([3, 4, 5]);
    expect(skOf((await engine.getRecords({ ShardIterator: await iterator(engine, 'Tbl', 'AFTER_SEQUENCE_NUMBER', third) })).Records ?? [])).toEqual([4, 5]);
    const last = sequences[4] as string;
    expect((await engine.getRecords({ ShardIterator: await iterator(engine, 'Tbl', 'AFTER_SEQUENCE_NUMBER', last) })).Records).toEqual([]);
  });

  it('refuses sequence numbers outside the shard and misplaced ones with DynamoDB Local’s messages', async () => {
    const { engine } = await fiveRecords();
    const { StreamArn, ShardId } = await shardOf(engine, 'Tbl');
    const get = (ShardIteratorType: 'LATEST' | 'AT_SEQUENCE_NUMBER' | 'AFTER_SEQUENCE_NUMBER', SequenceNumber?: string) =>
      engine.getShardIterator({ StreamArn, ShardId, ShardIteratorType, ...(SequenceNumber === undefined ? {} : { SequenceNumber }) });
    await expectError(get('AT_SEQUENCE_NUMBER', '000000000000000000006'), 'ValidationException', 'Invalid SequenceNumber for the shard');
    await expectError(get('AT_SEQUENCE_NUMBER', '000000000000000000000'), 'ValidationException', 'Invalid SequenceNumber for the shard');
    await expectError(get('AT_SEQUENCE_NUMBER'), 'ValidationException', 'One or more parameter values were invalid: Invalid SequenceNumber');
    await expectError(
      get('LATEST', '000000000000000000001'),
      'ValidationException',
      'One or more parameter values were invalid: SequenceNumber should not be passed for this iterator type',
    );
    await expectError(
      get('AFTER_SEQUENCE_NUMBER', '12'),
      'ValidationException',
      "1 validation error detected: Value '12' at 'sequenceNumber' failed to satisfy constraint: Member must have length greater than or equal to 21",
    );
    await expectError(
      engine.getShardIterator({ StreamArn, ShardId: 'shardId-00000000000000000000-00000000', ShardIteratorType: 'LATEST' }),
      'ResourceNotFoundException',
      'Shard does not exist',
    );
    await expectError(
      engine.getShardIterator({ StreamArn: `${StreamArn}x`, ShardId, ShardIteratorType: 'LATEST' }),
      'ResourceNotFoundException',
      'Stream does not exist',
    );
  });

  it('expire 15 minutes after they are made; each GetRecords hands out a fresh one', async () => {
    const { clock, engine } = await fiveRecords();
    const start = await iterator(engine, 'Tbl', 'TRIM_HORIZON');
    clock.now += ITERATOR_LIFETIME_MS;
    const page = await engine.getRecords({ ShardIterator: start, Limit: 1 });
    expect(skOf(page.Records ?? [])).toEqual([1]);
    clock.now += 1;
    await expectError(
      engine.getRecords({ ShardIterator: start }),
      'ExpiredIteratorException',
      /^Iterator expired: it was made at .+ and is valid for 15 minutes\. Get a new one with GetShardIterator\.$/,
    );
    // The iterator GetRecords returned was made at the later time: still good.
    expect(skOf((await engine.getRecords({ ShardIterator: page.NextShardIterator })).Records ?? [])).toEqual([2, 3, 4, 5]);
  });

  it('refuse strings that are not iterators, and iterators of a stream that is gone', async () => {
    const { clock, engine } = await fiveRecords();
    const start = await iterator(engine, 'Tbl', 'TRIM_HORIZON');
    await expectError(engine.getRecords({ ShardIterator: 'not an iterator' }), 'ValidationException', 'Invalid ShardIterator');
    await expectError(
      engine.getRecords({ ShardIterator: start.replace('|000000000000000000001|', '|000000000000000000002|') }),
      'ValidationException',
      'Invalid ShardIterator',
    );
    await expectError(
      engine.getRecords({ ShardIterator: start, Limit: 1001 }),
      'ValidationException',
      'One or more parameter values were invalid: Limit should be less than or equal to 1000',
    );
    await engine.deleteTable({ TableName: 'Tbl' });
    // A deleted table's stream stays readable for 24 hours, then is gone.
    expect(skOf((await engine.getRecords({ ShardIterator: start })).Records ?? [])).toEqual([1, 2, 3, 4, 5]);
    clock.now += STREAM_RETENTION_MS + 1;
    const arn = start.split('|')[0] as string;
    await expectError(engine.describeStream({ StreamArn: arn }), 'ResourceNotFoundException', `Requested resource not found: Stream: ${arn} not found`);
    expect((await engine.listStreams({})).Streams).toEqual([]);
  });

  it('on a closed shard, stop handing out iterators once its last record is read', async () => {
    const { engine } = await fiveRecords();
    const start = await iterator(engine, 'Tbl', 'TRIM_HORIZON');
    await engine.updateTable({ TableName: 'Tbl', StreamSpecification: { StreamEnabled: false } });
    const first = await engine.getRecords({ ShardIterator: start, Limit: 4 });
    expect(first.NextShardIterator).toBeDefined();
    const last = await engine.getRecords({ ShardIterator: first.NextShardIterator });
    expect(skOf(last.Records ?? [])).toEqual([5]);
    expect(last.NextShardIterator).toBeUndefined();
  });
});

describe('retention: 24 hours on the engine clock', () => {
  it('trims older records; TRIM_HORIZON starts after them; an iterator into them is TrimmedDataAccessException', async () => {
    const { clock, engine } = engineWithClock();
    await createStreamTable(engine, 'Tbl', 'KEYS_ONLY');
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(1) } });
    const oldStart = await iterator(engine, 'Tbl', 'TRIM_HORIZON');
    const [firstSequence] = sequenceOf(await readAllRecords(engine, 'Tbl'));
    clock.now += 2 * HOUR;
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(2) } });
    // Exactly 24 hours old: still kept.
    clock.now = FIXED_NOW + STREAM_RETENTION_MS;
    expect(skOf(await readAllRecords(engine, 'Tbl'))).toEqual([1, 2]);
    clock.now += 1;
    expect(skOf(await readAllRecords(engine, 'Tbl'))).toEqual([2]);
    await expectError(
      engine.getShardIterator({ ...(await shardOf(engine, 'Tbl')), ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: firstSequence }),
      'TrimmedDataAccessException',
      /has been trimmed/,
    );
    // The old iterator is past its 15 minutes anyway; a fresh one at the old position is refused as trimmed.
    await expectError(engine.getRecords({ ShardIterator: oldStart }), 'ExpiredIteratorException', /^Iterator expired/);
    clock.now += 2 * HOUR;
    expect(await readAllRecords(engine, 'Tbl')).toEqual([]);
    const { shard } = await shardOf(engine, 'Tbl');
    expect(shard?.SequenceNumberRange?.StartingSequenceNumber).toBe('000000000000000000001');
  });

  it('an iterator made before its records were trimmed reads TrimmedDataAccessException', async () => {
    const { clock, engine } = engineWithClock();
    await createStreamTable(engine, 'Tbl', 'KEYS_ONLY');
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(1) } });
    clock.now += STREAM_RETENTION_MS - 5 * 60 * 1000;
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(2) } });
    const start = await iterator(engine, 'Tbl', 'TRIM_HORIZON');
    clock.now += 10 * 60 * 1000;
    await expectError(engine.getRecords({ ShardIterator: start }), 'TrimmedDataAccessException', /has been trimmed.*TRIM_HORIZON/);
    expect(skOf((await engine.getRecords({ ShardIterator: await iterator(engine, 'Tbl', 'TRIM_HORIZON') })).Records ?? [])).toEqual([2]);
  });

  it('drops a closed stream 24 hours after it closed', async () => {
    const { clock, engine } = engineWithClock();
    await createStreamTable(engine, 'Tbl', 'KEYS_ONLY');
    const { StreamArn } = await shardOf(engine, 'Tbl');
    clock.now += HOUR;
    await engine.updateTable({ TableName: 'Tbl', StreamSpecification: { StreamEnabled: false } });
    clock.now += STREAM_RETENTION_MS;
    expect((await engine.listStreams({ TableName: 'Tbl' })).Streams).toHaveLength(1);
    clock.now += 1;
    expect((await engine.listStreams({ TableName: 'Tbl' })).Streams).toEqual([]);
    await expectError(engine.describeStream({ StreamArn }), 'ResourceNotFoundException', `Requested resource not found: Stream: ${StreamArn} not found`);
  });
});

describe('view types and images', () => {
  const summary = (records: readonly _Record[]) =>
    records.map((record) => ({
      event: record.eventName,
      keys: record.dynamodb?.Keys,
      new: record.dynamodb?.NewImage,
      old: record.dynamodb?.OldImage,
      size: record.dynamodb?.SizeBytes,
      viewType: record.dynamodb?.StreamViewType,
    }));

  const images = (viewType: StreamViewType) => {
    const shows = { new: viewType === 'NEW_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES', old: viewType === 'OLD_IMAGE' || viewType === 'NEW_AND_OLD_IMAGES' };
    const key = (sk: number, pk = 'p') => ({ pk: S(pk), sk: N(sk) });
    const first = { ...key(1), bytes: { B: Uint8Array.from([0, 255]) }, text: S('ü𝄞') };
    const updated = { ...first, n: N(1) };
    // The scenario of streams.fixtures.ts: put, put, update, delete, then a batch (put q/1, delete p/1).
    const steps = [
      { event: 'INSERT', keys: key(1), after: first },
      { event: 'INSERT', keys: key(2), after: key(2) },
      { event: 'MODIFY', keys: key(1), before: first, after: updated },
      { event: 'REMOVE', keys: key(2), before: key(2) },
      { event: 'INSERT', keys: key(1, 'q'), after: key(1, 'q') },
      { event: 'REMOVE', keys: key(1), before: updated },
    ];
    return steps.map(({ event, keys, before, after }) => ({ event, keys, new: shows.new ? after : undefined, old: shows.old ? before : undefined, viewType }));
  };

  for (const viewType of ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES'] as const) {
    it(`${viewType}: every record has the keys and exactly the images the view type shows`, async () => {
      const { engine } = engineWithClock();
      await createStreamTable(engine, 'Tbl', viewType);
      await writeStreamScenario(engine, 'Tbl');
      const records = summary(await readAllRecords(engine, 'Tbl'));
      expect(records.map(({ size: _size, ...rest }) => rest)).toEqual(images(viewType));
    });
  }

  it('SizeBytes counts the keys and the images shown, as DynamoDB sizes items', async () => {
    const { engine } = engineWithClock();
    const sizes: Record<string, number[]> = {};
    for (const viewType of ['KEYS_ONLY', 'NEW_IMAGE', 'OLD_IMAGE', 'NEW_AND_OLD_IMAGES'] as const) {
      await createStreamTable(engine, viewType, viewType);
      await engine.putItem({ TableName: viewType, Item: { pk: S('p'), sk: N(1) } });
      await engine.putItem({ TableName: viewType, Item: { pk: S('p'), sk: N(1), text: S('abcd') } });
      sizes[viewType] = (await readAllRecords(engine, viewType)).map((record) => record.dynamodb?.SizeBytes as number);
    }
    // Keys: pk (2 + 1) + sk (2 + 2) = 7 bytes; `text` adds 4 + 4.
    expect(sizes).toEqual({ KEYS_ONLY: [7, 7], NEW_IMAGE: [14, 22], OLD_IMAGE: [7, 14], NEW_AND_OLD_IMAGES: [14, 29] });
  });

  it('images are copies: changing a record read back changes neither the stream nor the table', async () => {
    const { engine } = engineWithClock();
    await createStreamTable(engine, 'Tbl', 'NEW_IMAGE');
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(1), list: { L: [S('a')] } } });
    const [record] = await readAllRecords(engine, 'Tbl');
    (record?.dynamodb?.NewImage?.list?.L as unknown[]).push({ S: 'b' });
    const [again] = await readAllRecords(engine, 'Tbl');
    expect(again?.dynamodb?.NewImage?.list).toEqual({ L: [S('a')] });
    expect((await engine.getItem({ TableName: 'Tbl', Key: { pk: S('p'), sk: N(1) } })).Item?.list).toEqual({ L: [S('a')] });
  });

  it('records are made with the engine clock, rounded down to the second, with constant event fields', async () => {
    const { clock, engine } = engineWithClock();
    await createStreamTable(engine, 'Tbl', 'KEYS_ONLY');
    clock.now = FIXED_NOW + 1999;
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(1) } });
    const [record] = await readAllRecords(engine, 'Tbl');
    expect(record).toMatchObject({
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'ddblocal',
      eventID: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(record?.dynamodb?.ApproximateCreationDateTime).toEqual(new Date(FIXED_NOW + 1000));
    expect(record?.userIdentity).toBeUndefined();
  });
});

describe('writes that change nothing make no record', () => {
  it('an identical put (numbers compared by value), a delete of a missing item, an update to the same value, a failed condition', async () => {
    const { engine } = engineWithClock();
    await createStreamTable(engine, 'Tbl', 'NEW_AND_OLD_IMAGES');
    const Key = { pk: S('p'), sk: N(1) };
    await engine.putItem({ TableName: 'Tbl', Item: { ...Key, n: N('1000'), m: { M: { a: N('1.50') } }, set: { SS: ['b', 'a'] } } });
    await engine.putItem({ TableName: 'Tbl', Item: { ...Key, n: N('1e3'), m: { M: { a: N('1.5') } }, set: { SS: ['a', 'b'] } } });
    await engine.deleteItem({ TableName: 'Tbl', Key: { pk: S('p'), sk: N(2) } });
    await engine.updateItem({ TableName: 'Tbl', Key, UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': N('1000') } });
    await expectError(
      engine.putItem({ TableName: 'Tbl', Item: { ...Key, n: N(2) }, ConditionExpression: 'attribute_not_exists(pk)' }),
      'ConditionalCheckFailedException',
      'The conditional request failed',
    );
    await engine.batchWriteItem({ RequestItems: { Tbl: [{ DeleteRequest: { Key: { pk: S('p'), sk: N(3) } } }] } });
    const records = await readAllRecords(engine, 'Tbl');
    expect(records.map((record) => record.eventName)).toEqual(['INSERT']);
    // A put that changes an attribute's type is a change.
    await engine.putItem({ TableName: 'Tbl', Item: { ...Key, n: S('1000'), m: { M: { a: N('1.5') } }, set: { SS: ['a', 'b'] } } });
    expect((await readAllRecords(engine, 'Tbl')).map((record) => record.eventName)).toEqual(['INSERT', 'MODIFY']);
  });

  it('one key written twice in one bulk load: two records, the second with the first as its old image', async () => {
    const { engine } = engineWithClock();
    await createStreamTable(engine, 'Tbl', 'NEW_AND_OLD_IMAGES');
    await engine.loadItems('Tbl', [
      { pk: S('p'), sk: N(1), v: N(1) },
      { pk: S('p'), sk: N(1), v: N(2) },
      { pk: S('p'), sk: N(1), v: N(2) },
    ]);
    const records = await readAllRecords(engine, 'Tbl');
    expect(records.map((record) => [record.eventName, record.dynamodb?.OldImage?.v, record.dynamodb?.NewImage?.v])).toEqual([
      ['INSERT', undefined, N(1)],
      ['MODIFY', N(1), N(2)],
    ]);
  });

  it('tables without a stream make none, and a stream enabled later starts with the next write', async () => {
    const { engine } = engineWithClock();
    await engine.createTable(
      tableInput('Tbl', [
        ['pk', 'S'],
        ['sk', 'N'],
      ]),
    );
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(1) } });
    expect((await engine.listStreams({})).Streams).toEqual([]);
    await engine.updateTable({ TableName: 'Tbl', StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } });
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(2) } });
    expect(skOf(await readAllRecords(engine, 'Tbl'))).toEqual([2]);
  });
});

describe('TTL deletions', () => {
  it('carry DynamoDB’s service as userIdentity; a user’s delete does not', async () => {
    const { clock, engine } = engineWithClock();
    await createStreamTable(engine, 'Tbl', 'OLD_IMAGE');
    await engine.updateTimeToLive({ TableName: 'Tbl', TimeToLiveSpecification: { AttributeName: 'exp', Enabled: true } });
    const nowSeconds = Math.floor(FIXED_NOW / 1000);
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(1), exp: N(nowSeconds + 10) } });
    await engine.putItem({ TableName: 'Tbl', Item: { pk: S('p'), sk: N(2), exp: N(nowSeconds + 10) } });
    await engine.deleteItem({ TableName: 'Tbl', Key: { pk: S('p'), sk: N(2) } });
    clock.now += 11_000;
    expect(await engine.sweepExpiredItems()).toBe(1);
    const records = await readAllRecords(engine, 'Tbl');
    expect(records.map((record) => [record.eventName, record.dynamodb?.Keys?.sk, record.userIdentity])).toEqual([
      ['INSERT', N(1), undefined],
      ['INSERT', N(2), undefined],
      ['REMOVE', N(2), undefined],
      ['REMOVE', N(1), { PrincipalId: 'dynamodb.amazonaws.com', Type: 'Service' }],
    ]);
    expect(records[3]?.dynamodb?.OldImage).toEqual({ pk: S('p'), sk: N(1), exp: N(nowSeconds + 10) });
  });
});
