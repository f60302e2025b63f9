import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Item } from '../expressions';
import type { MigrationKeyAttribute, MigrationSpec } from './migration.types';

/** A two-attribute table (pk S, sk S) with an optional GSI key attribute, for the migration tests. */
export function gameSpec(tableName: string, current: string, target: string, extra: readonly MigrationKeyAttribute[] = []): MigrationSpec {
  return {
    tableName,
    partitionKey: 'pk',
    sortKey: 'sk',
    attributes: [
      { name: 'pk', type: 'S', role: 'partition', current: 'G#{game}', target: 'G#{game}' },
      { name: 'sk', type: 'S', role: 'sort', current, target },
      ...extra,
    ],
  };
}

export const GAME_TABLE = (TableName: string) => ({
  TableName,
  AttributeDefinitions: [
    { AttributeName: 'pk', AttributeType: 'S' as const },
    { AttributeName: 'sk', AttributeType: 'S' as const },
  ],
  KeySchema: [
    { AttributeName: 'pk', KeyType: 'HASH' as const },
    { AttributeName: 'sk', KeyType: 'RANGE' as const },
  ],
  BillingMode: 'PAY_PER_REQUEST' as const,
});

export function gameItem(pk: string, sk: string, score: string, id: string, extra: Record<string, AttributeValue> = {}): Item {
  return { pk: { S: pk }, sk: { S: sk }, score: { N: score }, id: { S: id }, ...extra };
}

/** An async iterable of pages over an array (a scan's pages, without a table). */
export async function* pagesOf(items: readonly Item[], pageSize = 3): AsyncGenerator<readonly Item[]> {
  for (let i = 0; i < items.length; i += pageSize) yield items.slice(i, i + pageSize);
}
