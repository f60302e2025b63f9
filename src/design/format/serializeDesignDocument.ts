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
} from '../design.types';

/**
 * Writes a design as its JSON document: `format` first, then every field in
 * a fixed order, and only the fields the format knows. The document is built
 * field by field, never spread from the design, so nothing else an object
 * happens to carry (UI state, a connection) can leak into a file.
 * `parseDesignDocument(serializeDesignDocument(d))` gives `d` back.
 *
 * @example
 * serializeDesignDocument({ name: "Shop", description: "", tables: [] })
 * // '{\n  "format": "keylab.design/1",\n  "name": "Shop",\n  "description": "",\n  "tables": []\n}\n'
 */
export function serializeDesignDocument(design: Design): string {
  return JSON.stringify(toDesignDocument(design), null, 2) + '\n';
}

/** The document form of a design, with only known fields, in the written order. */
export function toDesignDocument(design: Design): DesignDocument {
  const decisions = design.decisions ?? [];
  const signOffs = design.signOffs ?? [];
  return {
    format: DESIGN_FORMAT,
    name: design.name,
    description: design.description,
    ...(design.revision !== undefined ? { revision: design.revision } : {}),
    tables: design.tables.map(tableDocument),
    ...(decisions.length > 0 ? { decisions: decisions.map(decisionDocument) } : {}),
    ...(signOffs.length > 0 ? { signOffs: signOffs.map(signOffDocument) } : {}),
    ...(design.workbenchSource ? { workbenchSource: { model: design.workbenchSource.model, itemFacets: design.workbenchSource.itemFacets, ...(design.workbenchSource.attributeOrder ? { attributeOrder: design.workbenchSource.attributeOrder } : {}), designTag: design.workbenchSource.designTag } } : {}),
  };
}

function decisionDocument(entry: FindingDecisionDesign): FindingDecisionDesign {
  return { id: entry.id, code: entry.code, kind: entry.kind, comment: entry.comment, decidedBy: entry.decidedBy, decidedAt: entry.decidedAt };
}

function signOffDocument(entry: SignOffDesign): SignOffDesign {
  return { reviewer: entry.reviewer, signedAt: entry.signedAt, revision: entry.revision, fingerprint: entry.fingerprint };
}

function tableDocument(table: TableDesign): TableDesign {
  return {
    name: table.name,
    description: table.description,
    partitionKey: keyAttribute(table.partitionKey),
    ...(table.sortKey ? { sortKey: keyAttribute(table.sortKey) } : {}),
    indexes: table.indexes.map(indexDocument),
    billingMode: table.billingMode,
    ...(table.provisioned ? { provisioned: { readCapacityUnits: table.provisioned.readCapacityUnits, writeCapacityUnits: table.provisioned.writeCapacityUnits } } : {}),
    entities: table.entities.map(entityDocument),
    accessPatterns: table.accessPatterns.map(patternDocument),
  };
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

function entityDocument(entity: EntityDesign): EntityDesign {
  return {
    name: entity.name,
    description: entity.description,
    keys: textRecord(entity.keys),
    attributes: entity.attributes.map((attribute): AttributeDesign => ({ name: attribute.name, type: attribute.type })),
    samples: entity.samples.map(sampleDocument),
    expectations: expectationsDocument(entity.expectations),
    ...(entity.versionAttribute !== undefined ? { versionAttribute: entity.versionAttribute } : {}),
  };
}

function sampleDocument(sample: DesignSample): DesignSample {
  return { id: sample.id, values: textRecord(sample.values), ...(sample.attributes ? { attributes: jsonItem(sample.attributes) } : {}) };
}

function expectationsDocument(expectations: EntityExpectations): EntityExpectations {
  return {
    largestValues: textRecord(expectations.largestValues),
    headroomDigits: expectations.headroomDigits,
    maxLengths: Object.fromEntries(Object.entries(expectations.maxLengths).map(([name, length]) => [name, length])),
    ...(expectations.itemCount !== undefined ? { itemCount: expectations.itemCount } : {}),
    ...(expectations.itemSizeBytes !== undefined ? { itemSizeBytes: expectations.itemSizeBytes } : {}),
  };
}

function patternDocument(pattern: AccessPatternDesign): AccessPatternDesign {
  return {
    id: pattern.id,
    name: pattern.name,
    description: pattern.description,
    entities: [...pattern.entities],
    ...(pattern.index !== undefined ? { index: pattern.index } : {}),
    partitionValues: textRecord(pattern.partitionValues),
    ...(pattern.sort ? { sort: sortDocument(pattern.sort) } : {}),
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

function sortDocument(sort: PatternSortCondition): PatternSortCondition {
  if (sort.input === 'fields') return { input: 'fields', operator: sort.operator, values: textRecord(sort.values), ...(sort.valuesHigh ? { valuesHigh: textRecord(sort.valuesHigh) } : {}) };
  return { input: 'raw', operator: sort.operator, value: sort.value, ...(sort.valueHigh !== undefined ? { valueHigh: sort.valueHigh } : {}) };
}

function textRecord(record: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([name, text]) => [name, String(text)]));
}

function jsonItem(item: JsonItem): JsonItem {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, jsonValue(value)]));
}

/** A copy of a DynamoDB JSON value with only its type key. */
function jsonValue(value: JsonAttributeValue): JsonAttributeValue {
  if ('S' in value) return { S: value.S };
  if ('N' in value) return { N: value.N };
  if ('B' in value) return { B: value.B };
  if ('BOOL' in value) return { BOOL: value.BOOL };
  if ('NULL' in value) return { NULL: true };
  if ('M' in value) return { M: jsonItem(value.M) };
  if ('L' in value) return { L: value.L.map(jsonValue) };
  if ('SS' in value) return { SS: [...value.SS] };
  if ('NS' in value) return { NS: [...value.NS] };
  return { BS: [...value.BS] };
}
