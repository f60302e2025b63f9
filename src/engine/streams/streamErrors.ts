import { DynamoDBError } from '../../expressions';

/** `Requested resource not found: Stream: <arn> not found` (DescribeStream, GetRecords). */
export function streamNotFound(arn: string): DynamoDBError {
  return new DynamoDBError('ResourceNotFoundException', `Requested resource not found: Stream: ${arn} not found`);
}

/** TrimmedDataAccessException: the records asked for are older than 24 hours and gone. */
export function trimmedData(): DynamoDBError {
  return new DynamoDBError(
    'TrimmedDataAccessException',
    'The data you are trying to access has been trimmed: stream records are kept for 24 hours. Start again from TRIM_HORIZON.',
  );
}
