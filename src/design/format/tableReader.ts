import { utf8ByteLength } from '../../keys';
import type { IndexDesign, KeyAttributeDesign, KeyAttributeType, ProjectionDesign, ProvisionedCapacityDesign, TableDesign } from '../design.types';
import { DocumentReader } from './documentReader';
import { elementPath, memberPath } from './problemPath';

/**
 * A table's shape in a design file: its name, keys, indexes and billing, by
 * DynamoDB's CreateTable rules, so a design that loads also creates.
 */

/** DynamoDB's table and index names: 3–255 characters of A–Z a–z 0–9 _ . - */
const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;
export const MAX_GSIS = 20;
export const MAX_LSIS = 5;
/** A multi-attribute GSI key: at most four partition and four sort attributes. */
export const MAX_INDEX_KEY_ATTRIBUTES = 4;
/** DynamoDB's limit on attributes projected with INCLUDE, over all indexes of a table. */
export const MAX_PROJECTED_ATTRIBUTES = 100;
const KEY_TYPES: readonly KeyAttributeType[] = ['S', 'N', 'B'];

export type TableShape = Omit<TableDesign, 'entities' | 'accessPatterns'>;

/** Checks a DynamoDB table or index name; the message says the rule. */
export function checkTableName(name: string, what: 'table' | 'index'): string | undefined {
  if (TABLE_NAME.test(name)) return undefined;
  const bad = [...new Set(name.replace(/[A-Za-z0-9_.-]/g, ''))].slice(0, 5);
  const why =
    name.length < 3
      ? `is ${name.length} character${name.length === 1 ? '' : 's'} long`
      : name.length > 255
        ? `is ${name.length} characters long`
        : `contains ${bad.map((char) => JSON.stringify(char)).join(', ')}`;
  return `${what} name "${name.length > 60 ? name.slice(0, 60) + '…' : name}" ${why}: DynamoDB ${what} names are 3–255 characters of A–Z, a–z, 0–9, _, . and -.`;
}

export function readTableShape(reader: DocumentReader, raw: Record<string, unknown>, path: string): TableShape | undefined {
  const shapeBefore = reader.shapeErrorCount;
  const name = reader.string(raw, 'name', path);
  if (name !== undefined) {
    const problem = checkTableName(name, 'table');
    if (problem) reader.error(memberPath(path, 'name'), problem);
  }
  const description = reader.string(raw, 'description', path, { fallback: '' });
  const partitionKey = readKeyAttribute(reader, raw.partitionKey, memberPath(path, 'partitionKey'));
  const sortKey = raw.sortKey === undefined ? undefined : readKeyAttribute(reader, raw.sortKey, memberPath(path, 'sortKey'));
  if (partitionKey && sortKey && partitionKey.name === sortKey.name)
    reader.error(memberPath(memberPath(path, 'sortKey'), 'name'), `"${sortKey.name}" is already the partition key: the sort key is another attribute.`);
  const billingMode = reader.choice(raw, 'billingMode', path, ['PAY_PER_REQUEST', 'PROVISIONED'] as const, 'PAY_PER_REQUEST');
  const provisioned = readProvisioned(reader, raw, path, billingMode);
  const indexList = reader.array(raw, 'indexes', path, '[{"name": "GSI1", "kind": "GSI", …}]', []) ?? [];
  const indexes: IndexDesign[] = [];
  indexList.forEach((value, i) => {
    const index = partitionKey ? readIndex(reader, value, elementPath(memberPath(path, 'indexes'), i), partitionKey, sortKey) : undefined;
    if (index) indexes.push(index);
  });
  checkIndexes(reader, indexes, path, partitionKey, sortKey);
  // A shape with rule errors (a bad name, an index that breaks a rule) is still returned when nothing is missing or
  // of the wrong type, so its entities and patterns are read for their shape; its caller refuses the table.
  if (reader.shapeErrorCount > shapeBefore || name === undefined || description === undefined || partitionKey === undefined || billingMode === undefined)
    return undefined;
  return {
    name,
    description,
    partitionKey,
    ...(sortKey ? { sortKey } : {}),
    indexes,
    billingMode,
    ...(provisioned ? { provisioned } : {}),
  };
}

function readKeyAttribute(reader: DocumentReader, value: unknown, path: string): KeyAttributeDesign | undefined {
  const raw = reader.object(value, path, ['name', 'type'], '{"name": "PK", "type": "S"}');
  if (!raw) return undefined;
  // An empty name breaks a rule (reported) but keeps the shape: the table's entities are still read for theirs.
  const name = reader.string(raw, 'name', path, { nonEmpty: true }) ?? (typeof raw.name === 'string' ? raw.name : undefined);
  if (name !== undefined && utf8ByteLength(name) > 255)
    reader.error(memberPath(path, 'name'), `is ${utf8ByteLength(name)} bytes long: a key attribute name is at most 255 bytes.`);
  const typeValue = raw.type;
  const lower = typeof typeValue === 'string' ? typeValue.toLowerCase() : '';
  const meant =
    lower === 'string' ? 'S' : lower === 'number' || lower === 'integer' || lower === 'int' ? 'N' : lower === 'binary' || lower === 'bytes' ? 'B' : undefined;
  if (meant)
    return reader.shapeError(
      memberPath(path, 'type'),
      `"${String(typeValue)}" is not a key type — did you mean "${meant}"? Key attributes are "S" (string), "N" (number) or "B" (binary).`,
    );
  const type = reader.choice(raw, 'type', path, KEY_TYPES);
  return name !== undefined && type !== undefined ? { name, type } : undefined;
}

function readProvisioned(
  reader: DocumentReader,
  raw: Record<string, unknown>,
  path: string,
  billingMode: string | undefined,
): ProvisionedCapacityDesign | undefined {
  const at = memberPath(path, 'provisioned');
  if (raw.provisioned === undefined) {
    if (billingMode === 'PROVISIONED') reader.error(at, 'is missing: billingMode PROVISIONED needs {"readCapacityUnits": 5, "writeCapacityUnits": 5}.');
    return undefined;
  }
  if (billingMode !== 'PROVISIONED') return reader.error(at, 'is only for billingMode "PROVISIONED": remove it, or set "billingMode": "PROVISIONED".');
  const capacity = reader.object(raw.provisioned, at, ['readCapacityUnits', 'writeCapacityUnits'], '{"readCapacityUnits": 5, "writeCapacityUnits": 5}');
  if (!capacity) return undefined;
  const units = (key: string) => {
    const value = reader.integer(capacity, key, at, 1, key);
    if (value === undefined && capacity[key] === undefined)
      reader.shapeError(memberPath(at, key), `is missing: write a whole number of at least 1, e.g. "${key}": 5.`);
    return value;
  };
  const readCapacityUnits = units('readCapacityUnits');
  const writeCapacityUnits = units('writeCapacityUnits');
  return readCapacityUnits !== undefined && writeCapacityUnits !== undefined ? { readCapacityUnits, writeCapacityUnits } : undefined;
}

function readIndex(
  reader: DocumentReader,
  value: unknown,
  path: string,
  tablePartition: KeyAttributeDesign,
  tableSort: KeyAttributeDesign | undefined,
): IndexDesign | undefined {
  const raw = reader.object(
    value,
    path,
    ['name', 'kind', 'partitionKey', 'sortKey', 'projection'],
    '{"name": "GSI1", "kind": "GSI", "partitionKey": [{"name": "GSI1PK", "type": "S"}], "sortKey": [], "projection": {"type": "ALL", "attributes": []}}',
  );
  if (!raw) return undefined;
  const before = reader.errorCount;
  const name = reader.string(raw, 'name', path);
  if (name !== undefined) {
    const problem = checkTableName(name, 'index');
    if (problem) reader.error(memberPath(path, 'name'), problem);
  }
  const kind = reader.choice(raw, 'kind', path, ['GSI', 'LSI'] as const);
  const partitionKey = readKeyList(reader, raw, 'partitionKey', path, kind === 'GSI' ? 1 : 1, kind === 'LSI' ? 1 : MAX_INDEX_KEY_ATTRIBUTES);
  const sortKey = readKeyList(reader, raw, 'sortKey', path, kind === 'LSI' ? 1 : 0, kind === 'LSI' ? 1 : MAX_INDEX_KEY_ATTRIBUTES, []);
  if (kind === 'LSI' && partitionKey) {
    const [only] = partitionKey;
    if (partitionKey.length === 1 && only && (only.name !== tablePartition.name || only.type !== tablePartition.type)) {
      reader.error(
        memberPath(path, 'partitionKey'),
        `a local index shares the table's partition key: write [{"name": "${tablePartition.name}", "type": "${tablePartition.type}"}], not "${only.name}" (${only.type}). For another partition key use a GSI.`,
      );
    }
    if (!tableSort)
      reader.error(
        memberPath(path, 'kind'),
        "a local index needs a table with a sort key (DynamoDB refuses LSIs on a partition-key-only table): add the table's sortKey or make it a GSI.",
      );
    else if (sortKey?.[0]?.name === tableSort.name)
      reader.error(memberPath(path, 'sortKey'), `"${tableSort.name}" is the table's own sort key: a local index sorts the partition by another attribute.`);
  }
  if (partitionKey && sortKey) {
    const names = [...partitionKey, ...sortKey].map((attribute) => attribute.name);
    const repeated = names.find((keyName, i) => names.indexOf(keyName) !== i);
    if (repeated) reader.error(path, `"${repeated}" appears twice in the index's key: each key attribute appears once.`);
  }
  const projection = readProjection(reader, raw.projection, memberPath(path, 'projection'));
  if (reader.errorCount > before || name === undefined || kind === undefined || !partitionKey || !sortKey || !projection) return undefined;
  return { name, kind, partitionKey, sortKey, projection };
}

function readKeyList(
  reader: DocumentReader,
  raw: Record<string, unknown>,
  key: 'partitionKey' | 'sortKey',
  path: string,
  min: number,
  max: number,
  fallback?: readonly unknown[],
): KeyAttributeDesign[] | undefined {
  const at = memberPath(path, key);
  if (raw[key] !== undefined && !Array.isArray(raw[key]) && typeof raw[key] === 'object') {
    return reader.shapeError(at, `an index key is a list of attributes (a GSI may have up to four): wrap it in [ ], e.g. [{"name": "GSI1PK", "type": "S"}].`);
  }
  const list = reader.array(raw, key, path, '[{"name": "GSI1PK", "type": "S"}]', fallback);
  if (!list) return undefined;
  const what = key === 'partitionKey' ? 'partition' : 'sort';
  if (list.length < min || list.length > max) {
    const kind =
      max === 1
        ? `a local index has ${min === 1 ? 'exactly one' : 'one'} ${what} key attribute`
        : `a global index has ${min === 0 ? 'zero' : 'one'} to ${max} ${what} key attributes`;
    reader.error(at, `has ${list.length} attribute${list.length === 1 ? '' : 's'}: ${kind}.`);
    // Each attribute is still read for its shape.
    reader.shapeOnly(() => list.forEach((value, i) => readKeyAttribute(reader, value, elementPath(at, i))));
    return undefined;
  }
  const attributes = list.map((value, i) => readKeyAttribute(reader, value, elementPath(at, i)));
  return attributes.every((attribute) => attribute !== undefined) ? (attributes as KeyAttributeDesign[]) : undefined;
}

function readProjection(reader: DocumentReader, value: unknown, path: string): ProjectionDesign | undefined {
  if (value === undefined)
    return reader.shapeError(path, 'is missing: add "projection": {"type": "ALL", "attributes": []} (or KEYS_ONLY, or INCLUDE with attribute names).');
  const raw = reader.object(value, path, ['type', 'attributes'], '{"type": "INCLUDE", "attributes": ["total"]}');
  if (!raw) return undefined;
  const type = reader.choice(raw, 'type', path, ['ALL', 'KEYS_ONLY', 'INCLUDE'] as const);
  const attributes = reader.stringList(raw, 'attributes', path, []);
  if (type === undefined || attributes === undefined) return undefined;
  if (type === 'INCLUDE' && attributes.length === 0)
    return reader.error(
      memberPath(path, 'attributes'),
      'an INCLUDE projection names the non-key attributes it copies, e.g. ["total"]; with none, use KEYS_ONLY.',
    );
  if (type !== 'INCLUDE' && attributes.length > 0)
    return reader.error(
      memberPath(path, 'attributes'),
      `only an INCLUDE projection lists attributes (${type} copies ${type === 'ALL' ? 'every attribute' : 'only the keys'}): remove them or set "type": "INCLUDE".`,
    );
  return { type, attributes };
}

/** Rules over all of a table's indexes: counts, unique names, one type per attribute, INCLUDE totals. */
function checkIndexes(
  reader: DocumentReader,
  indexes: readonly IndexDesign[],
  path: string,
  partitionKey: KeyAttributeDesign | undefined,
  sortKey: KeyAttributeDesign | undefined,
): void {
  const at = memberPath(path, 'indexes');
  const gsis = indexes.filter((index) => index.kind === 'GSI').length;
  const lsis = indexes.length - gsis;
  if (gsis > MAX_GSIS) reader.error(at, `has ${gsis} global secondary indexes: DynamoDB allows at most ${MAX_GSIS} per table.`);
  if (lsis > MAX_LSIS) reader.error(at, `has ${lsis} local secondary indexes: DynamoDB allows at most ${MAX_LSIS} per table.`);
  indexes.forEach((index, i) => {
    const first = indexes.findIndex((other) => other.name === index.name);
    if (first !== i)
      reader.error(memberPath(elementPath(at, i), 'name'), `"${index.name}" is already the name of indexes[${first}]: index names are unique within a table.`);
  });
  const types = new Map<string, { type: KeyAttributeType; where: string }>();
  const note = (attribute: KeyAttributeDesign, where: string) => {
    const seen = types.get(attribute.name);
    if (!seen) types.set(attribute.name, { type: attribute.type, where });
    else if (seen.type !== attribute.type)
      reader.error(
        where,
        `"${attribute.name}" is ${attribute.type} here but ${seen.type} at ${seen.where}: an attribute has one type in every key (DynamoDB's AttributeDefinitions).`,
      );
  };
  if (partitionKey) note(partitionKey, memberPath(path, 'partitionKey'));
  if (sortKey) note(sortKey, memberPath(path, 'sortKey'));
  indexes.forEach((index, i) => {
    index.partitionKey.forEach((attribute, j) => note(attribute, elementPath(memberPath(elementPath(at, i), 'partitionKey'), j)));
    index.sortKey.forEach((attribute, j) => note(attribute, elementPath(memberPath(elementPath(at, i), 'sortKey'), j)));
  });
  const projected = new Set(indexes.flatMap((index) => index.projection.attributes));
  if (projected.size > MAX_PROJECTED_ATTRIBUTES)
    reader.error(
      at,
      `project ${projected.size} distinct attributes with INCLUDE: DynamoDB allows at most ${MAX_PROJECTED_ATTRIBUTES} over all indexes of a table.`,
    );
}
