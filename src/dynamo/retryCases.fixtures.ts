import type { RetryReason } from './retry';

/** One error shape and the decision src/dynamo's retry policy makes for it. */
export interface RetryCase {
  readonly label: string;
  /** What the JavaScript side throws (an SDK v3 error, the built-in engine's, a plain object). */
  readonly error: unknown;
  /** What a boto3 ClientError carries of it (Error.Code, HTTP status), for the Python program; absent when boto3 has no such shape. */
  readonly boto?: { readonly code: string; readonly status?: number };
  readonly expected: RetryReason | undefined;
}

const named = (name: string, fields: Record<string, unknown> = {}) => Object.assign(new Error(`${name} happened`), { name, ...fields });
const sdk = (name: string, httpStatusCode: number, fields: Record<string, unknown> = {}) =>
  named(name, { $fault: httpStatusCode >= 500 ? 'server' : 'client', $metadata: { httpStatusCode, requestId: 'R' }, ...fields });

/**
 * The errors the old four lists disagreed on, and the rest of the table: every writer (and both
 * exported migration programs) must decide each the same way.
 */
export const RETRY_CASES: readonly RetryCase[] = [
  // DynamoDB's throttling, as the SDK raises it (every old list had these).
  {
    label: 'SDK ProvisionedThroughputExceededException (400)',
    error: sdk('ProvisionedThroughputExceededException', 400),
    boto: { code: 'ProvisionedThroughputExceededException', status: 400 },
    expected: 'throttling',
  },
  {
    label: 'SDK ThrottlingException (400)',
    error: sdk('ThrottlingException', 400),
    boto: { code: 'ThrottlingException', status: 400 },
    expected: 'throttling',
  },
  {
    label: 'SDK RequestLimitExceeded (400)',
    error: sdk('RequestLimitExceeded', 400),
    boto: { code: 'RequestLimitExceeded', status: 400 },
    expected: 'throttling',
  },
  // Only remoteEndpoints knew this one; the batch writer and the migration runner gave up on it.
  {
    label: 'SDK TooManyRequestsException (429)',
    error: sdk('TooManyRequestsException', 429),
    boto: { code: 'TooManyRequestsException', status: 429 },
    expected: 'throttling',
  },
  // Only the migration runner retried this one.
  {
    label: 'SDK TransactionInProgressException',
    error: sdk('TransactionInProgressException', 400),
    boto: { code: 'TransactionInProgressException', status: 400 },
    expected: 'throttling',
  },
  { label: 'an unknown error with HTTP 429', error: sdk('UnknownError', 429), boto: { code: 'UnknownError', status: 429 }, expected: 'throttling' },
  {
    label: 'a $retryable throttling trait',
    error: named('SomeServiceBusy', { $retryable: { throttling: true }, $metadata: { httpStatusCode: 400 } }),
    expected: 'throttling',
  },
  // Server errors: by name (the built-in engine and DynamoDB Local raise them without a status) or by 5xx.
  {
    label: 'SDK InternalServerError (500)',
    error: sdk('InternalServerError', 500),
    boto: { code: 'InternalServerError', status: 500 },
    expected: 'serverError',
  },
  {
    label: 'InternalServerError without a status (engine, plain Error)',
    error: named('InternalServerError'),
    boto: { code: 'InternalServerError' },
    expected: 'serverError',
  },
  {
    label: 'ServiceUnavailable (plain object)',
    error: { name: 'ServiceUnavailable', message: 'busy' },
    boto: { code: 'ServiceUnavailable' },
    expected: 'serverError',
  },
  {
    label: 'ServiceUnavailableException (503)',
    error: sdk('ServiceUnavailableException', 503),
    boto: { code: 'ServiceUnavailableException', status: 503 },
    expected: 'serverError',
  },
  { label: 'InternalFailure (500)', error: sdk('InternalFailure', 500), boto: { code: 'InternalFailure', status: 500 }, expected: 'serverError' },
  // The old lists named none of these: an unparsed 5xx answer (a proxy's 502, DynamoDB Local's 500 page).
  { label: 'an unknown error with HTTP 502', error: sdk('Unknown', 502), boto: { code: 'Unknown', status: 502 }, expected: 'serverError' },
  { label: 'an unknown error with HTTP 504', error: sdk('UnknownError', 504), boto: { code: 'UnknownError', status: 504 }, expected: 'serverError' },
  {
    label: 'a $retryable trait (not throttling)',
    error: named('SomeTransientThing', { $retryable: {}, $metadata: { httpStatusCode: 400 } }),
    expected: 'serverError',
  },
  // Transaction conflicts: only the migration runner knew.
  {
    label: 'SDK TransactionConflictException',
    error: sdk('TransactionConflictException', 400),
    boto: { code: 'TransactionConflictException', status: 400 },
    expected: 'conflict',
  },
  // Never retried: the request is wrong, or the condition failed, or nothing answered at all.
  { label: 'SDK ValidationException (400)', error: sdk('ValidationException', 400), boto: { code: 'ValidationException', status: 400 }, expected: undefined },
  {
    label: 'ConditionalCheckFailedException (engine)',
    error: named('ConditionalCheckFailedException', { $fault: 'client' }),
    boto: { code: 'ConditionalCheckFailedException', status: 400 },
    expected: undefined,
  },
  {
    label: 'ResourceNotFoundException (400)',
    error: sdk('ResourceNotFoundException', 400),
    boto: { code: 'ResourceNotFoundException', status: 400 },
    expected: undefined,
  },
  {
    label: 'TransactionCanceledException (400: its reasons decide)',
    error: sdk('TransactionCanceledException', 400),
    boto: { code: 'TransactionCanceledException', status: 400 },
    expected: undefined,
  },
  { label: 'AccessDeniedException (400)', error: sdk('AccessDeniedException', 400), boto: { code: 'AccessDeniedException', status: 400 }, expected: undefined },
  { label: 'an unknown error with HTTP 501', error: sdk('Unknown', 501), boto: { code: 'Unknown', status: 501 }, expected: undefined },
  { label: 'AbortError', error: named('AbortError'), boto: { code: 'AbortError' }, expected: undefined },
  { label: 'a lost connection (ECONNREFUSED)', error: named('Error', { code: 'ECONNREFUSED' }), expected: undefined },
  { label: "a browser's Failed to fetch", error: new TypeError('Failed to fetch'), expected: undefined },
  { label: 'TimeoutError (no answer)', error: named('TimeoutError'), expected: undefined },
  { label: 'a string', error: 'ThrottlingException', expected: undefined },
  { label: 'undefined', error: undefined, expected: undefined },
  { label: 'null', error: null, expected: undefined },
];
