import type { GetRecordsCommandInput, GetRecordsCommandOutput, _Record } from '@aws-sdk/client-dynamodb-streams';
import { validationError } from '../../expressions';
import { ConstraintErrors } from '../requestErrors';
import { decodeShardIterator, encodeShardIterator, formatSequence } from '../streams/shardIterator';
import { streamNotFound, trimmedData } from '../streams/streamErrors';
import { hash8, type StreamRecordEntry } from '../streams/streamLog';
import { copyItem } from '../values/copyItem';
import type { EngineContext } from './context';

/** GetRecords returns at most 1,000 records a call. */
const MAX_RECORDS = 1000;

/**
 * GetRecords: the records at the iterator's position, oldest first, and the
 * iterator that carries on after them (none once a closed shard is read to
 * its end). ApproximateCreationDateTime is rounded down to the second, as
 * DynamoDB documents it (DynamoDB Local rounds down to the minute).
 */
export function getRecords(context: EngineContext, input: GetRecordsCommandInput): GetRecordsCommandOutput {
  const errors = new ConstraintErrors();
  if (errors.requireValue(input.ShardIterator, 'shardIterator') && (input.ShardIterator as string).length > 2048) {
    errors.add(input.ShardIterator, 'shardIterator', 'Member must have length less than or equal to 2048');
  }
  errors.checkRange(input.Limit, 'limit', 1);
  errors.throwIfAny();
  const limit = input.Limit ?? MAX_RECORDS;
  if (limit > MAX_RECORDS) throw validationError(`One or more parameter values were invalid: Limit should be less than or equal to ${MAX_RECORDS}`);

  const now = context.now();
  const iterator = decodeShardIterator(input.ShardIterator as string, now);
  const log = context.streams.get(iterator.streamArn);
  if (!log || log.shardId !== iterator.shardId) throw streamNotFound(iterator.streamArn);
  if (iterator.position < log.trimHorizon && iterator.position >= log.startingSequence) throw trimmedData();

  const entries = log.read(iterator.position, limit);
  const last = entries[entries.length - 1];
  const next = last ? last.sequence + 1 : iterator.position;
  const output: GetRecordsCommandOutput = { Records: entries.map((entry) => toRecord(entry, context.region)), $metadata: {} };
  const ending = log.endingSequence;
  if (ending === undefined || next <= ending) {
    output.NextShardIterator = encodeShardIterator({ streamArn: log.identity.arn, shardId: log.shardId, position: next, issuedAt: now });
  }
  return output;
}

function toRecord(entry: StreamRecordEntry, region: string): _Record {
  const record: _Record = {
    eventID: eventId(entry),
    eventName: entry.eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    dynamodb: {
      ApproximateCreationDateTime: new Date(Math.floor(entry.createdAt / 1000) * 1000),
      Keys: copyItem(entry.keys) as never,
      ...(entry.newImage ? { NewImage: copyItem(entry.newImage) as never } : {}),
      ...(entry.oldImage ? { OldImage: copyItem(entry.oldImage) as never } : {}),
      SequenceNumber: formatSequence(entry.sequence),
      SizeBytes: entry.sizeBytes,
      StreamViewType: entry.viewType,
    },
  };
  // A TTL deletion: DynamoDB's own service wrote it.
  if (entry.byService) record.userIdentity = { PrincipalId: 'dynamodb.amazonaws.com', Type: 'Service' };
  return record;
}

/** A stable 32-hex-digit id per record (DynamoDB's are 32 hex digits too). */
function eventId(entry: StreamRecordEntry): string {
  return `${hash8(entry.streamArn)}${hash8(String(entry.sequence))}${entry.sequence.toString(16).padStart(16, '0')}`;
}
