import type { ListStreamsCommandInput, ListStreamsCommandOutput } from '@aws-sdk/client-dynamodb-streams';
import { validationError } from '../../expressions';
import { ConstraintErrors } from '../requestErrors';
import { streamNotFound } from '../streams/streamErrors';
import type { EngineContext } from './context';

/** ListStreams returns at most 100 streams a call. */
const MAX_LIST_STREAMS = 100;

/** ListStreams: every stream (of a table, if named), enabled or closed in the last 24 hours, oldest first. */
export function listStreams(context: EngineContext, input: ListStreamsCommandInput): ListStreamsCommandOutput {
  const errors = new ConstraintErrors();
  errors.checkName(input.TableName, 'tableName', false);
  errors.checkRange(input.Limit, 'limit', 1);
  errors.throwIfAny();
  const limit = input.Limit ?? MAX_LIST_STREAMS;
  if (limit > MAX_LIST_STREAMS) {
    throw validationError(`One or more parameter values were invalid: Limit cannot be greater than the maximum allowed size: ${MAX_LIST_STREAMS}`);
  }
  const streams = context.streams.list(input.TableName);
  let start = 0;
  if (input.ExclusiveStartStreamArn !== undefined) {
    const after = streams.findIndex((log) => log.identity.arn === input.ExclusiveStartStreamArn);
    if (after < 0) throw streamNotFound(input.ExclusiveStartStreamArn);
    start = after + 1;
  }
  const page = streams.slice(start, start + limit);
  const output: ListStreamsCommandOutput = {
    Streams: page.map((log) => ({ StreamArn: log.identity.arn, TableName: log.identity.tableName, StreamLabel: log.identity.label })),
    $metadata: {},
  };
  if (start + limit < streams.length) output.LastEvaluatedStreamArn = page[page.length - 1]?.identity.arn;
  return output;
}
