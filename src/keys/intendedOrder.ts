import { decodeBase64 } from '../dynamo';
import { parseDecimal, parseTimestamp, type DynamoNumber, type FieldFormat } from './codecs';
import type { FieldValueOrder } from './compareFieldValues';
import { compareBytes, compareUtf8 } from './compareUtf8';
import { compareParsedNumbers } from './dynamoNumber';
import { isIsoDateText, readDate, readDates, type DateReading, type SlashOrder } from './readDates';

/**
 * The one judge of intended order: what the values of one key field (or key
 * attribute) *mean*, and therefore the order a person reading them intends.
 * Every surface that says "out of place" — the key builder's raw and encoded
 * lists, the item collection, the review rules, access-pattern verdicts, the
 * slides — asks this judge, so two surfaces can't disagree about one design.
 *
 * Rules of meaning, first match wins:
 * 1. The declared type: an N attribute is always a number, a B attribute
 *    always bytes, whatever the values look like.
 * 2. A template format that already orders by value means that value:
 *    `int`/`sint`/`dec` a number, `iso` an instant, `epoch` epoch time.
 * 3. A `string` field named like an id ({@link isIdLikeName}: `orderId`,
 *    `sku`, `customer_id`, `invoiceNumber`…) is an id and orders as text, even
 *    when its values are digits: `12345` in `customerId` is a name for a
 *    customer, not a quantity (a time-ordered scheme such as ULID still says so).
 * 4. Otherwise a `string` field is judged from ALL its values (at least two;
 *    every value must read the same way: one word among numbers, or one blank,
 *    means text): plain decimals are numbers (all 10 or 13 digits in the
 *    years 2000–2100: epoch seconds / milliseconds); dates in any common
 *    spelling are dates (ISO date-times: instants, with their offsets and
 *    precisions); ULIDs, KSUIDs and UUIDv7s are time-ordered ids; other UUIDs
 *    and long hex strings are random ids; words are names; the rest is text.
 *
 * Orders: numbers by value (DynamoDB's number comparator, no 38-digit limit),
 * dates and instants by time, epoch by value, names A to Z ignoring case
 * (then by bytes), ids, text and bytes by UTF-8 bytes (compareUtf8, the one
 * comparator for key text; JS string comparison is never used). A value outside the meaning
 * (typed after the judgement) sorts after every value that has it, then by bytes.
 */

export type { DateReading } from './readDates';

export type ValueMeaning =
  | { readonly kind: 'number'; readonly signed: boolean; readonly decimal: boolean }
  | { readonly kind: 'date'; readonly forms: readonly DateReading[] }
  | { readonly kind: 'instant'; readonly offsets: readonly string[]; readonly precisions: readonly string[] }
  | { readonly kind: 'epoch'; readonly unit: 's' | 'ms' }
  | { readonly kind: 'timeOrderedId'; readonly scheme: 'ulid' | 'ksuid' | 'uuidv7' }
  | { readonly kind: 'randomId'; readonly scheme: 'uuidv4' | 'hex' | 'other' }
  | { readonly kind: 'name'; readonly caseSensitive: boolean }
  | { readonly kind: 'text' }
  | { readonly kind: 'bytes' };

export type MeaningKind = ValueMeaning['kind'];

export interface IntendedOrder {
  readonly meaning: ValueMeaning;
  /** Orders two of the judged values as a person means them (number by value, date/instant by time, ids/text by UTF-8 bytes). */
  compare(a: string, b: string): number;
  /** How to say a direction for this meaning: 'highest first', 'newest first', 'A to Z'… */
  directionWords(direction: 'ascending' | 'descending'): string;
  /** The same order split in two, for sorting many values: each value is read once. `compare(a, b)` is `order.compare(order.prepare(a), order.prepare(b))`. */
  readonly order: FieldValueOrder;
  /** True when the meaning's order can differ from the values' UTF-8 byte order (numbers, dates, names in mixed case…). */
  readonly differsFromText: boolean;
}

export interface IntendedOrderInput {
  /** The key attribute's declared type. */
  readonly declaredType: 'S' | 'N' | 'B';
  /** The field's format in its template; absent or `string` means the values decide. */
  readonly format?: FieldFormat;
  /** Every value of the field (or attribute) the judgement covers. */
  readonly values: readonly string[];
  /** The field's (or attribute's) name: a name like an id makes an id ({@link isIdLikeName}). */
  readonly field?: string;
}

/**
 * Judges what a field's values mean and returns their intended order.
 *
 * @example
 * judgeIntendedOrder({ declaredType: 'S', values: ['10', '1500', '9'] }).compare('9', '10') < 0 // true: numbers
 * judgeIntendedOrder({ declaredType: 'N', values: ['1719705600'] }).meaning // { kind: 'number', signed: false, decimal: false }
 * judgeIntendedOrder({ declaredType: 'S', values: ['12345', '9'], field: 'customerId' }).meaning // { kind: 'randomId', scheme: 'other' }
 */
export function judgeIntendedOrder(input: IntendedOrderInput): IntendedOrder {
  return orderFor(judgeMeaning(input), input.values);
}

/** What the values mean (rules in the module comment). */
export function judgeMeaning({ declaredType, format, values, field }: IntendedOrderInput): ValueMeaning {
  if (declaredType === 'N') return numberMeaning(values);
  if (declaredType === 'B') return { kind: 'bytes' };
  if (format && format.kind !== 'string') {
    if (format.kind === 'iso') return { kind: 'instant', offsets: ['Z'], precisions: [format.precision] };
    if (format.kind === 'epoch') return { kind: 'epoch', unit: format.unit };
    return { kind: 'number', signed: format.kind === 'sint', decimal: format.kind === 'dec' };
  }
  const distinct = [...new Set(values)];
  const ids = idMeaning(distinct);
  if (field !== undefined && isIdLikeName(field)) return ids ?? { kind: 'randomId', scheme: 'other' };
  if (distinct.length === 0 || values.length < 2 || distinct.some((value) => value === '')) return { kind: 'text' };
  if (distinct.every((value) => PLAIN_NUMBER.test(value))) return epochMeaning(distinct) ?? numberMeaning(distinct);
  const dates = dateMeaning(distinct);
  if (dates) return dates;
  if (ids) return ids;
  if (distinct.every((value) => WORD.test(value))) return { kind: 'name', caseSensitive: caseFlips(distinct) };
  return { kind: 'text' };
}

/**
 * Whether a field's name says it holds ids: `id`, `sku`, `uuid`, or a name
 * ending in `Id`/`ID`/`Ids`/`_id`/`-id`, `Uuid`/`Guid`/`Ulid`/`Sku`,
 * `Number`/`_number`/`No`/`_no`/`Nr`/`Num`, `Code`/`_code` (camelCase or
 * snake_case: `orderId`, `customer_id`, `invoiceNumber`, `postalCode`).
 * The values of such a field order as text. A number word after an ordinal
 * stem counts things in order and is not an id (`versionNumber`, `pageNo`,
 * `sequence_number`, `lineNum`). The importer's inference uses the same test
 * to keep `c#12345` an id rather than a quantity.
 *
 * @example
 * isIdLikeName("customerId")    // true
 * isIdLikeName("score")         // false
 * isIdLikeName("versionNumber") // false: an ordinal
 * isIdLikeName("casino")        // false: "no" only counts as a word of its own
 */
export function isIdLikeName(name: string): boolean {
  if (/^(?:id|ids|sku|uuid|guid|ulid|ksuid|code|no|nr|number)$/i.test(name)) return true;
  const camel = /^[a-z0-9].*?(Id|ID|Ids|IDs|Uuid|UUID|Guid|GUID|Ulid|ULID|Ksuid|Sku|SKU|Number|Num|No|Nr|Code)$/.exec(name);
  const snake = /^(.*?)[_\-.](id|ids|uuid|guid|ulid|sku|number|num|no|nr|code)$/i.exec(name);
  const suffix = camel?.[1] ?? snake?.[2];
  if (suffix === undefined) return false;
  const stem = camel ? name.slice(0, name.length - suffix.length) : (snake?.[1] ?? '');
  return !(NUMBER_WORD.test(suffix) && ORDINAL_STEM.test(stem));
}

const NUMBER_WORD = /^(?:number|num|no|nr)$/i;
/** Stems whose "number" counts in order: version 10 comes after version 9. */
const ORDINAL_STEM =
  /^(?:version|sequence|seq|revision|rev|page|line|step|round|level|floor|row|episode|chapter|build|batch|week|day|month|year|sort|rank|position|index|attempt|retry)$/i;

// ---------------------------------------------------------------------------
// Meanings

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
/** A word or a few: letters (any script), marks, spaces, apostrophes, hyphens, dots; starts with a letter. */
const WORD = /^\p{L}[\p{L}\p{M} '’.-]*$/u;
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
const KSUID = /^[0-9A-Za-z]{27}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^(?:[0-9a-f]{8,}|[0-9A-F]{8,})$/;
/** Epoch seconds of 2000-01-01 and 2100-01-01: 10 digits in between read as epoch seconds (13 as milliseconds). */
const EPOCH_S_FROM = 946_684_800;
const EPOCH_S_TO = 4_102_444_800;

function numberMeaning(values: readonly string[]): ValueMeaning {
  return { kind: 'number', signed: values.some((value) => value.trim().startsWith('-')), decimal: values.some((value) => /[.eE]/.test(value)) };
}

function epochMeaning(values: readonly string[]): ValueMeaning | undefined {
  for (const [unit, digits, scale] of [
    ['s', 10, 1],
    ['ms', 13, 1000],
  ] as const) {
    if (values.every((value) => value.length === digits && /^\d+$/.test(value) && Number(value) >= EPOCH_S_FROM * scale && Number(value) < EPOCH_S_TO * scale))
      return { kind: 'epoch', unit };
  }
  return undefined;
}

function dateMeaning(values: readonly string[]): ValueMeaning | undefined {
  const read = readDates(values);
  if (!read) return undefined;
  // ISO-8601 throughout, with a time on some: instants, with the offsets and precisions they are written in.
  if (read.forms.length === 1 && read.forms[0] === 'iso' && values.some((value) => /[Tt ]\d/.test(value))) {
    const offsets = new Set<string>();
    const precisions = new Set<string>();
    for (const value of values) {
      const match = ISO_PARTS.exec(value);
      const offset = match?.[4];
      offsets.add(offset ? (offset === 'z' ? 'Z' : offset) : 'none');
      precisions.add(precisionOf(match));
    }
    return { kind: 'instant', offsets: [...offsets], precisions: [...precisions] };
  }
  return { kind: 'date', forms: read.forms };
}

const ISO_PARTS = /^\d{4}-\d{2}-\d{2}(?:[Tt ](\d{2}:\d{2})(:\d{2}(?:[.,](\d+))?)?)?(Z|z|[+-]\d{2}:?\d{2})?$/;

function precisionOf(match: RegExpExecArray | null): string {
  if (!match) return 'other';
  // Groups: 1 = HH:MM, 2 = :SS[.fff], 3 = the fraction's digits, 4 = the offset.
  if (!match[1]) return 'date';
  if (!match[2]) return 'minute';
  const fraction = match[3] ?? '';
  if (fraction.length === 0) return 's';
  if (fraction.length <= 3) return 'ms';
  if (fraction.length <= 6) return 'us';
  return 'ns';
}

function idMeaning(values: readonly string[]): ValueMeaning | undefined {
  if (values.length === 0) return undefined;
  if (values.every((value) => ULID.test(value))) return { kind: 'timeOrderedId', scheme: 'ulid' };
  const uuidVersions = values.map((value) => UUID.exec(value)?.[1]);
  if (uuidVersions.every((version) => version !== undefined)) {
    if (uuidVersions.every((version) => version === '7')) return { kind: 'timeOrderedId', scheme: 'uuidv7' };
    return { kind: 'randomId', scheme: uuidVersions.every((version) => version === '4') ? 'uuidv4' : 'other' };
  }
  if (values.every((value) => KSUID.test(value)) && values.some((value) => /\d/.test(value) && /[A-Za-z]/.test(value)))
    return { kind: 'timeOrderedId', scheme: 'ksuid' };
  if (values.every((value) => HEX.test(value)) && new Set(values.map((value) => value.length)).size === 1 && values.some((value) => /[a-fA-F]/.test(value))) {
    return { kind: 'randomId', scheme: 'hex' };
  }
  return undefined;
}

/** Whether any two of the words order differently ignoring case than by bytes (sorted by bytes, neighbours checked: both orders are total). */
function caseFlips(values: readonly string[]): boolean {
  const sorted = [...values].sort(compareUtf8);
  for (let i = 1; i < sorted.length; i++) if (compareCaseless(sorted[i - 1] as string, sorted[i] as string) > 0) return true;
  return false;
}

function compareCaseless(a: string, b: string): number {
  return compareUtf8(a.toLowerCase(), b.toLowerCase()) || compareUtf8(a, b);
}

// ---------------------------------------------------------------------------
// Orders

/** Values outside the meaning: after every value that has it, then by bytes. */
const OUTSIDE = Symbol('outside');
type Prepared<T> = T | { readonly [OUTSIDE]: string };

function isOutside<T>(value: Prepared<T>): value is { readonly [OUTSIDE]: string } {
  return typeof value === 'object' && value !== null && OUTSIDE in value;
}

/** An order over values read by `read` (undefined: outside the meaning). */
function readingOrder<T>(read: (value: string) => T | undefined, compare: (a: T, b: T) => number): FieldValueOrder<Prepared<T>> {
  return {
    prepare: (value) => {
      const read_ = read(value);
      return read_ === undefined ? { [OUTSIDE]: value } : read_;
    },
    compare: (a, b) => {
      const outA = isOutside(a);
      const outB = isOutside(b);
      if (outA || outB) return outA && outB ? compareUtf8(a[OUTSIDE], b[OUTSIDE]) : outA ? 1 : -1;
      return compare(a, b);
    },
  };
}

const TEXT_ORDER: FieldValueOrder<string> = { prepare: (value) => value, compare: compareUtf8 };
const NAME_ORDER: FieldValueOrder<string> = { prepare: (value) => value, compare: compareCaseless };
const NUMBER_ORDER = readingOrder<DynamoNumber>((value) => parseDecimal(value.trim()), compareParsedNumbers);
const BYTES_ORDER = readingOrder<Uint8Array>((value) => decodeBase64(value), compareBytes);

function dateOrder(values: readonly string[]): FieldValueOrder {
  const slashOrder: SlashOrder = readDates(values)?.slashOrder ?? 'month-day-year';
  return readingOrder<number>(
    (value) => readDate(value, slashOrder)?.epochMs,
    (a, b) => a - b,
  ) as FieldValueOrder;
}

function instantOrder(): FieldValueOrder {
  return readingOrder<number>(
    (value) => (isIsoDateText(value) ? readDate(value, 'month-day-year')?.epochMs : undefined),
    (a, b) => a - b,
  ) as FieldValueOrder;
}

const WORDS: Readonly<Record<MeaningKind, readonly [string, string]>> = {
  number: ['lowest first', 'highest first'],
  date: ['oldest first', 'newest first'],
  instant: ['oldest first', 'newest first'],
  epoch: ['oldest first', 'newest first'],
  timeOrderedId: ['oldest first', 'newest first'],
  randomId: ['in byte order', 'in reverse byte order'],
  name: ['A to Z', 'Z to A'],
  text: ['in byte order', 'in reverse byte order'],
  bytes: ['in byte order', 'in reverse byte order'],
};

function orderFor(meaning: ValueMeaning, values: readonly string[]): IntendedOrder {
  let order: FieldValueOrder;
  let differsFromText = true;
  switch (meaning.kind) {
    case 'number':
      order = NUMBER_ORDER as FieldValueOrder;
      break;
    case 'epoch':
      order = epochOrder(meaning.unit);
      break;
    case 'date':
      order = dateOrder(values);
      break;
    case 'instant':
      order = instantOrder();
      break;
    case 'name':
      order = NAME_ORDER as FieldValueOrder;
      differsFromText = meaning.caseSensitive;
      break;
    case 'bytes':
      order = BYTES_ORDER as FieldValueOrder;
      differsFromText = false;
      break;
    default:
      order = TEXT_ORDER as FieldValueOrder;
      differsFromText = false;
  }
  const [ascending, descending] = WORDS[meaning.kind];
  return {
    meaning,
    order,
    differsFromText,
    compare: (a, b) => order.compare(order.prepare(a), order.prepare(b)),
    directionWords: (direction) => (direction === 'descending' ? descending : ascending),
  };
}

/**
 * Epoch time by value: digits as they are, ISO text (what an epoch field also
 * takes) converted to seconds or milliseconds. Comparing numbers, not
 * instants, keeps values beyond the year 9999 or above 2^53 comparable,
 * exactly as the padded digits sort.
 */
function epochOrder(unit: 's' | 'ms'): FieldValueOrder {
  return readingOrder<DynamoNumber>((value) => {
    if (!/^\d{4}-/.test(value)) return parseDecimal(value);
    const instant = parseTimestamp(value, '');
    return 'code' in instant ? undefined : parseDecimal(String(unit === 's' ? instant.epochMs / 1000 : instant.epochMs));
  }, compareParsedNumbers) as FieldValueOrder;
}
