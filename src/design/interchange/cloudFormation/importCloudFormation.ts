import { checkTableName, parseDesignDocument } from '../../format';
import {
  DESIGN_FORMAT,
  type Design,
  type IndexDesign,
  type KeyAttributeDesign,
  type KeyAttributeType,
  type ProjectionDesign,
  type TableDesign,
} from '../../design.types';
import type { ImportReportEntry, ImportResult } from '../importResult';
import { ShapeReader } from '../shapeReader';
import { describeIntrinsic, intrinsicName, placeholderText } from './intrinsics';

const TABLE_TYPE = 'AWS::DynamoDB::Table';
const GLOBAL_TABLE_TYPE = 'AWS::DynamoDB::GlobalTable';
const DYNAMODB_TYPES = [TABLE_TYPE, GLOBAL_TABLE_TYPE] as const;
/** The table properties Keylab reads; every other one is listed as ignored in the report. */
const READ_PROPERTIES = new Set([
  'TableName',
  'KeySchema',
  'AttributeDefinitions',
  'GlobalSecondaryIndexes',
  'LocalSecondaryIndexes',
  'BillingMode',
  'ProvisionedThroughput',
  'WriteProvisionedThroughputSettings',
  'Replicas',
]);
/** A replica's or an index's settings Keylab reads (the rest of a replica is ignored with a note). */
const CAPACITY_DEFAULT = 5;

/**
 * Whether a parsed JSON or YAML value is a CloudFormation template Keylab
 * reads: it names the template format, or it has Resources of a DynamoDB type.
 */
export function isCloudFormationTemplate(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const root = value as Record<string, unknown>;
  if ('AWSTemplateFormatVersion' in root) return true;
  const resources = root.Resources;
  if (resources === null || typeof resources !== 'object' || Array.isArray(resources)) return false;
  return Object.values(resources).some(
    (resource) =>
      resource !== null && typeof resource === 'object' && (DYNAMODB_TYPES as readonly unknown[]).includes((resource as Record<string, unknown>).Type),
  );
}

/**
 * Imports a CloudFormation template (already parsed from JSON or YAML): one
 * table per `AWS::DynamoDB::Table` or `AWS::DynamoDB::GlobalTable` resource,
 * with its keys, attribute types, GSIs, LSIs, projections and billing, all
 * in one design. Intrinsic functions are read, never evaluated: a table name
 * built by one becomes a readable placeholder, with a warning. Everything
 * else (other resources, Tags, streams, TTL …) is listed as ignored in the
 * report. A template has no items: tables come without entities.
 *
 * @example
 * importCloudFormationValue(parseYaml(text), { fileName: "stack.yaml" }) // { ok: true, design, report, warnings }
 */
export function importCloudFormationValue(value: unknown, options: { readonly fileName?: string } = {}): ImportResult {
  const reader = new ShapeReader();
  const root = reader.object(value, '', 'a CloudFormation template (an object with Resources)');
  if (!root) return { ok: false, errors: reader.errors };
  const resources = reader.object(root.Resources, 'Resources', "the template's Resources (an object of logical id → resource)");
  if (!resources) return { ok: false, errors: reader.errors };
  const report: ImportReportEntry[] = [];
  const tables: TableDesign[] = [];
  const ignored: string[] = [];
  for (const [logicalId, raw] of Object.entries(resources)) {
    const path = `Resources.${logicalId}`;
    const resource = reader.object(raw, path, 'a resource ({"Type": "AWS::DynamoDB::Table", "Properties": {…}})');
    if (!resource) continue;
    const type = resource.Type;
    if (type !== TABLE_TYPE && type !== GLOBAL_TABLE_TYPE) {
      ignored.push(`${logicalId} (${typeof type === 'string' ? type : 'no Type'})`);
      continue;
    }
    const table = readTable(resource, logicalId, path, type, reader, report);
    if (!table) continue;
    const same = tables.findIndex((other) => other.name === table.name);
    if (same >= 0)
      reader.error(
        `${path}.Properties.TableName`,
        `"${table.name}" is already the name of another table in this template: table names are unique within a design.`,
      );
    tables.push(table);
  }
  if (tables.length === 0 && reader.errors.length === 0)
    reader.error('Resources', `the template has no ${TABLE_TYPE} or ${GLOBAL_TABLE_TYPE} resource: there is no table to import.`);
  if (reader.errors.length > 0) return { ok: false, errors: reader.errors };

  const base = options.fileName?.replace(/\.[^.]*$/, '').trim();
  const name = base && base !== '' ? base : 'CloudFormation template';
  const description = typeof root.Description === 'string' ? root.Description : '';
  const design: Design = { name, description, tables };
  // The design rules every design file passes (index counts, key attributes used twice, …), worded for the template.
  const checked = parseDesignDocument({ format: DESIGN_FORMAT, ...design });
  if (!checked.ok)
    return {
      ok: false,
      errors: checked.errors.map((problem) => ({ ...problem, message: `The table read from the template breaks a DynamoDB rule: ${problem.message}` })),
    };
  const notes = [
    ...(ignored.length > 0 ? [`Ignored resources (not DynamoDB tables): ${ignored.join(', ')}.`] : []),
    ...['Parameters', 'Conditions', 'Mappings', 'Outputs', 'Transform']
      .filter((section) => section in root)
      .map((section) => `Ignored section: ${section} (intrinsic functions are read, never evaluated).`),
    'A template has no items: each table starts without entities or samples.',
  ];
  report.unshift({
    scope: 'model',
    summary: `CloudFormation template: ${tables.length} table${tables.length === 1 ? '' : 's'} (${tables.map((table) => table.name).join(', ')}).`,
    notes,
  });
  return { ok: true, design, report, warnings: reader.warnings };
}

function readTable(
  resource: Record<string, unknown>,
  logicalId: string,
  path: string,
  type: string,
  reader: ShapeReader,
  report: ImportReportEntry[],
): TableDesign | undefined {
  const properties = reader.object(resource.Properties, `${path}.Properties`, `the ${type} properties (KeySchema, AttributeDefinitions, …)`);
  if (!properties) return undefined;
  const at = `${path}.Properties`;
  const name = tableName(properties.TableName, logicalId, `${at}.TableName`, reader);
  const types = attributeTypes(properties.AttributeDefinitions, `${at}.AttributeDefinitions`, reader);
  const keys = keySchema(properties.KeySchema, `${at}.KeySchema`, types, reader);
  const partitionKey = keys.partition[0];
  if (!partitionKey) {
    if (keys.partition.length === 0 && Array.isArray(properties.KeySchema))
      reader.error(`${at}.KeySchema`, 'has no HASH key: a table has one partition key ({"AttributeName": "PK", "KeyType": "HASH"}).');
    return undefined;
  }
  if (keys.partition.length > 1 || keys.sort.length > 1)
    reader.error(`${at}.KeySchema`, 'a table has one HASH and at most one RANGE key (several are for a global secondary index only).');
  const sortKey = keys.sort[0];
  const indexes: IndexDesign[] = [
    ...list(properties.GlobalSecondaryIndexes, `${at}.GlobalSecondaryIndexes`, reader).flatMap(
      (raw, i) => readIndex(raw, `${at}.GlobalSecondaryIndexes[${i}]`, 'GSI', types, partitionKey, reader) ?? [],
    ),
    ...list(properties.LocalSecondaryIndexes, `${at}.LocalSecondaryIndexes`, reader).flatMap(
      (raw, i) => readIndex(raw, `${at}.LocalSecondaryIndexes[${i}]`, 'LSI', types, partitionKey, reader) ?? [],
    ),
  ];
  const billing = type === GLOBAL_TABLE_TYPE ? globalTableBilling(properties, at, reader) : tableBilling(properties, at, reader);
  const ignored = Object.keys(properties).filter((key) => !READ_PROPERTIES.has(key) && !(type === TABLE_TYPE && key === 'Replicas'));
  const resourceIgnored = Object.keys(resource).filter((key) => key !== 'Type' && key !== 'Properties');
  const gsiCount = indexes.filter((index) => index.kind === 'GSI').length;
  report.push({
    scope: 'table',
    table: name,
    summary: `Table ${name} (${logicalId}, ${type}): ${partitionKey.name} (${partitionKey.type})${sortKey ? ` / ${sortKey.name} (${sortKey.type})` : ''}, ${gsiCount} GSI${gsiCount === 1 ? '' : 's'}, ${indexes.length - gsiCount} LSI${indexes.length - gsiCount === 1 ? '' : 's'}, ${billing.billingMode === 'PROVISIONED' ? `provisioned ${billing.provisioned?.readCapacityUnits ?? CAPACITY_DEFAULT} RCU / ${billing.provisioned?.writeCapacityUnits ?? CAPACITY_DEFAULT} WCU` : 'on-demand'}.`,
    notes: [
      ...(ignored.length > 0 ? [`Ignored properties: ${ignored.join(', ')}.`] : []),
      ...(resourceIgnored.length > 0 ? [`Ignored resource attributes: ${resourceIgnored.join(', ')}.`] : []),
      ...(type === GLOBAL_TABLE_TYPE
        ? ["Replicas: their regions, tags and per-replica settings are ignored (the first replica's read capacity is read)."]
        : []),
    ],
  });
  return { name, description: '', partitionKey, ...(sortKey ? { sortKey } : {}), indexes, ...billing, entities: [], accessPatterns: [] };
}

/** The table's name: as written, or a readable placeholder when an intrinsic builds it (or the logical id when there is none). */
function tableName(raw: unknown, logicalId: string, path: string, reader: ShapeReader): string {
  if (typeof raw === 'string' && raw !== '') {
    const problem = checkTableName(raw, 'table');
    if (problem) reader.error(path, problem);
    return raw;
  }
  if (raw === undefined) {
    reader.warn(
      path,
      `missing: CloudFormation generates a name when the stack is created; the table is named after its logical id, "${readableName(logicalId, logicalId)}".`,
    );
    return readableName(logicalId, logicalId);
  }
  const placeholder = readableName(placeholderText(raw) ?? logicalId, logicalId);
  reader.warn(
    path,
    `${intrinsicName(raw) ? describeIntrinsic(raw) : JSON.stringify(raw)} builds the name when the stack is created (not evaluated here); the table is named "${placeholder}". Rename it in the design if it matters.`,
  );
  return placeholder;
}

/** A valid DynamoDB table name close to `text`: other characters become "-", at least three characters. */
function readableName(text: string, logicalId: string): string {
  let name = text
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 255);
  if (name.length < 3) name = (name + '-' + logicalId).replace(/[^A-Za-z0-9_.-]+/g, '-').slice(0, 255);
  return name.length >= 3 ? name : `${name}Table`.slice(0, 255);
}

function list(raw: unknown, path: string, reader: ShapeReader): readonly unknown[] {
  if (raw === undefined || raw === null) return [];
  if (intrinsicName(raw)) {
    reader.warn(path, `${describeIntrinsic(raw)} is not evaluated: no ${path.split('.').pop()} were read.`);
    return [];
  }
  return reader.array(raw, path) ?? [];
}

function attributeTypes(raw: unknown, path: string, reader: ShapeReader): Map<string, KeyAttributeType> {
  const types = new Map<string, KeyAttributeType>();
  list(raw, path, reader).forEach((entry, i) => {
    const at = `${path}[${i}]`;
    const object = reader.object(entry, at, 'an attribute definition ({"AttributeName": "PK", "AttributeType": "S"})');
    if (!object) return;
    const name = reader.string(object.AttributeName, `${at}.AttributeName`, 'an attribute name');
    const type = reader.oneOf(object.AttributeType, `${at}.AttributeType`, ['S', 'N', 'B'] as const);
    if (name && type) types.set(name, type);
  });
  return types;
}

function keySchema(
  raw: unknown,
  path: string,
  types: ReadonlyMap<string, KeyAttributeType>,
  reader: ShapeReader,
): { partition: KeyAttributeDesign[]; sort: KeyAttributeDesign[] } {
  const keys = { partition: [] as KeyAttributeDesign[], sort: [] as KeyAttributeDesign[] };
  if (raw === undefined) {
    reader.error(path, 'is missing: a table names its keys ([{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}]).');
    return keys;
  }
  list(raw, path, reader).forEach((entry, i) => {
    const at = `${path}[${i}]`;
    const object = reader.object(entry, at, 'a key ({"AttributeName": "PK", "KeyType": "HASH"})');
    if (!object) return;
    const name = reader.string(object.AttributeName, `${at}.AttributeName`, 'an attribute name');
    const keyType = reader.oneOf(object.KeyType, `${at}.KeyType`, ['HASH', 'RANGE'] as const);
    if (!name || !keyType) return;
    const type = types.get(name);
    if (!type) {
      reader.error(`${at}.AttributeName`, `"${name}" is not in AttributeDefinitions: add {"AttributeName": "${name}", "AttributeType": "S"} (or N, B) there.`);
      return;
    }
    (keyType === 'HASH' ? keys.partition : keys.sort).push({ name, type });
  });
  return keys;
}

function readIndex(
  raw: unknown,
  path: string,
  kind: 'GSI' | 'LSI',
  types: ReadonlyMap<string, KeyAttributeType>,
  tablePartition: KeyAttributeDesign,
  reader: ShapeReader,
): IndexDesign | undefined {
  const object = reader.object(
    raw,
    path,
    `a ${kind === 'GSI' ? 'global' : 'local'} secondary index ({"IndexName": "GSI1", "KeySchema": […], "Projection": {…}})`,
  );
  if (!object) return undefined;
  const name = reader.string(object.IndexName, `${path}.IndexName`, 'an index name');
  if (name) {
    const problem = checkTableName(name, 'index');
    if (problem) reader.error(`${path}.IndexName`, problem);
  }
  const keys = keySchema(object.KeySchema, `${path}.KeySchema`, types, reader);
  const projection = readProjection(object.Projection, `${path}.Projection`, reader);
  if (!name || keys.partition.length === 0) {
    if (name && Array.isArray(object.KeySchema) && keys.partition.length === 0)
      reader.error(`${path}.KeySchema`, 'has no HASH key: an index has a partition key.');
    return undefined;
  }
  if (kind === 'LSI') {
    if (keys.partition.length !== 1 || keys.partition[0]!.name !== tablePartition.name)
      reader.error(`${path}.KeySchema`, `a local secondary index shares the table's partition key "${tablePartition.name}" (HASH) and adds one RANGE key.`);
    if (keys.sort.length !== 1) reader.error(`${path}.KeySchema`, 'a local secondary index has exactly one RANGE key.');
  } else if (keys.partition.length > 4 || keys.sort.length > 4)
    reader.error(`${path}.KeySchema`, 'a global secondary index has at most four HASH and four RANGE attributes.');
  return { name, kind, partitionKey: keys.partition, sortKey: keys.sort, projection };
}

function readProjection(raw: unknown, path: string, reader: ShapeReader): ProjectionDesign {
  if (raw === undefined || raw === null) {
    reader.warn(path, 'missing: read as ALL.');
    return { type: 'ALL', attributes: [] };
  }
  const object = reader.object(raw, path, 'a projection ({"ProjectionType": "ALL"})');
  const type =
    (object && reader.optional(object.ProjectionType, (value) => reader.oneOf(value, `${path}.ProjectionType`, ['ALL', 'KEYS_ONLY', 'INCLUDE'] as const))) ??
    'KEYS_ONLY';
  if (object && object.ProjectionType === undefined) reader.warn(`${path}.ProjectionType`, 'missing: DynamoDB projects the keys only (KEYS_ONLY).');
  const names =
    (object &&
      list(object.NonKeyAttributes, `${path}.NonKeyAttributes`, reader).flatMap(
        (entry, i) => reader.string(entry, `${path}.NonKeyAttributes[${i}]`, 'an attribute name') ?? [],
      )) ??
    [];
  if (type === 'INCLUDE' && names.length === 0) reader.warn(`${path}.NonKeyAttributes`, 'an INCLUDE projection without attributes projects the keys only.');
  if (type !== 'INCLUDE' && names.length > 0) reader.warn(`${path}.NonKeyAttributes`, `only an INCLUDE projection lists attributes; ignored for ${type}.`);
  return { type, attributes: type === 'INCLUDE' ? names : [] };
}

/** A capacity written as a number (or numeric text); an intrinsic or anything else is warned about and read as 5. */
function capacity(raw: unknown, path: string, reader: ShapeReader): number {
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value;
  const what =
    raw === undefined ? 'missing' : intrinsicName(raw) ? `${describeIntrinsic(raw)} (not evaluated)` : `${JSON.stringify(raw)} is not a whole number ≥ 1`;
  reader.warn(path, `${what}; ${CAPACITY_DEFAULT} is used.`);
  return CAPACITY_DEFAULT;
}

function billingMode(raw: unknown, path: string, fallback: 'PROVISIONED' | 'PAY_PER_REQUEST', reader: ShapeReader): 'PROVISIONED' | 'PAY_PER_REQUEST' {
  if (raw === undefined) return fallback;
  if (intrinsicName(raw)) {
    reader.warn(path, `${describeIntrinsic(raw)} is not evaluated; read as ${fallback}.`);
    return fallback;
  }
  return reader.oneOf(raw, path, ['PROVISIONED', 'PAY_PER_REQUEST'] as const) ?? fallback;
}

/** AWS::DynamoDB::Table: BillingMode (PROVISIONED when absent, as CloudFormation does) and ProvisionedThroughput. */
function tableBilling(properties: Record<string, unknown>, at: string, reader: ShapeReader): Pick<TableDesign, 'billingMode' | 'provisioned'> {
  const mode = billingMode(properties.BillingMode, `${at}.BillingMode`, 'PROVISIONED', reader);
  if (mode === 'PAY_PER_REQUEST') return { billingMode: mode };
  const throughput = reader.optional(properties.ProvisionedThroughput, (value) => reader.object(value, `${at}.ProvisionedThroughput`));
  if (!throughput)
    reader.warn(`${at}.ProvisionedThroughput`, `missing for a PROVISIONED table; ${CAPACITY_DEFAULT} read and ${CAPACITY_DEFAULT} write units are used.`);
  return {
    billingMode: mode,
    provisioned: throughput
      ? {
          readCapacityUnits: capacity(throughput.ReadCapacityUnits, `${at}.ProvisionedThroughput.ReadCapacityUnits`, reader),
          writeCapacityUnits: capacity(throughput.WriteCapacityUnits, `${at}.ProvisionedThroughput.WriteCapacityUnits`, reader),
        }
      : { readCapacityUnits: CAPACITY_DEFAULT, writeCapacityUnits: CAPACITY_DEFAULT },
  };
}

/**
 * AWS::DynamoDB::GlobalTable: BillingMode (PAY_PER_REQUEST when absent);
 * when PROVISIONED, writes from WriteProvisionedThroughputSettings' auto
 * scaling (its MinCapacity) and reads from the first replica's
 * ReadProvisionedThroughputSettings (ReadCapacityUnits, or its auto scaling's MinCapacity).
 */
function globalTableBilling(properties: Record<string, unknown>, at: string, reader: ShapeReader): Pick<TableDesign, 'billingMode' | 'provisioned'> {
  const mode = billingMode(properties.BillingMode, `${at}.BillingMode`, 'PAY_PER_REQUEST', reader);
  if (mode === 'PAY_PER_REQUEST') return { billingMode: mode };
  const write = objectAt(properties, ['WriteProvisionedThroughputSettings', 'WriteCapacityAutoScalingSettings']);
  const writePath = `${at}.WriteProvisionedThroughputSettings.WriteCapacityAutoScalingSettings.MinCapacity`;
  const replicas = Array.isArray(properties.Replicas) ? properties.Replicas : [];
  const readSettings = objectAt(replicas[0], ['ReadProvisionedThroughputSettings']);
  const readPath = `${at}.Replicas[0].ReadProvisionedThroughputSettings`;
  const readAutoScaling = objectAt(readSettings, ['ReadCapacityAutoScalingSettings']);
  const readCapacityUnits =
    readSettings?.ReadCapacityUnits !== undefined
      ? capacity(readSettings.ReadCapacityUnits, `${readPath}.ReadCapacityUnits`, reader)
      : capacity(readAutoScaling?.MinCapacity, `${readPath}.ReadCapacityAutoScalingSettings.MinCapacity`, reader);
  return { billingMode: mode, provisioned: { readCapacityUnits, writeCapacityUnits: capacity(write?.MinCapacity, writePath, reader) } };
}

function objectAt(value: unknown, keys: readonly string[]): Record<string, unknown> | undefined {
  let current = value;
  for (const key of keys) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current !== null && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : undefined;
}
