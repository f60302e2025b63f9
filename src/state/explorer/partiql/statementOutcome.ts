import type { ExecuteStatementCommandOutput } from '@aws-sdk/client-dynamodb';

/**
 * What a statement that writes did, in words, from what ExecuteStatement
 * returned (a write returns no rows unless it has RETURNING). A PartiQL write
 * touches one item: INSERT fails when the key exists and UPDATE when it does
 * not, so their success means one item; DELETE of a key with no item also
 * succeeds, so without RETURNING it can't say whether one was there.
 * Undefined for a SELECT.
 */
export function describeWriteOutcome(statement: string, output: Pick<ExecuteStatementCommandOutput, 'Items'>): string | undefined {
  const verb = /^\s*(INSERT|UPDATE|DELETE)\b/i.exec(statement)?.[1]?.toUpperCase();
  const returned = output.Items?.length ?? 0;
  const rows = returned > 0 ? ` (${returned} ${returned === 1 ? 'row' : 'rows'} returned by RETURNING, below)` : '';
  switch (verb) {
    case 'INSERT':
      return `INSERT succeeded: 1 item written.`;
    case 'UPDATE':
      return `UPDATE succeeded: 1 item updated${rows}.`;
    case 'DELETE':
      return returned > 0
        ? `DELETE succeeded: 1 item deleted${rows}.`
        : 'DELETE succeeded: the item with that key is gone (DynamoDB does not say whether there was one; add RETURNING ALL OLD * to see it).';
    default:
      return undefined;
  }
}
