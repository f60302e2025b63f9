import { decodeBase64 } from '../../dynamo';
import { utf8ByteLength } from '../../keys';
import { compileTemplateText, keyAttributesOf, keyRoleOf, typedKeyValue, keyTemplateOf } from '../designKeys';
import type { Design, EntityDesign, JsonAttributeValue, KeyAttributeDesign, TableDesign } from '../design.types';
import { buildItemCollection, listPartitions, type PartitionSummary } from '../itemCollection';
import { judgeCollectionOrder, type CollectionIntendedOrder } from '../intendedPlaces';
import type { ReviewBlock, ReviewLine, ReviewSection } from './reviewDocument.types';
import { code, groupDigits, keyAttributesLine, MAX_LISTED_ROWS, moreRows, strong, text } from './reviewLines';
import { MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES } from '../../dynamo';

/** The document's sections about the design itself: its tables and indexes, its entities' key templates, one item collection. */

/** DynamoDB's key size limits: a partition key value up to 2,048 bytes, a sort key value up to 1,024. */
const KEY_LIMIT_BYTES = { partition: MAX_PARTITION_KEY_BYTES, sort: MAX_SORT_KEY_BYTES } as const;

export function tablesSection(design: Design): ReviewSection {
  const blocks: ReviewBlock[] = [];
  for (const table of design.tables) {
    blocks.push({ kind: 'subheading', content: [text('Table '), code(table.name)] });
    if (table.description.trim() !== '') blocks.push({ kind: 'paragraph', content: [text(table.description)] });
    const billing =
      table.billingMode === 'PROVISIONED' && table.provisioned
        ? `provisioned, ${table.provisioned.readCapacityUnits} RCU / ${table.provisioned.writeCapacityUnits} WCU`
        : 'on demand (PAY_PER_REQUEST)';
    blocks.push({ kind: 'paragraph', content: [strong('Billing: '), text(billing)] });
    blocks.push({
      kind: 'table',
      label: `Keys of table ${table.name} and its indexes`,
      columns: ['Name', 'Partition key', 'Sort key', 'Type', 'Projection'],
      rows: [
        [[code(table.name)], keyAttributesLine([table.partitionKey]), keyAttributesLine(table.sortKey ? [table.sortKey] : []), [text('Table')], [text('—')]],
        ...table.indexes.map((index): readonly ReviewLine[] => [
          [code(index.name)],
          keyAttributesLine(index.partitionKey),
          keyAttributesLine(index.sortKey),
          [text(index.kind)],
          index.projection.type === 'INCLUDE' && index.projection.attributes.length > 0
            ? [text('INCLUDE '), ...index.projection.attributes.flatMap((name, position) => [...(position > 0 ? [text(', ')] : []), code(name)])]
            : [text(index.projection.type)],
        ]),
      ],
    });
  }
  if (design.tables.length === 0) blocks.push({ kind: 'paragraph', content: [text('The design has no tables yet.')] });
  return { id: 'tables', title: 'Tables and indexes', blocks };
}

/** A key value as DynamoDB stores it, and its size: UTF-8 bytes for S, the bytes themselves for B; a number's is not its text's. */
function exampleKey(attribute: KeyAttributeDesign, value: JsonAttributeValue): { readonly text: string; readonly bytes?: number } {
  if ('S' in value) return { text: value.S, bytes: utf8ByteLength(value.S) };
  if ('B' in value) return { text: value.B, bytes: decodeBase64(value.B)?.length ?? 0 };
  return { text: 'N' in value ? value.N : attribute.name };
}

/** One key template's row: the attribute, the template, the first sample's key and its byte length (of the limit its role sets). */
function templateRow(table: TableDesign, entity: EntityDesign, attribute: KeyAttributeDesign, template: string): readonly ReviewLine[] {
  const role = keyRoleOf(table, attribute.name);
  const head: ReviewLine[] = [[code(entity.name)], [code(attribute.name), text(` (${attribute.type}, ${role})`)], [code(template)]];
  const sample = entity.samples[0];
  if (!sample) return [...head, [text('no sample yet')], [text('—')]];
  const compiled = compileTemplateText(template, role);
  const encoded = compiled.ok ? compiled.value.encode(sample.values) : undefined;
  if (!encoded?.ok) {
    const message = compiled.ok ? (encoded && !encoded.ok ? encoded.findings[0]?.message : undefined) : compiled.findings[0]?.message;
    return [...head, [text(`sample ${sample.id} does not encode: ${message ?? 'unknown problem'}`)], [text('—')]];
  }
  const typed = typedKeyValue(attribute, encoded.value);
  if (typeof typed === 'string') return [...head, [text(typed)], [text('—')]];
  const example = exampleKey(attribute, typed);
  const bytes = example.bytes === undefined ? [text('a number (N)')] : [text(`${groupDigits(example.bytes)} of ${groupDigits(KEY_LIMIT_BYTES[role])}`)];
  return [...head, [code(example.text)], bytes];
}

export function templatesSection(design: Design): ReviewSection {
  const blocks: ReviewBlock[] = [];
  for (const table of design.tables) {
    blocks.push({ kind: 'subheading', content: [text('Entities of table '), code(table.name)] });
    if (table.entities.length === 0) {
      blocks.push({ kind: 'paragraph', content: [text('No entities yet.')] });
      continue;
    }
    const rows: (readonly ReviewLine[])[] = [];
    for (const entity of table.entities) {
      for (const attribute of keyAttributesOf(table)) {
        const template = keyTemplateOf(entity, attribute.name);
        if (template !== undefined) rows.push(templateRow(table, entity, attribute, template));
      }
    }
    blocks.push({
      kind: 'paragraph',
      content: [text('Each example key is encoded from the entity’s first sample; its size is in UTF-8 bytes, as DynamoDB counts it against the key’s limit.')],
    });
    blocks.push({
      kind: 'table',
      label: `Key templates of table ${table.name}`,
      columns: ['Entity', 'Key attribute', 'Template', 'Example key', 'Bytes'],
      rows,
    });
  }
  return { id: 'templates', title: 'Key templates', blocks };
}

/** The partition holding the most sample items (the first in byte order among equals). */
function largestPartition(partitions: readonly PartitionSummary[]): PartitionSummary | undefined {
  let largest: PartitionSummary | undefined;
  for (const partition of partitions) if (!largest || partition.itemCount > largest.itemCount) largest = partition;
  return largest;
}

function partsLine(parts: PartitionSummary['parts']): ReviewLine {
  return parts.flatMap((part, index) => [...(index > 0 ? [text(', ')] : []), code(part.attribute), text(' = '), code(part.text)]);
}

export function itemCollectionSection(design: Design, tableName: string | undefined): ReviewSection {
  const section = (blocks: ReviewBlock[]): ReviewSection => ({ id: 'item-collection', title: 'Item collection', blocks });
  const table = design.tables.find((candidate) => candidate.name === tableName) ?? design.tables[0];
  if (!table) return section([{ kind: 'paragraph', content: [text('The design has no tables yet.')] }]);
  const partition = largestPartition(listPartitions(table));
  if (!partition) return section([{ kind: 'paragraph', content: [text('Table '), code(table.name), text(' has no sample items yet.')] }]);
  const collection = buildItemCollection(table, { partition: partition.id });
  const sortAttributes = table.sortKey ? [table.sortKey.name] : [];
  const intended = judgeCollectionOrder(collection);
  const judged = intended.judgedCount > 0;
  // Each row's intended place only where some row is out of it: a column of "in place" says nothing the sentence doesn't.
  const marked = intended.outOfPlaceCount > 0;
  return section([
    {
      kind: 'paragraph',
      content: [
        text('Table '),
        code(table.name),
        text(', partition '),
        ...partsLine(partition.parts),
        text(
          `: its ${collection.rows.length} sample item${collection.rows.length === 1 ? '' : 's'} in DynamoDB’s order (a Query with ScanIndexForward = true reads them top to bottom).`,
        ),
      ],
    },
    ...(judged ? [{ kind: 'paragraph' as const, content: [text(intendedOrderSentence(collection.rows.length, collection.outOfPlaceCount, intended))] }] : []),
    {
      kind: 'table',
      label: `Item collection of table ${table.name}`,
      columns: ['#', 'Entity', ...(sortAttributes.length > 0 ? sortAttributes : ['Sort key']), ...(marked ? ['Intended place'] : [])],
      rows: collection.rows
        .slice(0, MAX_LISTED_ROWS)
        .map((row, index): readonly ReviewLine[] => [
          [text(String(index + 1))],
          [code(row.entity)],
          ...(row.sortKey.length > 0 ? row.sortKey.map((part): ReviewLine => [code(part.text)]) : [[text('—')]]),
          ...(marked ? [intendedPlaceCell(row.entity, intended.intendedRanks[index], intended.outOfPlace[index] === true)] : []),
        ]),
    },
    ...moreRows(collection.rows.length, 'items'),
  ]);
}

/**
 * What the collection's order means for each entity's intended order (the
 * slides' verdict, in words): how many items DynamoDB's order keeps out of
 * place, and what the naive keys would do.
 */
function intendedOrderSentence(total: number, naiveMoved: number, intended: CollectionIntendedOrder): string {
  const verdict =
    intended.outOfPlaceCount === 0
      ? 'Every entity’s items are in their intended order (by what their sort-key fields mean).'
      : `${intended.outOfPlaceCount} of ${total} items are out of their intended order (by what their sort-key fields mean).`;
  const naive =
    naiveMoved === 0
      ? intended.naiveOutOfPlaceCount === 0
        ? 'The naive keys (field values as typed) would give this same order.'
        : `The naive keys (field values as typed) would give this same order, with the same ${intended.naiveOutOfPlaceCount} out of place.`
      : `The naive keys (field values as typed) would put ${naiveMoved} item${naiveMoved === 1 ? '' : 's'} elsewhere: ${intended.naiveOutOfPlaceCount === 0 ? 'every item in its intended order' : `${intended.naiveOutOfPlaceCount} of ${total} out of their intended order`}.`;
  return `${verdict} ${naive}`;
}

/** A row's place among its entity's items in their intended order ("#3 of Score out of place"); `—` when not judged. */
function intendedPlaceCell(entity: string, rank: number | undefined, outOfPlace: boolean): ReviewLine {
  if (rank === undefined) return [text('—')];
  return [text(`#${rank} of `), code(entity), ...(outOfPlace ? [strong(' out of place')] : [])];
}
