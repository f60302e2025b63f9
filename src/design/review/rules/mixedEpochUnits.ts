import type { FieldFormat } from '../../../keys';
import type { ReviewContext } from '../reviewContext';
import type { ReviewFinding } from '../review.types';
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
} from './orderingSupport';

/**
 * Part of review.mixedTimestampPrecision: epoch seconds (10 digits) and
 * epoch milliseconds (13 digits) in one string field of a sort key. Between
 * 2001 and 2286 the first ten digits of both are the seconds, so as text
 * they happen to sort in time order (a note, not an error); but the field
 * holds two units, which every reader must tell apart by length, and read
 * as numbers (an N copy, a client sort, a comparison in code) every
 * millisecond value sorts after every second value. Judged from the
 * samples' values; an error only if the samples show a text misorder.
 */

/** 2000-01-01 to 2100-01-01 in epoch seconds: the range a 10-digit value is read as seconds in (×1000 for 13-digit milliseconds). */
const FROM = 946_684_800;
const TO = 4_102_444_800;

function millisecondsOf(value: string): number | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  if (value.length === 10 && number >= FROM && number < TO) return number * 1000;
  if (value.length === 13 && number >= FROM * 1000 && number < TO * 1000) return number;
  return undefined;
}

/**
 * Whether the values are epoch seconds (10 digits) and epoch milliseconds
 * (13 digits) together: one instant field in two units, judged here (never
 * as plain numbers, whose magnitude is not their time).
 */
export function isMixedEpochUnits(values: readonly string[]): boolean {
  return (
    values.length >= 2 &&
    values.every((value) => millisecondsOf(value) !== undefined) &&
    values.some((value) => value.length === 10) &&
    values.some((value) => value.length === 13)
  );
}

export function checkEpochUnits(context: ReviewContext): ReviewFinding[] {
  const findings: ReviewFinding[] = [];
  for (const site of stringKeyFieldSites(context, (candidate) => candidate.field.format.kind === 'string' && isSortKey(candidate.template))) {
    const values = fieldValues(site.review, site.field.name);
    const present = values.filter((value): value is string => value !== undefined);
    if (!isMixedEpochUnits(present)) continue;
    const seconds = present.find((value) => value.length === 10)!;
    const milliseconds = present.find((value) => value.length === 13)!;
    const { inversion } = siteInversion(site, millisecondsOf, (a, b) => a - b);
    const field = site.field.name;
    const keys = site.review.encodedKeys(site.template.attribute.name);
    const keyOf = (value: string) => keys[values.indexOf(value)];
    const format: FieldFormat = { kind: 'epoch', unit: 'ms', width: 13 };
    findings.push(
      context.finding('review.mixedTimestampPrecision', inversion ? 'error' : 'note', siteSubject(site), {
        message:
          `${site.review.entity.name}'s ${quoteTemplate(site)} holds ${field} as epoch seconds (10 digits) and epoch milliseconds (13 digits) (${quoteSome(values, 3)}): ` +
          (inversion
            ? `"${inversion.first.raw}" sorts before "${inversion.second.raw}", though it is later.`
            : `as text they sort in time order only because the first ten digits of both are the seconds; every reader must tell the units apart by length, and compared as numbers every millisecond value comes after every second value (${milliseconds} after ${seconds}).`),
        evidence: inversion
          ? inversionEvidence(inversion.first.key, inversion.second.key, 'sorts first (later)', 'sorts second (earlier)')
          : [
              { label: `${field} in seconds`, text: keyOf(seconds) ?? seconds },
              { label: `${field} in milliseconds`, text: keyOf(milliseconds) ?? milliseconds },
            ],
        suggestion: `Write every ${field} in one unit at one width: ${placeholderText(field, format)} stores milliseconds zero-padded to 13 digits (the fix multiplies the seconds in the samples by 1,000). Keys already stored in seconds must be rewritten.`,
        fix: fieldFormatFix(site, format, (value) => (value.length === 10 && millisecondsOf(value) !== undefined ? `${value}000` : value)),
      }),
    );
  }
  return findings;
}
