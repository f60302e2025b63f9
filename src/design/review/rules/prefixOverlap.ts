import { compareUtf8, printKeyTemplate } from '../../../keys';
import { updateAccessPattern } from '../../accessPatterns';
import type { AccessPatternDesign, TableDesign } from '../../design.types';
import { changeTable, composeChanges, setEntityKeyTemplate } from '../../edit';
import { sharePartition, type EntityReview, type ReviewContext, type SortRange } from '../reviewContext';
import type { ReviewEvidence, ReviewFinding, ReviewFix, ReviewRule } from '../review.types';
import { beginsWithOf, builtRequest, leadingLiteral, queriesKey, sampleId, sampleKeyText } from './patternRuleSupport';
import { sampleKeyOverlaps } from './prefixOverlapSamples';

/**
 * review.prefixOverlap: one entity's sort-key prefix is a prefix of
 * another's in the same partitions, so a begins_with meant for one returns
 * both. `ORDER#` is not a prefix of `ORDERITEM#` (the `#` differs from `I`),
 * but `ORDER` is, and `ORDER#` is a prefix of `ORDER#ITEM#`. Two forms:
 * the entities' templates overlap, or an access pattern's own begins_with
 * prefix is shorter than its entity's and reaches another entity. A third
 * reads the keys the samples are stored under (./prefixOverlapSamples).
 */

/** The delimiter the fix ends a prefix with. */
const DELIMITER = '#';

interface Prefixed {
  readonly review: EntityReview;
  readonly prefix: string;
  readonly hasFields: boolean;
}

export const prefixOverlap: ReviewRule = {
  code: 'review.prefixOverlap',
  severity: 'warning',
  title: 'One sort-key prefix is a prefix of another',
  why: 'Entities that share partitions are told apart by their sort-key prefixes. When one prefix continues another (`ORDER` and `ORDERITEM#`, or `ORDER#` and `ORDER#ITEM#`), begins_with on the shorter one also returns the other entity. End every prefix with the delimiter and make sure none continues another.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const range of context.sortRanges()) {
      const attribute = range.sort[0];
      if (!attribute || attribute.type !== 'S') continue;
      const prefixed: Prefixed[] = [];
      for (const review of range.entities) {
        const compiled = review.template(attribute.name)?.compiled;
        if (compiled) prefixed.push({ review, prefix: leadingLiteral(compiled.template), hasFields: compiled.fields.length > 0 });
      }
      const patterns = range.table.accessPatterns.filter((pattern) => queriesKey(pattern, range.index));
      const prefixes = patternPrefixes(range.table, patterns, attribute.name);
      const found = [
        ...templateOverlaps(context, range, attribute.name, prefixed, prefixes),
        ...patternOverlaps(context, range, attribute.name, prefixed, prefixes),
      ];
      // The keys as stored, for what the templates can't tell (a `{sk}` read off data): one finding per entity and key.
      const ids = new Set(found.map((finding) => finding.id));
      findings.push(...found, ...sampleKeyOverlaps(context, range, attribute.name, prefixes).filter((finding) => !ids.has(finding.id)));
    }
    return findings;
  },
};

/** Each pattern's begins_with prefix on the attribute, from the Query it builds. */
function patternPrefixes(table: TableDesign, patterns: readonly AccessPatternDesign[], attribute: string): Map<AccessPatternDesign, string> {
  const prefixes = new Map<AccessPatternDesign, string>();
  for (const pattern of patterns) {
    const built = builtRequest(table, pattern);
    const condition = built.ok ? beginsWithOf(built.request) : undefined;
    if (condition?.attribute === attribute && condition.prefix !== '') prefixes.set(pattern, condition.prefix);
  }
  return prefixes;
}

/** Whether a begins_with on `prefix` can return items of `other`: its prefix continues it, or one of its samples' keys does. */
function reaches(prefix: string, other: Prefixed, attribute: string): boolean {
  if (other.prefix.startsWith(prefix)) return true;
  if (!prefix.startsWith(other.prefix)) return false;
  // Keys that start with the prefix sit together in byte order: one binary search instead of a pass per pattern.
  const sorted = sortedKeys(other.review.encodedKeys(attribute));
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareUtf8(sorted[middle]!, prefix) < 0) low = middle + 1;
    else high = middle;
  }
  return sorted[low]?.startsWith(prefix) ?? false;
}

/** One memoised encodedKeys column in byte order, sorted once per review. */
const sortedColumns = new WeakMap<readonly (string | undefined)[], readonly string[]>();

function sortedKeys(keys: readonly (string | undefined)[]): readonly string[] {
  let sorted = sortedColumns.get(keys);
  if (!sorted) {
    sorted = keys.filter((key): key is string => key !== undefined).sort(compareUtf8);
    sortedColumns.set(keys, sorted);
  }
  return sorted;
}

/**
 * Template against template: with the prefixes sorted, every prefix that
 * continues one comes right after it, so each is compared only with its run
 * of continuations, not with every other entity.
 */
function templateOverlaps(
  context: ReviewContext,
  range: SortRange,
  attribute: string,
  prefixed: readonly Prefixed[],
  prefixes: ReadonlyMap<AccessPatternDesign, string>,
): ReviewFinding[] {
  const findings: ReviewFinding[] = [];
  const sorted = prefixed.filter((entry) => entry.prefix !== '').sort((a, b) => compareUtf8(a.prefix, b.prefix));
  for (let i = 0; i < sorted.length; i++) {
    const shorter = sorted[i]!;
    if (!shorter.hasFields) continue;
    // One finding per entity and key (its id names them): the first entity it overlaps, and how many more.
    const overlapping: Prefixed[] = [];
    for (let j = i + 1; j < sorted.length && sorted[j]!.prefix.startsWith(shorter.prefix); j++) {
      const longer = sorted[j]!;
      if (longer.review !== shorter.review && sharePartition(range, shorter.review, longer.review)) overlapping.push(longer);
    }
    const longer = overlapping[0];
    if (!longer) continue;
    const reader = [...prefixes].find(
      ([pattern, prefix]) =>
        pattern.entities.includes(shorter.review.entity.name) && !pattern.entities.includes(longer.review.entity.name) && reaches(prefix, longer, attribute),
    )?.[0];
    const a = shorter.review.entity.name;
    const b = longer.review.entity.name;
    const others =
      overlapping.length > 1
        ? ` (and ${overlapping.length - 1} more entit${overlapping.length === 2 ? 'y' : 'ies'}: ${overlapping
            .slice(1)
            .map((entry) => entry.review.entity.name)
            .join(', ')})`
        : '';
    const same = shorter.prefix === longer.prefix;
    const fix = same || overlapping.length > 1 ? undefined : delimiterFix(range.table, shorter, longer, attribute, prefixes);
    findings.push(
      context.finding('review.prefixOverlap', reader ? 'warning' : 'note', subjectOf(range, shorter.review, attribute), {
        message:
          (same
            ? `${a} and ${b} both start ${attribute} with "${shorter.prefix}"`
            : `${a}'s ${attribute} prefix "${shorter.prefix}" is a prefix of ${b}'s "${longer.prefix}"`) +
          `${others}, in the same partitions: begins_with(${attribute}, "${shorter.prefix}") returns ${b} items too` +
          (reader ? `, and "${reader.name}" sends it.` : '.'),
        evidence: pairEvidence(range, shorter, longer, attribute, shorter.prefix),
        suggestion: fix
          ? `End ${a}'s prefix with the delimiter: "${shorter.prefix}${DELIMITER}" is not a prefix of "${longer.prefix}".`
          : `Give ${same ? `one of them` : b} a prefix that does not start with "${shorter.prefix}" (end every prefix with the delimiter, so that none continues another), or read ${a} with a range on its first field instead of begins_with.`,
        ...(fix ? { fix } : {}),
      }),
    );
  }
  return findings;
}

/**
 * Pattern against template: a pattern's begins_with prefix shorter than its
 * entity's own (`ORDER` for `ORDER#…`) that reaches another entity whose
 * template does not overlap (that case is reported above).
 */
function patternOverlaps(
  context: ReviewContext,
  range: SortRange,
  attribute: string,
  prefixed: readonly Prefixed[],
  prefixes: ReadonlyMap<AccessPatternDesign, string>,
): ReviewFinding[] {
  const findings: ReviewFinding[] = [];
  for (const [pattern, prefix] of prefixes) {
    const own = prefixed.find((entry) => entry.review.entity.name === pattern.entities[0]);
    if (!own) continue;
    for (const other of prefixed) {
      if (pattern.entities.includes(other.review.entity.name) || (own.prefix !== '' && other.prefix.startsWith(own.prefix))) continue;
      if (!reaches(prefix, other, attribute) || !sharePartition(range, own.review, other.review)) continue;
      const fix =
        pattern.sort?.input === 'raw' && own.prefix.startsWith(prefix) && own.prefix !== prefix
          ? rawPrefixFix(range.table, pattern, prefix, own.prefix)
          : undefined;
      findings.push(
        context.finding(
          'review.prefixOverlap',
          'warning',
          { ...subjectOf(range, own.review, attribute), pattern: pattern.id },
          {
            message: `"${pattern.name}" sends begins_with(${attribute}, "${prefix}") for ${own.review.entity.name}, but ${other.review.entity.name}'s ${attribute} ("${other.prefix}…") starts with it too: the Query returns ${other.review.entity.name} items.`,
            evidence: pairEvidence(range, own, other, attribute, prefix),
            suggestion: fix
              ? `Send ${own.review.entity.name}'s whole prefix, delimiter included: "${own.prefix}".`
              : `Make the prefix long enough to end where ${own.review.entity.name}'s prefix ends ("${own.prefix}"), delimiter included.`,
            ...(fix ? { fix } : {}),
          },
        ),
      );
      break;
    }
  }
  return findings;
}

function subjectOf(range: SortRange, review: EntityReview, attribute: string) {
  return { table: range.table.name, entity: review.entity.name, ...(range.index !== undefined ? { index: range.index } : {}), keyAttribute: attribute };
}

/** A sample key of each, from one partition when the samples share one. */
function pairEvidence(range: SortRange, reader: Prefixed, other: Prefixed, attribute: string, prefix: string): ReviewEvidence[] {
  const partitionOf = (review: EntityReview, index: number) => range.partition.map((key) => review.encodedKeys(key.name)[index] ?? '').join('\u0000');
  const readerPartitions = new Map<string, number>();
  reader.review.entity.samples.forEach((_, index) => {
    if (reader.review.encodedKeys(attribute)[index] === undefined) return;
    const partition = partitionOf(reader.review, index);
    if (!readerPartitions.has(partition)) readerPartitions.set(partition, index);
  });
  const otherKeys = other.review.encodedKeys(attribute);
  let otherIndex = otherKeys.findIndex((key, index) => key?.startsWith(prefix) && readerPartitions.has(partitionOf(other.review, index)));
  if (otherIndex < 0) otherIndex = otherKeys.findIndex((key) => key?.startsWith(prefix));
  const readerIndex = otherIndex < 0 ? undefined : readerPartitions.get(partitionOf(other.review, otherIndex));
  const firstReader = readerIndex ?? readerPartitions.values().next().value;
  const evidence: ReviewEvidence[] = [];
  const readerText = firstReader === undefined ? undefined : sampleKeyText(range.table, reader.review, firstReader, range.index);
  if (readerText)
    evidence.push({
      label: `${reader.review.entity.name} (sample ${sampleId(reader.review, firstReader!)}), read by begins_with "${prefix}"`,
      text: readerText,
    });
  const otherText = otherIndex < 0 ? undefined : sampleKeyText(range.table, other.review, otherIndex, range.index);
  if (otherText) evidence.push({ label: `${other.review.entity.name} (sample ${sampleId(other.review, otherIndex)}), returned by it too`, text: otherText });
  return evidence;
}

/**
 * The shorter prefix ended with the delimiter (`ORDER{n}` → `ORDER#{n}`),
 * with the raw begins_with text of its patterns moved along; offered when
 * the longer prefix does not continue with the delimiter itself.
 */
function delimiterFix(
  table: TableDesign,
  shorter: Prefixed,
  longer: Prefixed,
  attribute: string,
  prefixes: ReadonlyMap<AccessPatternDesign, string>,
): ReviewFix | undefined {
  const extended = shorter.prefix + DELIMITER;
  const template = shorter.review.template(attribute)?.compiled?.template;
  const [first, second] = template?.segments ?? [];
  if (!template || shorter.prefix.endsWith(DELIMITER) || longer.prefix.startsWith(extended) || first?.kind !== 'literal' || second?.kind !== 'field')
    return undefined;
  const text = printKeyTemplate({ segments: [{ kind: 'literal', text: extended }, ...template.segments.slice(1)] });
  const raw = [...prefixes.keys()].filter(
    (pattern) =>
      pattern.sort?.input === 'raw' &&
      pattern.entities[0] === shorter.review.entity.name &&
      pattern.sort.value.startsWith(shorter.prefix) &&
      !pattern.sort.value.startsWith(extended),
  );
  return {
    label: `Use \`${text}\``,
    apply: composeChanges(
      setEntityKeyTemplate(table.name, shorter.review.entity.name, attribute, text),
      changeTable(table.name, (current) =>
        raw.reduce(
          (next, pattern) =>
            updateAccessPattern(next, pattern.id, (old) =>
              old.sort?.input === 'raw' ? { ...old, sort: { ...old.sort, value: extended + old.sort.value.slice(shorter.prefix.length) } } : old,
            ),
          current,
        ),
      ),
    ),
  };
}

function rawPrefixFix(table: TableDesign, pattern: AccessPatternDesign, prefix: string, whole: string): ReviewFix {
  return {
    label: `Use begins_with(…, "${whole}")`,
    apply: changeTable(table.name, (current) =>
      updateAccessPattern(current, pattern.id, (old) =>
        old.sort?.input === 'raw' && old.sort.value === prefix ? { ...old, sort: { ...old.sort, value: whole } } : old,
      ),
    ),
  };
}
