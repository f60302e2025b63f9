import { MAX_PAGE_BYTES, readCapacityUnits } from '../../../dynamo';
import { findIndex, keySchemaOf } from '../../designKeys';
import type { AccessPatternDesign, TableDesign } from '../../design.types';
import type { ReviewContext, EntityReview } from '../reviewContext';
import type { ReviewFinding, ReviewRule } from '../review.types';
import {
  formatCount,
  formatRate,
  PARTITION_READ_UNITS,
  partitionSpread,
  patternPartitionValue,
  projectedItemBytes,
  typicalItemBytes,
  whereOf,
} from './capacityEstimates';

/**
 * An access pattern whose expected request rate needs more read capacity on
 * its one partition-key value than a partition serves (3,000 read units a
 * second). A Query is billed on the total size of the items it reads, rounded
 * up to 4 KB per read unit, half a unit when eventually consistent; one page
 * reads at most 1 MB.
 *
 * Writes: one partition also takes at most 1,000 write units a second, but a
 * design's access patterns are reads only (the model has no write patterns),
 * so only reads are checked here.
 */

/** Above this share of a partition's read units a pattern is worth a look. */
const NOTE_SHARE = 0.5;

export const hotPartition: ReviewRule = {
  code: 'review.hotPartition',
  severity: 'warning',
  title: 'A pattern that overloads one partition',
  why: 'All requests for one partition-key value go to one partition, which serves at most 3,000 read units (and 1,000 write units) a second: past that DynamoDB throttles, however much capacity the table has.',
  check(context) {
    return context.design.tables.flatMap((table) => table.accessPatterns.flatMap((pattern) => checkPattern(context, table, pattern) ?? []));
  },
};

function checkPattern(context: ReviewContext, table: TableDesign, pattern: AccessPatternDesign): ReviewFinding | undefined {
  const rate = pattern.requestsPerSecond;
  if (rate === undefined || !(rate > 0)) return undefined;
  const schema = keySchemaOf(table, pattern.index);
  const reviews = context.entitiesOf(table);
  const first = reviews.find((review) => review.entity.name === pattern.entities[0]);
  if (!schema || !first) return undefined;
  const partitionValue = patternPartitionValue(first, schema.partition, pattern);
  const items = itemsPerRequest(pattern, reviews, schema.partition, partitionValue);
  const index = pattern.index === undefined ? undefined : findIndex(table, pattern.index);
  // An index that projects less stores (and reads) smaller items: measured on the samples.
  const bytesPerItem =
    index && index.projection.type !== 'ALL' ? (projectedItemBytes(first, index) ?? first.entity.expectations.itemSizeBytes) : typicalItemBytes(first)?.bytes;
  const bytesRead = bytesPerItem === undefined ? undefined : Math.min(MAX_PAGE_BYTES, items.count * bytesPerItem);
  const strongUnits = readCapacityUnits(bytesRead ?? 0, true);
  const unitsPerRequest = readCapacityUnits(bytesRead ?? 0, pattern.consistentRead === true);
  const unitsPerSecond = rate * unitsPerRequest;
  if (unitsPerSecond <= PARTITION_READ_UNITS * NOTE_SHARE) return undefined;

  const over = unitsPerSecond > PARTITION_READ_UNITS;
  const keyNames = schema.partition.map((attribute) => attribute.name).join(' + ');
  const partitionText = `${keyNames} = ${partitionValue ?? '(its partition values do not encode)'}`;
  const consistency = pattern.consistentRead ? 'strongly consistent' : 'eventually consistent: half';
  const sizeText =
    bytesPerItem === undefined
      ? 'item size unknown (no samples, no itemSizeBytes): at least'
      : `${formatCount(items.count)} item${items.count === 1 ? '' : 's'} (${items.source}) × ${formatCount(bytesPerItem)} bytes${index && index.projection.type !== 'ALL' ? ` (as ${index.name} projects them)` : ''} = ${formatCount(items.count * bytesPerItem)} bytes${bytesRead !== items.count * bytesPerItem ? ', one 1 MB page' : ''} →`;
  const fixesItself = pattern.consistentRead && (rate * strongUnits) / 2 <= PARTITION_READ_UNITS * NOTE_SHARE;
  return context.finding(
    'review.hotPartition',
    over ? 'warning' : 'note',
    {
      table: table.name,
      entity: first.entity.name,
      ...(pattern.index !== undefined ? { index: pattern.index } : {}),
      keyAttribute: keyNames,
      pattern: pattern.id,
    },
    {
      message: `Pattern "${pattern.name}" reads one partition of ${whereOf(table, pattern.index)} at ${formatRate(rate)} requests/s × ${formatRate(unitsPerRequest)} read units = ${formatRate(unitsPerSecond)} read units/s: ${over ? 'over' : `${Math.round((unitsPerSecond / PARTITION_READ_UNITS) * 100)}% of`} the ${formatCount(PARTITION_READ_UNITS)} read units a second one partition serves.`,
      evidence: [
        {
          label: 'per request',
          text: `${sizeText} ${formatCount(strongUnits)} read unit${strongUnits === 1 ? '' : 's'} (${consistency}: ${formatRate(unitsPerRequest)})`,
        },
        {
          label: 'per second',
          text: `${formatRate(rate)} requests/s × ${formatRate(unitsPerRequest)} = ${formatRate(unitsPerSecond)} read units/s on ${partitionText}; one partition serves ${formatCount(PARTITION_READ_UNITS)}`,
        },
      ],
      suggestion:
        'Spread or shrink the reads: cache the answer (DAX or an application cache, when many clients read the same partition), read fewer or smaller items (a lower Limit, an index that projects only what the pattern reads), or shard the partition key (a suffix such as #{shard:int(1)} over N shards, read in parallel and merged).' +
        (pattern.consistentRead ? ' Eventually consistent reads cost half.' : ''),
      ...(fixesItself
        ? {
            fix: {
              label: `Read "${pattern.name}" eventually consistent`,
              apply: (design) => ({
                ...design,
                tables: design.tables.map((candidate) => (candidate.name === table.name ? withConsistentRead(candidate, pattern.id) : candidate)),
              }),
            },
          }
        : {}),
    },
  );
}

/** The items one request reads: its Limit, else the expected count, else the samples in its partition (at least one). */
function itemsPerRequest(
  pattern: AccessPatternDesign,
  reviews: readonly EntityReview[],
  partition: Parameters<typeof partitionSpread>[1],
  partitionValue: string | undefined,
): { count: number; source: string } {
  if (pattern.limit !== undefined) return { count: pattern.limit, source: 'Limit' };
  if (pattern.expected.count !== undefined && pattern.expected.count > 0) return { count: pattern.expected.count, source: 'expected count' };
  let count = 0;
  if (partitionValue !== undefined) {
    for (const review of reviews) {
      if (!pattern.entities.includes(review.entity.name) || partition.some((attribute) => review.template(attribute.name) === undefined)) continue;
      count += partitionSpread(review, partition).counts.get(partitionValue) ?? 0;
    }
  }
  return count > 0 ? { count, source: 'samples in the partition' } : { count: 1, source: 'no Limit, count or samples: at least one' };
}

function withConsistentRead(table: TableDesign, patternId: string): TableDesign {
  return {
    ...table,
    accessPatterns: table.accessPatterns.map((candidate) => (candidate.id === patternId ? { ...candidate, consistentRead: false } : candidate)),
  };
}
