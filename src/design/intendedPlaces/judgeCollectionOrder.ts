import { judgeTemplateFields, rankByIntendedOrder, type FieldSegment, type FieldValues, type IntendedOrder } from '../../keys';
import { compileTemplateText, keyRoleOf, keySchemaOf } from '../designKeys';
import type { KeyAttributeType, TableDesign } from '../design.types';
import type { CollectionRow, ItemCollection } from '../itemCollection';

/**
 * Whether an item collection keeps each entity's items in the order its
 * people mean — the question the entity order slide answers for one entity's
 * samples, asked of one partition's items, so the two never disagree.
 * The intended order is the key builder's: src/keys' one judge of intended
 * order (judgeTemplateFields, with each sort attribute's declared type: N is a
 * number, B bytes) ranks the sort-key templates' fields (rankByIntendedOrder);
 * entities are judged apart (nothing orders a Customer against an Order), each
 * over its rows here, ascending, as the collection lists them.
 */
export interface CollectionIntendedOrder {
  /** Per row of `collection.rows` (DynamoDB's order): its 1-based intended rank among its entity's rows here; undefined when not judged (no template fields). */
  readonly intendedRanks: readonly (number | undefined)[];
  /** Per row of `collection.rows`: true when DynamoDB's order puts it outside its intended place among its entity's rows. */
  readonly outOfPlace: readonly boolean[];
  readonly outOfPlaceCount: number;
  /** The same count for the naive keys' order (`collection.rawOrder`). */
  readonly naiveOutOfPlaceCount: number;
  /** How many rows were judged (those of entities whose sort-key templates have fields). */
  readonly judgedCount: number;
}

/** The sort-key templates' fields of an entity, left to right over the sort attributes, each once with its attribute's declared type; undefined when a template doesn't compile. */
function sortFieldsOf(table: TableDesign, entityName: string, indexName: string | undefined): readonly { readonly field: FieldSegment; readonly declaredType: KeyAttributeType }[] | undefined {
  const entity = table.entities.find((candidate) => candidate.name === entityName);
  const schema = keySchemaOf(table, indexName);
  if (!entity || !schema) return undefined;
  const fields: { field: FieldSegment; declaredType: KeyAttributeType }[] = [];
  for (const attribute of schema.sort) {
    const text = entity.keys[attribute.name];
    if (text === undefined) return undefined;
    const compiled = compileTemplateText(text, keyRoleOf(table, attribute.name));
    if (!compiled.ok) return undefined;
    for (const field of compiled.value.fields) if (!fields.some((known) => known.field.name === field.name)) fields.push({ field, declaredType: attribute.type });
  }
  return fields;
}

/** The judge's intended order of each field over these values, asked with the field's own attribute's declared type. */
function judgeFields(fields: readonly { readonly field: FieldSegment; readonly declaredType: KeyAttributeType }[], values: readonly FieldValues[]): ReadonlyMap<string, IntendedOrder> {
  const judged = new Map<string, IntendedOrder>();
  for (const { field, declaredType } of fields) for (const [name, order] of judgeTemplateFields([field], values, declaredType)) judged.set(name, order);
  return judged;
}

/** True at each index of `order` whose row sits outside its intended place among its entity's rows (ties share a place). */
function marksOf(order: readonly CollectionRow[], rankOf: ReadonlyMap<CollectionRow, number>, rankAt: ReadonlyMap<string, readonly number[]>): boolean[] {
  const seen = new Map<string, number>();
  return order.map((row) => {
    const rank = rankOf.get(row);
    if (rank === undefined) return false;
    const index = seen.get(row.entity) ?? 0;
    seen.set(row.entity, index + 1);
    return (rankAt.get(row.entity) as readonly number[])[index] !== rank;
  });
}

/**
 * Judges a collection's order, and its naive keys' order, against each
 * entity's intended order.
 *
 * @example
 * // SCORE#{score} over scores 10, 1500, 240, 75, 9 (plain text): stored as 10, 1500, 240, 75, 9
 * judgeCollectionOrder(table, collection) // { intendedRanks: [2, 5, 4, 3, 1], outOfPlaceCount: 5, naiveOutOfPlaceCount: 5, … }
 */
export function judgeCollectionOrder(table: TableDesign, collection: ItemCollection): CollectionIntendedOrder {
  const byEntity = new Map<string, CollectionRow[]>();
  for (const row of collection.rows) {
    const rows = byEntity.get(row.entity);
    if (rows) rows.push(row);
    else byEntity.set(row.entity, [row]);
  }
  const rankOf = new Map<CollectionRow, number>();
  const rankAt = new Map<string, readonly number[]>();
  for (const [entityName, rows] of byEntity) {
    const typedFields = sortFieldsOf(table, entityName, collection.indexName);
    const entitySamples = table.entities.find((entity) => entity.name === entityName)?.samples ?? [];
    const samples = new Map(entitySamples.map((sample) => [sample.id, sample.values]));
    if (!typedFields || typedFields.length === 0) continue;
    const fields = typedFields.map((typed) => typed.field);
    const valuesOf = (row: CollectionRow): FieldValues => samples.get(row.sampleId) ?? {};
    let ranking: ReturnType<typeof rankByIntendedOrder<CollectionRow>>;
    try {
      // What a field means is judged over all the entity's samples (as the entity order slide judges it), not one partition's.
      ranking = rankByIntendedOrder(fields, rows, valuesOf, 'ascending', judgeFields(typedFields, entitySamples.map((sample) => sample.values)));
    } catch {
      // A value the field's format can't read (the sample encoded under another template): not judged, never a crash.
      continue;
    }
    for (const row of rows) rankOf.set(row, ranking.positionOf.get(row) as number);
    rankAt.set(
      entityName,
      ranking.sorted.map((row) => ranking.positionOf.get(row) as number),
    );
  }
  const outOfPlace = marksOf(collection.rows, rankOf, rankAt);
  const count = (marks: readonly boolean[]) => marks.filter(Boolean).length;
  return {
    intendedRanks: collection.rows.map((row) => rankOf.get(row)),
    outOfPlace,
    outOfPlaceCount: count(outOfPlace),
    naiveOutOfPlaceCount: count(marksOf(collection.rawOrder, rankOf, rankAt)),
    judgedCount: rankOf.size,
  };
}
