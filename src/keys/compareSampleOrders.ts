import { compileKeyTemplate, utf8ByteLength, type EncodedKey, type FieldSegment, type FieldValues, type KeyTemplate } from './codecs';
import type { FieldValueOrder } from './compareFieldValues';
import { compareKeys, type KeyAttributeValue, type KeyType } from './compareKeys';
import { compareUtf8 } from './compareUtf8';
import { decodeBase64 } from '../dynamo';
import { normalizeDynamoNumber } from './dynamoNumber';
import { judgeIntendedOrder, type IntendedOrder } from './intendedOrder';
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
 * Contract: both lists are in DynamoDB's order of the key attribute's
 * declared type (`declaredType`: UTF-8 bytes for S, value for N, bytes of
 * the base64 text for B; text the type can't hold last), ascending or
 * reversed for `descending`, as `ScanIndexForward: false` reads. The
 * intended order is the one judge's (judgeIntendedOrder, via
 * {@link judgeTemplateFields} over the compared rows, with the declared
 * type): fields in template order, each by what its values mean — so a
 * string field whose values all read as numbers or dates is ordered by value
 * (the articles' first pitfall, which raw and encoded keys then both show,
 * with {@link inferTemplateOrders}' finding), while an N key's field is a
 * number with no such finding. Rows whose values can't be encoded, or whose
 * encoded key repeats an earlier row's (the second write would overwrite the
 * first item), are left out of both lists and carry a finding.
 *
 * @example
 * // {score:int(10)} over scores 10, 1500, 240, 9:
 * // rawOrder     → 10, 1500, 240, 9  (three rows out of place)
 * // encodedOrder → 9, 10, 240, 1500  (all in place)
 */
export function compareSampleOrders(
  template: KeyTemplate,
  rows: readonly SampleRow[],
  direction: ReadDirection = 'ascending',
  declaredType: KeyType = 'S',
): SampleOrders {
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
  const includedValues = included.map((entry) => entry.row.values);
  const inferredOrders = inferTemplateOrders(compiled.fields, includedValues, declaredType);
  const intended = rankByIntendedOrder(
    compiled.fields,
    included,
    (entry) => entry.row.values,
    direction,
    judgeTemplateFields(compiled.fields, includedValues, declaredType),
  );
  const intendedPositionById = new Map<string, number>();
  intended.sorted.forEach((entry) => intendedPositionById.set(entry.keys.id, intended.positionOf.get(entry) as number));
  const positionsInIntendedOrder = intended.sorted.map((entry) => intended.positionOf.get(entry) as number);

  // DynamoDB's order of the attribute's type: UTF-8 bytes for S, value for N, bytes for B.
  const compareStored = storedKeyOrder(declaredType);
  const orderBy = (keyOf: (row: SampleKeyRow) => string): OrderEntry[] =>
    included
      .map((entry) => entry.keys)
      .sort((a, b) => sign * compareStored(keyOf(a), keyOf(b)))
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
 * The judge's intended order of each field of a template over these rows'
 * values (judgeIntendedOrder, with the key attribute's declared type), by
 * field name. A row without a value for a field gives it "" (which makes a
 * string field text).
 */
export function judgeTemplateFields(
  fields: readonly FieldSegment[],
  rows: readonly FieldValues[],
  declaredType: KeyType = 'S',
): ReadonlyMap<string, IntendedOrder> {
  const judged = new Map<string, IntendedOrder>();
  for (const field of fields) {
    const values: string[] = [];
    for (const row of rows) values.push(row[field.name] ?? '');
    judged.set(field.name, judgeIntendedOrder({ declaredType, format: field.format, values, field: field.name }));
  }
  return judged;
}

/**
 * Orders entries by the values of the template's fields — the order the
 * encoded keys are meant to reproduce — and gives each its intended position.
 *
 * Contract: fields compare in template order, each by the judge's intended
 * order of its values (`judged`, from {@link judgeTemplateFields}; when a
 * field is missing there, it is judged over these entries as an S
 * attribute's): numbers by value, dates and instants by time, names A to Z,
 * ids and text by UTF-8 bytes; `int(W,desc)` reverses its field (the key is
 * meant to read it high to low); the whole order is reversed for
 * `descending`; the sort is stable, and tied entries share a position.
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
  judged?: ReadonlyMap<string, IntendedOrder>,
): IntendedRanking<T> {
  const sign = direction === 'ascending' ? 1 : -1;
  const missing = fields.filter((field) => !judged?.has(field.name));
  const byEntries = missing.length > 0 ? judgeTemplateFields(missing, entries.map(valuesOf)) : undefined;
  // Each value is read once (numbers parsed, instants converted), then the sort compares prepared values.
  const orders: FieldValueOrder[] = fields.map((field) => {
    const order = (judged?.get(field.name) ?? (byEntries?.get(field.name) as IntendedOrder)).order;
    if (field.format.kind !== 'int' || !field.format.descending) return order;
    return { prepare: order.prepare, compare: (x, y) => order.compare(y, x) };
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

/**
 * Stored keys of one attribute type, as text, in DynamoDB's order (compareKeys):
 * UTF-8 bytes for S, value for N, bytes for B (base64 text); text its type
 * can't hold sorts last, by bytes. The key builder and the explorer's order
 * comparison both sort by it.
 */
export function storedKeyOrder(declaredType: KeyType): (a: string, b: string) => number {
  if (declaredType === 'S') return compareUtf8;
  const valueOf = (text: string): KeyAttributeValue | undefined => {
    if (declaredType === 'N') {
      const number = normalizeDynamoNumber(text);
      return number === undefined ? undefined : { N: number };
    }
    const bytes = decodeBase64(text);
    return bytes === undefined ? undefined : { B: bytes };
  };
  return (a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    if (x && y) return compareKeys(x, y);
    if (x || y) return x ? -1 : 1;
    return compareUtf8(a, b);
  };
}
