import { compareBytes, compareDynamoNumbers, compareUtf8 } from '../../src/keys';

/**
 * What one side answered: a result, or an error reduced to what the contract
 * compares (the exception name, the message, and the `Item` a
 * ConditionalCheckFailedException carries with ReturnValuesOnConditionCheckFailure).
 */
export type Outcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly name: string; readonly message: string; readonly item?: unknown; readonly reasons?: unknown };

/** Runs `run` and captures its result or its error as an {@link Outcome}. */
export async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const item = (error as { Item?: unknown }).Item;
    // TransactionCanceledException's reasons, one per action.
    const reasons = (error as { CancellationReasons?: unknown }).CancellationReasons;
    return { ok: false, name: error.name, message: error.message, ...(item !== undefined ? { item } : {}), ...(reasons !== undefined ? { reasons } : {}) };
  }
}

/**
 * The comparable form of a value, identical for both sides whatever their
 * transport: `$metadata` dropped, binary as `0x…` hex text, members of SS / NS / BS
 * sorted (DynamoDB returns set members in no particular order), `undefined`
 * members dropped. Timestamps are left to a normaliser (they can't be equal).
 */
export function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return `0x${Buffer.from(value).toString('hex')}`;
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.SS) && Object.keys(record).length === 1) return { SS: [...(record.SS as string[])].sort(compareUtf8) };
  if (Array.isArray(record.NS) && Object.keys(record).length === 1) return { NS: [...(record.NS as string[])].sort(compareDynamoNumbers) };
  if (Array.isArray(record.BS) && Object.keys(record).length === 1) return { BS: [...(record.BS as Uint8Array[])].sort(compareBytes).map(canonical) };
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(record).sort(compareUtf8)) {
    if (key === '$metadata' || record[key] === undefined) continue;
    result[key] = canonical(record[key]);
  }
  return result;
}

/** {@link canonical} applied to an outcome. */
export function canonicalOutcome(outcome: Outcome): Outcome {
  if (outcome.ok) return { ok: true, value: canonical(outcome.value) };
  return {
    ...outcome,
    ...(outcome.item === undefined ? {} : { item: canonical(outcome.item) }),
    ...(outcome.reasons === undefined ? {} : { reasons: canonical(outcome.reasons) }),
  };
}
