import type {
  CreateTableCommandInput,
  GlobalSecondaryIndex,
  KeySchemaElement,
  LocalSecondaryIndex,
  Projection,
  StreamViewType,
} from '@aws-sdk/client-dynamodb';
import type { KeyType } from '../../../keys';
import {
  includeNames,
  includeProblem,
  indexNameProblem,
  MAX_KEY_NAME_BYTES,
  projectionOf,
  utf8Length,
  type ProjectionChoice,
} from '../tableDetails/addIndexForm';

export type IndexKind = 'GSI' | 'LSI';
export type BillingChoice = 'PAY_PER_REQUEST' | 'PROVISIONED';
/** '' for no stream. */
export type StreamChoice = '' | StreamViewType;

/** One secondary index of the Create table form, as typed. */
export interface IndexRowForm {
  readonly kind: IndexKind;
  readonly name: string;
  /** A GSI's own partition key; an LSI has the table's. */
  readonly partitionKeyName: string;
  readonly partitionKeyType: KeyType;
  /** Optional for a GSI, required for an LSI. */
  readonly sortKeyName: string;
  readonly sortKeyType: KeyType;
  readonly projection: ProjectionChoice;
  /** INCLUDE's attributes, separated by commas or new lines. */
  readonly includeText: string;
  /** A GSI's own capacities on a provisioned table. */
  readonly readCapacity: string;
  readonly writeCapacity: string;
}

/** The Create table dialog's fields, as typed. */
export interface CreateTableForm {
  readonly tableName: string;
  readonly partitionKeyName: string;
  readonly partitionKeyType: KeyType;
  /** Empty: no sort key. */
  readonly sortKeyName: string;
  readonly sortKeyType: KeyType;
  readonly billingMode: BillingChoice;
  readonly readCapacity: string;
  readonly writeCapacity: string;
  readonly indexes: readonly IndexRowForm[];
  /** Empty: no time to live. Else enabled with UpdateTimeToLive once the table is ACTIVE. */
  readonly ttlAttribute: string;
  readonly streamViewType: StreamChoice;
}

export type TableField = Exclude<keyof CreateTableForm, 'indexes'>;
export type IndexRowField = Exclude<keyof IndexRowForm, 'kind'>;
/** A field of the form: a table field, or `indexes.<n>.<field>` for the n-th index row. */
export type CreateTableField = TableField | `indexes.${number}.${IndexRowField}`;
export type CreateTableErrors = Partial<Record<CreateTableField, string>>;

/** The error key of an index row's field. */
export function indexField(row: number, field: IndexRowField): CreateTableField {
  return `indexes.${row}.${field}`;
}

export const EMPTY_CREATE_TABLE_FORM: CreateTableForm = {
  tableName: '',
  partitionKeyName: '',
  partitionKeyType: 'S',
  sortKeyName: '',
  sortKeyType: 'S',
  billingMode: 'PAY_PER_REQUEST',
  readCapacity: '5',
  writeCapacity: '5',
  indexes: [],
  ttlAttribute: '',
  streamViewType: '',
};

export function emptyIndexRow(kind: IndexKind): IndexRowForm {
  return {
    kind,
    name: '',
    partitionKeyName: '',
    partitionKeyType: 'S',
    sortKeyName: '',
    sortKeyType: 'S',
    projection: 'ALL',
    includeText: '',
    readCapacity: '5',
    writeCapacity: '5',
  };
}

/** DynamoDB's limits on a table's secondary indexes. */
export const MAX_GSIS = 20;
export const MAX_LSIS = 5;
/** NonKeyAttributes summed over all of a table's indexes (the same attribute in two indexes counts twice). */
const MAX_PROJECTED_TOTAL = 100;

/** DynamoDB's table-name rule: 3 to 255 characters of letters, digits, `_`, `-` and `.`. */
const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;
const POSITIVE_INTEGER = /^[1-9][0-9]*$/;

/** "GSI 1 (byStatus)": where an index row's message points (numbered by kind, as the dialog titles the rows). */
function rowLabel(rows: readonly IndexRowForm[], position: number): string {
  const row = rows[position]!;
  const number = rows.slice(0, position + 1).filter((entry) => entry.kind === row.kind).length;
  return `${row.kind} ${number}${row.name ? ` (${row.name})` : ''}`;
}

function capacityProblem(label: string, text: string): string | undefined {
  return POSITIVE_INTEGER.test(text.trim()) ? undefined : `${label}: "${text}" is not a positive whole number; type 1 or more.`;
}

function keyNameProblem(label: string, name: string): string | undefined {
  const bytes = utf8Length(name);
  return bytes > MAX_KEY_NAME_BYTES ? `${label}: ${bytes} bytes long; a key attribute name is at most ${MAX_KEY_NAME_BYTES} bytes (UTF-8).` : undefined;
}

/** An index row's key attributes, with its LSI partition key taken from the table. */
function rowKeys(form: CreateTableForm, row: IndexRowForm): { partition: { name: string; type: KeyType }; sort?: { name: string; type: KeyType } } {
  const partition =
    row.kind === 'LSI' ? { name: form.partitionKeyName, type: form.partitionKeyType } : { name: row.partitionKeyName, type: row.partitionKeyType };
  return { partition, ...(row.sortKeyName ? { sort: { name: row.sortKeyName, type: row.sortKeyType } } : {}) };
}

/**
 * What is wrong with `form`, by field (empty when it can be sent). Checked
 * before sending, as DynamoDB would refuse, each message saying where, what
 * and how to fix it; DynamoDB gives the final word on the rest.
 */
export function validateCreateTable(form: CreateTableForm): CreateTableErrors {
  const errors: CreateTableErrors = {};
  const name = form.tableName;
  if (name.length < 3 || name.length > 255) {
    errors.tableName = `Table name: "${name}" is ${name.length} character${name.length === 1 ? '' : 's'} long; a table name has 3 to 255 characters.`;
  } else if (!TABLE_NAME.test(name)) {
    errors.tableName = `Table name: "${name}" has characters DynamoDB does not allow; use only letters, digits, "_", "-" and ".".`;
  }
  if (form.partitionKeyName.length === 0) errors.partitionKeyName = 'Partition key name: empty; type the name of the partition key attribute.';
  else if (keyNameProblem('Partition key name', form.partitionKeyName)) errors.partitionKeyName = keyNameProblem('Partition key name', form.partitionKeyName);
  if (form.sortKeyName.length > 0 && form.sortKeyName === form.partitionKeyName) {
    errors.sortKeyName = `Sort key name: "${form.sortKeyName}" is also the partition key; give the sort key another name, or leave it empty for no sort key.`;
  } else if (keyNameProblem('Sort key name', form.sortKeyName)) errors.sortKeyName = keyNameProblem('Sort key name', form.sortKeyName);
  const provisioned = form.billingMode === 'PROVISIONED';
  if (provisioned) {
    const read = capacityProblem('Read capacity', form.readCapacity);
    const write = capacityProblem('Write capacity', form.writeCapacity);
    if (read) errors.readCapacity = read;
    if (write) errors.writeCapacity = write;
  }

  // One type per attribute name across the table's and the indexes' keys (AttributeDefinitions holds each name once).
  const types = new Map<string, { type: KeyType; where: string }>([
    [form.partitionKeyName, { type: form.partitionKeyType, where: 'the table’s partition key' }],
  ]);
  if (form.sortKeyName) types.set(form.sortKeyName, { type: form.sortKeyType, where: 'the table’s sort key' });
  const checkType = (field: CreateTableField, keyName: string, type: KeyType, where: string, label: string) => {
    const known = types.get(keyName);
    if (!known) types.set(keyName, { type, where });
    else if (known.type !== type)
      errors[field] ??=
        `${label}: ${keyName} is already ${known.where}, of type ${known.type}; an attribute has one type in all keys: choose ${known.type} here too.`;
  };

  const names = new Map<string, number>();
  let projectedTotal = 0;
  form.indexes.forEach((row, position) => {
    const at = rowLabel(form.indexes, position);
    const field = (name: IndexRowField) => indexField(position, name);
    const nameProblem = indexNameProblem(row.name);
    if (nameProblem) errors[field('name')] = `${at}, index name: ${nameProblem}`;
    else if (names.has(row.name))
      errors[field('name')] =
        `${at}, index name: ${rowLabel(form.indexes, names.get(row.name)!).replace(/ \(.*\)$/, '')} is named ${row.name} too; each index needs its own name.`;
    else names.set(row.name, position);

    if (row.kind === 'GSI') {
      if (row.partitionKeyName === '') errors[field('partitionKeyName')] = `${at}, partition key: empty; type the attribute the index is partitioned by.`;
      else if (keyNameProblem(`${at}, partition key`, row.partitionKeyName))
        errors[field('partitionKeyName')] = keyNameProblem(`${at}, partition key`, row.partitionKeyName);
      else checkType(field('partitionKeyName'), row.partitionKeyName, row.partitionKeyType, `the partition key of ${at}`, `${at}, partition key`);
    } else if (!form.sortKeyName) {
      errors[field('sortKeyName')] = `${at}: a local secondary index needs a table with a sort key; give the table a sort key, or make this index a GSI.`;
    }
    const { partition } = rowKeys(form, row);
    if (row.sortKeyName === '') {
      if (row.kind === 'LSI')
        errors[field('sortKeyName')] ??= `${at}, sort key: empty; a local secondary index sorts by another attribute than the table: type its name.`;
    } else if (row.sortKeyName === partition.name) {
      errors[field('sortKeyName')] =
        `${at}, sort key: "${row.sortKeyName}" is also the index's partition key; choose another attribute${row.kind === 'GSI' ? ', or leave it empty' : ''}.`;
    } else if (keyNameProblem(`${at}, sort key`, row.sortKeyName)) errors[field('sortKeyName')] = keyNameProblem(`${at}, sort key`, row.sortKeyName);
    else checkType(field('sortKeyName'), row.sortKeyName, row.sortKeyType, `the sort key of ${at}`, `${at}, sort key`);

    if (row.projection === 'INCLUDE') {
      const included = includeNames(row.includeText);
      const problem = includeProblem(included, new Set([form.partitionKeyName, form.sortKeyName, partition.name, row.sortKeyName]));
      if (problem) errors[field('includeText')] = `${at}, projected attributes: ${problem}`;
      projectedTotal += included.length;
      if (!problem && projectedTotal > MAX_PROJECTED_TOTAL) {
        errors[field('includeText')] =
          `${at}, projected attributes: the indexes project ${projectedTotal} attributes in all; DynamoDB allows ${MAX_PROJECTED_TOTAL} across a table's indexes: project fewer, or choose ALL.`;
      }
    }
    if (row.kind === 'GSI' && provisioned) {
      const read = capacityProblem(`${at}, read capacity`, row.readCapacity);
      const write = capacityProblem(`${at}, write capacity`, row.writeCapacity);
      if (read) errors[field('readCapacity')] = read;
      if (write) errors[field('writeCapacity')] = write;
    }
  });
  const count = (kind: IndexKind) => form.indexes.filter((row) => row.kind === kind).length;
  if (count('GSI') > MAX_GSIS)
    errors[indexField(form.indexes.length - 1, 'name')] ??=
      `Indexes: ${count('GSI')} GSIs; a table has at most ${MAX_GSIS}: remove ${count('GSI') - MAX_GSIS}.`;
  if (count('LSI') > MAX_LSIS)
    errors[indexField(form.indexes.length - 1, 'name')] ??=
      `Indexes: ${count('LSI')} LSIs; a table has at most ${MAX_LSIS}: remove ${count('LSI') - MAX_LSIS}.`;

  if (form.ttlAttribute !== '' && keyNameProblem('Time to live attribute', form.ttlAttribute))
    errors.ttlAttribute = keyNameProblem('Time to live attribute', form.ttlAttribute);
  else if (form.ttlAttribute.trim() !== form.ttlAttribute)
    errors.ttlAttribute = `Time to live attribute: "${form.ttlAttribute}" has spaces at an end; remove them (attribute names are exact).`;
  return errors;
}

function keySchema(partition: string, sort: string | undefined): KeySchemaElement[] {
  return [{ AttributeName: partition, KeyType: 'HASH' }, ...(sort ? [{ AttributeName: sort, KeyType: 'RANGE' as const }] : [])];
}

const throughputOf = (read: string, write: string) => ({ ReadCapacityUnits: Number(read.trim()), WriteCapacityUnits: Number(write.trim()) });

/** The CreateTable request for a valid `form` (time to live is a separate UpdateTimeToLive, see {@link timeToLiveRequest}). */
export function createTableRequest(form: CreateTableForm): CreateTableCommandInput {
  const definitions = new Map<string, KeyType>([[form.partitionKeyName, form.partitionKeyType]]);
  if (form.sortKeyName) definitions.set(form.sortKeyName, form.sortKeyType);
  const provisioned = form.billingMode === 'PROVISIONED';
  const gsis: GlobalSecondaryIndex[] = [];
  const lsis: LocalSecondaryIndex[] = [];
  for (const row of form.indexes) {
    const { partition, sort } = rowKeys(form, row);
    definitions.set(partition.name, partition.type);
    if (sort) definitions.set(sort.name, sort.type);
    const index = { IndexName: row.name, KeySchema: keySchema(partition.name, sort?.name), Projection: projectionOf(row.projection, row.includeText) };
    if (row.kind === 'LSI') lsis.push(index);
    else gsis.push({ ...index, ...(provisioned ? { ProvisionedThroughput: throughputOf(row.readCapacity, row.writeCapacity) } : {}) });
  }
  return {
    TableName: form.tableName,
    AttributeDefinitions: [...definitions].map(([name, type]) => ({ AttributeName: name, AttributeType: type })),
    KeySchema: keySchema(form.partitionKeyName, form.sortKeyName || undefined),
    ...(gsis.length > 0 ? { GlobalSecondaryIndexes: gsis } : {}),
    ...(lsis.length > 0 ? { LocalSecondaryIndexes: lsis } : {}),
    ...(provisioned
      ? { BillingMode: 'PROVISIONED', ProvisionedThroughput: throughputOf(form.readCapacity, form.writeCapacity) }
      : { BillingMode: 'PAY_PER_REQUEST' }),
    ...(form.streamViewType ? { StreamSpecification: { StreamEnabled: true, StreamViewType: form.streamViewType } } : {}),
  };
}

/** The UpdateTimeToLive request the form asks for once the table is ACTIVE, or undefined without a TTL attribute. */
export function timeToLiveRequest(form: CreateTableForm) {
  return form.ttlAttribute ? { TableName: form.tableName, TimeToLiveSpecification: { Enabled: true, AttributeName: form.ttlAttribute } } : undefined;
}

function projectionRow(projection: Projection | undefined): Pick<IndexRowForm, 'projection' | 'includeText'> {
  const type = (projection?.ProjectionType ?? 'ALL') as ProjectionChoice;
  return { projection: type, includeText: type === 'INCLUDE' ? (projection?.NonKeyAttributes ?? []).join(', ') : '' };
}

/**
 * The form holding `input` (a design table's CreateTable input), or why it
 * can't: the form has one attribute per key, a multi-attribute GSI key has
 * several (Create as designed sends such an input unchanged).
 */
export function formFromCreateTableInput(input: CreateTableCommandInput): { form: CreateTableForm } | { problem: string } {
  const types = new Map((input.AttributeDefinitions ?? []).map((definition) => [definition.AttributeName ?? '', (definition.AttributeType ?? 'S') as KeyType]));
  const keysOf = (schema: readonly KeySchemaElement[] | undefined) => {
    const hash = (schema ?? []).filter((element) => element.KeyType === 'HASH');
    const range = (schema ?? []).filter((element) => element.KeyType === 'RANGE');
    if (hash.length !== 1 || range.length > 1) return undefined;
    const name = (element: KeySchemaElement | undefined) => element?.AttributeName ?? '';
    return {
      partitionKeyName: name(hash[0]),
      partitionKeyType: types.get(name(hash[0])) ?? 'S',
      sortKeyName: name(range[0]),
      sortKeyType: types.get(name(range[0])) ?? 'S',
    };
  };
  const table = keysOf(input.KeySchema);
  if (!table) return { problem: `${input.TableName}: its key has several attributes, which the form does not hold; use Create as designed.` };
  const capacity = (throughput: { ReadCapacityUnits?: number; WriteCapacityUnits?: number } | undefined) =>
    throughput ? { readCapacity: String(throughput.ReadCapacityUnits ?? 5), writeCapacity: String(throughput.WriteCapacityUnits ?? 5) } : {};
  const indexes: IndexRowForm[] = [];
  for (const [kind, list] of [
    ['GSI', input.GlobalSecondaryIndexes ?? []],
    ['LSI', input.LocalSecondaryIndexes ?? []],
  ] as const) {
    for (const index of list) {
      const keys = keysOf(index.KeySchema);
      if (!keys)
        return {
          problem: `${input.TableName}: index ${index.IndexName} has a multi-attribute key, which the form does not hold (one attribute per key); use Create as designed.`,
        };
      const throughput = 'ProvisionedThroughput' in index ? index.ProvisionedThroughput : undefined;
      indexes.push({ ...emptyIndexRow(kind), name: index.IndexName ?? '', ...keys, ...projectionRow(index.Projection), ...capacity(throughput) });
    }
  }
  return {
    form: {
      ...EMPTY_CREATE_TABLE_FORM,
      tableName: input.TableName ?? '',
      ...table,
      billingMode: input.BillingMode === 'PROVISIONED' ? 'PROVISIONED' : 'PAY_PER_REQUEST',
      ...capacity(input.ProvisionedThroughput),
      indexes,
      streamViewType: input.StreamSpecification?.StreamEnabled ? (input.StreamSpecification.StreamViewType ?? 'NEW_AND_OLD_IMAGES') : '',
    },
  };
}
