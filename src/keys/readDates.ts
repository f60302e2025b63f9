import { parseTimestamp } from './codecs';

/**
 * Reading dates written as text in any common spelling: the readers the
 * intended-order judge (intendedOrder.ts) and the numbers-and-dates-as-text
 * findings (inferFieldOrder.ts) share.
 */

/** How the dates of a field were read. */
export type DateReading = 'iso' | 'year-month-day' | 'month-day-year' | 'day-month-year';

/** Which number of a slash date is the month. */
export type SlashOrder = 'month-day-year' | 'day-month-year';

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

/** The dates of a field, each read as an instant. */
export interface DateValues {
  /** Each distinct value's instant (times without a zone as UTC). */
  readonly instants: ReadonlyMap<string, number>;
  /** The forms the values were written in. */
  readonly forms: readonly DateReading[];
  /** How slash dates were read, when there are any. */
  readonly slashOrder?: SlashOrder;
  /** True when every slash date would also read the other way round (ambiguous). */
  readonly slashAmbiguous: boolean;
  /** The values written with slashes (or dashes) and the year last. */
  readonly slashed: readonly string[];
}

/**
 * Reads every value as a date, or undefined when one doesn't read. Slash
 * dates are read month first (the US form) when that reads every one of
 * them, else day first when that does.
 *
 * @example
 * readDates(["6/23/2026", "11/2/2025"])?.slashOrder // "month-day-year"
 * readDates(["23/06/2026", "2/11/2025"])?.slashOrder // "day-month-year"
 */
export function readDates(values: readonly string[]): DateValues | undefined {
  const distinct = [...new Set(values)];
  const slashed = distinct.filter((value) => SLASHED.test(value));
  const readings: SlashOrder[] = (['month-day-year', 'day-month-year'] as const).filter((order) =>
    slashed.every((value) => slashInstant(value, order) !== undefined),
  );
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
  return {
    instants,
    forms: [...forms],
    ...(slashed.length > 0 && slashOrder ? { slashOrder } : {}),
    slashAmbiguous: readings.length === 2 && slashed.length > 0,
    slashed,
  };
}

/** Whether a value is written as an ISO-8601 date or date-time. */
export function isIsoDateText(value: string): boolean {
  return ISO_DATE.test(value);
}

/** A date value's instant and the form it was written in; slash dates follow `slashOrder`. */
export function readDate(value: string, slashOrder: SlashOrder): { epochMs: number; reading: DateReading } | undefined {
  if (ISO_DATE.test(value)) {
    const epochMs = isoInstant(value);
    return epochMs === undefined ? undefined : { epochMs, reading: 'iso' };
  }
  if (SLASHED.test(value)) {
    const epochMs = slashInstant(value, slashOrder);
    return epochMs === undefined ? undefined : { epochMs, reading: slashOrder };
  }
  const parts = yearFirstParts(value) ?? dayFirstParts(value);
  if (!parts) return undefined;
  const epochMs = partsInstant(parts.parts);
  return epochMs === undefined ? undefined : { epochMs, reading: parts.reading };
}

interface DateParts {
  readonly year: string;
  readonly month: string;
  readonly day: string;
  readonly hour?: string | undefined;
  readonly minute?: string | undefined;
  readonly second?: string | undefined;
}

function slashInstant(value: string, order: SlashOrder): number | undefined {
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
export function isoInstant(value: string): number | undefined {
  const instant = parseTimestamp(value, '');
  if (!('code' in instant)) return instant.epochMs;
  const withZone = parseTimestamp(`${value}Z`, '');
  return 'code' in withZone ? undefined : withZone.epochMs;
}
