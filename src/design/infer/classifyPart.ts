import type { FieldFormat } from '../../keys';
import { nameKind, type NameKind } from './fieldNames';

/**
 * What one varying part of a key is, judged over every sample value of it:
 * the field format a template gives it, and why, when the obvious format
 * could not be used.
 */
export interface PartClassification {
  readonly format: FieldFormat;
  /** The kind of name the field gets: an id, a number, an instant, a date. */
  /** `number`: whole numbers (counters, quantities); `amount`: signed or decimal numbers. */
  readonly role: 'id' | 'number' | 'amount' | 'instant' | 'epoch' | 'date' | 'hour' | 'month';
  readonly note?: string;
}

/** What surrounds a part: the word before it (`CUSTOMER` of `CUSTOMER#…`) or, for a lone field, its attribute's name. */
export interface PartContext {
  readonly word?: string | undefined;
  /** The word is a one-letter prefix of one of the table's entities (`w#001` of a warehouse): the value is that entity's id. */
  readonly entityPrefix?: boolean;
}

const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const ISO_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;
const ISO_HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}$/;
const HAS_TIME = /\d:\d{2}/;
const DIGITS = /^\d+$/;
const SIGNED_OR_DECIMAL = /^[-+]?\d+(?:\.\d+)?$/;
/** Epoch numbers taken as instants: 2000-01-01 to 2100-01-01, in seconds or milliseconds. */
const EPOCH_SECONDS = { min: 946_684_800, max: 4_102_444_800 };

const STRING: FieldFormat = { kind: 'string' };

/**
 * @param values the part's text in every sample key (not all equal)
 * @param timeTokens whether the tokenizer read the part as a date or a timestamp
 * @param context the word naming the part, which tells an id (`c#12345`) from a quantity (`SCORE#…`)
 */
export function classifyPart(values: readonly string[], timeTokens: boolean, context: PartContext = {}): PartClassification {
  if (timeTokens) return classifyTimestamps(values);
  const kind = context.entityPrefix === true ? 'id' : nameKind(context.word);
  if (values.every((value) => DIGITS.test(value))) return classifyDigits(values, kind);
  const decimal = kind === 'id' ? undefined : paddedDecimal(values);
  if (decimal) return decimal;
  if (kind !== 'id' && values.every((value) => SIGNED_OR_DECIMAL.test(value))) {
    return {
      format: STRING,
      role: 'amount',
      note: `signed or decimal numbers ("${values.find((value) => !DIGITS.test(value))}") kept as a string field: as text they sort by their characters, not their value (a minus sign or a longer integer part breaks the order).`,
    };
  }
  return { format: STRING, role: 'id' };
}

function classifyTimestamps(values: readonly string[]): PartClassification {
  // The shape decides the precision; whether each is a real instant is left to the round-trip check,
  // which decodes every value anyway (and falls back to a coarser template when one is not).
  if (values.every((value) => ISO_SECONDS.test(value))) return { format: { kind: 'iso', precision: 's' }, role: 'instant' };
  if (values.every((value) => ISO_MILLISECONDS.test(value))) return { format: { kind: 'iso', precision: 'ms' }, role: 'instant' };
  if (values.every((value) => ISO_MONTH.test(value)))
    return { format: STRING, role: 'month', note: 'months written YYYY-MM kept as a string field: their text order is their time order.' };
  if (values.every((value) => ISO_HOUR.test(value)))
    return { format: STRING, role: 'hour', note: 'hours written YYYY-MM-DDTHH kept as a string field: their text order is their time order.' };
  const role = values.every((value) => HAS_TIME.test(value)) ? 'instant' : 'date';
  return { format: STRING, role, note: timestampReason(values) };
}

function timestampReason(values: readonly string[]): string {
  const notIso = values.find((value) => !/^\d{4}-\d{2}-\d{2}/.test(value));
  if (notIso !== undefined) {
    return `dates written like "${notIso}" kept as one string field: a string key sorts them as text, not by time; write them as ISO-8601 UTC (an iso field) to sort by time.`;
  }
  if (values.every((value) => ISO_DATE_ONLY.test(value))) return 'ISO-8601 dates without a time kept as a string field: their text order is their date order.';
  const zoned = values.find((value) => /[+-]\d{2}:?\d{2}$/.test(value));
  const lowerZ = values.find((value) => value.endsWith('z'));
  const seconds = values.filter((value) => ISO_SECONDS.test(value)).length;
  const milliseconds = values.filter((value) => ISO_MILLISECONDS.test(value)).length;
  const why = zoned
    ? `"${zoned}" has a UTC offset, and iso keys are written in UTC with Z (the same instant in another zone sorts elsewhere)`
    : lowerZ
      ? `"${lowerZ}" ends in a lower-case z, which iso never writes`
      : seconds > 0 && milliseconds > 0
        ? `${seconds} have second and ${milliseconds} millisecond precision, and one template writes one precision`
        : `they are not all at second (2026-06-23T10:00:00Z) or millisecond (2026-06-23T10:00:00.000Z) precision ("${values.find((value) => !ISO_SECONDS.test(value) && !ISO_MILLISECONDS.test(value))}")`;
  return `timestamps kept as a string field: ${why}.`;
}

/**
 * Digits are typed by the evidence the data gives, never by a width made up:
 * - after an id-like word (`c#`, `CUSTOMER#`, `USER#`, `…Id`) they are an id,
 *   compared, never counted: a string field, padded or not;
 * - epoch seconds or milliseconds (10 or 13 digits, 2000–2100) are instants;
 * - zero-padded digits of one width (`00042`) are a padded number at the
 *   width seen: `int(W)`;
 * - digits without padding (`12345`) show no width: a string field (an
 *   `int(5)` read off `12345` would be a width the data never chose, which
 *   the width check then finds too narrow). Named a number after a quantity
 *   word (`SCORE#`) or when their widths differ (a counter: `7`, `12`), else
 *   an id;
 * - zero-padded digits of different widths (`00000010`, `0000001500`) stay a
 *   string field: one int(W) would rewrite some stored keys, and the widths
 *   actually stored are the evidence the review's mixed-widths check reads.
 */
function classifyDigits(values: readonly string[], kind: NameKind): PartClassification {
  const widths = new Set(values.map((value) => value.length));
  const padded = values.some((value) => value.length > 1 && value.startsWith('0'));
  const sorted = [...widths].sort((a, b) => a - b);
  if (kind === 'id') {
    return { format: STRING, role: 'id', note: `digits named as an id ("${values[0]}"): a string field, compared as text, never padded to a width.` };
  }
  if (widths.size === 1) {
    const width = values[0]!.length;
    const epoch = epochUnit(values);
    if (epoch) {
      return {
        format: { kind: 'epoch', unit: epoch, width },
        role: 'epoch',
        note: `${width}-digit numbers read as epoch ${epoch === 's' ? 'seconds' : 'milliseconds'} (they fall between 2000 and 2100).`,
      };
    }
    if (width === 1) return { format: STRING, role: 'number', note: 'single digits kept as a string field: nothing shows a width to pad to.' };
    if (padded) return { format: { kind: 'int', width, descending: false }, role: 'number', note: `zero-padded to ${width} digits: int(${width}).` };
    return {
      format: STRING,
      role: kind === 'quantity' ? 'number' : 'id',
      note:
        kind === 'quantity'
          ? `numbers of ${width} digits without padding kept as a string field: nothing in the data shows the width to pad to (the review says which width the expected largest value needs).`
          : `${width}-digit values without padding read as an id ("${values[0]}"): a string field, not a number padded to a width the data never chose.`,
    };
  }
  const units = epochUnits(values);
  if (units) {
    return {
      format: STRING,
      role: 'epoch',
      note: `epoch seconds and milliseconds mixed (${units.seconds} of 10 digits, ${units.milliseconds} of 13) kept as a string field: one template writes one unit, and as text they sort by length as much as by time.`,
    };
  }
  return {
    format: STRING,
    role: 'number',
    note: padded
      ? `numbers zero-padded to different widths (${sorted.join(', ')} digits) kept as a string field: one int(W) would rewrite some of them.`
      : `numbers of different widths (${sorted.join(', ')} digits) without padding kept as a string field: they sort as text (10 before 9); pad them with int(${sorted[sorted.length - 1]}) to sort numerically.`,
  };
}

/**
 * Unsigned decimals zero-padded to one shape (`00012.50`, `00100.00`: the
 * same integer and fraction digits, one with a leading zero): `dec(I,F)` at
 * the shape seen, as int(W) for padded whole numbers. Without padding
 * (`12.50`, `19.99`) nothing shows the width: undefined (a string field).
 */
function paddedDecimal(values: readonly string[]): PartClassification | undefined {
  const shapes = new Set(
    values.map((value) =>
      /^\d+\.\d+$/.test(value)
        ? value
            .split('.')
            .map((part) => part.length)
            .join(',')
        : '',
    ),
  );
  if (shapes.size !== 1 || shapes.has('') || !values.some((value) => /^0\d/.test(value))) return undefined;
  const [integerDigits, fractionDigits] = [...shapes][0]!.split(',').map(Number) as [number, number];
  return {
    format: { kind: 'dec', integerDigits, fractionDigits },
    role: 'amount',
    note: `decimals zero-padded to ${integerDigits} integer and ${fractionDigits} fraction digits: dec(${integerDigits},${fractionDigits}).`,
  };
}

/** Counts of epoch seconds and milliseconds when the values are both, each in 2000–2100; undefined otherwise. */
function epochUnits(values: readonly string[]): { seconds: number; milliseconds: number } | undefined {
  let seconds = 0;
  let milliseconds = 0;
  for (const value of values) {
    if (value.length === 10 && epochUnit([value]) === 's') seconds++;
    else if (value.length === 13 && epochUnit([value]) === 'ms') milliseconds++;
    else return undefined;
  }
  return seconds > 0 && milliseconds > 0 ? { seconds, milliseconds } : undefined;
}

function epochUnit(values: readonly string[]): 's' | 'ms' | undefined {
  const inRange = (scale: number) =>
    values.every((value) => {
      const number = Number(value) / scale;
      return number >= EPOCH_SECONDS.min && number <= EPOCH_SECONDS.max;
    });
  const digits = values.map((value) => value.replace(/^0+(?=\d)/, '').length);
  if (digits.every((count) => count === 10) && inRange(1)) return 's';
  if (digits.every((count) => count === 13) && inRange(1000)) return 'ms';
  return undefined;
}
