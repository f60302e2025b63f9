/**
 * DynamoDB Streams on both sides of a comparison: the engine's endpoint and
 * the run's DynamoDB Local, each with a DynamoDB client and a DynamoDB Streams
 * client on the same endpoint (both serve the two APIs there). Used by
 * streamsContract.test.ts and engineDifferential.test.ts.
 */
import { DynamoDB } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreams, type _Record } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBDataSource, DynamoDBStreamsDataSource } from '../src/engine';
import { inject } from 'vitest';
import { createLocalDynamoDB } from '../src/engine';
import { startDynamoDBEndpoint } from '../src/server';
import { normalizeDynamoNumber } from '../src/keys';
import { canonical } from './contract/outcome';
import { sdkClientConfig } from './contract/sides';

/** What reading a stream needs: a DynamoDB Streams client, and a name for messages. */
export interface StreamReader {
  readonly name: string;
  readonly streams: DynamoDBStreamsDataSource;
}

export interface StreamSide {
  readonly name: string;
  readonly db: DynamoDB;
  readonly streams: DynamoDBStreams;
  close(): Promise<void>;
}

function sideAt(name: string, endpoint: string, stop: () => Promise<void>): StreamSide {
  const db = new DynamoDB(sdkClientConfig(endpoint));
  const streams = new DynamoDBStreams(sdkClientConfig(endpoint));
  return {
    name,
    db,
    streams,
    close: async () => {
      db.destroy();
      streams.destroy();
      await stop();
    },
  };
}

/** A fresh engine behind its endpoint, and the run's DynamoDB Local. */
export async function startStreamSides(): Promise<{ engine: StreamSide; local: StreamSide }> {
  const endpoint = await startDynamoDBEndpoint({ db: createLocalDynamoDB(), port: 0 });
  return {
    engine: sideAt('engine endpoint', endpoint.url, () => endpoint.stop()),
    local: sideAt('DynamoDB Local', inject('dynamodbLocalEndpoint'), () => Promise.resolve()),
  };
}

/** The table's latest stream ARN (DescribeTable). */
export async function latestStreamArn(side: { readonly name: string; readonly db: DynamoDBDataSource }, tableName: string): Promise<string> {
  const { Table } = await side.db.describeTable({ TableName: tableName });
  if (!Table?.LatestStreamArn) throw new Error(`${side.name}: table ${tableName} has no stream`);
  return Table.LatestStreamArn;
}

/** The stream's only shard (both serve one shard per stream). */
export async function onlyShard(side: StreamReader, streamArn: string): Promise<string> {
  const { StreamDescription } = await side.streams.describeStream({ StreamArn: streamArn });
  const shards = StreamDescription?.Shards ?? [];
  if (shards.length !== 1) throw new Error(`${side.name}: expected one shard, got ${shards.length}`);
  return shards[0]?.ShardId as string;
}

/** Every record of the stream, from TRIM_HORIZON until a GetRecords call returns none. */
export async function readStream(side: StreamReader, streamArn: string, limit?: number): Promise<_Record[]> {
  const shardId = await onlyShard(side, streamArn);
  let iterator = (await side.streams.getShardIterator({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' })).ShardIterator;
  const records: _Record[] = [];
  while (iterator) {
    const page = await side.streams.getRecords({ ShardIterator: iterator, Limit: limit });
    records.push(...(page.Records ?? []));
    if ((page.Records ?? []).length === 0) break;
    iterator = page.NextShardIterator;
  }
  return records;
}

/**
 * What both sides must agree on about a record: its event, keys, images,
 * size and view type, and the constant fields. Not the sequence number, the
 * event id or the creation time (each side numbers and times its own).
 */
export function recordSummary(record: _Record): unknown {
  const data = record.dynamodb ?? {};
  return numbersNormalized(
    canonical({
      eventName: record.eventName,
      eventSource: record.eventSource,
      eventVersion: record.eventVersion,
      awsRegion: record.awsRegion,
      Keys: data.Keys,
      NewImage: data.NewImage,
      OldImage: data.OldImage,
      SizeBytes: data.SizeBytes,
      StreamViewType: data.StreamViewType,
      userIdentity: record.userIdentity,
    }),
  );
}

/**
 * Numbers in their normal form: DynamoDB Local's images show a number as it
 * was written (`1E3`, `1.50`), the engine's (like DynamoDB's reads) normalised.
 */
function numbersNormalized(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(numbersNormalized);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (typeof record.N === 'string' && Object.keys(record).length === 1) return { N: normalizeDynamoNumber(record.N) ?? record.N };
  if (Array.isArray(record.NS) && Object.keys(record).length === 1) return { NS: (record.NS as string[]).map((n) => normalizeDynamoNumber(n) ?? n) };
  return Object.fromEntries(Object.entries(record).map(([name, member]) => [name, numbersNormalized(member)]));
}

/**
 * DynamoDB Local 3.3.1 writes an empty map in a stream image without its type
 * (`"y": {}` for `"y": {"M": {}}`, at any depth, also as a list element);
 * DynamoDB Streams' AttributeValue always names its type (README, "Streams").
 * Applied to DynamoDB Local's records only, so the engine's are compared as sent.
 */
export function localEmptyMapsTyped(records: readonly _Record[]): _Record[] {
  const typed = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
    const attribute = value as Record<string, unknown>;
    const members = Object.keys(attribute).filter((name) => attribute[name] !== undefined && name !== '$unknown');
    if (members.length === 0) return { M: {} };
    if (attribute.M && typeof attribute.M === 'object') return { ...attribute, M: imageTyped(attribute.M as Record<string, unknown>) };
    if (Array.isArray(attribute.L)) return { ...attribute, L: attribute.L.map(typed) };
    return value;
  };
  const imageTyped = (image: Record<string, unknown> | undefined) =>
    image === undefined ? undefined : Object.fromEntries(Object.entries(image).map(([name, value]) => [name, typed(value)]));
  return records.map((record) => {
    const data = record.dynamodb;
    if (!data) return record;
    return { ...record, dynamodb: { ...data, NewImage: imageTyped(data.NewImage) as never, OldImage: imageTyped(data.OldImage) as never } };
  });
}

/**
 * Records grouped by item key, each group in stream order: DynamoDB Streams
 * orders the records of one item, not those of different items written by one
 * batch (DynamoDB Local writes a batch's puts before its deletes).
 */
export function recordsByKey(records: readonly _Record[]): Record<string, unknown[]> {
  const byKey: Record<string, unknown[]> = {};
  for (const record of records) {
    const key = JSON.stringify(numbersNormalized(canonical(record.dynamodb?.Keys)));
    (byKey[key] ??= []).push(recordSummary(record));
  }
  return byKey;
}
