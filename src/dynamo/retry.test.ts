import { isThrottlingError as sdkIsThrottlingError } from '@smithy/core/retry';
import { describe, expect, it } from 'vitest';
import { isRetryableCancellationReason, isRetryableError, isThrottlingError, RETRY_RULES, retryReason, unprocessedWrites } from './retry';
import { RETRY_CASES } from './retryCases.fixtures';

describe('retryReason: one policy for every writer', () => {
  it.each(RETRY_CASES)('$label → $expected', ({ error, expected }) => {
    expect(retryReason(error)).toBe(expected);
    expect(isRetryableError(error)).toBe(expected !== undefined);
    expect(isThrottlingError(error)).toBe(expected === 'throttling');
  });

  it('every throttling name in the rules is one the SDK itself calls throttling', () => {
    for (const name of RETRY_RULES.throttlingNames) expect(sdkIsThrottlingError({ name, message: '', $metadata: {} } as never), name).toBe(true);
  });

  it('no name is in two lists', () => {
    const lists = [RETRY_RULES.throttlingNames, RETRY_RULES.serverErrorNames, RETRY_RULES.conflictNames] as readonly (readonly string[])[];
    const all = lists.flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('transaction cancellation reasons: conflicts and throttling are retried, a failed condition is not', () => {
    for (const code of ['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded'])
      expect(isRetryableCancellationReason(code), code).toBe(true);
    for (const code of ['ConditionalCheckFailed', 'ValidationError', 'ItemCollectionSizeLimitExceeded', 'None'])
      expect(isRetryableCancellationReason(code), code).toBe(false);
  });

  it('unprocessedWrites reads one table of a BatchWriteItem answer', () => {
    const put = { PutRequest: { Item: { id: { S: 'a' } } } };
    expect(unprocessedWrites({ UnprocessedItems: { T: [put], U: [] } }, 'T')).toEqual([put]);
    expect(unprocessedWrites({ UnprocessedItems: { U: [put] } }, 'T')).toEqual([]);
    expect(unprocessedWrites({}, 'T')).toEqual([]);
  });
});
