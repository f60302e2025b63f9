import { compileKeyTemplate, utf8ByteLength, type EncodedKey, type FieldSegment, type FieldValues, type KeyTemplate } from './codecs';
import { fieldValueOrder, type FieldValueOrder } from './compareFieldValues';
import { compareUtf8 } from './compareUtf8';
import { buildRawKey } from './encodeKey';
import { inferTemplateOrders, type InferredFieldOrder } from './inferFieldOrder';
import type { KeyFinding } from './keyFinding';

/** One row of sample field values, identified so the UI can follow it between lists. */
export interface SampleRow {
  readonly id: string;
  readonly values: FieldValues;
}

/** A sample row with the key a naive design stores and the key the template encodes. */
export interface SampleKeyRow {
  readonly id: string;
  /** Values as plain text joined by the template's literals: what a naive design stores. */
  readonly rawKey: string;
  readonly rawByteLength: number;
  /** Absent when the row has findings. */
  readonly encodedKey?: EncodedKey;
  readonly encodedByteLength?: number;
  readonly findings: readonly KeyFinding[];
}

/** A row's place in one ordered list. */
export interface OrderEntry {
  readonly id: string;
  readonly key: string;
  /** 1-based position where the intended order puts this row (rows that tie share a position). */
  readonly intendedPosition: number;
  /** True when the row sits where the intended order puts it. */
  readonly inPlace: boolean;
}

export type ReadDirection = 'ascending' | 'descending';

/** The order comparison: each row's keys, and the rows as DynamoDB would return them under each design. */
export interface SampleOrders {
  readonly rows: readonly SampleKeyRow[];
  /** Rows sorted by the DynamoDB comparator over their raw keys, in the read direction. */
  readonly rawOrder: readonly OrderEntry[];
  /** Rows sorted by the DynamoDB comparator over their encoded keys, in the read direction. */
  readonly encodedOrder: readonly OrderEntry[];
  /** Ids of rows left out of both lists because they have findings. */
  readonly excludedIds: readonly string[];
  /** String fields whose compared values all read as numbers or dates: the intended order is by value, and each says why. */
  readonly inferredOrders: readonly InferredFieldOrder[];
}

/**
 * Computes what a Query would return for the sample rows stored under raw
 * keys and under encoded keys, and marks every row that is out of its
 * intended place.
 *
 * Contract: both lists are ordered by `compareUtf8` over the key text
 * (ascending, or reversed for `descending`, as `ScanIndexForward: false`
 * reads); the intended order compares field values in template order with
 * {@link compareFieldValues}, except that a string field whose compared
 * values all read as numbers or as dates is ordered by value
 * ({@link inferTemplateOrders}: the articles' first pitfall, which raw and
 * encoded keys then both show). Rows whose values can't be encoded, or whose
 * encoded key repeats an earlier row's (the second write would overwrite the
 * first item), are left out of both lists and carry a finding.
 *
 * @example
 * // {score:int(10)} over scores 10, 1500, 240, 9:
 * // rawOrder     → 10, 1500, 240, 9  (three rows out of place)
 * // encodedOrder → 9, 10, 240, 1500  (all in place)
 */
export function compareSampleOrders(template: KeyTemplate, rows: readonly SampleRow[], direction: ReadDirection = 'ascending'): SampleOrders {
  const compiled = compileKeyTemplate(template);
  const firstRowByKey = new Map<string, number>();
  const keyRows: SampleKeyRow[] = rows.map((row, index) => {
    const rawKey = buildRawKey(template, row.values);
    const base = { id: row.id, rawKey, rawByteLength: utf8ByteLength(rawKey) };
    const encoded = compiled.encode(row.values);
    if (!encoded.ok) return { ...base, findings: encoded.findings };
    const earlier = firstRowByKey.get(encoded.value);
    if (earlier !== undefined) {
      return {
        ...base,
        findings: [
          {
            code: 'keys.duplicateKey',
            message: `Row ${index + 1} encodes to the same key as row ${earlier + 1} (${encoded.value}): in DynamoDB the second write replaces the first item. Add a tiebreaker field, such as {playerId}, so every item gets its own key.`,
          },
        ],
      };
    }
    firstRowByKey.set(encoded.value, index);
    return { ...base, encodedKey: encoded.value, encodedByteLength: utf8ByteLength(encoded.value), findings: [] };
  });

  const included = rows.map((row, index) => ({ row, keys: keyRows[index] as SampleKeyRow })).filter((entry) => entry.keys.findings.length === 0);
  const sign = direction === 'ascending' ? 1 : -1;
  const inferredOrders = inferTemplateOrders(
    compiled.fields,
    included.map((entry) => entry.row.values),
  );
  const intended = rankByIntendedOrder(compiled.fields, included, (entry) => entry.row.values, direction, inferredOrders);
  const intendedPositionById = new Map<string, number>();
  intended.sorted.forEach((entry) => intendedPositionById.set(entry.keys.id, intended.positionOf.get(entry) as number));
  const positionsInIntendedOrder = intended.sorted.map((entry) => intended.positionOf.get(entry) as number);

  const orderBy = (keyOf: (row: SampleKeyRow) => string): OrderEntry[] =>
    included
      .map((entry) => entry.keys)
      .sort((a, b) => sign * compareUtf8(keyOf(a), keyOf(b)))
      .map((row, index) => {
        const intendedPosition = intendedPositionById.get(row.id) as number;
        return { id: row.id, key: keyOf(row), intendedPosition, inPlace: positionsInIntendedOrder[index] === intendedPosition };
      });

  return {
    rows: keyRows,
    rawOrder: orderBy((row) => row.rawKey),
    encodedOrder: orderBy((row) => row.encodedKey as string),
    excludedIds: keyRows.filter((row) => row.findings.length > 0).map((row) => row.id),
    inferredOrders,
  };
}

/** Entries in their intended order, and each entry's 1-based intended position. */
export interface IntendedRanking<T> {
  readonly sorted: readonly T[];
  /** Entries that tie share the position of the first of them. */
  readonly positionOf: ReadonlyMap<T, number>;
}

/**
 * Orders entries by the values of the template's fields — the order the
 * encoded keys are meant to reproduce — and gives each its intended position.
 *
 * Contract: fields compare in template order with {@link compareFieldValues}
 * (numbers numerically, timestamps chronologically, strings by UTF-8 bytes),
 * except fields in `inferred`, which compare by the value their text reads as;
 * reversed for `descending`; the sort is stable, and tied entries share a
 * position. Every entry's values must encode without findings, and every
 * inferred field's values must be among the values it was inferred from.
 *
 * @example
 * // {score:int(10)} over scores "10", "9":
 * rankByIntendedOrder(fields, rows, (row) => row.values).sorted // the "9" row, then the "10" row
 */
export function rankByIntendedOrder<T>(
  fields: readonly FieldSegment[],
  entries: readonly T[],
  valuesOf: (entry: T) => FieldValues,
  direction: ReadDirection = 'ascending',
  inferred: readonly InferredFieldOrder[] = [],
): IntendedRanking<T> {
  const sign = direction === 'ascending' ? 1 : -1;
  const ordinals = new Map(inferred.map((order) => [order.field, order.ordinal]));
  // Each value is read once (numbers parsed, instants converted), then the sort compares prepared values.
  const orders = fields.map((field) => {
    const ordinal = ordinals.get(field.name);
    if (!ordinal) return fieldValueOrder(field.format);
    return {
      prepare: (value: string) => {
        const position = ordinal.get(value);
        if (position === undefined) throw new RangeError(`rankByIntendedOrder: ${field.name} value outside its inferred order: ${value}`);
        return position;
      },
      compare: (x: unknown, y: unknown) => (x as number) - (y as number),
    };
  });
  const prepared = entries.map((entry) => {
    const values = valuesOf(entry);
    return { entry, keys: fields.map((field, i) => (orders[i] as FieldValueOrder).prepare(values[field.name] ?? '')) };
  });
  const compare = (a: (typeof prepared)[number], b: (typeof prepared)[number]): number => {
    for (let i = 0; i < orders.length; i++) {
      const order = (orders[i] as FieldValueOrder).compare(a.keys[i], b.keys[i]);
      if (order !== 0) return sign * order;
    }
    return 0;
  };
  const sortedPrepared = prepared.sort(compare);
  const sorted = sortedPrepared.map((item) => item.entry);
  const positionOf = new Map<T, number>();
  sortedPrepared.forEach((item, index) => {
    const previous = sortedPrepared[index - 1];
    const tiesPrevious = previous !== undefined && compare(previous, item) === 0;
    positionOf.set(item.entry, tiesPrevious ? (positionOf.get(previous.entry) as number) : index + 1);
  });
  return { sorted, positionOf };
}
