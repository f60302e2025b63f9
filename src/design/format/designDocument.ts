import { compareUtf8, parseKeyTemplate } from '../../keys';
import { keyAttributesOf, keyTemplateOf } from '../designKeys';
import {
  DESIGN_FORMAT,
  type AccessPatternDesign,
  type AttributeDesign,
  type Design,
  type DesignDocument,
  type DesignSample,
  type EntityDesign,
  type EntityExpectations,
  type FindingDecisionDesign,
  type IndexDesign,
  type JsonAttributeValue,
  type JsonItem,
  type KeyAttributeDesign,
  type PatternSortCondition,
  type SignOffDesign,
  type TableDesign,
  type WorkbenchSourceDesign,
} from '../design.types';
import { fieldNamesOf } from './templateChecks';

/**
 * The canonical layout of a design document: what is sorted and what keeps
 * its order, field by field. One rule: order that means something is kept;
 * order that means nothing is sorted, so the same design is always written
 * the same way and a change shows as a change in a diff.
 *
 * Kept as given (the order means something):
 * - tables, entities, samples and access patterns: shown and run in that
 *   order, and of two samples with one key the later one is written;
 * - an index's partition and sort key attributes: compared left to right;
 * - a pattern's entities: the first one's templates build its key condition;
 * - indexes, an entity's other attributes, an index's INCLUDE attributes and
 *   a pattern's projection: shown in that order and written in that order by
 *   the CreateTable, CloudFormation and NoSQL Workbench exports, so a round
 *   trip through those files stays byte for byte (an imported Workbench
 *   model keeps its "unchanged" tag);
 * - sign-offs: the order they were given in;
 * - the Workbench model kept for its round trip: another tool's document.
 *
 * Sorted (the order means nothing):
 * - decisions: by finding id (UTF-8 byte order), so two branches that each
 *   decide a finding add lines in different places;
 * - records keyed by name, each in the design's own order, then the rest in
 *   UTF-8 byte order: an entity's `keys` in the table's key-attribute order
 *   (partition key, sort key, then each index's key attributes); a sample's
 *   `values`, a pattern's `partitionValues` and sort values, and the
 *   expectations' `largestValues` and `maxLengths` in the order the fields
 *   appear in those templates, left to right; a sample's `attributes` in
 *   the entity's attribute order; the Workbench source's per-table records
 *   in table order.
 *
 * A nested map (`M`) inside a sample keeps its members' order: a NoSQL
 * Workbench model's items are written back member for member, so a model
 * round-tripped through a design file stays byte for byte.
 *
 * Within every object the fields keep their fixed order (`name` before
 * `description` …), and only fields the format knows are written, built
 * field by field, never spread from the design, so nothing else an object
 * happens to carry (UI state, a connection) can leak into a file.
 * (JavaScript keeps integer-like keys such as "2024" first, in numeric
 * order, whatever the insertion order: still one order per design.)
 */

/** `canonical`: the layout above. `asGiven`: decisions in their stored order (the sign-off fingerprint before the canonical layout). */
export type DocumentListOrder = 'canonical' | 'asGiven';

/**
 * The document form of a design in the canonical layout (see above), or
 * with its decisions as given.
 *
 * @example
 * buildDesignDocument(design, 'canonical').decisions // sorted by id
 */
export function buildDesignDocument(design: Design, order: DocumentListOrder): DesignDocument {
  const decisions = design.decisions ?? [];
  const signOffs = design.signOffs ?? [];
  const decided = order === 'canonical' ? [...decisions].sort((a, b) => compareUtf8(a.id, b.id)) : decisions;
  return {
    format: DESIGN_FORMAT,
    name: design.name,
    description: design.description,
    ...(design.revision !== undefined ? { revision: design.revision } : {}),
    tables: design.tables.map(tableDocument),
    ...(decided.length > 0 ? { decisions: decided.map(decisionDocument) } : {}),
    ...(signOffs.length > 0 ? { signOffs: signOffs.map(signOffDocument) } : {}),
    ...(design.workbenchSource ? { workbenchSource: workbenchSourceDocument(design.workbenchSource, design.tables) } : {}),
  };
}

function workbenchSourceDocument(source: WorkbenchSourceDesign, tables: readonly TableDesign[]): WorkbenchSourceDesign {
  const tableNames = rankingOf(tables.map((table) => table.name));
  return {
    model: source.model,
    itemFacets: orderedRecord(source.itemFacets, tableNames, (facets) => [...facets]),
    ...(source.attributeOrder
      ? { attributeOrder: orderedRecord(source.attributeOrder, tableNames, (byFacet) => orderedRecord(byFacet, NO_RANKING, (names) => [...names])) }
      : {}),
    designTag: source.designTag,
  };
}

function decisionDocument(entry: FindingDecisionDesign): FindingDecisionDesign {
  return { id: entry.id, code: entry.code, kind: entry.kind, comment: entry.comment, decidedBy: entry.decidedBy, decidedAt: entry.decidedAt };
}

function signOffDocument(entry: SignOffDesign): SignOffDesign {
  return { reviewer: entry.reviewer, signedAt: entry.signedAt, revision: entry.revision, fingerprint: entry.fingerprint };
}

function tableDocument(table: TableDesign): TableDesign {
  const keyNames = rankingOf(keyAttributesOf(table).map((attribute) => attribute.name));
  const fieldsByEntity = new Map(table.entities.map((entity) => [entity.name, rankingOf(templateFieldOrder(entity, keyNames))]));
  return {
    name: table.name,
    description: table.description,
    partitionKey: keyAttribute(table.partitionKey),
    ...(table.sortKey ? { sortKey: keyAttribute(table.sortKey) } : {}),
    indexes: table.indexes.map(indexDocument),
    billingMode: table.billingMode,
    ...(table.provisioned
      ? { provisioned: { readCapacityUnits: table.provisioned.readCapacityUnits, writeCapacityUnits: table.provisioned.writeCapacityUnits } }
      : {}),
    entities: table.entities.map((entity) => entityDocument(entity, keyNames, fieldsByEntity.get(entity.name) ?? NO_RANKING)),
    accessPatterns: table.accessPatterns.map((pattern) => patternDocument(pattern, fieldsByEntity.get(pattern.entities[0] ?? '') ?? NO_RANKING)),
  };
}

/** The field names of an entity's templates, in key-attribute order then left to right, each once (a template that doesn't parse adds none). */
function templateFieldOrder(entity: EntityDesign, keyNames: Ranking): string[] {
  const fields = new Set<string>();
  for (const keyName of Object.keys(orderedRecord(entity.keys, keyNames, String))) {
    const parsed = parseKeyTemplate(keyTemplateOf(entity, keyName) ?? '');
    if (parsed.ok) for (const field of fieldNamesOf(parsed.value)) fields.add(field);
  }
  return [...fields];
}

function keyAttribute(attribute: KeyAttributeDesign): KeyAttributeDesign {
  return { name: attribute.name, type: attribute.type };
}

function indexDocument(index: IndexDesign): IndexDesign {
  return {
    name: index.name,
    kind: index.kind,
    partitionKey: index.partitionKey.map(keyAttribute),
    sortKey: index.sortKey.map(keyAttribute),
    projection: { type: index.projection.type, attributes: [...index.projection.attributes] },
  };
}

function entityDocument(entity: EntityDesign, keyNames: Ranking, fields: Ranking): EntityDesign {
  const attributeNames = rankingOf(entity.attributes.map((attribute) => attribute.name));
  return {
    name: entity.name,
    description: entity.description,
    keys: orderedRecord(entity.keys, keyNames, String),
    attributes: entity.attributes.map((attribute): AttributeDesign => ({ name: attribute.name, type: attribute.type })),
    samples: entity.samples.map((sample) => sampleDocument(sample, fields, attributeNames)),
    expectations: expectationsDocument(entity.expectations, fields),
    ...(entity.versionAttribute !== undefined ? { versionAttribute: entity.versionAttribute } : {}),
  };
}

function sampleDocument(sample: DesignSample, fields: Ranking, attributeNames: Ranking): DesignSample {
  return {
    id: sample.id,
    values: orderedRecord(sample.values, fields, String),
    ...(sample.attributes ? { attributes: jsonItem(sample.attributes, attributeNames) } : {}),
  };
}

function expectationsDocument(expectations: EntityExpectations, fields: Ranking): EntityExpectations {
  return {
    largestValues: orderedRecord(expectations.largestValues, fields, String),
    headroomDigits: expectations.headroomDigits,
    maxLengths: orderedRecord(expectations.maxLengths, fields, (length) => length),
    ...(expectations.itemCount !== undefined ? { itemCount: expectations.itemCount } : {}),
    ...(expectations.itemSizeBytes !== undefined ? { itemSizeBytes: expectations.itemSizeBytes } : {}),
  };
}

function patternDocument(pattern: AccessPatternDesign, fields: Ranking): AccessPatternDesign {
  return {
    id: pattern.id,
    name: pattern.name,
    description: pattern.description,
    entities: [...pattern.entities],
    ...(pattern.index !== undefined ? { index: pattern.index } : {}),
    partitionValues: orderedRecord(pattern.partitionValues, fields, String),
    ...(pattern.sort ? { sort: sortDocument(pattern.sort, fields) } : {}),
    direction: pattern.direction,
    ...(pattern.limit !== undefined ? { limit: pattern.limit } : {}),
    ...(pattern.filter !== undefined ? { filter: pattern.filter } : {}),
    projection: [...pattern.projection],
    consistentRead: pattern.consistentRead,
    expected: {
      ...(pattern.expected.count !== undefined ? { count: pattern.expected.count } : {}),
      ...(pattern.expected.orderBy ? { orderBy: { field: pattern.expected.orderBy.field, direction: pattern.expected.orderBy.direction } } : {}),
    },
    ...(pattern.requestsPerSecond !== undefined ? { requestsPerSecond: pattern.requestsPerSecond } : {}),
  };
}

function sortDocument(sort: PatternSortCondition, fields: Ranking): PatternSortCondition {
  if (sort.input === 'fields')
    return {
      input: 'fields',
      operator: sort.operator,
      values: orderedRecord(sort.values, fields, String),
      ...(sort.valuesHigh ? { valuesHigh: orderedRecord(sort.valuesHigh, fields, String) } : {}),
    };
  return { input: 'raw', operator: sort.operator, value: sort.value, ...(sort.valueHigh !== undefined ? { valueHigh: sort.valueHigh } : {}) };
}

/** Names to their place in an order (the first place of a name listed twice). */
type Ranking = ReadonlyMap<string, number>;

const NO_RANKING: Ranking = new Map();

function rankingOf(names: readonly string[]): Ranking {
  const rank = new Map<string, number>();
  names.forEach((name, i) => {
    if (!rank.has(name)) rank.set(name, i);
  });
  return rank;
}

/**
 * A copy of `record` with its keys in `rank`'s order (those it has), then
 * the rest in UTF-8 byte order, each value mapped by `copy`. Built with
 * Object.fromEntries, so a key named "__proto__" stays an ordinary key.
 */
function orderedRecord<T, U>(record: Readonly<Record<string, T>>, rank: Ranking, copy: (value: T) => U): Record<string, U> {
  const names = Object.keys(record);
  if (names.length === 0) return {};
  // Usually already in order (written by Keylab): checked in one pass, sorted only when not. (No closures on this path: it runs per sample.)
  let ordered = true;
  for (let i = 1; i < names.length && ordered; i++) ordered = compareRanked(rank, names[i - 1] as string, names[i] as string) <= 0;
  if (!ordered) names.sort((a, b) => compareRanked(rank, a, b));
  const entries: [string, U][] = new Array<[string, U]>(names.length);
  for (let i = 0; i < names.length; i++) entries[i] = [names[i] as string, copy(record[names[i] as string] as T)];
  return Object.fromEntries(entries);
}

/** `rank`'s order first, then UTF-8 byte order. */
function compareRanked(rank: Ranking, a: string, b: string): number {
  const x = rank.get(a);
  const y = rank.get(b);
  if (x !== undefined || y !== undefined) return x === undefined ? 1 : y === undefined ? -1 : x - y;
  return compareUtf8(a, b);
}

function jsonItem(item: JsonItem, rank: Ranking): JsonItem {
  return orderedRecord(item, rank, jsonValue);
}

/** A copy of a DynamoDB JSON value with only its type key (a nested map's members as given: see the layout above). */
function jsonValue(value: JsonAttributeValue): JsonAttributeValue {
  if ('S' in value) return { S: value.S };
  if ('N' in value) return { N: value.N };
  if ('B' in value) return { B: value.B };
  if ('BOOL' in value) return { BOOL: value.BOOL };
  if ('NULL' in value) return { NULL: true };
  if ('M' in value) return { M: Object.fromEntries(Object.entries(value.M).map(([name, member]) => [name, jsonValue(member)])) };
  if ('L' in value) return { L: value.L.map(jsonValue) };
  if ('SS' in value) return { SS: [...value.SS] };
  if ('NS' in value) return { NS: [...value.NS] };
  return { BS: [...value.BS] };
}
