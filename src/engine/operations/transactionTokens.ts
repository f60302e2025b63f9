import { DynamoDBError } from '../../expressions';
import { compareUtf8 } from '../../keys';

/**
 * TransactWriteItems' idempotency: a ClientRequestToken is remembered for 10
 * minutes after the transaction that used it succeeded (the Developer Guide:
 * "valid for 10 minutes after the first request that uses it is completed").
 * The same token with the same TransactItems within that window succeeds
 * again without writing anything; with other TransactItems it is an
 * IdempotentParameterMismatchException. A cancelled transaction leaves no
 * token behind, so retrying it runs it again (as DynamoDB Local does).
 * ReturnConsumedCapacity is not part of what must match (DynamoDB Local
 * agrees): a retry may ask for capacity the first call did not.
 *
 * Tokens live in memory, per engine: a restarted endpoint forgets them, which
 * only matters for a retry that straddles the restart.
 */

/** How long a token is remembered after its transaction succeeded. */
export const TOKEN_LIFETIME_MS = 10 * 60 * 1000;

/** A remembered transaction: what it asked for and when it completed. */
export interface RememberedTransaction {
  /** {@link requestIdentity} of its TransactItems. */
  readonly identity: string;
  readonly completedAt: number;
}

/** The tokens of one engine. Entries are kept in completion order, so expired ones are dropped from the front. */
export class TransactionTokens {
  private readonly entries = new Map<string, RememberedTransaction>();

  /**
   * The remembered transaction for `token`, if it is still valid and asked for
   * the same items; throws IdempotentParameterMismatchException if it asked for others.
   */
  find(token: string, identity: string, now: number): RememberedTransaction | undefined {
    this.expire(now);
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.identity !== identity) {
      // DynamoDB Local sends an empty message; this says what happened and what to do.
      throw new DynamoDBError(
        'IdempotentParameterMismatchException',
        'The ClientRequestToken was already used, within the last 10 minutes, by a TransactWriteItems request with different TransactItems: use a new token for a new request.',
      );
    }
    return entry;
  }

  /** Remembers a successful transaction. */
  remember(token: string, entry: RememberedTransaction): void {
    this.entries.delete(token);
    this.entries.set(token, entry);
  }

  private expire(now: number): void {
    for (const [token, entry] of this.entries) {
      if (now - entry.completedAt < TOKEN_LIFETIME_MS) break;
      this.entries.delete(token);
    }
  }
}

/**
 * A canonical text of a request member for comparing requests: object keys
 * sorted, binary as hex (AttributeValues hold Uint8Arrays), `undefined`
 * members left out.
 *
 * @example
 * requestIdentity({ b: 1, a: { B: Uint8Array.of(255) } }) === requestIdentity({ a: { B: Uint8Array.of(255) }, b: 1 }) // true
 */
export function requestIdentity(value: unknown): string {
  if (value instanceof Uint8Array) {
    let hex = '';
    for (const byte of value) hex += byte.toString(16).padStart(2, '0');
    return `<${hex}>`;
  }
  if (Array.isArray(value)) return `[${value.map(requestIdentity).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort(compareUtf8);
  return `{${keys.map((key) => `${JSON.stringify(key)}:${requestIdentity(record[key])}`).join(',')}}`;
}
