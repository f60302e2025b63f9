import type { BenchSide } from '../sides';
import { PARTITION } from '../config';
import type { Item } from '../workload';

/** Every page of the partition (1 MB pages), in order; checks every item came back. */
export async function paginate(side: BenchSide, TableName: string, count: number): Promise<number> {
  const start = performance.now();
  let items = 0;
  let ExclusiveStartKey: Item | undefined;
  do {
    const page = await side.db.query({
      TableName,
      KeyConditionExpression: 'leaderboardId = :p',
      ExpressionAttributeValues: { ':p': { S: PARTITION } },
      ExclusiveStartKey,
    });
    items += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  if (items !== count) throw new Error(`${side.name}: paginated ${items} items, expected ${count}`);
  return performance.now() - start;
}
