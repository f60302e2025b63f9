import { adviseWidth } from './adviseWidth';
import { compareUtf8 } from './compareUtf8';
import { compareParsedNumbers } from './dynamoNumber';
import type { KeyFinding } from './keyFinding';
import { MAX_FIELD_WIDTH, MAX_FRACTION_DIGITS } from './parseKeyTemplate';
import { parseDecimal, parseTimestamp, printFormatSuffix, type DynamoNumber, type FieldFormat, type FieldSegment, type FieldValues } from './codecs';

/**
 * The articles' first pitfall: numbers or dates stored in a string field sort
 * as text ("10" before "9", "12/1/2025" before "6/23/2026"). When every
 * sample value of a string field reads as a number, or every one as a date,
 * the order the user means is by that value, not by the text. This module
 * finds such fields, orders their values by what they mean, and says which
 * format would store them in that order.
 */

/** How the dates of a field were read. */
export type DateReading = 'iso' | 'year-month-day' | 'month-day-year' | 'day-month-year';

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

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
const TIME_SUFFIX = String.raw`(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?`;
/** 2026-06-23, 2026-06-23T10:00:00Z, …: whatever parseTimestamp reads, plus date-times without a zone. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[Tt ].*)?$/;
/** 2026/06/23, 2026.06.23 (Japanese, Chinese), with an optional time. */
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})([/.])(\d{1,2})\2(\d{1,2})${TIME_SUFFIX}$`);
/** 2026年6月23日 (Japanese, Chinese). */
const YEAR_FIRST_CJK = /^(\d{4})年(\d{1,2})月(\d{1,2})日$/;
/** 23.6.2026 (German): the dotted form is always day first. */
const DAY_FIRST_DOTTED = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME_SUFFIX}$`);
/** 6/23/2026 (US) or 23/06/2026 (UK, Indonesian); also with dashes. Which number is the month is decided over all values. */
const SLASHED = new RegExp(String.raw`^(\d{1,2})([/-])(\d{1,2})\2(\d{4})${TIME_SUFFIX}$`);

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
export function inferFieldOrder(field: FieldSegment, values: readonly string[]): InferredFieldOrder | undefined {
  if (field.format.kind !== 'string' || values.length < 2) return undefined;
  return inferNumbers(field.name, values) ?? inferDates(field.name, values);
}

/**
 * {@link inferFieldOrder} for every string field of a template, over the
 * values the rows give it (a row without a value for the field stops the
 * inference for that field).
 */
export function inferTemplateOrders(fields: readonly FieldSegment[], rows: readonly FieldValues[]): readonly InferredFieldOrder[] {
  const inferred: InferredFieldOrder[] = [];
  for (const field of fields) {
    if (field.format.kind !== 'string') continue;
    const values: string[] = [];
    for (const row of rows) values.push(row[field.name] ?? '');
    const order = inferFieldOrder(field, values);
    if (order) inferred.push(order);
  }
  return inferred;
}

// ---------------------------------------------------------------------------
// Numbers

function inferNumbers(name: string, values: readonly string[]): InferredFieldOrder | undefined {
  const parsed = new Map<string, DynamoNumber>();
  for (const value of values) {
    if (parsed.has(value)) continue;
    const number = PLAIN_NUMBER.test(value) ? parseDecimal(value) : undefined;
    if (!number) return undefined;
    parsed.set(value, number);
  }
  const sorted = [...parsed.keys()].sort((a, b) => compareParsedNumbers(parsed.get(a) as DynamoNumber, parsed.get(b) as DynamoNumber) || compareUtf8(a, b));
  const ordinal = ordinalsOf(sorted, (a, b) => compareParsedNumbers(parsed.get(a) as DynamoNumber, parsed.get(b) as DynamoNumber));

  const integerDigits = (value: string) => value.replace(/^-/, '').split('.')[0]?.replace(/^0+(?=\d)/, '') ?? '0';
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

interface DateParts {
  readonly year: string;
  readonly month: string;
  readonly day: string;
  readonly hour?: string | undefined;
  readonly minute?: string | undefined;
  readonly second?: string | undefined;
}

type SlashOrder = 'month-day-year' | 'day-month-year';

function inferDates(name: string, values: readonly string[]): InferredFieldOrder | undefined {
  const distinct = [...new Set(values)];
  const slashed = distinct.filter((value) => SLASHED.test(value));
  // Slash dates: month first (the US form the articles warn about) if that reads every value, else day first.
  const readings: SlashOrder[] = (['month-day-year', 'day-month-year'] as const).filter((order) => slashed.every((value) => instantOf(value, order) !== undefined));
  const slashOrder = readings[0];
  if (slashed.length > 0 && !slashOrder) return undefined;
  const instants = new Map<string, number>();
  const forms = new Set<DateReading>();
  for (const value of distinct) {
    const read = readDate(value, slashOrder ?? 'month-day-year');
    if (!read) return undefined;
    instants.set(value, read.epochMs);
    forms.add(read.reading);
  }
  const byTime = (a: string, b: string) => (instants.get(a) as number) - (instants.get(b) as number);
  const sorted = [...distinct].sort((a, b) => byTime(a, b) || compareUtf8(a, b));
  const ordinal = ordinalsOf(sorted, byTime);
  const dateForms = [...forms];
  const inversion = firstTextInversion(sorted);
  const hasMilliseconds = [...instants.values()].some((epochMs) => epochMs % 1000 !== 0);
  const suggestedFormat: FieldFormat = { kind: 'iso', precision: hasMilliseconds ? 'ms' : 's' };

  // ISO-8601 text whose text order is already its time order: nothing to warn about.
  if (forms.size === 1 && forms.has('iso') && !inversion) return { field: name, kind: 'date', dateForms, ordinal, suggestedFormat };

  const first = sorted[0] as string;
  const firstIso = isoText(instants.get(first) as number);
  const readAs =
    slashOrder === undefined
      ? ''
      : slashOrder === 'month-day-year'
        ? ` Dates like ${slashed[0] ?? ''} are read as month/day/year${readings.length === 2 ? ' (every one would also read as day/month/year: if that is what they are, the intended order differs)' : ''}.`
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

/** A date value's instant and the form it was written in; slash dates follow `slashOrder`. */
function readDate(value: string, slashOrder: SlashOrder): { epochMs: number; reading: DateReading } | undefined {
  if (ISO_DATE.test(value)) {
    const epochMs = isoInstant(value);
    return epochMs === undefined ? undefined : { epochMs, reading: 'iso' };
  }
  if (SLASHED.test(value)) {
    const epochMs = instantOf(value, slashOrder);
    return epochMs === undefined ? undefined : { epochMs, reading: slashOrder };
  }
  const parts = yearFirstParts(value) ?? dayFirstParts(value);
  if (!parts) return undefined;
  const epochMs = partsInstant(parts.parts);
  return epochMs === undefined ? undefined : { epochMs, reading: parts.reading };
}

function instantOf(value: string, order: SlashOrder): number | undefined {
  const match = SLASHED.exec(value);
  if (!match) return undefined;
  const [, first = '', , second = '', year = '', hour, minute, second_] = match;
  const [month, day] = order === 'month-day-year' ? [first, second] : [second, first];
  return partsInstant({ year, month, day, hour, minute, second: second_ });
}

function yearFirstParts(value: string): { parts: DateParts; reading: DateReading } | undefined {
  const match = YEAR_FIRST.exec(value);
  if (match) {
    const [, year = '', , month = '', day = '', hour, minute, second] = match;
    return { parts: { year, month, day, hour, minute, second }, reading: 'year-month-day' };
  }
  const cjk = YEAR_FIRST_CJK.exec(value);
  if (cjk) {
    const [, year = '', month = '', day = ''] = cjk;
    return { parts: { year, month, day }, reading: 'year-month-day' };
  }
  return undefined;
}

function dayFirstParts(value: string): { parts: DateParts; reading: DateReading } | undefined {
  const match = DAY_FIRST_DOTTED.exec(value);
  if (!match) return undefined;
  const [, day = '', month = '', year = '', hour, minute, second] = match;
  return { parts: { year, month, day, hour, minute, second }, reading: 'day-month-year' };
}

/** The parts as an ISO-8601 UTC timestamp, checked by the one timestamp reader (real dates only). */
function partsInstant(parts: DateParts): number | undefined {
  const pad = (text: string | undefined) => (text ?? '0').padStart(2, '0');
  return isoInstant(`${parts.year}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}Z`);
}

/** An ISO-8601 value's instant; a date-time without a zone is read as UTC (only the order matters here). */
function isoInstant(value: string): number | undefined {
  const instant = parseTimestamp(value, '');
  if (!('code' in instant)) return instant.epochMs;
  const withZone = parseTimestamp(`${value}Z`, '');
  return 'code' in withZone ? undefined : withZone.epochMs;
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
