import type { ProvisionedThroughput } from '@aws-sdk/client-dynamodb';
import { validationError } from '../../expressions';

/** The most read or write capacity units a table or index can be given (architect/dynalite's recordings: 1,000,000,000,001 is refused). */
export const MAX_CAPACITY_UNITS = 1_000_000_000_000;

/**
 * Refuses capacity units over {@link MAX_CAPACITY_UNITS} with DynamoDB's
 * message, ReadCapacityUnits first: `Given value 1000000000001 for
 * ReadCapacityUnits is out of bounds` (`… for index abc` for a GSI of
 * UpdateTable). DynamoDB checks this before it looks at the key schema or the
 * table, so CreateTable and UpdateTable run it right after the member
 * constraints.
 */
export function checkThroughputBounds(throughput: ProvisionedThroughput | null | undefined, indexName?: string): void {
  if (!throughput) return;
  for (const member of ['ReadCapacityUnits', 'WriteCapacityUnits'] as const) {
    const value = throughput[member];
    if (typeof value === 'number' && value > MAX_CAPACITY_UNITS) {
      throw validationError(`Given value ${value} for ${member} is out of bounds${indexName === undefined ? '' : ` for index ${indexName}`}`);
    }
  }
}
