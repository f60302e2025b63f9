import type { DynamoDBDataSource } from '../engine';
import { guardWrites } from './readOnlyDataSource';

/** Where a write that needs the extra confirmation would go (an AWS connection that is not Read-only). */
export interface WriteTarget {
  readonly region: string;
  readonly endpoint: string;
}

/**
 * A write that reached an AWS connection's data source without the user's
 * confirmation (or after the confirmed job ended): a bug in the write path,
 * never sent. Every write path asks `confirmWrite` (src/state/writeAccess.ts)
 * and writes through the source it is handed.
 */
export class UnconfirmedWriteError extends Error {
  override readonly name = 'UnconfirmedWrite';
  constructor(
    readonly operation: string,
    readonly target: WriteTarget,
    readonly afterGrant = false,
  ) {
    super(
      `${operation} was sent to AWS (region ${target.region}, endpoint ${target.endpoint}) ${afterGrant ? 'after its write confirmation ended' : 'without the write confirmation'}; nothing was sent. ` +
        'This is a bug in Keylab: every write to AWS must ask confirmWrite and write through the source it grants.',
    );
  }
}

interface Guarded {
  readonly client: DynamoDBDataSource;
  readonly target: WriteTarget;
}

const guarded = new WeakMap<DynamoDBDataSource, Guarded>();

/**
 * An AWS connection's data source: reads pass through to `client`; every
 * write (by readOnlyDataSource's classification, PartiQL included unless all
 * SELECTs) rejects with {@link UnconfirmedWriteError} unless it comes through
 * a grant from {@link openWriteGrant}, which only the write confirmation
 * opens after the user's yes.
 */
export function confirmingDataSource(client: DynamoDBDataSource, target: WriteTarget): DynamoDBDataSource {
  const source = guardWrites(client, (operation) => Promise.reject(new UnconfirmedWriteError(operation, target)));
  guarded.set(source, { client, target });
  return source;
}

/** The region and endpoint a write to `source` needs confirming for, or undefined when it never asks (built-in table, DynamoDB Local, custom endpoints, Read-only). */
export function writeTargetOf(source: DynamoDBDataSource | undefined): WriteTarget | undefined {
  return source ? guarded.get(source)?.target : undefined;
}

/** A confirmed job's way to write: `source` sends writes until `end()`, then refuses them again. */
export interface WriteGrant {
  readonly source: DynamoDBDataSource;
  end(): void;
}

/**
 * Opens writes on a {@link confirmingDataSource} for one confirmed job.
 * Called only by writeAccess's confirmWrite, after the user said yes; it ends
 * the grant when the job settles, so a handle kept past it writes nothing.
 */
export function openWriteGrant(source: DynamoDBDataSource): WriteGrant {
  const entry = guarded.get(source);
  if (!entry) return { source, end: () => {} };
  let open = true;
  return {
    source: guardWrites(entry.client, (operation, send) => (open ? send() : Promise.reject(new UnconfirmedWriteError(operation, entry.target, true)))),
    end: () => {
      open = false;
    },
  };
}
