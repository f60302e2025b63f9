import type { EntityReview } from '../reviewContext';
import type { ReviewEvidence, ReviewFinding, ReviewRule, ReviewSeverity } from '../review.types';
import { formatBytes, MAX_ITEM_BYTES, readCapacityUnits, writeCapacityUnits } from '../../../dynamo';
import { attributeBytes, formatCount, sampleItem, sampleSizes } from './capacityEstimates';

/**
 * Items that can approach DynamoDB's 400 KB (409,600 bytes): the designer's
 * expected item size, or the largest sample item, sized DynamoDB's way
 * (attribute names plus values, numbers about one byte per two digits) by the
 * same `itemSize` the engine bills with. Over the limit the write fails;
 * near it, every read and write of the item is dozens of capacity units and
 * one more attribute or list element breaks it.
 */

/** From here an item "approaches" the limit (a warning), and from here it is worth a look (a note). */
const WARNING_SHARE = 0.75;
const NOTE_SHARE = 0.5;

export const itemSize: ReviewRule = {
  code: 'review.itemSize',
  severity: 'warning',
  title: 'Items near the 400 KB limit',
  why: 'DynamoDB refuses an item over 400 KB, and an item near it costs up to 100 read units per consistent read and 400 write units per write: items that grow (lists, maps, text) reach the limit in production.',
  check(context) {
    const findings: ReviewFinding[] = [];
    for (const review of context.entities()) {
      const expected = review.entity.expectations.itemSizeBytes;
      const largest = sampleSizes(review).largest;
      const bytes = Math.max(expected ?? 0, largest?.bytes ?? 0);
      const severity = severityOf(bytes);
      if (!severity) continue;
      const fromSample = largest !== undefined && largest.bytes >= (expected ?? 0);
      const what = fromSample
        ? `Sample ${review.entity.samples[largest.sample]?.id ?? largest.sample} of ${review.entity.name} is`
        : `${review.entity.name}’s expected item size (itemSizeBytes) is`;
      const share = Math.round((bytes / MAX_ITEM_BYTES) * 100);
      const units = readCapacityUnits(bytes, true);
      const message =
        severity === 'error'
          ? `${what} ${formatCount(bytes)} bytes: over DynamoDB’s ${formatCount(MAX_ITEM_BYTES)}-byte (400 KB) item limit, so the write fails.`
          : `${what} ${formatCount(bytes)} bytes, ${share}% of DynamoDB’s ${formatCount(MAX_ITEM_BYTES)}-byte (400 KB) item limit; each consistent read of it takes ${formatCount(units)} read units and each write ${formatCount(writeCapacityUnits(bytes))} write units.`;
      findings.push(
        context.finding(
          'review.itemSize',
          severity,
          { table: review.table.name, entity: review.entity.name },
          {
            message,
            evidence: evidenceOf(review, expected, largest),
            suggestion:
              'Keep large values out of the item: store them in S3 with a pointer in the item, compress them into a binary (B) attribute, or split the item into several items of the same partition (a "vertical partition") that a Query reads together.',
          },
        ),
      );
    }
    return findings;
  },
};

function severityOf(bytes: number): ReviewSeverity | undefined {
  if (bytes > MAX_ITEM_BYTES) return 'error';
  if (bytes >= MAX_ITEM_BYTES * WARNING_SHARE) return 'warning';
  if (bytes >= MAX_ITEM_BYTES * NOTE_SHARE) return 'note';
  return undefined;
}

function evidenceOf(review: EntityReview, expected: number | undefined, largest: { sample: number; bytes: number } | undefined): ReviewEvidence[] {
  const evidence: ReviewEvidence[] = [];
  if (expected !== undefined) evidence.push({ label: 'expected item size (itemSizeBytes)', text: `${formatCount(expected)} bytes` });
  if (largest) {
    const id = review.entity.samples[largest.sample]?.id ?? String(largest.sample);
    evidence.push({ label: `largest sample item (${id})`, text: `${formatCount(largest.bytes)} bytes (${formatBytes(largest.bytes)})` });
    const biggest = largestAttribute(review, largest.sample);
    if (biggest) evidence.push({ label: 'its largest attribute', text: `${biggest.name}: ${formatCount(biggest.bytes)} bytes (name and value)` });
  }
  return evidence;
}

function largestAttribute(review: EntityReview, sample: number): { name: string; bytes: number } | undefined {
  const item = sampleItem(review, sample);
  let best: { name: string; bytes: number } | undefined;
  for (const [name, value] of Object.entries(item ?? {})) {
    const bytes = attributeBytes(name, value);
    if (!best || bytes > best.bytes) best = { name, bytes };
  }
  return best;
}
