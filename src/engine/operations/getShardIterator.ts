import type { GetShardIteratorCommandInput, GetShardIteratorCommandOutput } from '@aws-sdk/client-dynamodb-streams';
import { DynamoDBError, validationError } from '../../expressions';
import { ConstraintErrors } from '../requestErrors';
import { encodeShardIterator, parseSequence } from '../streams/shardIterator';
import { trimmedData } from '../streams/streamErrors';
import type { StreamLog } from '../streams/streamLog';
import type { EngineContext } from './context';

const ITERATOR_TYPES = ['TRIM_HORIZON', 'LATEST', 'AT_SEQUENCE_NUMBER', 'AFTER_SEQUENCE_NUMBER'];
const INVALID = 'One or more parameter values were invalid: ';

/**
 * GetShardIterator: TRIM_HORIZON (the oldest kept record), LATEST (the next
 * record written), AT_ / AFTER_SEQUENCE_NUMBER (a record's number, from its
 * SequenceNumber or a shard's range). Messages are DynamoDB Local's.
 */
export function getShardIterator(context: EngineContext, input: GetShardIteratorCommandInput): GetShardIteratorCommandOutput {
  const errors = new ConstraintErrors();
  errors.requireValue(input.StreamArn, 'streamArn');
  errors.requireValue(input.ShardId, 'shardId');
  if (errors.requireValue(input.ShardIteratorType, 'shardIteratorType')) errors.checkEnum(input.ShardIteratorType, 'shardIteratorType', ITERATOR_TYPES);
  if (input.SequenceNumber !== undefined && input.SequenceNumber.length < 21) {
    errors.add(input.SequenceNumber, 'sequenceNumber', 'Member must have length greater than or equal to 21');
  }
  if (input.SequenceNumber !== undefined && input.SequenceNumber.length > 40) {
    errors.add(input.SequenceNumber, 'sequenceNumber', 'Member must have length less than or equal to 40');
  }
  errors.throwIfAny();

  const type = input.ShardIteratorType as string;
  const bySequence = type === 'AT_SEQUENCE_NUMBER' || type === 'AFTER_SEQUENCE_NUMBER';
  if (!bySequence && input.SequenceNumber !== undefined) throw validationError(`${INVALID}SequenceNumber should not be passed for this iterator type`);
  if (bySequence && input.SequenceNumber === undefined) throw validationError(`${INVALID}Invalid SequenceNumber`);

  const log = context.streams.get(input.StreamArn as string);
  if (!log) throw new DynamoDBError('ResourceNotFoundException', 'Stream does not exist');
  if (input.ShardId !== log.shardId) throw new DynamoDBError('ResourceNotFoundException', 'Shard does not exist');

  let position: number;
  if (type === 'TRIM_HORIZON') position = log.trimHorizon;
  else if (type === 'LATEST') position = log.isOpen ? context.streams.latestSequence : (log.endingSequence as number) + 1;
  else {
    const sequence = checkedSequence(log, input.SequenceNumber as string, context.streams.latestSequence);
    position = type === 'AT_SEQUENCE_NUMBER' ? sequence : sequence + 1;
  }
  return {
    ShardIterator: encodeShardIterator({ streamArn: log.identity.arn, shardId: log.shardId, position, issuedAt: context.now() }),
    $metadata: {},
  };
}

/** A sequence number inside the shard's range; TrimmedDataAccessException when it is older than the trim point. */
function checkedSequence(log: StreamLog, text: string, latest: number): number {
  const sequence = parseSequence(text);
  const last = log.endingSequence ?? latest - 1;
  if (sequence === undefined || sequence < log.startingSequence || sequence > last) throw validationError('Invalid SequenceNumber for the shard');
  if (sequence < log.trimHorizon) throw trimmedData();
  return sequence;
}
