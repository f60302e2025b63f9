import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDataSource } from '../../src/engine';
import { canonical } from './outcome';
import { scanAllPages } from './paging';

/** DynamoDB ignores TTL values more than five (365-day) years in the past. */
const MAX_AGE_SECONDS = 5 * 365 * 24 * 60 * 60;

/**
 * Does by hand what DynamoDB's TTL process would do at `nowSeconds`, on a
 * side whose own sweep cannot be driven (DynamoDB Local): finds the expired
 * items with DynamoDB Local's own evaluation of "a Number, before now, not
 * more than five years before" (a Scan filter), and deletes them. The
 * survivors are what the engine's driven sweep must leave.
 */
export async function sweepByHand(
  db: DynamoDBDataSource,
  tableName: string,
  keyNames: readonly string[],
  attributeName: string,
  nowSeconds: number,
): Promise<number> {
  const pages = await scanAllPages(db, {
    TableName: tableName,
    ConsistentRead: true,
    FilterExpression: 'attribute_type(#ttl, :n) AND #ttl < :now AND #ttl >= :oldest',
    ExpressionAttributeNames: { '#ttl': attributeName },
    ExpressionAttributeValues: { ':n': { S: 'N' }, ':now': { N: String(nowSeconds) }, ':oldest': { N: String(nowSeconds - MAX_AGE_SECONDS) } },
  });
  const expired = pages.pages.flatMap((page) => page.Items ?? []);
  for (const item of expired) {
    const Key: Record<string, AttributeValue> = {};
    for (const name of keyNames) Key[name] = item[name] as AttributeValue;
    await db.deleteItem({ TableName: tableName, Key });
  }
  return expired.length;
}

/** A table's items, canonical and in a fixed order, to compare two sides' final states. */
export async function finalItems(db: DynamoDBDataSource, tableName: string): Promise<string[]> {
  const { pages } = await scanAllPages(db, { TableName: tableName, ConsistentRead: true });
  return pages
    .flatMap((page) => page.Items ?? [])
    .map((item) => JSON.stringify(canonical(item)))
    .sort();
}
