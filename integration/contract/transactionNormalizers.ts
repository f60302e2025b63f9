import { compareUtf8 } from '../../src/keys';
import { messageDifference, type Comparison, type Normalizer } from './normalize';
import type { Outcome } from './outcome';

/**
 * Where DynamoDB Local's transactions differ from DynamoDB (README, "Where
 * DynamoDB Local differs from DynamoDB"), each mapped away narrowly: the
 * engine must give DynamoDB's documented answer for the normaliser to apply.
 */

type Reason = { Code?: string; Message?: string; Item?: unknown };

/** Rewrites DynamoDB Local's cancellation reasons where the engine's reason at the same position is the known DynamoDB form. */
function reasonDifference(local: (reason: Reason) => boolean, engine: (reason: Reason) => boolean): Normalizer {
  return (comparison: Comparison) => {
    const ours = comparison.engine;
    const theirs = comparison.local;
    if (ours.ok || theirs.ok || !Array.isArray(ours.reasons) || !Array.isArray(theirs.reasons)) return comparison;
    const engineReasons = ours.reasons as Reason[];
    const fixed = (theirs.reasons as Reason[]).map((reason, i) => {
      const counterpart = engineReasons[i];
      return counterpart && reason.Code === counterpart.Code && local(reason) && engine(counterpart) ? counterpart : reason;
    });
    return { ...comparison, local: { ...theirs, reasons: fixed } as Outcome };
  };
}

/** A ConditionalCheckFailed reason: DynamoDB Local ends its message with a period, DynamoDB (and its single-item error) does not. */
export const conditionReasonPeriod = reasonDifference(
  (reason) => reason.Message === 'The conditional request failed.',
  (reason) => reason.Message === 'The conditional request failed',
);

/** A ValidationError reason for an index key of the wrong type: DynamoDB names the attribute, types and index (as for PutItem). */
export const indexKeyReasonDetail = reasonDifference(
  (reason) => reason.Message === 'One or more parameter values were invalid: Type mismatch for Index Key',
  (reason) =>
    /^One or more parameter values were invalid: Type mismatch for Index Key [^ ]+ Expected: [SNB] Actual: [A-Z]+ IndexName: [^ ]+$/.test(reason.Message ?? ''),
);

/**
 * A ValidationError reason for a table key of the wrong type: DynamoDB names the attribute and both types for a
 * Put's item, and says the Key does not match the schema for the others (nubo-db/dynamodb-conformance tier 3);
 * DynamoDB Local says `Type mismatch for key` for both, without names.
 */
export const keyReasonDetail = reasonDifference(
  (reason) => reason.Message === 'One or more parameter values were invalid: Type mismatch for key',
  (reason) =>
    /^(One or more parameter values were invalid: Type mismatch for key [^ ]+ expected: [SNB] actual: [A-Z]+|The provided key element does not match the schema)$/.test(
      reason.Message ?? '',
    ),
);

/** TransactItems' member constraints: DynamoDB reports them as `1 validation error detected: Value '…' at 'transactItems…' …`; DynamoDB Local leaves out the count and quotes (and the value, past 100 actions). */
export const transactItemsConstraint = messageDifference(
  'a TransactItems member constraint',
  /^(Value \S+ at 'transactItems[A-Za-z0-9.]*' failed to satisfy constraint: Member must .*|Member must have length less than or equal to 100)$/,
  /^1 validation error detected: Value (null|'[^']*') at 'transactItems[A-Za-z0-9.]*' failed to satisfy constraint: Member must .*$/,
);

/** IdempotentParameterMismatchException: DynamoDB Local sends no message (the SDK then says `UnknownError`); the engine says what happened. */
export const idempotentMismatchMessage = messageDifference('an idempotency mismatch', /^(|UnknownError)$/, /^The ClientRequestToken was already used/);

/**
 * Not a difference: a transaction's ConsumedCapacity has one entry per table
 * in no documented order (the engine lists them in request order, DynamoDB
 * Local in its own), so both are compared sorted by table name.
 */
export const capacityByTableName: Normalizer = (comparison) => {
  const sorted = (outcome: Outcome): Outcome => {
    if (!outcome.ok) return outcome;
    const value = outcome.value as { ConsumedCapacity?: { TableName?: string }[] } | undefined;
    if (!Array.isArray(value?.ConsumedCapacity)) return outcome;
    const byName = [...value.ConsumedCapacity].sort((a, b) => compareUtf8(a.TableName ?? '', b.TableName ?? ''));
    return { ok: true, value: { ...value, ConsumedCapacity: byName } };
  };
  return { ...comparison, engine: sorted(comparison.engine), local: sorted(comparison.local) };
};

/**
 * A Key that does not match the schema, in TransactGetItems: DynamoDB Local
 * answers TransactionCanceledException `The number of conditions on the keys
 * is invalid` without reasons; the engine answers as GetItem does
 * (ValidationException `The provided key element does not match the schema`).
 */
export const transactGetKeyMismatch: Normalizer = (comparison) => {
  const { engine, local } = comparison;
  if (engine.ok || local.ok) return comparison;
  if (local.name !== 'TransactionCanceledException' || local.message !== 'The number of conditions on the keys is invalid') return comparison;
  if (engine.name !== 'ValidationException' || engine.message !== 'The provided key element does not match the schema') return comparison;
  return { ...comparison, local: engine };
};

type Figures = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };
type Split = Figures & { Table?: Figures; LocalSecondaryIndexes?: Record<string, Figures>; GlobalSecondaryIndexes?: Record<string, Figures> };

/**
 * A transaction's ConsumedCapacity with INDEXES: DynamoDB splits every figure
 * (total, table, each index) into ReadCapacityUnits and WriteCapacityUnits
 * beside CapacityUnits (nubo-db/dynamodb-conformance tier 2); DynamoDB Local
 * 3.3.x gives CapacityUnits alone. Applies only when the engine's split adds
 * up to its CapacityUnits at every level and DynamoDB Local has no split.
 */
export const transactionCapacitySplit: Normalizer = (comparison) => {
  const { engine, local } = comparison;
  if (!engine.ok || !local.ok) return comparison;
  const ours = (engine.value as { ConsumedCapacity?: Split[] } | undefined)?.ConsumedCapacity;
  const theirs = (local.value as { ConsumedCapacity?: Split[] } | undefined)?.ConsumedCapacity;
  if (!Array.isArray(ours) || !Array.isArray(theirs) || theirs.some(hasSplit) || !ours.some(hasSplit)) return comparison;
  const levels = (entry: Split): Figures[] => [
    entry,
    ...(entry.Table ? [entry.Table] : []),
    ...Object.values(entry.LocalSecondaryIndexes ?? {}),
    ...Object.values(entry.GlobalSecondaryIndexes ?? {}),
  ];
  const addsUp = (figures: Figures) => (figures.ReadCapacityUnits ?? 0) + (figures.WriteCapacityUnits ?? 0) === figures.CapacityUnits;
  if (!ours.every((entry) => levels(entry).every(addsUp))) return comparison;
  const strip = ({ ReadCapacityUnits: _read, WriteCapacityUnits: _write, ...rest }: Figures): Figures => rest;
  const stripIndexes = (indexes: Record<string, Figures> | undefined) =>
    indexes && Object.fromEntries(Object.entries(indexes).map(([name, figures]) => [name, strip(figures)]));
  const stripped = ours.map((entry) => {
    const result: Split = strip(entry);
    if (entry.Table) result.Table = strip(entry.Table);
    if (entry.LocalSecondaryIndexes) result.LocalSecondaryIndexes = stripIndexes(entry.LocalSecondaryIndexes);
    if (entry.GlobalSecondaryIndexes) result.GlobalSecondaryIndexes = stripIndexes(entry.GlobalSecondaryIndexes);
    return result;
  });
  return { ...comparison, engine: { ok: true, value: { ...(engine.value as object), ConsumedCapacity: stripped } } };
};

function hasSplit(entry: Split): boolean {
  return entry.ReadCapacityUnits !== undefined || entry.WriteCapacityUnits !== undefined;
}

/** Every transaction normaliser, for steps that may meet any of them. */
export const TRANSACTION_NORMALIZERS: readonly Normalizer[] = [
  capacityByTableName,
  transactionCapacitySplit,
  conditionReasonPeriod,
  indexKeyReasonDetail,
  keyReasonDetail,
  transactItemsConstraint,
  idempotentMismatchMessage,
  transactGetKeyMismatch,
];
