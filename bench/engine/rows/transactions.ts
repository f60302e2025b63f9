import { PARTITION, TRANSACTION_ACTIONS, TRANSACTIONS } from '../config';
import type { BenchSide } from '../sides';
import { itemOf, sortKey } from '../workload';

/**
 * TRANSACTIONS TransactWriteItems, `concurrency` in flight, each of
 * TRANSACTION_ACTIONS actions on distinct items of one partition: a Put, an
 * Update (ADD), a conditional Delete of an item that is absent, and a
 * ConditionCheck on an item written before (one per worker).
 */
export async function transactions(side: BenchSide, TableName: string): Promise<number> {
  const key = (i: number) => ({ leaderboardId: { S: PARTITION }, rankKey: { S: sortKey(i) } });
  // One checked item per worker, so concurrent transactions never touch the same item (no TransactionConflict on DynamoDB Local).
  for (let w = 0; w < side.concurrency; w++) await side.db.putItem({ TableName, Item: itemOf(w) });
  let next = 0;
  const start = performance.now();
  const worker = async (w: number) => {
    while (next < TRANSACTIONS) {
      const n = ++next;
      const base = (n + 1) * TRANSACTION_ACTIONS + side.concurrency;
      await side.db.transactWriteItems({
        TransactItems: [
          { Put: { TableName, Item: itemOf(base) } },
          { Update: { TableName, Key: key(base + 1), UpdateExpression: 'ADD score :one', ExpressionAttributeValues: { ':one': { N: '1' } } } },
          { Delete: { TableName, Key: key(base + 2), ConditionExpression: 'attribute_not_exists(rankKey)' } },
          { ConditionCheck: { TableName, Key: key(w), ConditionExpression: 'attribute_exists(rankKey)' } },
        ],
      });
    }
  };
  await Promise.all(Array.from({ length: side.concurrency }, (_, w) => worker(w)));
  return performance.now() - start;
}
