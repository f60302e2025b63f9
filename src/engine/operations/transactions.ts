import type { CancellationReason, Capacity, ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { DynamoDBError, validationError, type Item } from '../../expressions';
import type { ConstraintErrors } from '../requestErrors';
import { keyIdentity } from '../schema/checkKeys';
import type { TableStore } from '../storage/tableStore';
import { chargeIndex, consumedCapacity, createCharge, type CapacityCharge } from './capacity';

/**
 * What TransactWriteItems and TransactGetItems share: their limits, the
 * one-action-per-item rule, TransactionCanceledException and the doubled
 * capacity DynamoDB bills transactions.
 */

/** Actions per transaction (DynamoDB raised it from 25 to 100 in 2022). */
export const MAX_TRANSACTION_ACTIONS = 100;
/** The aggregate size of a transaction's items. */
export const MAX_TRANSACTION_BYTES = 4 * 1024 * 1024;
/** A transactional read or write costs twice the units of a plain one (Developer Guide, "Capacity management for transactions"). */
export const TRANSACTION_CAPACITY_FACTOR = 2;

/** TransactItems: present, 1..100 actions. Returns the list when it is usable. */
export function checkTransactItems<T>(errors: ConstraintErrors, items: readonly T[] | undefined): readonly T[] | undefined {
  if (!errors.requireValue(items, 'transactItems')) return undefined;
  const list = items as readonly T[];
  if (list.length < 1) errors.add('[]', 'transactItems', 'Member must have length greater than or equal to 1');
  if (list.length > MAX_TRANSACTION_ACTIONS)
    errors.add(`[${list.length} elements]`, 'transactItems', `Member must have length less than or equal to ${MAX_TRANSACTION_ACTIONS}`);
  return list;
}

/** `Transaction request cannot include multiple operations on one item`, checked across every action's table and key. */
export function rejectRepeatedItems(targets: readonly { readonly table: TableStore; readonly key: Item }[]): void {
  const seen = new Set<string>();
  for (const { table, key } of targets) {
    const identity = `${table.definition.name}\u0000${keyIdentity(key, table.definition.keys)}`;
    if (seen.has(identity)) throw validationError('Transaction request cannot include multiple operations on one item');
    seen.add(identity);
  }
}

/** A reason for an action that did not stop the transaction. */
export const NO_REASON: CancellationReason = { Code: 'None' };

/**
 * TransactionCanceledException: `CancellationReasons` has one entry per
 * action, in request order (`None` for the ones that would have succeeded),
 * and the message lists their codes as DynamoDB does:
 * `Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]`.
 */
export class TransactionCanceledError extends DynamoDBError {
  /** The AWS SDK's TransactionCanceledException property. */
  readonly CancellationReasons: CancellationReason[];

  constructor(reasons: CancellationReason[]) {
    super(
      'TransactionCanceledException',
      `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((reason) => reason.Code).join(', ')}]`,
    );
    this.CancellationReasons = reasons;
  }
}

/** A reason for a ValidationException an action met while the transaction ran (an item grown too large, an index key of the wrong type). */
export function validationReason(error: unknown): CancellationReason {
  if (error instanceof DynamoDBError && error.name === 'ValidationException') return { Code: 'ValidationError', Message: error.message };
  throw error;
}

/**
 * Per table, in order of first use: each transaction's capacity charges, its
 * reads (TransactGetItems' Gets, ConditionChecks, a replay's reads) apart from
 * its writes. With INDEXES, DynamoDB splits a transaction's figures into
 * ReadCapacityUnits and WriteCapacityUnits beside CapacityUnits, for the
 * total, the table and each index, naming only the kinds it charged
 * (nubo-db/dynamodb-conformance tier 2: an ExecuteTransaction UPDATE gives
 * `WriteCapacityUnits: 2` and no ReadCapacityUnits, its replay the opposite;
 * TransactGetItems gives `Table.ReadCapacityUnits`). TOTAL gives CapacityUnits
 * alone, as for the other operations. DynamoDB Local 3.3.x never splits them.
 */
export class TransactionCharges {
  private readonly charges = new Map<string, { readonly read: CapacityCharge; readonly write: CapacityCharge }>();

  /** The read charge of `tableName`, created on first use. */
  reads(tableName: string): CapacityCharge {
    return this.entry(tableName).read;
  }

  /** The write charge of `tableName`, created on first use. */
  writes(tableName: string): CapacityCharge {
    return this.entry(tableName).write;
  }

  /** ConsumedCapacity per table, each unit multiplied by `factor` (doubled unless told); undefined without TOTAL / INDEXES. */
  consumed(mode: string | undefined, factor = TRANSACTION_CAPACITY_FACTOR): ConsumedCapacity[] | undefined {
    if (mode !== 'TOTAL' && mode !== 'INDEXES') return undefined;
    const capacities: ConsumedCapacity[] = [];
    for (const [tableName, { read, write }] of this.charges) {
      const reads = multiplied(read, factor);
      const writes = multiplied(write, factor);
      const capacity = consumedCapacity(mode, tableName, summed(reads, writes)) as ConsumedCapacity;
      if (mode === 'INDEXES') splitReadsAndWrites(capacity, reads, writes);
      capacities.push(capacity);
    }
    return capacities;
  }

  private entry(tableName: string): { readonly read: CapacityCharge; readonly write: CapacityCharge } {
    let entry = this.charges.get(tableName);
    if (!entry) this.charges.set(tableName, (entry = { read: createCharge(), write: createCharge() }));
    return entry;
  }
}

function multiplied(charge: CapacityCharge, factor: number): CapacityCharge {
  const times = (units: ReadonlyMap<string, number>) => new Map([...units].map(([name, value]) => [name, value * factor]));
  return { table: charge.table * factor, local: times(charge.local), global: times(charge.global) };
}

function summed(a: CapacityCharge, b: CapacityCharge): CapacityCharge {
  const sum = createCharge();
  for (const charge of [a, b]) {
    sum.table += charge.table;
    for (const [name, units] of charge.local) chargeIndex(sum, 'local', name, units);
    for (const [name, units] of charge.global) chargeIndex(sum, 'global', name, units);
  }
  return sum;
}

/** Adds ReadCapacityUnits / WriteCapacityUnits to the total, the table's and each index's figures, where that kind was charged. */
function splitReadsAndWrites(capacity: ConsumedCapacity, reads: CapacityCharge, writes: CapacityCharge): void {
  const total = (charge: CapacityCharge) => charge.table + [...charge.local.values(), ...charge.global.values()].reduce((sum, units) => sum + units, 0);
  const split = (target: Capacity, read: number, write: number) => {
    if (read > 0) target.ReadCapacityUnits = read;
    if (write > 0) target.WriteCapacityUnits = write;
  };
  split(capacity, total(reads), total(writes));
  if (capacity.Table) split(capacity.Table, reads.table, writes.table);
  for (const [kind, figures] of [
    ['local', capacity.LocalSecondaryIndexes],
    ['global', capacity.GlobalSecondaryIndexes],
  ] as const) {
    for (const [name, figure] of Object.entries(figures ?? {})) split(figure, reads[kind].get(name) ?? 0, writes[kind].get(name) ?? 0);
  }
}
