import { isThrottlingError as sdkIsThrottlingError, isTransientError as sdkIsTransientError } from '@smithy/core/retry';

/*
 * Which failed DynamoDB calls are worth sending again, in one place: every writer (transfer's
 * batch writer, the migration runner, the sample tables, loading a design, the remote
 * connection's retry notice) asks here, and the exported migration programs carry a generated
 * twin of the same rules (retryPrograms.ts; a test holds both to the same answers).
 *
 * Built on the AWS SDK's own classification (@smithy/core/retry: isThrottlingError,
 * isTransientError), plus what that library does not know: DynamoDB's 5xx names as the
 * built-in engine and DynamoDB Local raise them without an HTTP status, a transaction
 * conflict, and the cancellation reasons of a refused transaction. A BatchWriteItem's
 * UnprocessedItems are the other retry case (see unprocessedWrites below).
 *
 * A lost connection (no answer at all: refused, reset, timed out, a browser's "Failed to
 * fetch") is not a retry reason here: the SDK has already retried it, and the writers stop or
 * pause on it so the run can be resumed when the server is back.
 */

/** Why a call is worth sending again: DynamoDB asked to slow down, answered with a server error, or a transaction conflicted. */
export type RetryReason = 'throttling' | 'serverError' | 'conflict';

/**
 * The rules as data, so the exported programs can carry them (retryPrograms.ts). The throttling
 * names are the SDK's list (a test checks the SDK agrees on each) and the rest are Keylab's.
 */
export const RETRY_RULES = {
  /** "Slow down" by name (the SDK's list), besides HTTP 429 and a `$retryable: { throttling: true }` trait. */
  throttlingNames: [
    'BandwidthLimitExceeded',
    'EC2ThrottledException',
    'LimitExceededException',
    'PriorRequestNotComplete',
    'ProvisionedThroughputExceededException',
    'RequestLimitExceeded',
    'RequestThrottled',
    'RequestThrottledException',
    'SlowDown',
    'ThrottledException',
    'Throttling',
    'ThrottlingException',
    'TooManyRequestsException',
    'TransactionInProgressException',
  ],
  throttlingStatusCodes: [429],
  /** DynamoDB's server errors by name: the built-in engine and DynamoDB Local raise them without an HTTP status. */
  serverErrorNames: ['InternalServerError', 'InternalFailure', 'ServiceUnavailable', 'ServiceUnavailableException'],
  /** The answers the SDK counts as transient server errors. */
  serverErrorStatusCodes: [500, 502, 503, 504],
  /** Another transaction held an item: sending it again later succeeds. */
  conflictNames: ['TransactionConflictException'],
  /** Codes in a TransactionCanceledException's CancellationReasons that are worth sending the transaction again for. */
  retryableCancellationReasons: ['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded'],
} as const;

const THROTTLING_NAMES: ReadonlySet<string> = new Set(RETRY_RULES.throttlingNames);
const SERVER_ERROR_NAMES: ReadonlySet<string> = new Set(RETRY_RULES.serverErrorNames);
const SERVER_ERROR_STATUS: ReadonlySet<number> = new Set(RETRY_RULES.serverErrorStatusCodes);
const CONFLICT_NAMES: ReadonlySet<string> = new Set(RETRY_RULES.conflictNames);
const RETRYABLE_REASONS: ReadonlySet<string> = new Set(RETRY_RULES.retryableCancellationReasons);

/** What the SDK's classifiers read of an error (they take its SdkError type). */
type SdkErrorShape = Parameters<typeof sdkIsThrottlingError>[0];

interface ErrorFields {
  readonly name?: unknown;
  readonly $metadata?: { readonly httpStatusCode?: unknown };
  readonly $retryable?: unknown;
}

/**
 * Why `error` is worth retrying, or undefined when it is not (a validation error, a failed
 * condition, a lost connection, an abort). Takes anything thrown: SDK errors (`name`,
 * `$metadata.httpStatusCode`, `$retryable`), the built-in engine's errors and plain objects.
 *
 * @example
 * retryReason({ name: 'ProvisionedThroughputExceededException' })  // 'throttling'
 * retryReason({ name: 'InternalServerError' })                       // 'serverError'
 * retryReason({ name: 'ValidationException', $metadata: { httpStatusCode: 400 } }) // undefined
 */
export function retryReason(error: unknown): RetryReason | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const fields = error as ErrorFields;
  const name = typeof fields.name === 'string' ? fields.name : '';
  if (name === 'AbortError') return undefined;
  const sdkShape = error as SdkErrorShape;
  if (sdkIsThrottlingError(sdkShape) || THROTTLING_NAMES.has(name)) return 'throttling';
  if (CONFLICT_NAMES.has(name)) return 'conflict';
  if (SERVER_ERROR_NAMES.has(name)) return 'serverError';
  // The SDK's transient errors that came with an answer: a 5xx, or a service's retryable trait.
  const status = fields.$metadata?.httpStatusCode;
  const answered = (typeof status === 'number' && SERVER_ERROR_STATUS.has(status)) || fields.$retryable !== undefined;
  if (answered && sdkIsTransientError(sdkShape)) return 'serverError';
  return undefined;
}

/** True when sending the call again later may succeed (see {@link retryReason}). */
export function isRetryableError(error: unknown): boolean {
  return retryReason(error) !== undefined;
}

/** True when DynamoDB asked to slow down (throttling), the case a "retrying with backoff" notice names. */
export function isThrottlingError(error: unknown): boolean {
  return retryReason(error) === 'throttling';
}

/** True for a cancellation-reason code of a refused transaction that is worth retrying (a conflict, throttling). */
export function isRetryableCancellationReason(code: string): boolean {
  return RETRYABLE_REASONS.has(code);
}

/**
 * The writes a BatchWriteItem answer left unprocessed for `tableName` (DynamoDB's other way of
 * saying "slow down"): send them again after a backoff.
 */
export function unprocessedWrites<Request>(
  output: { readonly UnprocessedItems?: Readonly<Record<string, readonly Request[]>> | undefined },
  tableName: string,
): readonly Request[] {
  return output.UnprocessedItems?.[tableName] ?? [];
}
