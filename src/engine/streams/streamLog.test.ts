import { describe, expect, it } from 'vitest';
import { DynamoDBError } from '../../expressions';
import { decodeShardIterator, encodeShardIterator, formatSequence, ITERATOR_LIFETIME_MS, parseSequence, type ShardPosition } from './shardIterator';
import { StreamLog, type StreamRecordEntry } from './streamLog';
import { newStreamSetting, streamLabel, streamLabelTime, tableNameOfStreamArn } from './streamSetting';

const CREATED = Date.UTC(2026, 11, 1, 16, 31, 47, 305);
const ARN = `arn:aws:dynamodb:ddblocal:000000000000:table/Orders/stream/${streamLabel(CREATED)}`;

function log(startingSequence = 1): StreamLog {
  return new StreamLog(
    {
      arn: ARN,
      tableName: 'Orders',
      label: streamLabel(CREATED),
      viewType: 'KEYS_ONLY',
      keys: { partitionKey: { name: 'pk', type: 'S' } },
      createdAt: CREATED,
    },
    startingSequence,
  );
}

function entry(sequence: number, createdAt: number): StreamRecordEntry {
  return { streamArn: ARN, sequence, eventName: 'INSERT', viewType: 'KEYS_ONLY', keys: { pk: { S: String(sequence) } }, sizeBytes: 3, createdAt };
}

const sequences = (entries: readonly StreamRecordEntry[]) => entries.map((record) => record.sequence);

describe('StreamLog', () => {
  it('names its one shard after the stream’s creation time, as DynamoDB Local does', () => {
    expect(log().shardId).toMatch(/^shardId-\d{20}-[0-9a-f]{8}$/);
    expect(log().shardId.slice('shardId-'.length, 'shardId-'.length + 20)).toBe(String(CREATED).padStart(20, '0'));
    // The same stream, the same shard id; a stream under another ARN has its own.
    expect(log().shardId).toBe(log().shardId);
  });

  it('reads from a sequence number, in order, up to a limit', () => {
    const stream = log();
    for (let sequence = 1; sequence <= 5; sequence++) stream.append(entry(sequence * 2, CREATED));
    expect(sequences(stream.read(0, 100))).toEqual([2, 4, 6, 8, 10]);
    expect(sequences(stream.read(5, 2))).toEqual([6, 8]);
    expect(sequences(stream.read(6, 100))).toEqual([6, 8, 10]);
    expect(stream.read(11, 100)).toEqual([]);
    expect(stream.size).toBe(5);
  });

  it('trims the records created before a time, and moves the trim horizon past them', () => {
    const stream = log(3);
    expect(stream.trimHorizon).toBe(3);
    [3, 4, 5, 6].forEach((sequence, i) => stream.append(entry(sequence, CREATED + i * 1000)));
    stream.trim(CREATED + 2000);
    expect(sequences(stream.all())).toEqual([5, 6]);
    expect(stream.trimHorizon).toBe(5);
    // A record exactly at the cut is kept; trimming again changes nothing.
    stream.trim(CREATED + 2000);
    expect(stream.trimHorizon).toBe(5);
    expect(sequences(stream.read(0, 10))).toEqual([5, 6]);
  });

  it('keeps reading correctly after trimming compacts a long front', () => {
    const stream = log();
    for (let sequence = 1; sequence <= 3000; sequence++) stream.append(entry(sequence, CREATED + sequence));
    stream.trim(CREATED + 2001);
    expect(stream.size).toBe(1000);
    expect(stream.trimHorizon).toBe(2001);
    expect(sequences(stream.read(0, 2))).toEqual([2001, 2002]);
    expect(sequences(stream.read(2999, 10))).toEqual([2999, 3000]);
    stream.append(entry(3001, CREATED + 3001));
    expect(sequences(stream.read(3000, 10))).toEqual([3000, 3001]);
  });

  it('closes once, at its last record or, with none, just before where it started', () => {
    const empty = log(7);
    empty.close(CREATED + 1, 9);
    expect(empty.isOpen).toBe(false);
    expect(empty.endingSequence).toBe(9);
    const unused = log(7);
    unused.close(CREATED + 1, 6);
    expect(unused.endingSequence).toBe(6);
    const used = log(7);
    used.append(entry(7, CREATED));
    used.append(entry(8, CREATED));
    used.close(CREATED + 5, 12);
    expect(used.endingSequence).toBe(8);
    used.close(CREATED + 9, 20);
    expect(used.closedAt).toBe(CREATED + 5);
    expect(used.endingSequence).toBe(8);
  });
});

describe('sequence numbers and shard iterators', () => {
  const position: ShardPosition = { streamArn: ARN, shardId: log().shardId, position: 42, issuedAt: CREATED };

  it('writes sequence numbers as 21 digits and reads back only digits', () => {
    expect(formatSequence(7)).toBe('000000000000000000007');
    expect(parseSequence('000000000000000000007')).toBe(7);
    expect(parseSequence('12a')).toBeUndefined();
    expect(parseSequence('-1')).toBeUndefined();
    expect(parseSequence('')).toBeUndefined();
    expect(parseSequence('9'.repeat(30))).toBeUndefined();
  });

  it('round-trips an iterator until it is 15 minutes old', () => {
    const token = encodeShardIterator(position);
    expect(decodeShardIterator(token, CREATED)).toEqual(position);
    expect(decodeShardIterator(token, CREATED + ITERATOR_LIFETIME_MS)).toEqual(position);
  });

  it('refuses an expired iterator with ExpiredIteratorException, saying when it was made and what to do', () => {
    const token = encodeShardIterator(position);
    let error: unknown;
    try {
      decodeShardIterator(token, CREATED + ITERATOR_LIFETIME_MS + 1);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DynamoDBError);
    expect(error).toMatchObject({
      name: 'ExpiredIteratorException',
      message: `Iterator expired: it was made at ${new Date(CREATED).toISOString()} and is valid for 15 minutes. Get a new one with GetShardIterator.`,
    });
  });

  it('refuses anything that is not an iterator it made as `Invalid ShardIterator`', () => {
    const token = encodeShardIterator(position);
    const parts = token.split('|');
    const edited = (index: number, value: string) => parts.map((part, i) => (i === index ? value : part)).join('|');
    const invalid = [
      'not an iterator',
      '',
      token.slice(0, -1),
      `${token}|x`,
      // Another position, or another version, without the check that goes with it.
      edited(3, formatSequence(43)),
      edited(1, '002'),
      edited(4, String(CREATED + 1)),
      edited(5, '00000000'),
    ];
    for (const text of invalid) {
      expect(() => decodeShardIterator(text, CREATED), text).toThrow(
        expect.objectContaining({ name: 'ValidationException', message: 'Invalid ShardIterator' }),
      );
    }
  });
});

describe('stream settings', () => {
  it('labels a stream with its creation time to the millisecond, without a zone', () => {
    expect(streamLabel(CREATED)).toBe('2026-12-01T16:31:47.305');
    expect(streamLabelTime('2026-12-01T16:31:47.305')).toBe(CREATED);
  });

  it('gives a re-enabled stream a later label even when the clock has not moved', () => {
    const first = newStreamSetting('KEYS_ONLY', CREATED);
    const second = newStreamSetting('NEW_IMAGE', CREATED, first);
    expect(first.label).toBe('2026-12-01T16:31:47.305');
    expect(second).toEqual({ enabled: true, viewType: 'NEW_IMAGE', label: '2026-12-01T16:31:47.306' });
    expect(newStreamSetting('NEW_IMAGE', CREATED + 10, first).label).toBe('2026-12-01T16:31:47.315');
  });

  it('finds the table of a stream ARN, also when the name holds "stream"', () => {
    expect(tableNameOfStreamArn(ARN)).toBe('Orders');
    expect(tableNameOfStreamArn('arn:aws:dynamodb:ddblocal:000000000000:table/my.stream-table/stream/2026-12-01T16:31:47.305')).toBe('my.stream-table');
  });
});
