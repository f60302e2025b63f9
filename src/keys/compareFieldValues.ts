import type { FieldFormat } from './codecs';
import { judgeIntendedOrder } from './intendedOrder';

/**
 * The intended order of two values of one field of a string key, by its
 * template format alone — what the encoded key is supposed to reproduce. A
 * thin user of the one judge (judgeIntendedOrder, intendedOrder.ts): numbers
 * compare numerically, timestamps chronologically, strings by UTF-8 bytes;
 * `int(W,desc)` reverses the order. A value the format can't read sorts after
 * those it can, by bytes.
 *
 * @example
 * compareFieldValues({ kind: "int", width: 10, descending: false }, "9", "10") < 0 // true
 */
export function compareFieldValues(format: FieldFormat, a: string, b: string): number {
  const order = fieldValueOrder(format);
  return order.compare(order.prepare(a), order.prepare(b));
}

/**
 * A field's intended order split in two: `prepare` reads a value once
 * (parses the number, the instant), `compare` orders two prepared values.
 * Sorting 1,000 rows then parses each value once rather than at every one of
 * the ~10,000 comparisons (the Design tab sorts on every keystroke).
 * `compare(prepare(a), prepare(b))` is compareFieldValues(format, a, b).
 */
export interface FieldValueOrder<Prepared = unknown> {
  prepare(value: string): Prepared;
  compare(a: Prepared, b: Prepared): number;
}

const byFormat = new Map<string, FieldValueOrder>();

/** The intended order of one field's values by its format, as prepare + compare (one per format, memoised). */
export function fieldValueOrder(format: FieldFormat): FieldValueOrder {
  const key = format.kind === 'int' ? `int${format.descending ? '-desc' : ''}` : format.kind === 'epoch' ? `epoch-${format.unit}` : format.kind;
  let order = byFormat.get(key);
  if (!order) {
    const judged = judgeIntendedOrder({ declaredType: 'S', format, values: [] }).order;
    order = format.kind === 'int' && format.descending ? { prepare: judged.prepare, compare: (a, b) => judged.compare(b, a) } : judged;
    byFormat.set(key, order);
  }
  return order;
}
