import { adviseWidth } from './adviseWidth';
import { compareUtf8 } from './compareUtf8';
import type { KeyType } from './compareKeys';
import { judgeIntendedOrder, type IntendedOrder } from './intendedOrder';
import type { KeyFinding } from './keyFinding';
import { readDates, type DateReading } from './readDates';
import { MAX_FIELD_WIDTH, MAX_FRACTION_DIGITS } from './parseKeyTemplate';
import { parseDecimal, printFormatSuffix, type DynamoNumber, type FieldFormat, type FieldSegment, type FieldValues } from './codecs';

/**
 * The articles' first pitfall: numbers or dates stored in a string field sort
 * as text ("10" before "9", "12/1/2025" before "6/23/2026"). When every
 * sample value of a string field reads as a number, or every one as a date,
 * the order the user means is by that value, not by the text. This module
 * finds such fields, orders their values by what they mean, and says which
 * format would store them in that order.
 */

/** A string field whose values all read as numbers or as dates. */
export interface InferredFieldOrder {
  readonly field: string;
  readonly kind: 'number' | 'date';
  /** For dates: the forms they were written in (slash dates: month first unless only day first reads every value). */
  readonly dateForms?: readonly DateReading[];
  /** Each distinct value's place in value order, from 0; values that mean the same ("10", "10.0") share one. */
  readonly ordinal: ReadonlyMap<string, number>;
  /** The format that stores the values in value order, when there is one (negative decimals have none). */
  readonly suggestedFormat?: FieldFormat;
  /**
   * Why the text order is a trap, and the format to use. Absent only for ISO-8601 dates
   * whose text order is already their time order.
   */
  readonly finding?: KeyFinding;
}

/** Headroom the suggested widths add, as the width advisor's default does. */
const SUGGESTED_HEADROOM_DIGITS = 2;

/**
 * Decides whether the values of a string field all read as numbers or all as
 * dates, and if so orders them by value.
 *
 * Contract: only `string` fields are inferred (other formats already order by
 * value); at least two values are needed, and every one must read the same
 * way (one blank or word among numbers means no inference). Numbers are plain
 * decimals (`-12`, `1500`, `0.25`). Dates are ISO-8601, `YYYY/MM/DD`,
 * `YYYY.MM.DD`, `YYYY年M月D日`, `D.M.YYYY`, and `M/D/YYYY` or `D/M/YYYY` (also
 * with dashes), each with an optional `HH:MM[:SS]`; slash dates are read month
 * first when that reads every value, else day first when that does, and the
 * finding says which. Numbers compare with the DynamoDB number comparator,
 * dates by instant (times without a zone as UTC).
 *
 * @example
 * inferFieldOrder({ kind: "field", name: "score", format: { kind: "string" } }, ["10", "1500", "240", "9"])
 * // { kind: "number", suggestedFormat: { kind: "int", width: 6, descending: false },
 * //   finding: { code: "keys.numbersAsText", message: "Numbers stored in a string field sort as text: use {score:int(6)}. …" }, … }
 */
export function inferFieldOrder(field: FieldSegment, values: readonly string[], declaredType: KeyType = 'S'): InferredFieldOrder | undefined {
  // An N or B attribute stores what it means; only text can be a number or a date stored as text.
  if (declaredType !== 'S' || field.format.kind !== 'string' || values.length < 2) return undefined;
  const judged = judgeIntendedOrder({ declaredType, format: field.format, values, field: field.name });
  switch (judged.meaning.kind) {
    case 'number':
    case 'epoch':
      return inferNumbers(field.name, values, judged);
    case 'date':
    case 'instant':
      return inferDates(field.name, values);
    default:
      return undefined;
  }
}

/**
 * {@link inferFieldOrder} for every string field of a template, over the
 * values the rows give it (a row without a value for the field stops the
 * inference for that field).
 */
export function inferTemplateOrders(fields: readonly FieldSegment[], rows: readonly FieldValues[], declaredType: KeyType = 'S'): readonly InferredFieldOrder[] {
  if (declaredType !== 'S') return [];
  const inferred: InferredFieldOrder[] = [];
  for (const field of fields) {
    if (field.format.kind !== 'string') continue;
    const values: string[] = [];
    for (const row of rows) values.push(row[field.name] ?? '');
    const order = inferFieldOrder(field, values, declaredType);
    if (order) inferred.push(order);
  }
  return inferred;
}

// ---------------------------------------------------------------------------
// Numbers

/** A field the judge read as numbers (or epoch time): their value order, the padded format that keeps it, and the finding. */
function inferNumbers(name: string, values: readonly string[], judged: IntendedOrder): InferredFieldOrder {
  const parsed = new Map<string, DynamoNumber>();
  for (const value of values) if (!parsed.has(value)) parsed.set(value, parseDecimal(value) as DynamoNumber);
  const sorted = [...parsed.keys()].sort((a, b) => judged.compare(a, b) || compareUtf8(a, b));
  const ordinal = ordinalsOf(sorted, judged.compare);

  const integerDigits = (value: string) =>
    value
      .replace(/^-/, '')
      .split('.')[0]
      ?.replace(/^0+(?=\d)/, '') ?? '0';
  const fractionDigits = (value: string) => (value.split('.')[1] ?? '').replace(/0+$/, '').length;
  const negative = [...parsed.values()].some((number) => number.sign < 0);
  const fraction = Math.max(...sorted.map(fractionDigits));
  // The value with the most integer digits sizes the field (for negatives: the largest magnitude).
  const widest = sorted.reduce((best, value) => (integerDigits(value).length > integerDigits(best).length ? value : best));
  const needed = integerDigits(widest).length;
  const width = suggestedWidth(integerDigits(widest));

  let suggestedFormat: FieldFormat | undefined;
  if (fraction === 0) suggestedFormat = negative ? { kind: 'sint', width } : { kind: 'int', width, descending: false };
  else if (!negative && fraction <= MAX_FRACTION_DIGITS) suggestedFormat = { kind: 'dec', integerDigits: width, fractionDigits: fraction };

  const inversion = firstTextInversion(sorted);
  const example = inversion ? ` ("${inversion[1]}" sorts before "${inversion[0]}")` : '';
  const use = suggestedFormat
    ? `use {${name}:${printFormatSuffix(suggestedFormat).slice(1)}}`
    : `store them in a number (N) attribute, or add an offset that makes them ≥ 0 and use {${name}:dec(${width},${fraction})}`;
  const growth =
    suggestedFormat && width > needed
      ? ` The largest sample, ${widest}, needs ${needed} ${needed === 1 ? 'digit' : 'digits'}; ${width - needed} more leave room for ${'1' + '0'.repeat(width - needed)}× growth (the width is hard to change later).`
      : '';
  return {
    field: name,
    kind: 'number',
    ordinal,
    ...(suggestedFormat ? { suggestedFormat } : {}),
    finding: {
      code: 'keys.numbersAsText',
      field: name,
      message: `Numbers stored in a string field sort as text: ${use}. Every sample value of ${name} is a number, so they are meant in numeric order${example}; the intended order here is by value.${growth}`,
    },
  };
}

/** The width for a field whose widest value has these integer digits: digits needed plus the advisor's default headroom. */
function suggestedWidth(digits: string): number {
  const advice = adviseWidth(digits, String(Math.min(SUGGESTED_HEADROOM_DIGITS, Math.max(0, MAX_FIELD_WIDTH - digits.length))));
  return advice.ok ? advice.value.width : MAX_FIELD_WIDTH;
}

// ---------------------------------------------------------------------------
// Dates

function inferDates(name: string, values: readonly string[]): InferredFieldOrder | undefined {
  const read = readDates(values);
  if (!read) return undefined;
  const { instants, slashOrder, slashed } = read;
  const distinct = [...instants.keys()];
  const byTime = (a: string, b: string) => (instants.get(a) as number) - (instants.get(b) as number);
  const sorted = [...distinct].sort((a, b) => byTime(a, b) || compareUtf8(a, b));
  const ordinal = ordinalsOf(sorted, byTime);
  const dateForms = read.forms;
  const inversion = firstTextInversion(sorted);
  const hasMilliseconds = [...instants.values()].some((epochMs) => epochMs % 1000 !== 0);
  const suggestedFormat: FieldFormat = { kind: 'iso', precision: hasMilliseconds ? 'ms' : 's' };

  // ISO-8601 text whose text order is already its time order: nothing to warn about.
  if (dateForms.length === 1 && dateForms[0] === 'iso' && !inversion) return { field: name, kind: 'date', dateForms, ordinal, suggestedFormat };

  const first = sorted[0] as string;
  const firstIso = isoText(instants.get(first) as number);
  const readAs =
    slashOrder === undefined
      ? ''
      : slashOrder === 'month-day-year'
        ? ` Dates like ${slashed[0] ?? ''} are read as month/day/year${read.slashAmbiguous ? ' (every one would also read as day/month/year: if that is what they are, the intended order differs)' : ''}.`
        : ` Dates like ${slashed[0] ?? ''} are read as day/month/year (not every one reads as month/day/year).`;
  return {
    field: name,
    kind: 'date',
    dateForms,
    ordinal,
    suggestedFormat,
    finding: {
      code: 'keys.datesAsText',
      field: name,
      message: `Dates stored in a string field sort as text: use {${name}:${printFormatSuffix(suggestedFormat).slice(1)}} and write them as ISO-8601 UTC (${first} → ${firstIso}). Every sample value of ${name} is a date, so they are meant in time order${inversion ? ` ("${inversion[1]}" sorts before "${inversion[0]}")` : ''}; the intended order here is by date.${readAs}`,
    },
  };
}

function isoText(epochMs: number): string {
  const text = new Date(epochMs).toISOString();
  return epochMs % 1000 === 0 ? text.replace(/\.\d{3}Z$/, 'Z') : text;
}

// ---------------------------------------------------------------------------

/** Ordinals for values already sorted by `compare`: equal neighbours share one. */
function ordinalsOf(sorted: readonly string[], compare: (a: string, b: string) => number): Map<string, number> {
  const ordinal = new Map<string, number>();
  let next = -1;
  sorted.forEach((value, index) => {
    const previous = sorted[index - 1];
    if (previous === undefined || compare(previous, value) !== 0) next++;
    ordinal.set(value, next);
  });
  return ordinal;
}

/**
 * Two values, in value order, that text order puts the other way round, or
 * undefined when text order agrees. Checking neighbours is enough: if every
 * neighbouring pair is in text order, the whole list is.
 */
function firstTextInversion(sortedByValue: readonly string[]): readonly [string, string] | undefined {
  for (let index = 1; index < sortedByValue.length; index++) {
    const lower = sortedByValue[index - 1] as string;
    const higher = sortedByValue[index] as string;
    if (compareUtf8(lower, higher) > 0) return [lower, higher];
  }
  return undefined;
}
