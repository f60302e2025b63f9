import { keySchemaOf } from '../../designKeys';
import type { TableDesign } from '../../design.types';
import type { EntityReview, ReviewContext } from '../reviewContext';
import type { ReviewEvidence, ReviewFinding, ReviewRule, ReviewSeverity } from '../review.types';
import { isIdLikeName } from './patternRuleSupport';
import { formatCount, formatRate, partitionSpread, patternsOn, PARTITION_WRITE_UNITS, type PartitionSpread, whereOf } from './capacityEstimates';

/**
 * A partition key with few distinct values: a template that is literal text
 * (`STATUS#OPEN`: every item in one partition), or one whose samples share a
 * handful of values (a status or a flag as a GSI's partition key). Every item
 * and every request for those values lands on as many partitions as there
 * are values, whatever the table's capacity. Severity follows the traffic
 * the access patterns expect on the key; a key the samples merely suggest is
 * low (the samples may cover few values by chance) is only reported under
 * traffic.
 */

/** A key is "low" in the samples when it has at most this many values… */
const MAX_FEW_VALUES = 10;
/** …and at least this many samples per value. */
const MIN_SAMPLES_PER_VALUE = 5;
/**
 * …or this many, when the key's fields are no ids (a status, a type, a
 * priority: an enumeration by name) and patterns send traffic to it: a
 * dozen tickets over three statuses is evidence enough.
 */
const MIN_SAMPLES_PER_ENUMERATED_VALUE = 3;
/** Traffic from which a low-cardinality key is a warning (a partition takes 1,000 writes of 1 KB a second). */
const HEAVY_REQUESTS_PER_SECOND = PARTITION_WRITE_UNITS;
const VALUES_SHOWN = 3;

export const lowCardinalityPartitionKey: ReviewRule = {
  code: 'review.lowCardinalityPartitionKey',
  severity: 'warning',
  title: 'A partition key with few values',
  why: 'DynamoDB spreads a table over partitions by partition-key value: a key with few values (a constant, a status, a flag) puts every item and request on a few partitions, each limited to 3,000 reads and 1,000 writes a second. A literal key that only a few sample items share (as an importer reads it) is not taken as evidence; a key of no ids (a status) that patterns send traffic to counts as few at three samples a value.',
  check(context) {
    return context.design.tables.flatMap((table) =>
      [undefined, ...table.indexes.filter((index) => index.kind === 'GSI').map((index) => index.name)].flatMap((index) => checkKey(context, table, index)),
    );
  },
};

function checkKey(context: ReviewContext, table: TableDesign, index: string | undefined): ReviewFinding[] {
  const schema = keySchemaOf(table, index);
  if (!schema) return [];
  const patterns = patternsOn(table, index);
  const findings: ReviewFinding[] = [];
  for (const review of context.entitiesOf(table)) {
    if (schema.partition.some((attribute) => review.template(attribute.name)?.compiled === undefined)) continue;
    const spread = partitionSpread(review, schema.partition);
    const reading = patterns.filter((pattern) => pattern.entities.includes(review.entity.name) && (pattern.requestsPerSecond ?? 0) > 0);
    const traffic = reading.reduce((sum, pattern) => sum + (pattern.requestsPerSecond ?? 0), 0);
    const perValue =
      traffic > 0 &&
      !hasIdField(
        review,
        schema.partition.map((attribute) => attribute.name),
      )
        ? MIN_SAMPLES_PER_ENUMERATED_VALUE
        : MIN_SAMPLES_PER_VALUE;
    const few = spread.counts.size <= MAX_FEW_VALUES && spread.counts.size * perValue <= spread.samples;
    if (!spread.constant && !few) continue;
    if (!spread.constant && traffic === 0) continue;
    if (spread.constant && traffic === 0 && !constantByDesign(review, spread, table, index)) continue;
    const severity: ReviewSeverity = traffic >= HEAVY_REQUESTS_PER_SECOND ? 'warning' : 'note';
    const keyNames = schema.partition.map((attribute) => attribute.name).join(' + ');
    const values = spread.constant ? 1 : spread.counts.size;
    const what = spread.constant
      ? `${keyNames} of ${review.entity.name} in ${whereOf(table, index)} is the same for every item (${schema.partition.map((attribute) => review.template(attribute.name)?.text ?? '').join(' + ')}: no fields)`
      : `${keyNames} of ${review.entity.name} in ${whereOf(table, index)} has ${formatCount(values)} distinct value${values === 1 ? '' : 's'} over ${formatCount(spread.samples)} samples`;
    const load =
      traffic > 0
        ? `, and ${reading.map((pattern) => `"${pattern.name}"`).join(', ')} send${reading.length === 1 ? 's' : ''} ${formatRate(traffic)} requests/s to ${values === 1 ? 'it' : 'them'}`
        : '';
    findings.push(
      context.finding(
        'review.lowCardinalityPartitionKey',
        severity,
        { table: table.name, entity: review.entity.name, ...(index !== undefined ? { index } : {}), keyAttribute: keyNames },
        {
          message: `${what}${load}: every ${review.entity.name} item${traffic > 0 ? ' and request' : ''} lands on ${values === 1 ? 'one partition' : `${formatCount(values)} partitions`}, each limited to 3,000 reads and 1,000 writes a second.`,
          evidence: evidenceOf(review, spread),
          suggestion: spreadAdvice(
            review,
            keyNames,
            schema.partition.map((attribute) => attribute.name),
          ),
        },
      ),
    );
  }
  return findings;
}

/** Whether a field of the key's templates is named like an id (customerId, sku): its few sample values are then the sample's, not the design's. */
function hasIdField(review: EntityReview, partition: readonly string[]): boolean {
  return partition.some((name) => (review.template(name)?.compiled?.fields ?? []).some((field) => isIdLikeName(field.name)));
}

/**
 * Whether a literal partition key is the design's word rather than an
 * importer's reading of a few sample items (an importer makes a part that
 * every sample shares a literal: `FARES`, `AIRLINE`). Without traffic on
 * the key, it counts as evidence when the designer wrote it with no samples
 * to read it from, or expects many items (itemCount); or, for an index, when
 * the samples spread over many partitions of the table's own key while this
 * one holds them all (`OPEN_ORDERS` over 20 customers' orders): the sample
 * data then shows a real spread the index collapses. Samples that all share
 * one literal table key (FlightsFares' `ROUTE#SEA#LAX`, one route sampled)
 * are no evidence that the table has one partition.
 */
function constantByDesign(review: EntityReview, spread: PartitionSpread, table: TableDesign, index: string | undefined): boolean {
  if (review.entity.samples.length === 0) return true;
  if ((review.entity.expectations.itemCount ?? 0) > 1) return true;
  if (index === undefined || spread.samples < MIN_SAMPLES_PER_VALUE) return false;
  const tableKeys = partitionSpread(review, keySchemaOf(table, undefined)?.partition ?? []);
  return !tableKeys.constant && tableKeys.counts.size >= MIN_SAMPLES_PER_VALUE;
}

/**
 * How to give the key more values, in the entity's own names: an id-like
 * field it already has in another key (or as an attribute), else a shard.
 */
function spreadAdvice(review: EntityReview, keyNames: string, partition: readonly string[]): string {
  const inKey = new Set(partition.flatMap((name) => (review.template(name)?.compiled?.fields ?? []).map((field) => field.name)));
  const fields = review.templates
    .filter((template) => !partition.includes(template.attribute.name))
    .flatMap((template) => (template.compiled?.fields ?? []).map((field) => field.name));
  const candidate = [...fields, ...review.entity.attributes.map((attribute) => attribute.name)].find((name) => isIdLikeName(name) && !inKey.has(name));
  const spread = candidate
    ? `add a field that spreads the ${review.entity.name} items, such as ${candidate} (${keyNames} = "…#{${candidate}}")`
    : `add a field that spreads the ${review.entity.name} items (an owner's id, or a day bucket for time series)`;
  return `Give ${keyNames} more values: ${spread}, or shard it with a suffix such as #{shard:int(1)} over N shards, written at random and read in parallel; for a flag, a sparse index (only the items that carry it) keeps the index small.`;
}

function evidenceOf(review: EntityReview, spread: PartitionSpread): ReviewEvidence[] {
  const top = [...spread.counts].sort((a, b) => b[1] - a[1]).slice(0, VALUES_SHOWN);
  if (top.length === 0) return [];
  return top.map(([value, count]) => ({ label: `${formatCount(count)} of ${formatCount(spread.samples)} ${review.entity.name} samples`, text: value }));
}
