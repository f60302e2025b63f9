import type { FieldFormat } from '../../keys';

/**
 * What one varying part of a key is, judged over every sample value of it:
 * the field format a template gives it, and why, when the obvious format
 * could not be used.
 */
export interface PartClassification {
  readonly format: FieldFormat;
  /** The kind of name the field gets: an id, a number, an instant. */
  readonly role: 'id' | 'number' | 'instant' | 'epoch';
  readonly note?: string;
}

const ISO_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const ISO_MILLISECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DIGITS = /^\d+$/;
/** Epoch numbers taken as instants: 2000-01-01 to 2100-01-01, in seconds or milliseconds. */
const EPOCH_SECONDS = { min: 946_684_800, max: 4_102_444_800 };

const STRING: FieldFormat = { kind: 'string' };

/**
 * @param values the part's text in every sample key (not all equal)
 * @param isoTokens whether the tokenizer read the part as a timestamp
 */
export function classifyPart(values: readonly string[], isoTokens: boolean): PartClassification {
  if (isoTokens) return classifyTimestamps(values);
  if (values.every((value) => DIGITS.test(value))) return classifyDigits(values);
  return { format: STRING, role: 'id' };
}

function classifyTimestamps(values: readonly string[]): PartClassification {
  // The shape decides the precision; whether each is a real instant is left to the round-trip check,
  // which decodes every value anyway (and falls back to a coarser template when one is not).
  if (values.every((value) => ISO_SECONDS.test(value))) return { format: { kind: 'iso', precision: 's' }, role: 'instant' };
  if (values.every((value) => ISO_MILLISECONDS.test(value))) return { format: { kind: 'iso', precision: 'ms' }, role: 'instant' };
  return { format: STRING, role: 'instant', note: timestampReason(values) };
}

function timestampReason(values: readonly string[]): string {
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

function classifyDigits(values: readonly string[]): PartClassification {
  const widths = new Set(values.map((value) => value.length));
  const padded = values.some((value) => value.length > 1 && value.startsWith('0'));
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
    return {
      format: { kind: 'int', width, descending: false },
      role: 'number',
      note: padded
        ? `zero-padded to ${width} digits: int(${width}).`
        : `all ${width} digits long without padding: taken as int(${width}); widen it if larger values will come.`,
    };
  }
  const sorted = [...widths].sort((a, b) => a - b);
  return {
    format: STRING,
    role: 'number',
    note: padded
      ? `numbers zero-padded to different widths (${sorted.join(', ')} digits) kept as a string field: one int(W) would rewrite some of them.`
      : `numbers of different widths (${sorted.join(', ')} digits) without padding kept as a string field: they sort as text (10 before 9); pad them with int(${sorted[sorted.length - 1]}) to sort numerically.`,
  };
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
