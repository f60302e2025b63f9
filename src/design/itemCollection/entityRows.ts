import { decodeBase64 } from '../../dynamo';
import {
  buildRawKey,
  compareKeys,
  comparePreparedUtf8,
  isPlainKey,
  judgeTemplateFields,
  normalizeDynamoNumber,
  rankByIntendedOrder,
  type CompiledKeyTemplate,
  type FieldValues,
  type KeyAttributeValue,
} from '../../keys';
import type { DesignSample, EntityDesign, JsonAttributeValue, KeyAttributeDesign, TableDesign } from '../design.types';
import {
  compileTemplateText,
  sampleItemBuilder,
  isEntityInIndex,
  keyAttributesOf,
  keyRoleOf,
  keySchemaOf,
  type KeySchemaDesign,
  keyTemplateOf,
} from '../designKeys';
import type { CollectionRow, KeyPartText, UnencodableSample } from './itemCollection.types';

/**
 * One entity's sample items in a table or index, grouped by partition and
 * sorted there — the unit the item collection caches, so a keystroke in one
 * entity's template re-encodes that entity only.
 */
export interface EntityPartitionRows {
  readonly parts: readonly KeyPartText[];
  readonly partitionValues: readonly KeyAttributeValue[];
  /** In DynamoDB's order of the sort key (stable: sample order among equal keys). */
  readonly byEncoded: readonly CollectionRow[];
  /** In the order the naive keys would give. */
  readonly byRaw: readonly CollectionRow[];
  /** How many of these rows DynamoDB's order puts where their intended order (the judge's, over the sort key's fields) does not. */
  readonly notIntendedCount: number;
}

export interface EntityRows {
  readonly partitions: ReadonlyMap<string, EntityPartitionRows>;
  readonly unencodable: readonly UnencodableSample[];
}

interface CacheEntry {
  readonly signature: string;
  readonly rows: EntityRows;
}

/**
 * Keyed by the samples array (a design edit keeps an unchanged entity's samples
 * identical), then by index; the signature holds everything else the rows
 * depend on (entity name and place, its templates, the key schema). One entry
 * per entity and index: a keystroke replaces it rather than piling up.
 */
const cache = new WeakMap<readonly DesignSample[], Map<string, CacheEntry>>();

/**
 * The entity's rows in the table (`indexName` undefined) or an index, from
 * the cache when neither its templates, its samples nor the key schema changed.
 * The entity must be in the index (isEntityInIndex).
 */
export function entityRowsOf(
  table: TableDesign,
  entity: EntityDesign,
  entityIndex: number,
  indexName: string | undefined,
  schema: KeySchemaDesign,
): EntityRows {
  const signature = JSON.stringify([entity.name, entityIndex, entity.keys, schema, keyAttributesOf(table)]);
  let byIndex = cache.get(entity.samples);
  if (!byIndex) {
    byIndex = new Map();
    cache.set(entity.samples, byIndex);
  }
  const indexKey = indexName ?? '';
  const cached = byIndex.get(indexKey);
  if (cached && cached.signature === signature) return cached.rows;
  const rows = encodeEntityRows(table, entity, entityIndex, schema);
  byIndex.set(indexKey, { signature, rows });
  return rows;
}

function encodeEntityRows(table: TableDesign, entity: EntityDesign, entityIndex: number, schema: KeySchemaDesign): EntityRows {
  const compiledSort = schema.sort.map((attribute) => {
    const compiled = compileTemplateText(keyTemplateOf(entity, attribute.name) as string, keyRoleOf(table, attribute.name));
    return compiled.ok ? compiled.value : undefined;
  });
  const rawTemplates = compiledSort.map((compiled) => compiled?.template);
  const valuesOfRow = new Map<CollectionRow, FieldValues>();
  const grouped = new Map<string, { parts: KeyPartText[]; partitionValues: KeyAttributeValue[]; rows: CollectionRow[] }>();
  const unencodable: UnencodableSample[] = [];
  const buildItem = sampleItemBuilder(table, entity);
  for (const sample of entity.samples) {
    const built = buildItem(sample);
    if (!built.ok) {
      unencodable.push({ entity: entity.name, sampleId: sample.id, messages: built.problems.map((problem) => `${problem.attribute}: ${problem.message}`) });
      continue;
    }
    const item = built.item;
    const partitionParts = schema.partition.map((attribute) => partText(attribute, item[attribute.name] as JsonAttributeValue));
    const partitionId = partitionIdOf(partitionParts);
    let group = grouped.get(partitionId);
    if (!group) {
      group = { parts: partitionParts, partitionValues: partitionParts.map(comparisonValueOf), rows: [] };
      grouped.set(partitionId, group);
    }
    const sortKey = schema.sort.map((attribute) => partText(attribute, item[attribute.name] as JsonAttributeValue));
    const rawSortKey = schema.sort.map((attribute, index) => {
      const template = rawTemplates[index];
      return { attribute: attribute.name, type: attribute.type, text: template ? buildRawKey(template, sample.values) : '' };
    });
    const sortText = singleStringKey(sortKey);
    const rawSortText = singleStringKey(rawSortKey);
    // Every row has every field (one object shape): the comparators read them 20,000 times a keystroke.
    group.rows.push({
      entity: entity.name,
      entityIndex,
      sampleId: sample.id,
      rank: 0,
      partitionId,
      sortKey,
      rawSortKey,
      sortValues: sortKey.map(comparisonValueOf),
      rawSortValues: rawSortKey.map(rawComparisonValueOf),
      sortText,
      sortPlain: sortText !== undefined && isPlainKey(sortText),
      rawSortText,
      rawSortPlain: rawSortText !== undefined && isPlainKey(rawSortText),
      intendedRank: 0,
      inIntendedPlace: true,
      item,
    });
    valuesOfRow.set(group.rows[group.rows.length - 1] as CollectionRow, sample.values);
  }
  const intended = intendedRanker(compiledSort, schema, valuesOfRow);
  const partitions = new Map<string, EntityPartitionRows>();
  for (const [id, group] of grouped) {
    // Array.prototype.sort is stable: equal keys keep sample order.
    const byEncoded = [...group.rows].sort(compareEncodedRows);
    // Set while the rows are being built, before anyone sees them.
    byEncoded.forEach((row, rank) => ((row as { rank: number }).rank = rank));
    const notIntendedCount = intended ? intended(byEncoded) : 0;
    partitions.set(id, {
      parts: group.parts,
      partitionValues: group.partitionValues,
      byEncoded,
      byRaw: [...group.rows].sort(compareRawRows),
      notIntendedCount,
    });
  }
  return { partitions, unencodable };
}

/**
 * For a single-attribute sort key with a template: a function that marks one
 * partition's rows (in DynamoDB's order) with their intended rank — the
 * judge's order of the template's fields (src/keys judgeTemplateFields, with
 * the attribute's declared type, over every sample of the entity that built,
 * as the key builder's lists judge them) — and returns how many sit elsewhere.
 * Undefined without such a key (several attributes, none, or no template).
 */
function intendedRanker(
  compiledSort: readonly (CompiledKeyTemplate | undefined)[],
  schema: KeySchemaDesign,
  valuesOfRow: ReadonlyMap<CollectionRow, FieldValues>,
): ((byEncoded: readonly CollectionRow[]) => number) | undefined {
  const compiled = compiledSort[0];
  const attribute = schema.sort[0];
  if (compiledSort.length !== 1 || !compiled || !attribute) return undefined;
  const judged = judgeTemplateFields(compiled.fields, [...valuesOfRow.values()], attribute.type);
  return (byEncoded) => {
    const ranking = rankByIntendedOrder(compiled.fields, byEncoded, (row) => valuesOfRow.get(row) ?? {}, 'ascending', judged);
    const positions = ranking.sorted.map((row) => ranking.positionOf.get(row) as number);
    let misplaced = 0;
    byEncoded.forEach((row, index) => {
      const intendedRank = ranking.positionOf.get(row) as number;
      const inIntendedPlace = positions[index] === intendedRank;
      // Set while the rows are being built, before anyone sees them.
      Object.assign(row as { intendedRank: number; inIntendedPlace: boolean }, { intendedRank, inIntendedPlace });
      if (!inIntendedPlace) misplaced++;
    });
    return misplaced;
  };
}

/** An encoded key attribute's value as text: S as is, N normalised (as buildSampleItem stores it), B as base64. */
function partText(attribute: KeyAttributeDesign, value: JsonAttributeValue): KeyPartText {
  const text = 'S' in value ? value.S : 'N' in value ? value.N : 'B' in value ? value.B : '';
  return { attribute: attribute.name, type: attribute.type, text };
}

/**
 * The identity of a partition-key value: each part as type, length and text
 * (`S11:CUSTOMER#c1`), so no two tuples share one (computed per sample: no JSON).
 */
export function partitionIdOf(parts: readonly KeyPartText[]): string {
  let id = '';
  for (const part of parts) id += `${part.type}${part.text.length}:${part.text}`;
  return id;
}

/** An encoded part as compareKeys takes it; encoded parts are valid for their type (buildSampleItem checked). */
export function comparisonValueOf(part: KeyPartText): KeyAttributeValue {
  if (part.type === 'S') return { S: part.text };
  if (part.type === 'N') return { N: part.text };
  return { B: decodeBase64(part.text) as Uint8Array };
}

/** A naive part as compareKeys takes it, or undefined when the attribute's type can't hold that text. */
function rawComparisonValueOf(part: KeyPartText): KeyAttributeValue | undefined {
  if (part.type === 'S') return { S: part.text };
  if (part.type === 'N') {
    const normalized = normalizeDynamoNumber(part.text);
    return normalized === undefined ? undefined : { N: normalized };
  }
  const bytes = decodeBase64(part.text);
  return bytes === undefined ? undefined : { B: bytes };
}

/**
 * Two key tuples in DynamoDB's order: attribute by attribute, left to right,
 * each by its own type (one attribute is the common case). Parts that can't be
 * stored (undefined) sort after every storable value, then by position.
 */
export function compareKeyTuples(a: readonly (KeyAttributeValue | undefined)[], b: readonly (KeyAttributeValue | undefined)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) {
      if (x !== y) return x === undefined ? 1 : -1;
      continue;
    }
    const order = compareKeys(x, y);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * Encoded order; equal keys keep the table's entity order (and, within an
 * entity, sample order: the sorts and merges are stable). A single S sort key,
 * the common case and the one typed into, compares its text directly
 * without the tuple walk: compareUtf8 (what compareKeys does for S), or the
 * engine's own `<` when either text is plain (comparePreparedUtf8: the same
 * order, proved in src/keys/preparedKeys.ts).
 */
export function compareEncodedRows(a: CollectionRow, b: CollectionRow): number {
  const x = a.sortText;
  const y = b.sortText;
  const order = x !== undefined && y !== undefined ? comparePreparedUtf8(x, a.sortPlain, y, b.sortPlain) : compareKeyTuples(a.sortValues, b.sortValues);
  return order || a.entityIndex - b.entityIndex;
}

export function compareRawRows(a: CollectionRow, b: CollectionRow): number {
  const x = a.rawSortText;
  const y = b.rawSortText;
  const order =
    x !== undefined && y !== undefined ? comparePreparedUtf8(x, a.rawSortPlain, y, b.rawSortPlain) : compareKeyTuples(a.rawSortValues, b.rawSortValues);
  return order || a.entityIndex - b.entityIndex;
}

/** The text of a single S sort key, or undefined (no sort key, N, B, or several attributes). */
function singleStringKey(parts: readonly KeyPartText[]): string | undefined {
  return parts.length === 1 && (parts[0] as KeyPartText).type === 'S' ? (parts[0] as KeyPartText).text : undefined;
}

/** The entities of a table or index with their place in the table; undefined for an unknown index. */
export function entitiesInIndex(
  table: TableDesign,
  indexName: string | undefined,
): { schema: KeySchemaDesign; entries: { entity: EntityDesign; entityIndex: number }[] } | undefined {
  const schema = keySchemaOf(table, indexName);
  if (!schema) return undefined;
  const entries = table.entities.map((entity, entityIndex) => ({ entity, entityIndex })).filter(({ entity }) => isEntityInIndex(table, entity, indexName));
  return { schema, entries };
}
