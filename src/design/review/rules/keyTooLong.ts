import { fieldWidth, MAX_KEY_BYTES, printFormatSuffix, utf8ByteLength, type TemplateSegment } from '../../../keys';
import type { EntityKeyTemplate, EntityReview } from '../reviewContext';
import type { ReviewEvidence, ReviewFinding, ReviewRule, ReviewSeverity } from '../review.types';
import { formatCount } from './capacityEstimates';

/**
 * A key value DynamoDB refuses: a sort key over 1,024 bytes or a partition
 * key over 2,048, in UTF-8. The maximum is computed from the template: literal
 * text, fixed-width fields (int, sint, dec, epoch, iso) and each string
 * field's max length (`expectations.maxLengths`, in UTF-16 code units as
 * JavaScript counts them: at most 3 UTF-8 bytes each, since a surrogate pair
 * is 2 units and 4 bytes).
 *
 * Only S keys: an N key is a number (DynamoDB caps its digits, not its
 * bytes) and a B key's template text is base64, whose size a template never
 * gets near the limit with.
 */

const MAX_SEGMENTS_SHOWN = 8;
const MAX_KEY_SHOWN = 120;

/** The computed maximum of one template, in bytes. */
interface KeyMaximum {
  /** Literal text and fixed-width fields: every key is at least this long. */
  readonly fixed: number;
  /** With every string field at its max length in ASCII (1 byte per character). */
  readonly ascii: number;
  /** With every string field at its max length in characters of 3 UTF-8 bytes. */
  readonly worst: number;
  /** String fields without a max length (their size is unknown). */
  readonly unbounded: readonly string[];
  /** Each segment's share, for the evidence. */
  readonly parts: readonly string[];
}

export const keyTooLong: ReviewRule = {
  code: 'review.keyTooLong',
  severity: 'warning',
  title: 'A key that can pass DynamoDB’s size limit',
  why: 'DynamoDB refuses a write whose sort key is over 1,024 bytes or whose partition key is over 2,048 (UTF-8): the item with the longest value fails in production, long after the design passed its tests.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const review of context.entities()) {
      for (const template of review.templates) {
        if (template.attribute.type !== 'S' || !template.compiled) continue;
        const finding = checkTemplate(review, template);
        if (finding) findings.push(context.finding('review.keyTooLong', finding.severity, subjectOf(review, template, finding.field), finding.parts));
      }
    }
    return findings;
  },
};

type Parts = Omit<ReviewFinding, 'id' | 'code' | 'severity' | 'subject'>;

function checkTemplate(review: EntityReview, template: EntityKeyTemplate): { severity: ReviewSeverity; field?: string; parts: Parts } | undefined {
  const limit = MAX_KEY_BYTES[template.role];
  const name = `${template.attribute.name} of ${review.entity.name}`;
  const limitText = `the ${template.role} key’s ${formatCount(limit)}-byte limit`;
  const overflowing = overflowingSamples(review, template);
  const maximum = keyMaximum(template, review.entity.expectations.maxLengths);
  const evidence = (): ReviewEvidence[] => [{ label: 'computed maximum', text: maximum.parts.join(' ') }, ...longestSampleKey(review, template)];
  const shortenAdvice =
    'Shorten the longest string fields (set their max lengths and enforce them in the application), narrow the numeric widths, or keep long text out of the key (an attribute holds up to 400 KB).';

  if (overflowing.count > 0) {
    return {
      severity: 'error',
      parts: {
        message: `${formatCount(overflowing.count)} sample${overflowing.count === 1 ? '' : 's'} of ${review.entity.name} already give${overflowing.count === 1 ? 's' : ''} ${template.attribute.name} keys over ${limitText}: DynamoDB refuses those writes.`,
        evidence: [
          { label: `sample ${overflowing.firstId}`, text: overflowing.firstMessage },
          { label: 'computed maximum', text: maximum.parts.join(' ') },
        ],
        suggestion: shortenAdvice,
      },
    };
  }
  if (maximum.fixed > limit) {
    return {
      severity: 'error',
      parts: {
        message: `${name} is at least ${formatCount(maximum.fixed)} bytes before any string value (literal text and fixed-width fields): over ${limitText}, so every write fails.`,
        evidence: evidence(),
        suggestion: shortenAdvice,
      },
    };
  }
  if (maximum.ascii > limit) {
    return {
      severity: 'warning',
      parts: {
        message: `${name} can reach ${formatCount(maximum.ascii)} bytes with its string fields at their max lengths (${formatCount(maximum.worst)} with non-ASCII text): over ${limitText}.`,
        evidence: evidence(),
        suggestion: shortenAdvice,
      },
    };
  }
  // No max length: say so only where the rest of the key already takes half the room.
  if (maximum.unbounded.length > 0 && maximum.ascii * 2 >= limit) {
    const fields = maximum.unbounded.map((field) => `{${field}}`).join(', ');
    return {
      severity: 'note',
      ...(maximum.unbounded.length === 1 ? { field: maximum.unbounded[0] } : {}),
      parts: {
        message: `${name} is already up to ${formatCount(maximum.ascii)} bytes without ${fields}, which ${maximum.unbounded.length === 1 ? 'has' : 'have'} no max length${maximum.worst > limit ? ` (and ${formatCount(maximum.worst)} with non-ASCII text)` : ''}: a long value can pass ${limitText}.`,
        evidence: evidence(),
        suggestion: `Set a max length for ${maximum.unbounded.join(', ')} in the entity’s expectations (and enforce it in the application), or keep ${maximum.unbounded.length === 1 ? 'it' : 'them'} out of the key.`,
      },
    };
  }
  if (maximum.worst > limit) {
    return {
      severity: 'note',
      parts: {
        message: `${name} stays within ${limitText} with ASCII values (up to ${formatCount(maximum.ascii)} bytes), but non-ASCII values at their max lengths reach ${formatCount(maximum.worst)} bytes (up to 3 UTF-8 bytes per character).`,
        evidence: evidence(),
        suggestion: `Limit the string fields in bytes rather than characters, or lower their max lengths; ${shortenAdvice.charAt(0).toLowerCase()}${shortenAdvice.slice(1)}`,
      },
    };
  }
  return undefined;
}

function keyMaximum(template: EntityKeyTemplate, maxLengths: Readonly<Record<string, number>>): KeyMaximum {
  let fixed = 0;
  let strings = 0;
  const unbounded: string[] = [];
  const parts: string[] = [];
  for (const segment of template.compiled?.template.segments ?? []) {
    const share = segmentShare(segment, maxLengths);
    if (share.bytes === undefined) unbounded.push(share.field ?? '');
    else if (share.string) strings += share.bytes;
    else fixed += share.bytes;
    if (parts.length < MAX_SEGMENTS_SHOWN) parts.push(`${parts.length > 0 ? '+ ' : ''}${share.text}`);
    else if (parts.length === MAX_SEGMENTS_SHOWN) parts.push('+ …');
  }
  const ascii = fixed + strings;
  const worst = fixed + strings * 3;
  parts.push(
    `= ${formatCount(ascii)} bytes${worst > ascii ? ` (${formatCount(worst)} with non-ASCII text)` : ''}${unbounded.length > 0 ? ' + the fields without a max length' : ''}`,
  );
  return { fixed, ascii, worst, unbounded, parts };
}

function segmentShare(
  segment: TemplateSegment,
  maxLengths: Readonly<Record<string, number>>,
): { bytes?: number; string: boolean; field?: string; text: string } {
  if (segment.kind === 'literal') {
    const bytes = utf8ByteLength(segment.text);
    return { bytes, string: false, text: `${JSON.stringify(segment.text)} ${formatCount(bytes)}` };
  }
  const width = fieldWidth(segment.format);
  if (width !== undefined) return { bytes: width, string: false, field: segment.name, text: `{${segment.name}${printFormatSuffix(segment.format)}} ${width}` };
  const maxLength = Object.hasOwn(maxLengths, segment.name) ? maxLengths[segment.name] : undefined;
  if (maxLength === undefined) return { string: true, field: segment.name, text: `{${segment.name}} ?` };
  return { bytes: maxLength, string: true, field: segment.name, text: `{${segment.name}} ≤ ${formatCount(maxLength)}` };
}

/** Samples whose key the encoder refuses for its size (their keys are missing from the review's encoded keys). */
function overflowingSamples(review: EntityReview, template: EntityKeyTemplate): { count: number; firstId: string; firstMessage: string } {
  const keys = review.encodedKeys(template.attribute.name);
  let count = 0;
  let firstId = '';
  let firstMessage = '';
  keys.forEach((key, sample) => {
    if (key !== undefined) return;
    const encoded = template.compiled?.encode(review.entity.samples[sample]?.values ?? {});
    const tooLong =
      encoded && !encoded.ok
        ? encoded.findings.find((finding) => finding.code === 'keys.sortKeyTooLong' || finding.code === 'keys.partitionKeyTooLong')
        : undefined;
    if (!tooLong) return;
    if (count === 0) {
      firstId = review.entity.samples[sample]?.id ?? String(sample);
      firstMessage = tooLong.message;
    }
    count++;
  });
  return { count, firstId, firstMessage };
}

function longestSampleKey(review: EntityReview, template: EntityKeyTemplate): ReviewEvidence[] {
  let best: { key: string; bytes: number; sample: number } | undefined;
  review.encodedKeys(template.attribute.name).forEach((key, sample) => {
    // A key of n UTF-16 units is at most 3n bytes: only count the ones that can beat the best.
    if (key === undefined || (best && key.length * 3 <= best.bytes)) return;
    const bytes = utf8ByteLength(key);
    if (!best || bytes > best.bytes) best = { key, bytes, sample };
  });
  if (!best) return [];
  const { key, bytes, sample } = best;
  return [{ label: `longest sample key (${review.entity.samples[sample]?.id ?? sample}, ${formatCount(bytes)} bytes)`, text: shorten(key) }];
}

/** A long key cut for the evidence line, never inside a surrogate pair. */
function shorten(key: string): string {
  if (key.length <= MAX_KEY_SHOWN) return key;
  const high = key.charCodeAt(MAX_KEY_SHOWN - 1);
  const end = high >= 0xd800 && high <= 0xdbff ? MAX_KEY_SHOWN - 1 : MAX_KEY_SHOWN;
  return `${key.slice(0, end)}…`;
}

function subjectOf(review: EntityReview, template: EntityKeyTemplate, field: string | undefined) {
  const tableUse = template.uses.some((use) => use.index === undefined);
  const index = tableUse ? undefined : template.uses[0]?.index;
  return {
    table: review.table.name,
    entity: review.entity.name,
    ...(index !== undefined ? { index } : {}),
    keyAttribute: template.attribute.name,
    ...(field !== undefined ? { field } : {}),
  };
}
