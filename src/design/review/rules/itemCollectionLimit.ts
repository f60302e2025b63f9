import { isEntityInIndex } from '../../designKeys';
import type { Design, IndexDesign, TableDesign } from '../../design.types';
import { MAX_GSIS } from '../../format';
import type { EntityReview, ReviewContext } from '../reviewContext';
import type { ReviewEvidence, ReviewFinding, ReviewFix, ReviewRule } from '../review.types';
import { formatBytes } from '../../../dynamo';
import { formatCount, ITEM_COLLECTION_BYTES, partitionSpread, projectedItemBytes, typicalItemBytes } from './capacityEstimates';

/**
 * A table with a local secondary index holds at most 10 GB per item
 * collection (the items of one partition-key value, with their LSI copies);
 * past it, writes to that partition fail. The largest collection is
 * estimated per partition value: each entity's expected item count
 * (`expectations.itemCount`) times the share of its samples in that value
 * times its item size (plus what each LSI it is in copies). Entities without
 * an expected count or samples can't be estimated and are left out.
 */

/** From this share of the limit the estimate is worth a look. */
const NOTE_SHARE = 0.5;
const CONTRIBUTIONS_SHOWN = 3;

interface Contribution {
  readonly entity: string;
  readonly bytes: number;
  /** Built only for the contributions shown (a design has a contribution per entity and partition value). */
  text(): string;
}

export const itemCollectionLimit: ReviewRule = {
  code: 'review.itemCollectionLimit',
  severity: 'warning',
  title: 'An item collection that can pass 10 GB',
  why: 'With a local secondary index, the items sharing one partition-key value (and their index copies) may take at most 10 GB: past it, DynamoDB rejects every write to that partition key.',
  check(context) {
    return context.design.tables.flatMap((table) => checkTable(context, table) ?? []);
  },
};

function checkTable(context: ReviewContext, table: TableDesign): ReviewFinding | undefined {
  const locals = table.indexes.filter((index) => index.kind === 'LSI');
  if (locals.length === 0) return undefined;
  const collections = new Map<string, Contribution[]>();
  for (const review of context.entitiesOf(table)) {
    for (const [value, contribution] of contributions(review, locals)) {
      const list = collections.get(value);
      if (list) list.push(contribution);
      else collections.set(value, [contribution]);
    }
  }
  let largest: { value: string; bytes: number; parts: Contribution[] } | undefined;
  for (const [value, parts] of collections) {
    const bytes = parts.reduce((sum, part) => sum + part.bytes, 0);
    if (!largest || bytes > largest.bytes) largest = { value, bytes, parts };
  }
  if (!largest || largest.bytes < ITEM_COLLECTION_BYTES * NOTE_SHARE) return undefined;
  const over = largest.bytes > ITEM_COLLECTION_BYTES;
  const localNames = locals.map((index) => index.name).join(', ');
  const evidence: ReviewEvidence[] = [...largest.parts]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, CONTRIBUTIONS_SHOWN)
    .map((part) => ({ label: part.entity, text: part.text() }));
  const fix = globalIndexesFix(table, locals);
  return context.finding(
    'review.itemCollectionLimit',
    over ? 'warning' : 'note',
    { table: table.name, keyAttribute: table.partitionKey.name, ...(locals.length === 1 ? { index: locals[0]!.name } : {}) },
    {
      message: `The item collection ${table.partitionKey.name} = ${largest.value} of table ${table.name} can reach ${formatBytes(largest.bytes)} at the expected item counts: ${over ? 'over' : `${Math.round((largest.bytes / ITEM_COLLECTION_BYTES) * 100)}% of`} the 10 GB a collection holds in a table with a local secondary index (${localNames}); past it every write to that partition key fails.`,
      evidence,
      suggestion: `Make ${locals.length === 1 ? 'the local index a global one' : 'the local indexes global ones'} (a GSI has no collection limit, but no strongly consistent reads), or spread the partition key so no value gathers that much.`,
      ...(fix ? { fix } : {}),
    },
  );
}

/** One entity's expected bytes per partition value of the samples. */
function contributions(review: EntityReview, locals: readonly IndexDesign[]): [string, Contribution][] {
  const count = review.entity.expectations.itemCount;
  const size = typicalItemBytes(review);
  if (count === undefined || count === 0 || !size) return [];
  const partition = [review.table.partitionKey];
  const spread = partitionSpread(review, partition);
  const copies = locals.filter((index) => isEntityInIndex(review.table, review.entity, index.name));
  const copyBytes = copies.reduce((sum, index) => sum + (index.projection.type === 'ALL' ? size.bytes : (projectedItemBytes(review, index) ?? size.bytes)), 0);
  const perItem = size.bytes + copyBytes;
  const sizeText = () =>
    `${formatCount(perItem)} bytes (${size.source}${copies.length > 0 ? `, with ${copies.map((index) => index.name).join(', ')} cop${copies.length === 1 ? 'y' : 'ies'}` : ''})`;
  if (spread.constant) {
    const value = review.template(review.table.partitionKey.name)?.text ?? '';
    const bytes = count * perItem;
    return [
      [
        value,
        {
          entity: review.entity.name,
          bytes,
          text: () => `${formatCount(count)} expected items, all in one partition, × ${sizeText()} = ${formatBytes(bytes)}`,
        },
      ],
    ];
  }
  if (spread.samples === 0) return [];
  return [...spread.counts].map(([value, inValue]): [string, Contribution] => {
    const bytes = (count * inValue * perItem) / spread.samples;
    const share = Math.round((inValue / spread.samples) * 100);
    const text = () =>
      `${formatCount(count)} expected items × ${formatCount(inValue)} of ${formatCount(spread.samples)} samples in ${value} (${share}%) × ${sizeText()} = ${formatBytes(bytes)}`;
    return [value, { entity: review.entity.name, bytes, text }];
  });
}

/** Every LSI of the table as a GSI on the same keys (its patterns read eventually consistent: a GSI has no strong reads). */
function globalIndexesFix(table: TableDesign, locals: readonly IndexDesign[]): ReviewFix | undefined {
  const globals = table.indexes.length - locals.length;
  if (globals + locals.length > MAX_GSIS) return undefined;
  const names = new Set(locals.map((index) => index.name));
  const apply = (design: Design): Design => ({
    ...design,
    tables: design.tables.map((candidate) =>
      candidate.name !== table.name
        ? candidate
        : {
            ...candidate,
            indexes: candidate.indexes.map((index) => (names.has(index.name) && index.kind === 'LSI' ? { ...index, kind: 'GSI' as const } : index)),
            accessPatterns: candidate.accessPatterns.map((pattern) =>
              pattern.index !== undefined && names.has(pattern.index) && pattern.consistentRead ? { ...pattern, consistentRead: false } : pattern,
            ),
          },
    ),
  });
  return {
    label:
      locals.length === 1
        ? `Make ${locals[0]!.name} a global secondary index`
        : `Make ${locals.map((index) => index.name).join(', ')} global secondary indexes`,
    apply,
  };
}
