/** The workload's data and the steps every row shares: the items, the table, the BatchWriteItem load, percentiles. */
import type { AttributeValue, WriteRequest } from '@aws-sdk/client-dynamodb';
import { backoff, unprocessedWrites } from '../../src/dynamo';
import type { DynamoDBDataSource } from '../../src/engine';
import { createRandom } from '../benchUtils';
import { BATCH, PARTITION } from './config';
import type { BenchSide } from './sides';

export type Item = Record<string, AttributeValue>;

export function sortKey(i: number): string {
  return String(i).padStart(10, '0');
}

export function itemOf(i: number): Item {
  return {
    leaderboardId: { S: PARTITION },
    rankKey: { S: sortKey(i) },
    playerId: { S: `p_${String(i % 100_000).padStart(5, '0')}` },
    score: { N: String((i * 7919) % 1_000_000) },
    at: { S: '2026-06-23T10:00:00Z' },
    region: { S: i % 3 === 0 ? 'eu-west-1' : 'us-east-1' },
  };
}

/** 0..n-1 in a seeded random order. */
export function shuffled(n: number, seed: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const random = createRandom(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i] as number;
    order[i] = order[j] as number;
    order[j] = t;
  }
  return order;
}

export async function createTable(db: DynamoDBDataSource, TableName: string): Promise<void> {
  await db.createTable({
    TableName,
    KeySchema: [
      { AttributeName: 'leaderboardId', KeyType: 'HASH' },
      { AttributeName: 'rankKey', KeyType: 'RANGE' },
    ],
    AttributeDefinitions: [
      { AttributeName: 'leaderboardId', AttributeType: 'S' },
      { AttributeName: 'rankKey', AttributeType: 'S' },
    ],
    BillingMode: 'PAY_PER_REQUEST',
  });
}

/**
 * Loads `count` items (random key order) with BatchWriteItem, `concurrency`
 * calls in flight. Stops after `budgetMs`; returns the time and how many were loaded.
 */
export async function load(side: BenchSide, TableName: string, count: number, budgetMs: number): Promise<{ ms: number; loaded: number }> {
  const order = shuffled(count, count);
  let next = 0;
  let loaded = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < count && performance.now() - start < budgetMs) {
      const from = next;
      const to = Math.min(count, next + BATCH);
      next = to;
      const batch: WriteRequest[] = [];
      for (let i = from; i < to; i++) batch.push({ PutRequest: { Item: itemOf(order[i] as number) } });
      // DynamoDB Local may return UnprocessedItems; write them again after src/dynamo's backoff.
      let requests: readonly WriteRequest[] = batch;
      for (let attempt = 1; requests.length > 0; attempt++) {
        if (attempt > 1) await backoff(attempt - 1);
        requests = unprocessedWrites(await side.db.batchWriteItem({ RequestItems: { [TableName]: [...requests] } }), TableName);
      }
      loaded += to - from;
    }
  };
  await Promise.all(Array.from({ length: side.concurrency }, worker));
  return { ms: performance.now() - start, loaded };
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}
