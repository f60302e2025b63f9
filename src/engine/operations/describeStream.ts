import type { DescribeStreamCommandInput, DescribeStreamCommandOutput, KeySchemaElement } from '@aws-sdk/client-dynamodb-streams';
import { ConstraintErrors } from '../requestErrors';
import { streamNotFound } from '../streams/streamErrors';
import { formatSequence } from '../streams/shardIterator';
import type { StreamLog } from '../streams/streamLog';
import { requireParameter, type EngineContext } from './context';

/** DescribeStream: the stream and its one shard (closed, with an EndingSequenceNumber, once the stream is disabled). */
export function describeStream(context: EngineContext, input: DescribeStreamCommandInput): DescribeStreamCommandOutput {
  const errors = new ConstraintErrors();
  errors.requireValue(input.StreamArn, 'streamArn');
  errors.checkRange(input.Limit, 'limit', 1, 100);
  errors.throwIfAny();
  const arn = requireParameter(input.StreamArn, 'StreamArn');
  const log = context.streams.get(arn);
  if (!log) throw streamNotFound(arn);
  const { identity } = log;
  const keySchema: KeySchemaElement[] = [{ AttributeName: identity.keys.partitionKey.name, KeyType: 'HASH' }];
  if (identity.keys.sortKey) keySchema.push({ AttributeName: identity.keys.sortKey.name, KeyType: 'RANGE' });
  return {
    StreamDescription: {
      StreamArn: identity.arn,
      StreamLabel: identity.label,
      StreamStatus: log.isOpen ? 'ENABLED' : 'DISABLED',
      StreamViewType: identity.viewType,
      CreationRequestDateTime: new Date(identity.createdAt),
      TableName: identity.tableName,
      KeySchema: keySchema,
      Shards: input.ExclusiveStartShardId === log.shardId ? [] : [shardOf(log)],
    },
    $metadata: {},
  };
}

function shardOf(log: StreamLog) {
  const ending = log.endingSequence;
  return {
    ShardId: log.shardId,
    SequenceNumberRange: {
      StartingSequenceNumber: formatSequence(log.startingSequence),
      ...(ending === undefined ? {} : { EndingSequenceNumber: formatSequence(ending) }),
    },
  };
}
