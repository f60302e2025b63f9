import { DynamoDBError, validationError } from '../../expressions';
import { hash8 } from './streamLog';

/** A shard iterator is valid for 15 minutes after GetShardIterator made it. */
export const ITERATOR_LIFETIME_MS = 15 * 60 * 1000;

/** Where an iterator points: the next record it reads is the first at or after `position`. */
export interface ShardPosition {
  readonly streamArn: string;
  readonly shardId: string;
  /** A sequence number. */
  readonly position: number;
  /** When GetShardIterator (or GetRecords) made it, epoch ms. */
  readonly issuedAt: number;
}

const VERSION = '001';

/**
 * A sequence number as DynamoDB Local writes it: 21 digits, zero-padded.
 *
 * @example
 * formatSequence(7) // "000000000000000000007"
 */
export function formatSequence(sequence: number): string {
  return String(sequence).padStart(21, '0');
}

/** A sequence number's value, or undefined when it is not one (digits only, within what the engine numbers). */
export function parseSequence(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The opaque token handed to clients:
 * `<stream ARN>|001|<shard id>|<position>|<issued at>|<check>`. The check (a
 * hash of the rest) catches a token that was cut or edited: it is
 * `Invalid ShardIterator`, like any other string that is not an iterator.
 */
export function encodeShardIterator(position: ShardPosition): string {
  const body = [position.streamArn, VERSION, position.shardId, formatSequence(position.position), String(position.issuedAt)].join('|');
  return `${body}|${hash8(body)}`;
}

/**
 * Reads a token made by {@link encodeShardIterator}. Throws ValidationException
 * `Invalid ShardIterator` for anything else, and ExpiredIteratorException once
 * it is older than 15 minutes at `now`.
 */
export function decodeShardIterator(token: string, now: number): ShardPosition {
  const parts = token.split('|');
  const invalid = () => validationError('Invalid ShardIterator');
  if (parts.length !== 6) throw invalid();
  const [streamArn, version, shardId, position, issuedAt, check] = parts as [string, string, string, string, string, string];
  if (version !== VERSION || check !== hash8(parts.slice(0, 5).join('|'))) throw invalid();
  const sequence = parseSequence(position);
  const issued = parseSequence(issuedAt);
  if (sequence === undefined || issued === undefined) throw invalid();
  if (now - issued > ITERATOR_LIFETIME_MS) {
    throw new DynamoDBError(
      'ExpiredIteratorException',
      `Iterator expired: it was made at ${new Date(issued).toISOString()} and is valid for 15 minutes. Get a new one with GetShardIterator.`,
    );
  }
  return { streamArn, shardId, position: sequence, issuedAt: issued };
}
