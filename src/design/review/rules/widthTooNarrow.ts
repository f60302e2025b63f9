import { adviseWidth, formatIsoTimestamp, largestSampleDigits, MAX_FIELD_WIDTH, type FieldFormat } from '../../../keys';
import type { DesignSample } from '../../design.types';
import type { EntityReview, ReviewContext } from '../reviewContext';
import type { ReviewFinding, ReviewRule } from '../review.types';
import { fieldFormatFix, fieldValues, placeholderText, quoteTemplate, siteSubject, stringKeyFieldSites, type FieldSite } from './orderingSupport';

/**
 * review.widthTooNarrow — a padded number's width is a one-way door: the
 * first value with more digits than the width cannot be written (the codec
 * refuses it; padded by hand it would sort by its first digit), and widening
 * rewrites every key. Size it for the expected largest value plus headroom.
 */
export const widthTooNarrow: ReviewRule = {
  code: 'review.widthTooNarrow',
  severity: 'warning',
  title: 'A padded width too narrow for the values',
  why: 'A zero-padded number sorts right only while it fits its width: a value with one digit more sorts by its first digit ("10000000000" before "9999999999"), and widening later means rewriting every key. Size the width for the largest value ever expected, plus headroom digits. Judged from a sample that does not fit, a negative value in an unsigned field, or the expected largest value the designer gives, never from a width the samples merely fill.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const site of stringKeyFieldSites(context, (site) => widthOf(site.field.format) !== undefined)) {
      const format = site.field.format as PaddedFormat;
      const width = widthOf(format) as number;
      const field = site.field.name;
      const negative = format.kind === 'int' ? firstNegative(site.review, field) : undefined;
      if (negative !== undefined) {
        findings.push(signFinding(context, site, format as Extract<PaddedFormat, { kind: 'int' }>, negative));
        continue;
      }
      const { largestValues, headroomDigits } = site.review.entity.expectations;
      const sampleLargest = largestSampleOf(site.review, field, format);
      const expected = integerDigits(largestValues[field]);
      // What counts as evidence: a sample that does not fit (it can't be written today), or the largest value the designer
      // expects. A width that merely matches the samples is no evidence of growth: an importer reads it off the data
      // (`c#12345` → {cNumber:int(5)}), and an id or a code never grows by a factor, so "can grow only 1×" would be noise.
      const overflows = sampleLargest !== undefined && sampleLargest.length > width;
      if (expected === undefined && !overflows) continue;
      const largest = longer(expected, sampleLargest);
      if (largest === undefined) continue;
      // Time grows by a fixed amount a second, not by a factor: an epoch field needs no headroom digits.
      const headroom = format.kind === 'epoch' ? 0 : Math.max(0, Math.min(headroomDigits, MAX_FIELD_WIDTH - largest.length));
      const advice = adviseWidth(largest, String(headroom));
      if (!advice.ok || advice.value.width <= width) continue;
      const advised = withWidth(format, Math.max(advice.value.width, format.kind === 'epoch' ? DEFAULT_EPOCH_WIDTH[format.unit] : 0));
      const severity = sampleLargest !== undefined && sampleLargest.length > width ? 'error' : largest.length > width ? 'warning' : 'note';
      const source = largest === expected ? `the expected largest value ${group(largest)}` : `the largest sample, ${group(largest)},`;
      findings.push(
        context.finding('review.widthTooNarrow', severity, siteSubject(site), {
          message: `${site.review.entity.name}'s ${quoteTemplate(site)} pads ${field} to ${width} ${width === 1 ? 'digit' : 'digits'} (at most ${capacityText(format, width)}); ${source} needs ${largest.length}${headroom > 0 ? ` plus ${headroom} of headroom` : ''}: ${overflowText(format, width, largest)}.`,
          evidence: [],
          suggestion: `Use ${placeholderText(field, advised)}: ${advice.value.digitsNeeded} digits for ${group(largest)}${headroom > 0 ? ` and ${headroom} of headroom (each multiplies the capacity by 10 for one byte per key)` : ''}. Changing a width later means rewriting every stored key.`,
          fix: fieldFormatFix(site, advised),
        }),
      );
    }
    return findings;
  },
};

/** The first sample value of a field that is a negative number, with its sample's index. */
function firstNegative(review: EntityReview, field: string): { readonly value: string; readonly sample: number } | undefined {
  const values = fieldValues(review, field);
  const sample = values.findIndex((value) => value !== undefined && /^-\d+(?:\.\d+)?$/.test(value.trim()) && !/^-0*(?:\.0*)?$/.test(value.trim()));
  return sample < 0 ? undefined : { value: values[sample] as string, sample };
}

/**
 * A negative sample in an unsigned field: `int(W)` refuses it, so the item
 * can't be written; zero-padded by hand it would sort in reverse ("-00005"
 * before "-00010"). `sint(W)` keeps a sign slot and complements negatives.
 */
function signFinding(
  context: ReviewContext,
  site: FieldSite,
  format: Extract<PaddedFormat, { kind: 'int' }>,
  negative: { readonly value: string; readonly sample: number },
): ReviewFinding {
  const field = site.field.name;
  const signed: FieldFormat = { kind: 'sint', width: format.width };
  const sampleName = site.review.entity.samples[negative.sample]?.id ?? `#${negative.sample + 1}`;
  const key = site.review.encodedKeys(site.template.attribute.name).find((text) => text !== undefined);
  return context.finding('review.widthTooNarrow', 'error', siteSubject(site), {
    message: `${site.review.entity.name}'s ${quoteTemplate(site)} pads ${field} as a number of at least 0 (${placeholderText(field, format)}), but sample ${sampleName} has ${field} = ${JSON.stringify(negative.value)}: the key can't be written, and negatives zero-padded by hand sort in reverse ("-00005" before "-00010").`,
    evidence: [
      { label: `sample ${sampleName}, refused by ${placeholderText(field, format)}`, text: `${field} = ${negative.value}` },
      ...(key !== undefined ? [{ label: 'a key the other samples write', text: key }] : []),
    ],
    suggestion: `Use ${placeholderText(field, signed)}: it keeps a sign slot before ${format.width} digits and stores negatives so they sort below every positive value. Keys already stored under ${placeholderText(field, format)} must be rewritten with it.`,
    fix: fieldFormatFix(site, signed),
  });
}

type PaddedFormat = Extract<FieldFormat, { kind: 'int' | 'sint' | 'epoch' | 'dec' }>;

const DEFAULT_EPOCH_WIDTH = { s: 10, ms: 13 } as const;

/** The digits a padded field holds before its point; undefined for strings and ISO timestamps. */
function widthOf(format: FieldFormat): number | undefined {
  switch (format.kind) {
    case 'int':
    case 'sint':
    case 'epoch':
      return format.width;
    case 'dec':
      return format.integerDigits;
    default:
      return undefined;
  }
}

function withWidth(format: PaddedFormat, width: number): FieldFormat {
  return format.kind === 'dec' ? { ...format, integerDigits: width } : { ...format, width };
}

/** A largest value as its whole digits (`-5000` → `5000`, `1234.50` → `1234`); undefined when it is not a number. */
function integerDigits(value: string | undefined): string | undefined {
  const match = value === undefined ? null : /^-?(\d+)(?:\.\d*)?$/.exec(value.replace(/[,_ ]/g, ''));
  return match ? (match[1] as string).replace(/^0+(?=\d)/, '') : undefined;
}

function longer(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return b.length > a.length || (b.length === a.length && b > a) ? b : a;
}

/** 10000000 → "10,000,000". */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function capacityText(format: PaddedFormat, width: number): string {
  const nines = group('9'.repeat(Math.min(width, 40)));
  return format.kind === 'epoch' ? `${nines}, ${overflowInstant(format, width) ?? 'beyond the year 9999'}` : nines;
}

/** When an epoch width runs out, as an ISO timestamp (undefined past the year 9999). */
function overflowInstant(format: Extract<FieldFormat, { kind: 'epoch' }>, width: number): string | undefined {
  const limit = 10 ** width * (format.unit === 's' ? 1000 : 1);
  return limit <= Date.UTC(9999, 11, 31) ? formatIsoTimestamp(limit, 's') : undefined;
}

/**
 * How far the largest value is from overflowing: the design gives no growth
 * rate, so the room is said as a factor (10^width / largest), or that it
 * already overflows.
 */
function overflowText(format: PaddedFormat, width: number, largest: string): string {
  if (largest.length > width)
    return `${group(largest)} does not fit, and ${placeholderText('', format).slice(2, -1)} refuses it (padded by hand it would sort by its first digit)`;
  if (format.kind === 'epoch') return `the field overflows on ${overflowInstant(format, width) ?? 'a date beyond 9999'}`;
  const factor = BigInt('1' + '0'.repeat(width)) / BigInt(largest === '0' ? '1' : largest);
  return `it can grow only ${group(factor.toString())}× before it overflows`;
}

/**
 * The largest sample value's digits, once per entity's sample list, field and
 * kind of format: a keystroke in one template leaves the other entities'
 * samples (the same arrays) alone, and reading 20,000 values again was most
 * of this rule's time.
 */
const largestBySamples = new WeakMap<readonly DesignSample[], Map<string, string | undefined>>();

function largestSampleOf(review: EntityReview, field: string, format: FieldFormat): string | undefined {
  const samples = review.entity.samples;
  let byField = largestBySamples.get(samples);
  if (!byField) largestBySamples.set(samples, (byField = new Map()));
  const key = `${field}\u0000${format.kind}${format.kind === 'epoch' ? format.unit : ''}`;
  if (!byField.has(key)) byField.set(key, largestSampleDigits(format, fieldValues(review, field)));
  return byField.get(key);
}
