/**
 * DynamoDB's transient table states, for `transientStatusMs` (DynamoDB
 * Local's `-delayTransientStatuses`): how long CREATING, UPDATING (with a new
 * GSI CREATING and backfilling) and DELETING last before the table is
 * ACTIVE, or gone.
 *
 * The change itself is applied (and stored) at once, as without a delay;
 * only what the table answers changes while the state lasts, and it is read
 * off the engine's clock, so nothing runs in the background (no timer keeps a
 * process alive) and a test advances time instead of sleeping. The states
 * live in memory only: a table saved while CREATING or UPDATING loads ACTIVE,
 * and one saved after DeleteTable is gone.
 *
 * What DynamoDB answers meanwhile (terraform-provider-aws's retry comments and
 * other recordings of live DynamoDB; DynamoDB Local makes every change
 * ACTIVE at once):
 * - CREATING: DescribeTable says CREATING; item requests get
 *   ResourceNotFoundException; UpdateTable and DeleteTable get
 *   ResourceInUseException `Attempt to change a resource which is still in
 *   use: Table is being created: <name>`.
 * - UPDATING: items are served; a second UpdateTable, or a DeleteTable, gets
 *   `… Table is being updated: <name>`; an added GSI is CREATING with
 *   `Backfilling: true`, a deleted one DELETING.
 * - DELETING: DescribeTable says DELETING; item requests get
 *   ResourceNotFoundException; UpdateTable and DeleteTable get `… Table is
 *   being deleted: <name>`; CreateTable of the name `Table already exists`.
 */
import { DynamoDBError, validationError } from '../../expressions';
import type { IndexDefinition } from '../schema/tableDefinition';
import type { TableStore } from '../storage/tableStore';

/**
 * The delay a drop-in for DynamoDB Local gives `-delayTransientStatuses`
 * (Keylab's choice: DynamoDB Local documents the flag, not its delay). 5 s is
 * about how long DynamoDB keeps a small new table CREATING, long enough for a
 * test to see every state, short enough for a suite that waits on it.
 */
export const DELAY_TRANSIENT_STATUSES_MS = 5000;

export type TransientStatus = 'CREATING' | 'UPDATING' | 'DELETING';

/** A table in a transient state until `until` (the engine clock's epoch ms). */
export interface TableTransition {
  readonly status: TransientStatus;
  readonly until: number;
  /** UPDATING: the GSI being built (CREATING, Backfilling). */
  readonly createdIndex?: string;
  /** UPDATING: the GSI being dropped (DELETING), no longer in the definition. */
  readonly deletedIndex?: IndexDefinition;
  /** DELETING: the table as it was, for DescribeTable (it is already gone from the engine's tables). */
  readonly deleted?: TableStore;
}

const VERBS: Record<TransientStatus, string> = { CREATING: 'created', UPDATING: 'updated', DELETING: 'deleted' };

/** The tables in a transient state; empty while the delay is 0. */
export class TableStates {
  private readonly transitions = new Map<string, TableTransition>();

  constructor(
    private readonly delayMs: number,
    private readonly now: () => number,
  ) {}

  /** Puts a table in a transient state for the configured delay (nothing with no delay). */
  begin(name: string, status: TransientStatus, details: Omit<TableTransition, 'status' | 'until'> = {}): void {
    if (this.delayMs > 0) this.transitions.set(name, { status, until: this.now() + this.delayMs, ...details });
    else this.transitions.delete(name);
  }

  /** The table's transient state, if it is still in one. */
  of(name: string): TableTransition | undefined {
    const transition = this.transitions.get(name);
    if (transition === undefined) return undefined;
    if (this.now() < transition.until) return transition;
    this.transitions.delete(name);
    return undefined;
  }

  /** Whether item requests must treat the table as missing (CREATING or DELETING, as DynamoDB does). */
  hidesItems(name: string): boolean {
    const status = this.transitions.size === 0 ? undefined : this.of(name)?.status;
    return status === 'CREATING' || status === 'DELETING';
  }

  /** ResourceInUseException when the table may not change now (UpdateTable, DeleteTable). */
  checkChangeable(name: string): void {
    const transition = this.of(name);
    if (transition === undefined) return;
    throw new DynamoDBError(
      'ResourceInUseException',
      `Attempt to change a resource which is still in use: Table is being ${VERBS[transition.status]}: ${name}`,
    );
  }

  /**
   * The GSI the table is building (UPDATING after UpdateTable's Create, Backfilling true), if any: Query and Scan
   * on it get ValidationException `Cannot read from backfilling global secondary index: <name>`, as on DynamoDB.
   */
  backfillingIndex(name: string): string | undefined {
    if (this.transitions.size === 0) return undefined;
    return this.of(name)?.createdIndex;
  }

  /** The tables DELETING: gone from the engine's tables, still listed by ListTables until the delay has passed (as DynamoDB lists them). */
  deletingTables(): string[] {
    if (this.transitions.size === 0) return [];
    return [...this.transitions.keys()].filter((name) => this.of(name)?.status === 'DELETING');
  }

  /** Forgets a table's state (a restored table is ACTIVE). */
  clear(name: string): void {
    this.transitions.delete(name);
  }
}

/**
 * A new table's TableId: a random UUID (version 4), as DynamoDB gives it.
 * Web Crypto's random bytes exist in browsers (also over plain http) and Node.
 */
export function newTableId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Query and Scan of a GSI still being built: DynamoDB's refusal (the message apps retry on; no table is read). */
export function refuseBackfillingIndex(states: TableStates, tableName: string, indexName: string | undefined): void {
  if (indexName !== undefined && states.backfillingIndex(tableName) === indexName) {
    throw validationError(`Cannot read from backfilling global secondary index: ${indexName}`);
  }
}
