import type { SortKeyConditionModel } from '../../expressions';
import { compareUtf8, encodeField, formatIsoTimestamp, templateFields, type FieldSegment, type KeyTemplate, type TemplateSegment } from '../../keys';

/**
 * Sort-key conditions from field values: the key builder's template encodes
 * what the user means ("scores between 200 and 2000", "events on 2026-06-23")
 * into the bounds DynamoDB compares bytes with.
 *
 * Values fill the template's fields from the left; a prefix of the fields
 * selects every key that continues it (`begins_with`). A date without a time
 * (`2026-06-23`, `2026-06`, `2026`) in an iso or epoch field means the whole
 * day, month or year. A descending field (`int(W,desc)`) stores bigger values
 * first, so its bounds swap.
 */

/** The operators the field-value mode offers. `=` on a prefix or a whole day becomes begins_with or BETWEEN. */
export type FieldSortOperator = '=' | '<' | '<=' | '>' | '>=' | 'between';

/**
 * The highest character (U+10FFFF, UTF-8 F4 8F BF BF): appended to an upper
 * bound that must include every key continuing it, because BETWEEN and `<=`
 * compare whole keys.
 */
export const HIGHEST_CHARACTER = '\u{10FFFF}';

/** The set of stored keys one side's field values select, in encoded (byte) order. */
interface EncodedSpan {
  /** The smallest key in the set. */
  readonly low: string;
  /** The largest key, or the text every key in the set starts with when `open`. */
  readonly high: string;
  /** True when keys longer than `high` (continuing it) belong to the set. */
  readonly open: boolean;
  /** When the set is exactly "every key that starts with this", the prefix. */
  readonly prefix?: string;
  /** The last given field stores values in reverse (int desc). */
  readonly reversed: boolean;
  /** How the values were read, for the explanation line ("2026-06-23 = the whole day"). */
  readonly note?: string;
}

export type FieldBoundsResult =
  | { readonly ok: true; readonly condition: SortKeyConditionModel; readonly explanation: string }
  | { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

/** A date (or month, or year) without a time: the whole period. */
const PERIOD = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/**
 * The instants a date-only value covers, `[start, next start)` in epoch ms,
 * or undefined when the value has a time (a single instant).
 */
export function readPeriod(value: string): { start: number; end: number; text: string; unit: 'year' | 'month' | 'day' } | undefined {
  const match = PERIOD.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d] = match;
  const year = Number(y);
  const month = mo === undefined ? 0 : Number(mo) - 1;
  const day = d === undefined ? 1 : Number(d);
  if (month > 11 || day < 1) return undefined;
  const at = (yy: number, mm: number, dd: number) => {
    const date = new Date(0);
    date.setUTCFullYear(yy, mm, dd);
    return date.getTime();
  };
  const start = at(year, month, day);
  const check = new Date(start);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day) return undefined;
  const unit = d !== undefined ? 'day' : mo !== undefined ? 'month' : 'year';
  const end = unit === 'day' ? at(year, month, day + 1) : unit === 'month' ? at(year, month + 1, 1) : at(year + 1, 0, 1);
  return { start, end, text: value.trim(), unit };
}

/** The literal text right after segment `index`, which a string value must not contain. */
function delimiterAfter(segments: readonly TemplateSegment[], index: number): string | undefined {
  const next = segments[index + 1];
  return next?.kind === 'literal' ? next.text : undefined;
}

/**
 * Encodes one side's field values into the span of keys they select, or
 * errors keyed by `<errorPrefix>:<field>`.
 */
function encodeSpan(
  template: KeyTemplate,
  values: Readonly<Record<string, string>>,
  errorPrefix: string,
): { span: EncodedSpan } | { errors: Record<string, string> } {
  const fields = templateFields(template);
  const errors: Record<string, string> = {};
  const given = fields.findIndex((field) => (values[field.name] ?? '').trim() === '');
  const count = given < 0 ? fields.length : given;
  const later = fields.slice(count + 1).find((field) => (values[field.name] ?? '').trim() !== '');
  if (later) {
    errors[`${errorPrefix}:${(fields[count] as FieldSegment).name}`] =
      `Enter ${(fields[count] as FieldSegment).name} too, or clear ${later.name}: a key range fixes fields from the left, so ${later.name} can't be used without the fields before it.`;
    return { errors };
  }
  if (count === 0) {
    const first = fields[0];
    if (!first) {
      errors[`${errorPrefix}:`] = "The key builder's template has no fields: use raw values.";
      return { errors };
    }
    errors[`${errorPrefix}:${first.name}`] = `Enter a value for ${first.name}.`;
    return { errors };
  }
  const segments = template.segments;
  let text = '';
  let fieldIndex = 0;
  let position = 0;
  let span: EncodedSpan | undefined;
  for (; position < segments.length; position++) {
    const segment = segments[position] as TemplateSegment;
    if (segment.kind === 'literal') {
      text += segment.text;
      continue;
    }
    const raw = (values[segment.name] ?? '').trim();
    const last = fieldIndex === count - 1;
    fieldIndex++;
    const format = segment.format;
    const period = last && (format.kind === 'iso' || format.kind === 'epoch') ? readPeriod(raw) : undefined;
    if (period && (format.kind === 'iso' || format.kind === 'epoch')) {
      const step = (format.kind === 'iso' ? format.precision : format.unit) === 'ms' ? 1 : 1000;
      const low = encodeField(segment.format, formatIsoTimestamp(period.start, 'ms'), segment.name, delimiterAfter(segments, position));
      const high = encodeField(segment.format, formatIsoTimestamp(period.end - step, 'ms'), segment.name, delimiterAfter(segments, position));
      if (typeof low !== 'string' || typeof high !== 'string') {
        errors[`${errorPrefix}:${segment.name}`] = (typeof low !== 'string' ? low : (high as Exclude<typeof high, string>)).message;
        return { errors };
      }
      // For iso the period's text is a prefix of every instant in it: "2026-06-23" starts each time of that day.
      const isoPrefix = segment.format.kind === 'iso' ? text + period.text + (period.unit === 'day' ? 'T' : '-') : undefined;
      span = {
        low: text + low,
        high: text + high,
        open: false,
        reversed: false,
        ...(isoPrefix ? { prefix: isoPrefix } : {}),
        note: `${raw} = the whole ${period.unit}`,
      };
      position++;
      break;
    }
    const encoded = encodeField(segment.format, raw, segment.name, delimiterAfter(segments, position));
    if (typeof encoded !== 'string') {
      errors[`${errorPrefix}:${segment.name}`] = encoded.message;
      return { errors };
    }
    text += encoded;
    if (last) {
      span = { low: text, high: text, open: false, reversed: segment.format.kind === 'int' && segment.format.descending };
      position++;
      break;
    }
  }
  if (!span) return { errors: { [`${errorPrefix}:`]: 'No field value given.' } };
  // Literals right after the last given field belong to every key in the set ("USER#u1#ORDER#").
  let suffix = '';
  while (position < segments.length && (segments[position] as TemplateSegment).kind === 'literal') {
    suffix += (segments[position] as { text: string }).text;
    position++;
  }
  const open = position < segments.length;
  const low = span.low + suffix;
  const high = span.high + suffix;
  const prefix = open ? (span.low === span.high ? low : span.prefix) : undefined;
  const { prefix: _unused, ...rest } = span;
  void _unused;
  return { span: { ...rest, low, high, open, ...(prefix !== undefined ? { prefix } : {}) } };
}

const upper = (span: EncodedSpan) => (span.open ? span.high + HIGHEST_CHARACTER : span.high);

/**
 * Builds the sort-key condition for field values under a template.
 *
 * Errors are keyed `sortField:<name>` (the value or lower bound) and
 * `sortFieldHigh:<name>` (BETWEEN's upper bound).
 *
 * @example
 * buildFieldSortCondition(parseKeyTemplate("{score:int(10)}").value, "between", { score: "200" }, { score: "2000" })
 * // { ok: true, condition: { operator: "between", low: { S: "0000000200" }, high: { S: "0000002000" } }, … }
 * buildFieldSortCondition(parseKeyTemplate("EVT#{at:iso}").value, "=", { at: "2026-06-23" }, {})
 * // between "EVT#2026-06-23T00:00:00Z" and "EVT#2026-06-23T23:59:59Z"
 */
export function buildFieldSortCondition(
  template: KeyTemplate,
  operator: FieldSortOperator,
  values: Readonly<Record<string, string>>,
  highValues: Readonly<Record<string, string>>,
): FieldBoundsResult {
  const first = encodeSpan(template, values, 'sortField');
  const second = operator === 'between' ? encodeSpan(template, highValues, 'sortFieldHigh') : undefined;
  const errors = { ...('errors' in first ? first.errors : {}), ...(second && 'errors' in second ? second.errors : {}) };
  if ('errors' in first || (second && 'errors' in second)) return { ok: false, errors };
  const span = first.span;
  const S = (text: string) => ({ S: text });
  const notes = [span.note, second && 'span' in second ? second.span.note : undefined].filter(Boolean);
  const explain = (text: string) => (notes.length > 0 ? `${notes.join('; ')}: ${text}` : text);

  if (operator === '=') {
    if (!span.open && span.low === span.high)
      return { ok: true, condition: { operator: '=', value: S(span.low) }, explanation: explain('the whole key, so =') };
    if (span.open && span.prefix !== undefined) {
      return {
        ok: true,
        condition: { operator: 'begins_with', prefix: S(span.prefix) },
        explanation: explain('the first fields only, so begins_with selects every key that continues them'),
      };
    }
    return {
      ok: true,
      condition: { operator: 'between', low: S(span.low), high: S(upper(span)) },
      explanation: explain('a range of keys, so BETWEEN its first and last key'),
    };
  }
  if (operator === 'between' && second && 'span' in second) {
    let lowSpan = span;
    let highSpan = second.span;
    // A descending field stores the bigger value first: the user's upper bound is the lower key.
    if (span.reversed || highSpan.reversed) [lowSpan, highSpan] = [highSpan, lowSpan];
    const low = lowSpan.low;
    const high = upper(highSpan);
    const swapped = span.reversed || second.span.reversed ? ' (descending field: the bounds swap)' : '';
    if (compareUtf8(low, high) > 0) {
      return { ok: false, errors: { 'sortFieldHigh:': `The upper bound encodes below the lower bound ("${high}" < "${low}"): swap the two values.` } };
    }
    return { ok: true, condition: { operator: 'between', low: S(low), high: S(high) }, explanation: explain(`BETWEEN the encoded bounds${swapped}`) };
  }
  // One-sided comparisons: on a descending field "> v" means "stored before v's key".
  const flipped = span.reversed
    ? ({ '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as const)[operator as '<' | '<=' | '>' | '>=']
    : (operator as '<' | '<=' | '>' | '>=');
  const reason = span.reversed ? ' (descending field: the comparison flips)' : '';
  switch (flipped) {
    case '>=':
      return { ok: true, condition: { operator: '>=', value: S(span.low) }, explanation: explain(`from the first key of the value on${reason}`) };
    case '<':
      return { ok: true, condition: { operator: '<', value: S(span.low) }, explanation: explain(`before the first key of the value${reason}`) };
    case '>':
      return { ok: true, condition: { operator: '>', value: S(upper(span)) }, explanation: explain(`after the last key of the value${reason}`) };
    case '<=':
      return { ok: true, condition: { operator: '<=', value: S(upper(span)) }, explanation: explain(`up to the last key of the value${reason}`) };
  }
}
