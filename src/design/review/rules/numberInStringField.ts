import { adviseWidth, compareDynamoNumbers, inferFieldOrder, largestSampleDigits, MAX_FIELD_WIDTH, type FieldFormat } from '../../../keys';
import type { ReviewFinding, ReviewRule } from '../review.types';
import { paddedDigitWidths } from './paddedDigits';
import { fieldFormatFix, fieldValues, inversionEvidence, isSortKey, placeholderText, quoteSome, quoteTemplate, siteInversion, siteSubject, stringKeyFieldSites, type FieldSite } from './orderingSupport';

/**
 * review.numberInStringField — the articles' first pitfall: numbers in a
 * string field of a string (S) sort key sort as text, byte by byte, so "10"
 * sorts before "9" and 1500 lands between 10 and 240. The fix pads them to
 * the width the advisor gives for the expected largest value.
 */
export const numberInStringField: ReviewRule = {
  code: 'review.numberInStringField',
  severity: 'error',
  title: 'Numbers in a string field',
  why: 'A string sort key compares bytes, not magnitudes: "10" sorts before "9". Numbers in a composite string key need a fixed width (zero-padded), sized once for the largest value ever stored.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const site of stringKeyFieldSites(context, (site) => site.field.format.kind === 'string' && isSortKey(site.template))) {
      const values = fieldValues(site.review, site.field.name);
      const present = values.filter((value): value is string => value !== undefined);
      // A cheap look first (most string fields hold words): inference reads and sorts every value.
      if (present.length < 2 || !present.every((value) => PLAIN_NUMBER.test(value))) continue;
      // Digits zero-padded by hand at several widths are review.mixedWidths' (one advice, the widest width seen, not two).
      if (paddedDigitWidths(present)) continue;
      const inferred = inferFieldOrder(site.field, present);
      if (inferred?.kind !== 'number') continue;
      const { inversion } = siteInversion(site, (value) => value, compareDynamoNumbers);
      const format = advisedFormat(site, inferred.suggestedFormat, values);
      const field = site.field.name;
      const example = inversion ? `: "${inversion.first.raw}" sorts before "${inversion.second.raw}"` : ` ("10" sorts before "9")`;
      findings.push(
        context.finding('review.numberInStringField', inversion ? 'error' : 'warning', siteSubject(site), {
          message: `${site.review.entity.name}'s ${quoteTemplate(site)} stores ${field} as text, but every sample value of it is a number (${quoteSome(values)}); a string key sorts them byte by byte${example}.`,
          evidence: inversion ? inversionEvidence(inversion.first.key, inversion.second.key) : [],
          suggestion: format
            ? `Pad ${field} to a fixed width: ${placeholderText(field, format)} (${widthReason(site)}). The width is hard to change later: every key would be rewritten.`
            : `Store ${field} in a number (N) attribute of its own, or add an offset that makes every value ≥ 0 and pad it to a fixed width.`,
          ...(format ? { fix: fieldFormatFix(site, format) } : {}),
        }),
      );
    }
    return findings;
  },
};

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * The inferred format (int, sint or dec) at the advisor's width: digits of
 * the expected largest value (else the largest sample) plus the headroom.
 */
function advisedFormat(site: FieldSite, suggested: FieldFormat | undefined, values: readonly (string | undefined)[]): FieldFormat | undefined {
  if (!suggested || (suggested.kind !== 'int' && suggested.kind !== 'sint' && suggested.kind !== 'dec')) return suggested;
  const { largestValues, headroomDigits } = site.review.entity.expectations;
  const expected = largestValues[site.field.name]?.replace(/^-/, '').split('.')[0];
  const largest = expected || largestSampleDigits(suggested, values) || '0';
  const headroom = Math.max(0, Math.min(headroomDigits, MAX_FIELD_WIDTH - largest.length));
  const advice = adviseWidth(largest, String(headroom));
  if (!advice.ok) return suggested;
  const width = advice.value.width;
  return suggested.kind === 'dec' ? { ...suggested, integerDigits: width } : { ...suggested, width };
}

function widthReason(site: FieldSite): string {
  const { largestValues, headroomDigits } = site.review.entity.expectations;
  const expected = largestValues[site.field.name];
  return `${expected ? `the expected largest value ${expected}` : 'the largest sample'} plus ${headroomDigits} ${headroomDigits === 1 ? 'digit' : 'digits'} of headroom`;
}
