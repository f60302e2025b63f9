import { parseTimestamp, type FieldFormat } from '../../../keys';
import type { ReviewContext } from '../reviewContext';
import type { ReviewFinding } from '../review.types';
import {
  fieldFormatFix,
  fieldValues,
  inversionEvidence,
  isSortKey,
  meetingGroups,
  placeholderText,
  quoteSome,
  quoteTemplate,
  siteInversion,
  siteSubject,
  stringKeyFieldSites,
  type FieldSite,
  type SortUse,
} from './orderingSupport';

/**
 * Part of review.mixedTimestampPrecision: ISO-8601 instants written with
 * different UTC offsets in one string field of a sort key. Text compares
 * the local clock digits, so `2026-06-23T02:30:00Z` sorts before
 * `2026-06-23T10:00:00+09:00` (01:00 UTC), the later instant first. Judged
 * from the keys the samples are stored under: the evidence is two keys
 * whose text order contradicts their time order, or (when the samples
 * happen to sort right) two keys with different offsets.
 */

/** An instant with an explicit offset: the offset is group 1 (`Z`, `+09:00`, `-0500`). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)$/;
const FRACTION = /T[\d:]+\.\d+/;

export function checkOffsets(context: ReviewContext): ReviewFinding[] {
  const findings: ReviewFinding[] = [];
  for (const site of stringKeyFieldSites(context, (candidate) => candidate.field.format.kind === 'string' && isSortKey(candidate.template))) {
    const values = fieldValues(site.review, site.field.name);
    const offsets = offsetsOf(values);
    if (!offsets || offsets.size < 2) continue;
    const { inversion, use } = siteInversion(site, instantOf, (a, b) => a - b);
    const field = site.field.name;
    const pair = inversion ? undefined : offsetPair(site, use, values);
    const format: FieldFormat = { kind: 'iso', precision: values.some((value) => value !== undefined && FRACTION.test(value)) ? 'ms' : 's' };
    const readable = values.every((value) => {
      if (value === undefined) return true;
      const instant = parseTimestamp(value, field);
      return !('code' in instant) && !(format.precision === 's' ? instant.epochMs % 1000 !== 0 : instant.subMillisecond);
    });
    findings.push(
      context.finding('review.mixedTimestampPrecision', inversion ? 'error' : 'warning', siteSubject(site), {
        message:
          `${site.review.entity.name}'s ${quoteTemplate(site)} holds ${field} as ISO timestamps with different UTC offsets (${[...offsets].join(', ')}; ${quoteSome(values, 3)}): ` +
          `text compares the local clock digits, not the instants, so ` +
          (inversion
            ? `"${inversion.first.raw}" sorts before "${inversion.second.raw}", though it is later.`
            : `an instant can sort before an earlier one written with another offset.`),
        evidence: inversion
          ? inversionEvidence(inversion.first.key, inversion.second.key, 'sorts first (later)', 'sorts second (earlier)')
          : (pair ?? []).map((entry) => ({ label: `${field} with offset ${INSTANT.exec(entry.raw)?.[1] ?? ''}`, text: entry.key })),
        suggestion: readable
          ? `Write every ${field} in UTC: ${placeholderText(field, format)} stores each instant as its UTC time (${format.precision === 'ms' ? 'YYYY-MM-DDTHH:MM:SS.sssZ' : 'YYYY-MM-DDTHH:MM:SSZ'}), so text order is time order. Keep the local offset in another attribute if it is needed.`
          : `Write every ${field} in UTC at one precision, so text order is time order; keep the local offset in another attribute if it is needed.`,
        ...(readable ? { fix: fieldFormatFix(site, format) } : {}),
      }),
    );
  }
  return findings;
}

/** The offsets the values are written with; undefined when a value is not an instant with an offset. */
function offsetsOf(values: readonly (string | undefined)[]): Set<string> | undefined {
  const offsets = new Set<string>();
  for (const value of values) {
    if (value === undefined) continue;
    const offset = INSTANT.exec(value)?.[1];
    if (offset === undefined) return undefined;
    offsets.add(offset);
  }
  return offsets;
}

function instantOf(value: string): number | undefined {
  if (!INSTANT.test(value)) return undefined;
  const instant = parseTimestamp(value, 'value');
  return 'code' in instant ? undefined : instant.epochMs;
}

interface OffsetEntry {
  readonly key: string;
  readonly raw: string;
  readonly offset: string;
}

/** Two sample keys with different offsets, from one meeting group when two meet (else from anywhere). */
function offsetPair(site: FieldSite, use: SortUse | undefined, values: readonly (string | undefined)[]): readonly [OffsetEntry, OffsetEntry] | undefined {
  const keys = site.review.encodedKeys(site.template.attribute.name);
  const groups = use ? meetingGroups(site, use) : [];
  const firstByGroup = new Map<string, OffsetEntry>();
  let anyFirst: OffsetEntry | undefined;
  let anyOther: OffsetEntry | undefined;
  for (const [sampleIndex, key] of keys.entries()) {
    const raw = values[sampleIndex];
    const offset = raw === undefined ? undefined : INSTANT.exec(raw)?.[1];
    if (key === undefined || raw === undefined || offset === undefined) continue;
    const entry: OffsetEntry = { key, raw, offset };
    const group = groups[sampleIndex] ?? '';
    const first = firstByGroup.get(group);
    if (first && first.offset !== offset) return [first, entry];
    if (!first) firstByGroup.set(group, entry);
    anyFirst ??= entry;
    if (!anyOther && anyFirst.offset !== offset) anyOther = entry;
  }
  return anyFirst && anyOther ? [anyFirst, anyOther] : undefined;
}
