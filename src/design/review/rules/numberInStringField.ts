import { adviseWidth, compareDynamoNumbers, inferFieldOrder, largestSampleDigits, MAX_FIELD_WIDTH, type FieldFormat } from '../../../keys';
import type { ReviewContext } from '../reviewContext';
import type { ReviewFinding, ReviewRule } from '../review.types';
import { isMixedEpochUnits } from './mixedEpochUnits';
import { paddedDigitWidths } from './paddedDigits';
import {
  fieldFormatFix,
  fieldValues,
  inversionEvidence,
  isSortKey,
  placeholderText,
  quoteSome,
  quoteTemplate,
  siteInversion,
  siteSubject,
  stringKeyFieldSites,
  type FieldSite,
} from './orderingSupport';
import { ownValue, setOwnValue } from '../../../dynamo';

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
      if (present.length < 2) {
        const declared = declaredNumberFinding(context, site, present);
        if (declared) findings.push(declared);
        continue;
      }
      // A cheap look first (most string fields hold words): inference reads and sorts every value.
      if (!present.every((value) => PLAIN_NUMBER.test(value))) continue;
      // Digits zero-padded by hand at several widths are review.mixedWidths' (one advice, the widest width seen, not two).
      if (paddedDigitWidths(present)) continue;
      // Epoch seconds beside epoch milliseconds are one instant in two units, review.mixedTimestampPrecision's: as numbers
      // every millisecond value is larger, so "1772431320123 before 1772431380" is time order, and padding them to one width breaks it.
      if (isMixedEpochUnits(present)) continue;
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
 * Without samples to read, the entity's own declaration: a field the entity
 * declares a Number attribute (a OneTable `type: 'number'`) written unpadded
 * into a string key. The evidence is the template's own keys for 9 and 10.
 */
function declaredNumberFinding(context: ReviewContext, site: FieldSite, present: readonly string[]): ReviewFinding | undefined {
  const field = site.field.name;
  if (!site.review.entity.attributes.some((attribute) => attribute.name === field && attribute.type === 'N')) return undefined;
  if (present.some((value) => !PLAIN_NUMBER.test(value))) return undefined;
  const base: Record<string, string> = { ...site.review.entity.samples[0]?.values };
  for (const other of site.compiled.fields) if ((ownValue(base, other.name) ?? '') === '') setOwnValue(base, other.name, other.name);
  const nine = site.compiled.encode({ ...base, [field]: '9' });
  const ten = site.compiled.encode({ ...base, [field]: '10' });
  const expected = ownValue(site.review.entity.expectations.largestValues, field);
  const format = expected ? advisedFormat(site, { kind: 'int', width: 1, descending: false }, []) : undefined;
  return context.finding('review.numberInStringField', 'warning', siteSubject(site), {
    message: `${site.review.entity.name} declares ${field} a Number, but ${quoteTemplate(site)} writes it into a string key unpadded: a string key sorts digits byte by byte, so ${field} 10 sorts before 9.`,
    evidence: nine.ok && ten.ok ? inversionEvidence(ten.value, nine.value, `sorts first (${field} 10)`, `sorts second (${field} 9)`) : [],
    suggestion: format
      ? `Pad ${field} to a fixed width: ${placeholderText(field, format)} (${widthReason(site)}). The width is hard to change later: every key would be rewritten.`
      : `Pad ${field} to a fixed width sized for the largest value it will hold plus headroom (\`{${field}:int(W)}\`; give the expected largest value in ${site.review.entity.name}'s expectations and the review sizes W), or keep it out of the string key.`,
    ...(format ? { fix: fieldFormatFix(site, format) } : {}),
  });
}

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
