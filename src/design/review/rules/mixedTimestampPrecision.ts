import { fieldWidth, parseTimestamp, type FieldFormat } from '../../../keys';
import type { ReviewEvidence, ReviewFinding, ReviewRule } from '../review.types';
import type { ReviewContext, SortRange } from '../reviewContext';
import {
  fieldFormatFix,
  fieldSitesOf,
  fieldValues,
  inversionEvidence,
  meetingGroups,
  placeholderText,
  prefixesBefore,
  quoteTemplate,
  rangeName,
  siteSubject,
  type FieldSite,
} from './orderingSupport';
import { checkOffsets } from './mixedOffsets';
import { checkEpochUnits } from './mixedEpochUnits';

/**
 * review.mixedTimestampPrecision — ISO-8601 timestamps with and without a
 * fraction in one sort range: after the seconds, "." (0x2E) meets "Z"
 * (0x5A), so `…10:00:00.500Z` sorts before `…10:00:00Z`, the later instant
 * first. It happens inside one string field whose values mix precisions, and
 * between `{t:iso}` and `{t:iso(ms)}` of entities that share a partition;
 * and instants written with different UTC offsets (`+09:00`, `Z`,
 * `-05:00`), whose text order is not their time order (./mixedOffsets), or
 * epoch seconds beside epoch milliseconds (./mixedEpochUnits).
 */
export const mixedTimestampPrecision: ReviewRule = {
  code: 'review.mixedTimestampPrecision',
  severity: 'error',
  title: 'Timestamps at mixed precisions, offsets or units in one sort range',
  why: 'ISO-8601 text sorts in time order only at one precision and one offset: "…10:00:00.500Z" sorts before "…10:00:00Z" because "." (0x2E) is smaller than "Z" (0x5A), and "…06:00:00-05:00" (11:00 UTC) sorts before "…10:30:00Z". Epoch seconds beside milliseconds hold two units in one field. Every key that shares a sort range must write its timestamps in UTC, at one precision and unit.',
  check(context) {
    const findings = new Map<string, ReviewFinding>();
    for (const range of context.sortRanges()) {
      range.sort.forEach((attribute, position) => {
        if (attribute.type !== 'S') return;
        for (const finding of checkAttribute(context, range, attribute.name, position)) if (!findings.has(finding.id)) findings.set(finding.id, finding);
      });
    }
    for (const finding of [...checkOffsets(context), ...checkEpochUnits(context)]) if (!findings.has(finding.id)) findings.set(finding.id, finding);
    return [...findings.values()];
  },
};

/** One timestamp as a key holds it. */
interface Stamp {
  readonly key: string;
  readonly text: string;
  /** Where the timestamp starts in the key. */
  readonly start: number;
  readonly site: FieldSite;
}

/** Whole-second and fractional timestamps of one meeting group, each by its second (`2026-06-23T10:00:00`). */
interface Group {
  readonly whole: Map<string, Stamp>;
  readonly fraction: Map<string, Stamp>;
  /** A fractional timestamp with a whole-second one of the same second: the misordered pair. */
  pair?: readonly [Stamp, Stamp];
}

const WHOLE_SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const FRACTION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z$/;

function checkAttribute(context: ReviewContext, range: SortRange, attribute: string, position: number): ReviewFinding[] {
  // Which precisions each timestamp field writes, cheaply, before any key is grouped: most ranges have one.
  const sites: FieldSite[] = [];
  let whole = false;
  let fraction = false;
  for (const review of range.entities) {
    const template = review.template(attribute);
    if (!template) continue;
    for (const site of fieldSitesOf(review, template)) {
      const format = site.field.format;
      if (format.kind === 'iso') {
        whole ||= format.precision === 's';
        fraction ||= format.precision === 'ms';
      } else if (format.kind === 'string') {
        const values = fieldValues(site.review, site.field.name);
        const hasWhole = values.some((value) => value !== undefined && WHOLE_SECOND.test(value));
        const hasFraction = values.some((value) => value !== undefined && FRACTION.test(value));
        if (!hasWhole && !hasFraction) continue;
        whole ||= hasWhole;
        fraction ||= hasFraction;
      } else continue;
      sites.push(site);
    }
  }
  if (!whole || !fraction) return [];
  const groups = new Map<string, Group>();
  for (const site of sites) collectStamps(site, meetingGroups(site, { ...(range.index !== undefined ? { index: range.index } : {}), position }), groups);
  const findings: ReviewFinding[] = [];
  const seen = new Set<FieldSite>();
  // Groups with a misordered pair first: they give the error and its evidence.
  for (const group of [...groups.values()].sort((a, b) => Number(b.pair !== undefined) - Number(a.pair !== undefined))) {
    const fraction = group.pair?.[0] ?? group.fraction.values().next().value;
    const whole = group.pair?.[1] ?? group.whole.values().next().value;
    if (!fraction || !whole || seen.has(whole.site)) continue;
    seen.add(whole.site);
    findings.push(finding(context, range, fraction, whole, group.pair !== undefined));
  }
  return findings;
}

function collectStamps(site: FieldSite, meeting: readonly (string | undefined)[], groups: Map<string, Group>): void {
  const keys = site.review.encodedKeys(site.template.attribute.name);
  const prefixes = prefixesBefore(site);
  const values = fieldValues(site.review, site.field.name);
  const width = fieldWidth(site.field.format);
  keys.forEach((key, sampleIndex) => {
    const groupKey = meeting[sampleIndex];
    const prefix = prefixes[sampleIndex];
    if (key === undefined || groupKey === undefined || prefix === undefined) return;
    const text = width !== undefined ? key.slice(prefix.length, prefix.length + width) : values[sampleIndex];
    if (text === undefined || !key.startsWith(text, prefix.length)) return;
    const fraction = FRACTION.test(text);
    if (!fraction && !WHOLE_SECOND.test(text)) return;
    let group = groups.get(groupKey);
    if (!group) groups.set(groupKey, (group = { whole: new Map(), fraction: new Map() }));
    const stamp: Stamp = { key, text, start: prefix.length, site };
    const second = text.slice(0, 19);
    const [mine, other] = fraction ? [group.fraction, group.whole] : [group.whole, group.fraction];
    if (!mine.has(second)) mine.set(second, stamp);
    const match = other.get(second);
    // ".000Z" beside "Z" is the same instant: out of place, but not out of time order.
    if (match && !group.pair && !/\.0+Z$/.test(fraction ? text : match.text)) group.pair = fraction ? [stamp, match] : [match, stamp];
  });
}

function finding(context: ReviewContext, range: SortRange, fraction: Stamp, whole: Stamp, misorderedToday: boolean): ReviewFinding {
  const where = rangeName(range.table.name, range.index);
  const describe = (stamp: Stamp) => `${stamp.site.review.entity.name}'s ${quoteTemplate(stamp.site)}`;
  const sides =
    fraction.site === whole.site
      ? `${describe(whole)} has timestamps with a fraction and without`
      : `${describe(fraction)} writes timestamps with a fraction and ${describe(whole)} without, in the same partition`;
  const written = fraction.text.slice(19, -1);
  // A fraction of zeros is the same instant; show the pitfall with half a second instead.
  const fractionDigits = /^\.0+$/.test(written) ? '.5'.padEnd(written.length, '0') : written;
  const evidence: ReviewEvidence[] = misorderedToday
    ? inversionEvidence(fraction.key, whole.key, 'sorts first (later)', 'sorts second (earlier)')
    : inversionEvidence(
        // The same second as a whole-second sample, written with the other key's fraction: where it would sort.
        whole.key.slice(0, whole.start) + whole.text.slice(0, -1) + fractionDigits + 'Z' + whole.key.slice(whole.start + whole.text.length),
        whole.key,
        `the same second with ${fractionDigits} sorts first`,
        'sorts second (earlier)',
      );
  const fix = millisecondFix(whole.site);
  const field = whole.site.field.name;
  return context.finding('review.mixedTimestampPrecision', misorderedToday ? 'error' : 'warning', siteSubject(whole.site), {
    message: `In ${where}, ${sides}: after the seconds, "." (0x2E) sorts before "Z" (0x5A), so ${whole.text.slice(11, -1)}${fractionDigits}Z sorts before ${whole.text.slice(11)}, the later instant first.`,
    evidence,
    suggestion: `Write every timestamp in this sort range at one precision: ${placeholderText(field, { kind: 'iso', precision: 'ms' })} pads whole seconds to .000Z.${fix ? '' : ' Some values have digits below a millisecond: trim them first.'}`,
    ...(fix ? { fix } : {}),
  });
}

/** `{t:iso(ms)}` for the whole-second side, when every value of its field reads at millisecond precision. */
function millisecondFix(site: FieldSite) {
  const format: FieldFormat = { kind: 'iso', precision: 'ms' };
  if (site.field.format.kind === 'string') {
    const readable = fieldValues(site.review, site.field.name).every((value) => {
      if (value === undefined) return true;
      const instant = parseTimestamp(value, site.field.name);
      return !('code' in instant) && !instant.subMillisecond;
    });
    if (!readable) return undefined;
  }
  return fieldFormatFix(site, format);
}
