import { formatIsoTimestamp, inferFieldOrder, parseTimestamp, type DateReading } from '../../../keys';
import type { ReviewFinding, ReviewRule } from '../review.types';
import {
  fieldFormatFix,
  fieldValues,
  inversionEvidence,
  isSortKey,
  placeholderText,
  quoteTemplate,
  siteInversion,
  siteSubject,
  stringKeyFieldSites,
} from './orderingSupport';

/**
 * review.dateNotIso — dates in a string sort-key field written as `6/23/2026`
 * or `23.06.2026` sort by month or day first, so the order breaks at every
 * month and year boundary; ISO-8601 local times without a zone
 * (`2026-06-23T10:00:00`) depend on the writer's clock. ISO-8601 UTC
 * (`{at:iso}`) is the form whose byte order is time order.
 */
export const dateNotIso: ReviewRule = {
  code: 'review.dateNotIso',
  severity: 'error',
  title: 'Dates that are not ISO-8601 UTC',
  why: 'A string key sorts dates as text: 12/1/2025 sorts after 6/23/2026, because "1" and "6" are compared before the years. ISO-8601 UTC is the one written form whose byte order is time order; a local time without a zone makes the key depend on where it was written.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const site of stringKeyFieldSites(context, (site) => site.field.format.kind === 'string' && isSortKey(site.template))) {
      const values = fieldValues(site.review, site.field.name);
      const present = values.filter((value): value is string => value !== undefined);
      // Cheap looks first: words are no dates, and ISO-8601 with a zone is what the rule asks for.
      if (present.length < 2 || !present.every((value) => DATE_LIKE.test(value)) || present.every((value) => ZONED_ISO.test(value))) continue;
      const inferred = inferFieldOrder(site.field, present);
      if (inferred?.kind !== 'date') continue;
      const forms = inferred.dateForms ?? [];
      const notIso = forms.filter((form) => form !== 'iso');
      const zoneless = present.find(isZonelessIso);
      if (notIso.length === 0 && zoneless === undefined) continue;

      const slashReading = forms.find((form): form is SlashReading => form === 'month-day-year' || form === 'day-month-year');
      const converted = new Map([...new Set(present)].map((value) => [value, isoInstant(value, slashReading)]));
      const { inversion } = siteInversion(
        site,
        (value) => converted.get(value),
        (a, b) => a - b,
      );
      const convertsAll = [...converted.values()].every((epochMs) => epochMs !== undefined);
      const precision = [...converted.values()].some((epochMs) => epochMs !== undefined && epochMs % 1000 !== 0) ? 'ms' : 's';
      const field = site.field.name;
      const example = notIso.length > 0 ? (present.find((value) => !/^\d{4}-\d{2}-\d{2}/.test(value)) ?? '') : (zoneless ?? '');
      const exampleIso = converted.get(example);
      const iso = placeholderText(field, { kind: 'iso', precision });
      const what =
        notIso.length > 0
          ? `stores dates as text written like "${example}" (${notIso.map(describeForm).join(', ')}): a string key compares them character by character, not by time`
          : `stores ISO-8601 local times without a zone ("${example}"): the same instant written in another time zone is another key, out of time order with these`;
      // Year first at one fixed width (2026/06/23 beside 2026/11/05) sorts in time order as text: a style note, not a warning.
      const inTimeOrder =
        !inversion &&
        zoneless === undefined &&
        notIso.every((form) => form === 'year-month-day') &&
        new Set(present.map((value) => value.length)).size === 1 &&
        present.every((value) => /^\d{4}\D\d{2}\D\d{2}/.test(value));
      findings.push(
        context.finding('review.dateNotIso', inversion ? 'error' : inTimeOrder ? 'note' : 'warning', siteSubject(site), {
          message: inTimeOrder
            ? `${site.review.entity.name}'s ${quoteTemplate(site)} stores dates written like "${example}" (year/month/day): year first at one width, they sort in time order as text, but ISO-8601 is the form other tools, expressions and readers expect.`
            : `${site.review.entity.name}'s ${quoteTemplate(site)} ${what}${inversion ? `; here ${JSON.stringify(inversion.first.raw)} sorts before ${JSON.stringify(inversion.second.raw)}, an earlier date` : ''}.`,
          evidence: inversion ? inversionEvidence(inversion.first.key, inversion.second.key, 'sorts first (later date)', 'sorts second (earlier date)') : [],
          suggestion: `Write ${field} as ISO-8601 UTC${exampleIso !== undefined ? ` (${example} → ${formatIsoTimestamp(exampleIso, precision)})` : ''} and use ${iso}, which checks every value and keeps a fixed width.${zoneless !== undefined ? ' Local times are read as UTC by the fix: convert them from the writer’s zone first if they are not.' : ''}`,
          ...(convertsAll
            ? {
                fix: fieldFormatFix(site, { kind: 'iso', precision }, (value) => {
                  const epochMs = converted.get(value);
                  return epochMs === undefined ? value : formatIsoTimestamp(epochMs, precision);
                }),
              }
            : {}),
        }),
      );
    }
    return findings;
  },
};

/** What a date of any form inferFieldOrder reads starts with: digits, then a date separator. */
const DATE_LIKE = /^\d{1,4}[-/.年]\d/;
/** An ISO-8601 date, or date and time with Z or an offset. */
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2}))?$/;

type SlashReading = Extract<DateReading, 'month-day-year' | 'day-month-year'>;

const FORM_NAMES: Readonly<Record<DateReading, string>> = {
  iso: 'ISO-8601',
  'year-month-day': 'year/month/day',
  'month-day-year': 'month/day/year',
  'day-month-year': 'day.month.year',
};

function describeForm(form: DateReading): string {
  return FORM_NAMES[form];
}

/** `2026-06-23T10:00:00`: an ISO-8601 date and time the timestamp reader refuses only for its missing zone. */
function isZonelessIso(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d/.test(value)) return false;
  const read = parseTimestamp(value, '');
  return 'code' in read && read.code === 'keys.notIsoDate' && !('code' in parseTimestamp(`${value}Z`, ''));
}

/**
 * The instant a date value means, as the fix will write it: ISO-8601 as is
 * (a local time read as UTC), other forms by their numbers in the order
 * inferFieldOrder read them (year first when the first has four digits,
 * `D.M.YYYY` day first, slash dates as the field's reading), checked by the
 * one timestamp reader.
 */
function isoInstant(value: string, slashReading: SlashReading | undefined): number | undefined {
  let candidate: string;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    candidate = isZonelessIso(value) ? `${value}Z` : value;
  } else {
    const [first = '', second = '', third = '', hour = '0', minute = '0', second_ = '0'] = value.match(/\d+/g) ?? [];
    const dayFirst = /^\d{1,2}\./.test(value) || slashReading === 'day-month-year';
    const [year, month, day] = first.length === 4 ? [first, second, third] : dayFirst ? [third, second, first] : [third, first, second];
    const pad = (text: string) => text.padStart(2, '0');
    candidate = `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second_)}Z`;
  }
  const instant = parseTimestamp(candidate, '');
  return 'code' in instant ? undefined : instant.epochMs;
}
