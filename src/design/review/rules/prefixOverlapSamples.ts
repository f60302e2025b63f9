import { compareUtf8 } from '../../../keys';
import type { AccessPatternDesign } from '../../design.types';
import type { EntityReview, ReviewContext, SortRange } from '../reviewContext';
import type { ReviewFinding } from '../review.types';
import { sampleId, sampleKeyText } from './patternRuleSupport';

/**
 * Part of review.prefixOverlap, judged from the keys the samples are stored
 * under rather than from the templates: a template read off data may be one
 * string field (`{sk}`) that says nothing about prefixes, while the keys say
 * `ORDER0001` and `ORDERITEM#0001#A` in one partition, so
 * begins_with(SK, "ORDER") returns both. A key's type tag is its leading
 * letters up to the first delimiter (`ORDERITEM#`, `c#`), or its leading
 * upper-case letters (three or more) when a digit follows them directly
 * (`ORDER` in `ORDER0001`); keys of plain words (`adam`, `adamson`) and
 * short codes (`A12`, `AB3`) have none.
 */

const TAG_WITH_DELIMITER = /^[A-Za-z][A-Za-z_]*[#|:~$/]/;
/** At least three letters: `A12` and `AB3` (seats, grid cells) are codes, not type tags. */
const TAG_BEFORE_DIGIT = /^[A-Z][A-Z_]{2,}(?=\d)/;

/** A key's type tag, when it has one and something follows it. */
export function keyTag(key: string): string | undefined {
  const tag = TAG_WITH_DELIMITER.exec(key)?.[0] ?? TAG_BEFORE_DIGIT.exec(key)?.[0];
  return tag !== undefined && tag.length < key.length ? tag : undefined;
}

interface Tagged {
  readonly tag: string;
  readonly review: EntityReview;
  readonly sample: number;
}

/**
 * Within each partition of the range, the tags of the samples' sort keys:
 * a tag that is a proper prefix of another is reported once per entity
 * (the shorter side), with one key of each.
 */
export function sampleKeyOverlaps(
  context: ReviewContext,
  range: SortRange,
  attribute: string,
  prefixes: ReadonlyMap<AccessPatternDesign, string>,
): ReviewFinding[] {
  const partitions = new Map<string, Map<string, Tagged>>();
  for (const review of range.entities) {
    const keys = review.encodedKeys(attribute);
    const partitionColumns = range.partition.map((key) => review.encodedKeys(key.name));
    keys.forEach((key, sample) => {
      const tag = key === undefined ? undefined : keyTag(key);
      if (tag === undefined) return;
      const parts: string[] = [];
      for (const column of partitionColumns) {
        const part = column[sample];
        if (part === undefined) return;
        parts.push(part);
      }
      const partition = parts.join('\u0000');
      let tags = partitions.get(partition);
      if (!tags) partitions.set(partition, (tags = new Map()));
      if (!tags.has(tag)) tags.set(tag, { tag, review, sample });
    });
  }
  const findings = new Map<string, ReviewFinding>();
  for (const tags of partitions.values()) {
    const sorted = [...tags.values()].sort((a, b) => compareUtf8(a.tag, b.tag));
    for (let i = 0; i < sorted.length; i++) {
      const shorter = sorted[i]!;
      const longer = sorted.slice(i + 1).find((entry) => entry.tag.startsWith(shorter.tag) && entry.tag !== shorter.tag);
      if (!longer) continue;
      const finding = overlapFinding(context, range, attribute, shorter, longer, prefixes);
      if (!findings.has(finding.id)) findings.set(finding.id, finding);
    }
  }
  return [...findings.values()];
}

function overlapFinding(
  context: ReviewContext,
  range: SortRange,
  attribute: string,
  shorter: Tagged,
  longer: Tagged,
  prefixes: ReadonlyMap<AccessPatternDesign, string>,
): ReviewFinding {
  const a = shorter.review.entity.name;
  const b = longer.review.entity.name;
  const same = shorter.review === longer.review;
  const shorterKey = shorter.review.encodedKeys(attribute)[shorter.sample] as string;
  const longerKey = longer.review.encodedKeys(attribute)[longer.sample] as string;
  // A pattern that sends a begins_with both keys start with, meant for the shorter kind of item only.
  const reader = [...prefixes].find(
    ([pattern, prefix]) =>
      pattern.entities.includes(a) &&
      (same ? prefix === shorter.tag : !pattern.entities.includes(b)) &&
      shorterKey.startsWith(prefix) &&
      longerKey.startsWith(prefix),
  )?.[0];
  const condition = `begins_with(${attribute}, "${shorter.tag}")`;
  const message =
    (same
      ? `${a}'s ${attribute} keys start with "${shorter.tag}" in some items and with "${longer.tag}" in others, in the same partition: "${shorter.tag}" is a prefix of "${longer.tag}", so ${condition} returns both kinds`
      : `${a}'s ${attribute} keys start with "${shorter.tag}" and ${b}'s with "${longer.tag}", in the same partition: "${shorter.tag}" is a prefix of "${longer.tag}", so ${condition} returns ${b} items too`) +
    (reader ? `, and "${reader.name}" sends it.` : '.');
  const delimited = `${shorter.tag}#`;
  const suggestion = longer.tag.startsWith(delimited)
    ? `Give the "${longer.tag}" keys a prefix that does not start with "${shorter.tag}", or read ${a} with a range that ends before "${longer.tag}" instead of begins_with. Stored keys must be rewritten with the new prefix.`
    : `End the prefix with the delimiter ("${delimited}${shorterKey.slice(shorter.tag.length)}" instead of "${shorterKey}"): "${delimited}" is not a prefix of "${longer.tag}". Stored keys must be rewritten with it.`;
  const evidence = [
    { review: shorter.review, sample: shorter.sample, label: `read by ${condition}` },
    { review: longer.review, sample: longer.sample, label: 'returned by it too' },
  ].flatMap(({ review, sample, label }) => {
    const text = sampleKeyText(range.table, review, sample, range.index);
    return text === undefined ? [] : [{ label: `${review.entity.name} (sample ${sampleId(review, sample)}), ${label}`, text }];
  });
  return context.finding(
    'review.prefixOverlap',
    reader ? 'warning' : 'note',
    { table: range.table.name, entity: a, ...(range.index !== undefined ? { index: range.index } : {}), keyAttribute: attribute },
    { message, evidence, suggestion },
  );
}
