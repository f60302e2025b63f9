/**
 * Stream helpers for the engine's and the persistence adapters' tests: a
 * table with a stream, a write sequence over it, and the records read back.
 * Test-only.
 */
import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import { B, N, S, tableInput } from '../engine.fixtures';
import type { LocalDynamoDB } from '../localDynamoDB.types';
import type { StreamViewType } from './streamSetting';

/** Creates `name` (pk S, sk N) with a stream of `viewType`. */
export async function createStreamTable(engine: LocalDynamoDB, name: string, viewType: StreamViewType = 'NEW_AND_OLD_IMAGES'): Promise<void> {
  await engine.createTable(
    tableInput(
      name,
      [
        ['pk', 'S'],
        ['sk', 'N'],
      ],
      { StreamSpecification: { StreamEnabled: true, StreamViewType: viewType } },
    ),
  );
}

/** Puts, an update, a delete and a batch over `name`: six records. */
export async function writeStreamScenario(engine: LocalDynamoDB, name: string, from = 1): Promise<void> {
  await engine.putItem({ TableName: name, Item: { pk: S('p'), sk: N(from), bytes: B(0, 255), text: S('ü𝄞') } });
  await engine.putItem({ TableName: name, Item: { pk: S('p'), sk: N(from + 1) } });
  await engine.updateItem({ TableName: name, Key: { pk: S('p'), sk: N(from) }, UpdateExpression: 'SET n = :n', ExpressionAttributeValues: { ':n': N(1) } });
  await engine.deleteItem({ TableName: name, Key: { pk: S('p'), sk: N(from + 1) } });
  await engine.batchWriteItem({
    RequestItems: { [name]: [{ PutRequest: { Item: { pk: S('q'), sk: N(from) } } }, { DeleteRequest: { Key: { pk: S('p'), sk: N(from) } } }] },
  });
}

/** Every record of the table's latest stream, from TRIM_HORIZON. */
export async function readAllRecords(engine: LocalDynamoDB, name: string): Promise<_Record[]> {
  const { Table } = await engine.describeTable({ TableName: name });
  const arn = Table?.LatestStreamArn as string;
  const { StreamDescription } = await engine.describeStream({ StreamArn: arn });
  const ShardId = StreamDescription?.Shards?.[0]?.ShardId as string;
  let iterator = (await engine.getShardIterator({ StreamArn: arn, ShardId, ShardIteratorType: 'TRIM_HORIZON' })).ShardIterator;
  const records: _Record[] = [];
  for (;;) {
    const page = await engine.getRecords({ ShardIterator: iterator });
    if (!page.Records?.length) return records;
    records.push(...page.Records);
    iterator = page.NextShardIterator;
  }
}
