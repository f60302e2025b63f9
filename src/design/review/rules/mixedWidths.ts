import { compareDynamoNumbers, fieldWidth, type FieldFormat } from '../../../keys';
import type { ReviewEvidence, ReviewFinding, ReviewRule } from '../review.types';
import { sharePartition, type ReviewContext, type SortRange } from '../reviewContext';
import {
  fieldFormatFix,
  fieldSitesOf,
  fieldValues,
  findKeyInversion,
  inversionEvidence,
  isSortKey,
  literalPrefix,
  meetingGroups,
  placeholderText,
  prefixesBefore,
  quoteSome,
  quoteTemplate,
  rangeName,
  siteInversion,
  siteSubject,
  stringKeyFieldSites,
  type FieldSite,
  type KeyEntry,
  type SortUse,
} from './orderingSupport';
import { listWidths, paddedDigitWidths } from './paddedDigits';

/**
 * review.mixedWidths — every key that shares a sort range must pad a number
 * to the same width: `00042` (5 digits) and `00000100` (8) interleave out of
 * numeric order. Checked between the entities of a range that can share a
 * partition (table and indexes alike), and between the design and the keys
 * already stored in the table (a migration that padded new rows only).
 */
export const mixedWidths: ReviewRule = {
  code: 'review.mixedWidths',
  severity: 'error',
  title: 'One number at different widths in a sort range',
  why: 'Zero-padding orders numbers only at one width: a 5-digit "99999" sorts after an 8-digit "00100000". Keys of one sort range (across entities, indexes and the rows already stored) must pad a field to the same width, or be rewritten together.',
  check(context) {
    const findings = new Map<string, ReviewFinding>();
    const add = (finding: ReviewFinding) => findings.has(finding.id) || findings.set(finding.id, finding);
    for (const range of context.sortRanges()) {
      range.sort.forEach((attribute, position) => {
        if (attribute.type === 'S') checkRange(context, range, attribute.name, position).forEach(add);
      });
    }
    checkStoredKeys(context).forEach(add);
    checkPaddedStrings(context).forEach(add);
    return [...findings.values()];
  },
};

type PaddedFormat = Extract<FieldFormat, { kind: 'int' | 'sint' | 'dec' | 'epoch' }>;

/** A padded number that sorts ascending (a `desc` field sorts the other way by design, and is left out). */
function isAscendingPadded(format: FieldFormat): format is PaddedFormat {
  return format.kind === 'sint' || format.kind === 'dec' || format.kind === 'epoch' || (format.kind === 'int' && !format.descending);
}

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

function checkRange(context: ReviewContext, range: SortRange, attribute: string, position: number): ReviewFinding[] {
  const byName = new Map<string, FieldSite[]>();
  for (const review of range.entities) {
    const template = review.template(attribute);
    if (!template) continue;
    for (const site of fieldSitesOf(review, template)) {
      if (!isAscendingPadded(site.field.format)) continue;
      const sites = byName.get(site.field.name) ?? [];
      sites.push(site);
      byName.set(site.field.name, sites);
    }
  }
  const use = { ...(range.index !== undefined ? { index: range.index } : {}), position };
  const findings: ReviewFinding[] = [];
  for (const sites of byName.values()) {
    if (new Set(sites.map((site) => fieldWidth(site.field.format))).size < 2) continue;
    const entries: KeyEntry<string>[] = [];
    for (const site of sites) {
      const keys = site.review.encodedKeys(attribute);
      const groups = meetingGroups(site, use);
      const values = fieldValues(site.review, site.field.name);
      keys.forEach((key, sampleIndex) => {
        const group = groups[sampleIndex];
        const value = values[sampleIndex];
        if (key !== undefined && group !== undefined && value !== undefined && PLAIN_NUMBER.test(value))
          entries.push({ key, group, value, raw: value, source: siteId(site) });
      });
    }
    const inversion = findKeyInversion(entries, compareDynamoNumbers);
    const siteOf = (entry: KeyEntry<string>) => sites.find((site) => siteId(site) === entry.source) as FieldSite;
    if (inversion) {
      const [a, b] = [siteOf(inversion.first), siteOf(inversion.second)];
      findings.push(
        widthFinding(
          context,
          rangeName(range.table.name, range.index),
          a,
          b,
          inversionEvidence(inversion.first.key, inversion.second.key, 'sorts first (larger)', 'sorts second (smaller)'),
          true,
        ),
      );
      continue;
    }
    const meeting = meetingPair(entries, siteOf) ?? templatePair(range, sites);
    if (meeting) findings.push(widthFinding(context, rangeName(range.table.name, range.index), meeting.a, meeting.b, meeting.evidence, false));
  }
  return findings;
}

function siteId(site: FieldSite): string {
  return `${site.review.entity.name}\u0000${site.template.attribute.name}\u0000${site.segmentIndex}`;
}

/** Two sample keys at different widths in one group: they meet, though these samples happen to sort right. */
function meetingPair(entries: readonly KeyEntry<string>[], siteOf: (entry: KeyEntry<string>) => FieldSite) {
  const firstByGroup = new Map<string, KeyEntry<string>>();
  for (const entry of entries) {
    const first = firstByGroup.get(entry.group);
    if (!first) firstByGroup.set(entry.group, entry);
    else if (fieldWidth(siteOf(first).field.format) !== fieldWidth(siteOf(entry).field.format)) {
      return { a: siteOf(first), b: siteOf(entry), evidence: [widthLine(siteOf(first), first.key), widthLine(siteOf(entry), entry.key)] };
    }
  }
  return undefined;
}

/** Without samples that meet: two templates with the same text before the field, in entities that can share a partition. */
function templatePair(range: SortRange, sites: readonly FieldSite[]) {
  for (const [index, a] of sites.entries()) {
    for (const b of sites.slice(index + 1)) {
      if (fieldWidth(a.field.format) === fieldWidth(b.field.format)) continue;
      if (
        a.review.encodedKeys(a.template.attribute.name).some((key) => key !== undefined) &&
        b.review.encodedKeys(b.template.attribute.name).some((key) => key !== undefined)
      )
        continue;
      const prefix = literalPrefix(a);
      if (prefix !== undefined && prefix === literalPrefix(b) && (a.review === b.review || sharePartition(range, a.review, b.review)))
        return { a, b, evidence: [] };
    }
  }
  return undefined;
}

function widthLine(site: FieldSite, key: string): ReviewEvidence {
  return { label: `${site.review.entity.name}, width ${fieldWidth(site.field.format)}`, text: key };
}

/** The finding is about the narrower side; the fix pads it to the wider width. */
function widthFinding(
  context: ReviewContext,
  where: string,
  a: FieldSite,
  b: FieldSite,
  evidence: readonly ReviewEvidence[],
  misorderedToday: boolean,
): ReviewFinding {
  const [narrow, wide] = (fieldWidth(a.field.format) as number) <= (fieldWidth(b.field.format) as number) ? [a, b] : [b, a];
  const field = narrow.field.name;
  const describe = (site: FieldSite) => `${site.review.entity.name}'s ${quoteTemplate(site)}`;
  const sameKind = narrow.field.format.kind === wide.field.format.kind;
  return context.finding('review.mixedWidths', misorderedToday ? 'error' : 'warning', siteSubject(narrow), {
    message: `In ${where}, ${describe(narrow)} and ${describe(wide)} pad ${field} to different widths (${placeholderText(field, narrow.field.format)} and ${placeholderText(field, wide.field.format)}) in keys that sort together: a narrower key sorts after a wider one with a larger value.`,
    evidence,
    suggestion: `Pad ${field} to one width in every key of this sort range${sameKind ? `: ${placeholderText(field, wide.field.format)}` : ''}. Keys already stored at the old width must be rewritten with it.`,
    ...(sameKind ? { fix: fieldFormatFix(narrow, wide.field.format) } : {}),
  });
}

// ---------------------------------------------------------------------------
// Padded by hand

/**
 * A string field whose samples are digits zero-padded by hand at different
 * widths (`SCORE#00000010#p1`, `SCORE#0000001500#p2`): read from the keys as
 * stored, whatever the template says. The finding shows two keys at
 * different widths (the misordered pair when there is one) and pads the
 * field to the widest width seen.
 */
function checkPaddedStrings(context: ReviewContext): ReviewFinding[] {
  const findings: ReviewFinding[] = [];
  for (const site of stringKeyFieldSites(context, (candidate) => candidate.field.format.kind === 'string' && isSortKey(candidate.template))) {
    const values = fieldValues(site.review, site.field.name);
    const widths = paddedDigitWidths(values);
    if (!widths) continue;
    const { inversion, use } = siteInversion(site, (value) => value, compareDynamoNumbers);
    const field = site.field.name;
    const format: FieldFormat = { kind: 'int', width: widths.at(-1) as number, descending: false };
    const pair = inversion ? undefined : widthPair(site, use, values);
    const evidence = inversion
      ? inversionEvidence(inversion.first.key, inversion.second.key, 'sorts first (larger)', 'sorts second (smaller)')
      : (pair ?? []).map((entry) => ({ label: `${field} at ${entry.raw?.length ?? 0} digits`, text: entry.key }));
    findings.push(
      context.finding('review.mixedWidths', inversion ? 'error' : 'warning', siteSubject(site), {
        message: `${site.review.entity.name}'s ${quoteTemplate(site)} holds ${field} zero-padded by hand at ${listWidths(widths)} digits (${quoteSome(values)}): padding orders numbers only at one width, so ${inversion ? `"${inversion.first.raw}" (${unpadded(inversion.first.raw)}) sorts before "${inversion.second.raw}" (${unpadded(inversion.second.raw)}), the larger number first` : 'keys of different widths interleave out of numeric order'}.`,
        evidence,
        suggestion: `Pad ${field} to one width in every key: ${placeholderText(field, format)}, the widest seen. Keys already stored at another width must be rewritten with it.`,
        fix: fieldFormatFix(site, format),
      }),
    );
  }
  return findings;
}

/** `00000240` → `240` (digits as text: no 53-bit limit). */
function unpadded(digits: string | undefined): string {
  return (digits ?? '').replace(/^0+(?=\d)/, '');
}

/** Two keys of the samples at different widths, from one meeting group when two meet (else from anywhere). */
function widthPair(
  site: FieldSite,
  use: SortUse | undefined,
  values: readonly (string | undefined)[],
): readonly [KeyEntry<string>, KeyEntry<string>] | undefined {
  const keys = site.review.encodedKeys(site.template.attribute.name);
  const groups = use ? meetingGroups(site, use) : [];
  const firstByGroup = new Map<string, KeyEntry<string>>();
  let anyFirst: KeyEntry<string> | undefined;
  let anyOther: KeyEntry<string> | undefined;
  for (const [sampleIndex, key] of keys.entries()) {
    const raw = values[sampleIndex];
    if (key === undefined || raw === undefined) continue;
    const entry: KeyEntry<string> = { key, group: groups[sampleIndex] ?? '', value: raw, raw };
    const first = firstByGroup.get(entry.group);
    if (first && first.value.length !== raw.length) return [first, entry];
    if (!first) firstByGroup.set(entry.group, entry);
    anyFirst ??= entry;
    if (!anyOther && anyFirst.value.length !== raw.length) anyOther = entry;
  }
  return anyFirst && anyOther ? [anyFirst, anyOther] : undefined;
}

// ---------------------------------------------------------------------------
// Stored keys

/** Stored keys the design's templates would read, but with a number at another width. */
function checkStoredKeys(context: ReviewContext): ReviewFinding[] {
  const findings: ReviewFinding[] = [];
  for (const stored of context.storedKeys) {
    for (const review of context.entities()) {
      if (review.table.name !== stored.table) continue;
      const template = review.template(stored.keyAttribute);
      if (!template || template.attribute.type !== 'S') continue;
      for (const site of fieldSitesOf(review, template)) {
        // A signed field stores negatives complemented: its digits are not its value, so only unsigned ones are compared.
        if (!isAscendingPadded(site.field.format) || site.field.format.kind === 'sint') continue;
        const finding = storedKeyFinding(context, site, stored.keys);
        if (finding) findings.push(finding);
      }
    }
  }
  return findings;
}

function storedKeyFinding(context: ReviewContext, site: FieldSite, keys: readonly string[]): ReviewFinding | undefined {
  const width = fieldWidth(site.field.format) as number;
  const reader = looseReader(site);
  const entries: KeyEntry<string>[] = [];
  let other: KeyEntry<string> | undefined;
  let atWidth: KeyEntry<string> | undefined;
  let otherCount = 0;
  for (const key of keys) {
    const match = reader.exec(key);
    const span = match?.indices?.[1];
    const text = match?.[1];
    if (!span || text === undefined) continue;
    const value = numericValue(text);
    if (value === undefined) continue;
    const entry: KeyEntry<string> = { key, group: key.slice(0, span[0]), value, source: text.length === width ? 'template' : 'other' };
    entries.push(entry);
    if (entry.source === 'other') {
      otherCount++;
      other ??= entry;
    } else atWidth ??= entry;
  }
  if (!other) return undefined;
  // The design's own samples are written at the template's width: they meet the stored keys too.
  const prefixes = prefixesBefore(site);
  const values = fieldValues(site.review, site.field.name);
  site.review.encodedKeys(site.template.attribute.name).forEach((key, index) => {
    const prefix = prefixes[index];
    const value = values[index];
    if (key !== undefined && prefix !== undefined && value !== undefined && PLAIN_NUMBER.test(value))
      entries.push({ key, group: prefix, value, source: 'sample' });
  });
  atWidth ??= entries.find((entry) => entry.source !== 'other');
  const inversion = findKeyInversion(entries, compareDynamoNumbers);
  const field = site.field.name;
  const evidence = inversion
    ? inversionEvidence(inversion.first.key, inversion.second.key, 'sorts first (larger)', 'sorts second (smaller)')
    : [
        { label: `stored, width ${otherWidth(other, reader)}`, text: other.key },
        ...(atWidth ? [{ label: `at the template's width ${width}`, text: atWidth.key }] : []),
      ];
  return context.finding('review.mixedWidths', inversion ? 'error' : 'warning', siteSubject(site), {
    message: `${otherCount === 1 ? 'A stored key' : `${otherCount} stored keys`} of ${site.template.attribute.name} ${otherCount === 1 ? 'pads' : 'pad'} ${field} to another width than ${site.review.entity.name}'s ${quoteTemplate(site)} (${width} digits, e.g. ${JSON.stringify(other.key)}): old and new keys interleave out of numeric order.`,
    evidence,
    suggestion: `Rewrite the stored keys at ${placeholderText(field, site.field.format)} (a migration that pads only new rows leaves the old ones out of order), or keep the width the stored keys use.`,
  });
}

function otherWidth(entry: KeyEntry<string>, reader: RegExp): number {
  return reader.exec(entry.key)?.[1]?.length ?? 0;
}

/** Digits (with an optional sign or fraction) as a number text; undefined for anything else. */
function numericValue(text: string): string | undefined {
  return PLAIN_NUMBER.test(text) ? text : undefined;
}

const looseReaders = new WeakMap<FieldSite['compiled'], Map<number, RegExp>>();

/**
 * A reader of keys written with the template at any width of one numeric
 * field: literals as they are, that field as digits of any length (capture
 * group 1), every other field as what a value of its kind can hold.
 */
function looseReader(site: FieldSite): RegExp {
  let byIndex = looseReaders.get(site.compiled);
  if (!byIndex) looseReaders.set(site.compiled, (byIndex = new Map()));
  let reader = byIndex.get(site.segmentIndex);
  if (!reader) {
    const segments = site.compiled.template.segments;
    const parts = segments.map((segment, index) => {
      if (segment.kind === 'literal') return segment.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (index === site.segmentIndex) return '(\\d+(?:\\.\\d+)?)';
      // Other numbers may be at another width too (the same migration): read them at any width.
      if (segment.format.kind !== 'string' && segment.format.kind !== 'iso') return '(?:-?\\d+(?:\\.\\d+)?)';
      const width = fieldWidth(segment.format);
      if (width !== undefined) return `(?:.{${width}})`;
      return index === segments.length - 1 ? '(?:.+)' : '(?:.+?)';
    });
    reader = new RegExp(`^${parts.join('')}$`, 'd');
    byIndex.set(site.segmentIndex, reader);
  }
  return reader;
}
