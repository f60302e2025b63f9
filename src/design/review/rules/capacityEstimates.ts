import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { attributeValueSize } from '../../../expressions';
import { utf8ByteLength } from '../../../keys';
import { typedKeyValue } from '../../designKeys';
import type { AccessPatternDesign, IndexDesign, JsonAttributeValue, JsonItem, KeyAttributeDesign, TableDesign } from '../../design.types';
import { jsonToAttributeValue } from '../../format';
import type { EntityReview } from '../reviewContext';
import { setOwnValue } from '../../../dynamo';

/**
 * What the capacity rules share: DynamoDB's limits, the sample items' sizes
 * (computed once per entity of a review), partition-key values over the
 * samples, and figures written the way the findings quote them.
 *
 * Sizes come from the expressions layer's `attributeValueSize` (what its
 * `itemSize` sums), the same function the engine bills and limits with,
 * applied attribute by attribute to the item each sample becomes.
 */

/** What one partition serves per second. */
export const PARTITION_READ_UNITS = 3000;
export const PARTITION_WRITE_UNITS = 1000;
/** The item collection limit of a table with a local secondary index. */
export const ITEM_COLLECTION_BYTES = 10 * 1024 ** 3;

/** Each sample's item size in bytes (undefined where its keys don't encode), and the largest. */
export interface SampleSizes {
  readonly sizes: readonly (number | undefined)[];
  readonly largest?: { readonly sample: number; readonly bytes: number };
  /** The mean over the samples that have a size. */
  readonly average?: number;
}

const sizeCache = new WeakMap<EntityReview, SampleSizes>();
const keySizeCache = new WeakMap<EntityReview, Map<string, readonly (number | undefined)[]>>();
const projectedCache = new WeakMap<EntityReview, Map<string, number | undefined>>();
const spreadCache = new WeakMap<EntityReview, Map<string, PartitionSpread>>();

/** A figure kept per entity review (one review's entities are objects of that review only) and key. */
function memoised<T>(cache: WeakMap<EntityReview, Map<string, T>>, review: EntityReview, key: string, compute: () => T): T {
  let entries = cache.get(review);
  if (!entries) cache.set(review, (entries = new Map()));
  if (!entries.has(key)) entries.set(key, compute());
  return entries.get(key) as T;
}

/**
 * The bytes one attribute adds to an item's size (its name and value), by
 * the expressions layer's `attributeValueSize`. DynamoDB JSON and the
 * expressions' AttributeValue differ only in binary (base64 text vs bytes),
 * so values that hold no binary are measured as they are, without a copy:
 * the review sizes every sample of a 20 × 1,000 design.
 */
export function attributeBytes(name: string, value: JsonAttributeValue): number {
  const plain = 'S' in value || 'N' in value || 'BOOL' in value || 'NULL' in value || 'SS' in value || 'NS' in value;
  return utf8ByteLength(name) + attributeValueSize(plain ? (value as AttributeValue) : jsonToAttributeValue(value));
}

/** Each sample's bytes for one key attribute (name and typed value); undefined where the key doesn't encode. */
function keySizes(review: EntityReview, attribute: KeyAttributeDesign): readonly (number | undefined)[] {
  return memoised(keySizeCache, review, attribute.name, () => {
    const nameBytes = utf8ByteLength(attribute.name);
    return review.encodedKeys(attribute.name).map((key) => {
      if (key === undefined) return undefined;
      // An S key (the usual case) is its UTF-8 bytes; typedKeyValue says what an N or B key holds.
      if (attribute.type === 'S') return key.length === 0 ? undefined : nameBytes + utf8ByteLength(key);
      const value = typedKeyValue(attribute, key);
      return typeof value === 'string' ? undefined : attributeBytes(attribute.name, value);
    });
  });
}

/** The sample items' sizes for one entity, computed once per review. */
export function sampleSizes(review: EntityReview): SampleSizes {
  let sizes = sizeCache.get(review);
  if (sizes === undefined) {
    sizes = measureSamples(review);
    sizeCache.set(review, sizes);
  }
  return sizes;
}

function measureSamples(review: EntityReview): SampleSizes {
  const keyColumns = review.templates.map((template) => keySizes(review, template.attribute));
  const sizes: (number | undefined)[] = [];
  let largest: { sample: number; bytes: number } | undefined;
  let total = 0;
  let counted = 0;
  review.entity.samples.forEach((sample, index) => {
    let bytes: number | undefined = 0;
    for (const column of keyColumns) {
      const keyBytes = column[index];
      if (keyBytes === undefined) {
        bytes = undefined;
        break;
      }
      bytes += keyBytes;
    }
    const attributes = sample.attributes;
    if (bytes !== undefined && attributes) {
      for (const name in attributes)
        if (Object.hasOwn(attributes, name) && !review.template(name)) bytes += attributeBytes(name, attributes[name] as JsonAttributeValue);
    }
    sizes.push(bytes);
    if (bytes === undefined) return;
    total += bytes;
    counted++;
    if (!largest || bytes > largest.bytes) largest = { sample: index, bytes };
  });
  return { sizes, ...(largest ? { largest } : {}), ...(counted > 0 ? { average: total / counted } : {}) };
}

/** The item one sample becomes (its attributes plus its encoded keys), from the review's memoised keys. */
export function sampleItem(review: EntityReview, sample: number): JsonItem | undefined {
  const item: Record<string, JsonAttributeValue> = { ...(review.entity.samples[sample]?.attributes ?? {}) };
  for (const template of review.templates) {
    const key = review.encodedKeys(template.attribute.name)[sample];
    if (key === undefined) return undefined;
    const value = typedKeyValue(template.attribute, key);
    if (typeof value === 'string') return undefined;
    setOwnValue(item, template.attribute.name, value);
  }
  return item;
}

/**
 * An entity's typical item size: the designer's `itemSizeBytes`, else the
 * samples' mean; undefined when neither is known.
 */
export function typicalItemBytes(review: EntityReview): { readonly bytes: number; readonly source: string } | undefined {
  const expected = review.entity.expectations.itemSizeBytes;
  if (expected !== undefined) return { bytes: expected, source: 'expected item size (itemSizeBytes)' };
  const average = sampleSizes(review).average;
  return average === undefined
    ? undefined
    : { bytes: Math.ceil(average), source: `mean size of ${review.entity.samples.length} sample item${review.entity.samples.length === 1 ? '' : 's'}` };
}

/**
 * The mean size of the samples' items as an index with this projection
 * stores them: the table's and the index's key attributes plus, for INCLUDE,
 * the listed attributes (ALL: the whole item). Undefined without samples.
 */
export function projectedItemBytes(review: EntityReview, index: IndexDesign | undefined): number | undefined {
  if (!index || index.projection.type === 'ALL') return sampleSizes(review).average;
  return memoised(projectedCache, review, [index.name, index.projection.type, ...index.projection.attributes].join('\u0000'), () =>
    measureProjected(review, index),
  );
}

function measureProjected(review: EntityReview, index: IndexDesign): number | undefined {
  const keyAttributes = [review.table.partitionKey, ...(review.table.sortKey ? [review.table.sortKey] : []), ...index.partitionKey, ...index.sortKey];
  const keyColumns = [...new Map(keyAttributes.map((attribute) => [attribute.name, attribute])).values()]
    .filter((attribute) => review.template(attribute.name))
    .map((attribute) => keySizes(review, attribute));
  const included = index.projection.type === 'INCLUDE' ? index.projection.attributes.filter((name) => !review.template(name)) : [];
  const sizes = sampleSizes(review).sizes;
  let total = 0;
  let counted = 0;
  review.entity.samples.forEach((sample, position) => {
    if (sizes[position] === undefined) return;
    let bytes = 0;
    for (const column of keyColumns) bytes += column[position] ?? 0;
    const attributes = sample.attributes ?? {};
    for (const name of included) if (Object.hasOwn(attributes, name)) bytes += attributeBytes(name, attributes[name] as JsonAttributeValue);
    total += bytes;
    counted++;
  });
  return counted > 0 ? total / counted : undefined;
}

/** How the samples spread over the values of a (possibly multi-attribute) partition key. */
export interface PartitionSpread {
  /** Samples whose partition key encodes. */
  readonly samples: number;
  /** Samples per encoded partition value (attributes joined with " + "). */
  readonly counts: ReadonlyMap<string, number>;
  /** Whether every partition template is literal text: one value for every item. */
  readonly constant: boolean;
}

/** The samples' spread over a partition key's values, computed once per entity and key of a review. */
export function partitionSpread(review: EntityReview, partition: readonly KeyAttributeDesign[]): PartitionSpread {
  return memoised(spreadCache, review, partition.map((attribute) => attribute.name).join('\u0000'), () => measureSpread(review, partition));
}

function measureSpread(review: EntityReview, partition: readonly KeyAttributeDesign[]): PartitionSpread {
  const columns = partition.map((attribute) => review.encodedKeys(attribute.name));
  const constant = partition.every((attribute) => {
    const compiled = review.template(attribute.name)?.compiled;
    return compiled !== undefined && compiled.fields.length === 0;
  });
  const counts = new Map<string, number>();
  let samples = 0;
  const add = (value: string) => {
    counts.set(value, (counts.get(value) ?? 0) + 1);
    samples++;
  };
  const [only] = columns;
  if (columns.length === 1 && only) {
    for (const key of only) if (key !== undefined) add(key);
  } else {
    for (let sample = 0; sample < review.entity.samples.length; sample++) {
      const parts: string[] = [];
      for (const column of columns) {
        const key = column[sample];
        if (key === undefined) break;
        parts.push(key);
      }
      if (parts.length === columns.length) add(parts.join(' + '));
    }
  }
  return { samples, counts, constant };
}

/** The partition value with the most samples. */
export function largestPartition(spread: PartitionSpread): { readonly value: string; readonly count: number } | undefined {
  let best: { value: string; count: number } | undefined;
  for (const [value, count] of spread.counts) if (!best || count > best.count) best = { value, count };
  return best;
}

/**
 * The partition value an access pattern reads, encoded from its partition
 * values with its first entity's templates; undefined when they don't encode.
 */
export function patternPartitionValue(review: EntityReview, partition: readonly KeyAttributeDesign[], pattern: AccessPatternDesign): string | undefined {
  const parts: string[] = [];
  for (const attribute of partition) {
    const encoded = review.template(attribute.name)?.compiled?.encode(pattern.partitionValues);
    if (!encoded?.ok) return undefined;
    parts.push(encoded.value);
  }
  return parts.join(' + ');
}

/** The patterns of a table that read the table (`index` undefined) or one index, with their first entity. */
export function patternsOn(table: TableDesign, index: string | undefined): readonly AccessPatternDesign[] {
  return table.accessPatterns.filter((pattern) => pattern.index === index);
}

/** A whole number with thousands separators: 12,345. */
/* One formatter each, made once: toLocaleString builds one per call, and a review formats thousands of numbers. */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');
const RATE_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return COUNT_FORMAT.format(Math.round(value));
}

/** A number with at most one decimal: 1.5, 3,750. */
export function formatRate(value: number): string {
  return RATE_FORMAT.format(value);
}

/** Where a key is: "table Shop" or "index GSI1 of Shop". */
export function whereOf(table: TableDesign, index: string | undefined): string {
  return index === undefined ? `table ${table.name}` : `index ${index} of ${table.name}`;
}
