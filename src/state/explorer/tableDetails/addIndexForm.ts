import type { Projection, ScalarAttributeType, TableDescription, UpdateTableCommandInput } from '@aws-sdk/client-dynamodb';
import type { KeyType } from '../../../keys';
import type { TableSummary } from '../explorerTypes';

export type ProjectionChoice = 'ALL' | 'KEYS_ONLY' | 'INCLUDE';

/** The Add index dialog, as typed. */
export interface AddIndexForm {
  readonly indexName: string;
  readonly partitionKeyName: string;
  readonly partitionKeyType: KeyType;
  /** '' for an index without a sort key. */
  readonly sortKeyName: string;
  readonly sortKeyType: KeyType;
  readonly projection: ProjectionChoice;
  /** INCLUDE's attributes, separated by commas or new lines. */
  readonly includeText: string;
}

export type AddIndexField = 'indexName' | 'partitionKeyName' | 'sortKeyName' | 'includeText';
export type AddIndexErrors = Partial<Record<AddIndexField, string>>;

export const EMPTY_ADD_INDEX_FORM: AddIndexForm = {
  indexName: '',
  partitionKeyName: '',
  partitionKeyType: 'S',
  sortKeyName: '',
  sortKeyType: 'S',
  projection: 'ALL',
  includeText: '',
};

/** DynamoDB's index name rule: 3 to 255 of a-z, A-Z, 0-9, `_`, `-`, `.`. */
const INDEX_NAME = /^[A-Za-z0-9_.-]{3,255}$/;
/** Key attribute names are 1 to 255 bytes of UTF-8. */
export const MAX_KEY_NAME_BYTES = 255;
/** NonKeyAttributes across all of a table's indexes. */
const MAX_PROJECTED_ATTRIBUTES = 100;

export const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** The attribute types the table already defines (its keys and its indexes' keys): an index key must use the same type. */
function definedTypes(table: TableSummary): Map<string, KeyType> {
  const types = new Map<string, KeyType>();
  for (const keys of [table.keys, ...table.indexes.map((index) => index.keys)]) {
    types.set(keys.partitionKey.name, keys.partitionKey.type);
    if (keys.sortKey) types.set(keys.sortKey.name, keys.sortKey.type);
  }
  return types;
}

/** INCLUDE's attribute names as typed (commas or new lines between them). */
export function includeNames(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** What is wrong with an index name by DynamoDB's rule (3 to 255 of a-z, A-Z, 0-9, `_`, `-`, `.`), or undefined. */
export function indexNameProblem(name: string): string | undefined {
  if (name === '') return 'Name the index, e.g. byStatus.';
  if (INDEX_NAME.test(name)) return undefined;
  return name.length < 3 || name.length > 255
    ? `An index name is 3 to 255 characters long; "${name}" has ${name.length}.`
    : `An index name may contain only a-z, A-Z, 0-9, "_", "-" and "."; "${name}" has ${JSON.stringify([...name].find((char) => !/[A-Za-z0-9_.-]/.test(char)))}.`;
}

/** What is wrong with INCLUDE's attribute list (`keyNames`: the table's and the index's key attributes, projected always), or undefined. */
export function includeProblem(names: readonly string[], keyNames: ReadonlySet<string | undefined>): string | undefined {
  const duplicate = names.find((attribute, index) => names.indexOf(attribute) !== index);
  if (names.length === 0) return 'List the attributes to project besides the keys (comma-separated), or choose ALL or KEYS_ONLY.';
  if (duplicate !== undefined) return `${duplicate} is listed twice: list each attribute once.`;
  const key = names.find((attribute) => keyNames.has(attribute));
  if (key !== undefined) return `${key} is a key attribute, which every index projects already: leave it out.`;
  if (names.length > MAX_PROJECTED_ATTRIBUTES) return `An index projects at most ${MAX_PROJECTED_ATTRIBUTES} attributes besides the keys; this lists ${names.length}.`;
  return undefined;
}

/** An index's Projection as the form chose it. */
export function projectionOf(projection: ProjectionChoice, includeText: string): Projection {
  return { ProjectionType: projection, ...(projection === 'INCLUDE' ? { NonKeyAttributes: includeNames(includeText) } : {}) };
}

/**
 * Checks the dialog before anything is sent, with messages that say what is
 * wrong and how to fix it (DynamoDB gives the final word on the rest).
 */
export function validateAddIndex(form: AddIndexForm, table: TableSummary): AddIndexErrors {
  const errors: { -readonly [K in AddIndexField]?: string } = {};
  const name = form.indexName;
  const nameProblem = indexNameProblem(name);
  if (nameProblem) errors.indexName = nameProblem;
  else if (table.indexes.some((index) => index.name === name)) errors.indexName = `${table.name} already has an index named ${name}: choose another name.`;

  const types = definedTypes(table);
  const checkKey = (field: 'partitionKeyName' | 'sortKeyName', keyName: string, type: KeyType, role: string) => {
    if (utf8Length(keyName) > MAX_KEY_NAME_BYTES) errors[field] = `A key attribute name is at most ${MAX_KEY_NAME_BYTES} bytes (UTF-8); this one has ${utf8Length(keyName)}.`;
    else if (types.has(keyName) && types.get(keyName) !== type) errors[field] = `${keyName} is already a ${types.get(keyName)} key attribute of ${table.name}: the ${role} must use ${types.get(keyName)} too.`;
  };
  if (form.partitionKeyName === '') errors.partitionKeyName = 'Name the partition key attribute.';
  else checkKey('partitionKeyName', form.partitionKeyName, form.partitionKeyType, 'partition key');
  if (form.sortKeyName !== '') {
    if (form.sortKeyName === form.partitionKeyName) errors.sortKeyName = 'The sort key must be another attribute than the partition key (or leave it empty).';
    else checkKey('sortKeyName', form.sortKeyName, form.sortKeyType, 'sort key');
  }

  if (form.projection === 'INCLUDE') {
    const problem = includeProblem(includeNames(form.includeText), new Set([table.keys.partitionKey.name, table.keys.sortKey?.name, form.partitionKeyName, form.sortKeyName]));
    if (problem) errors.includeText = problem;
  }
  return errors;
}

/**
 * The UpdateTable request that creates the index: its key attributes defined,
 * and, on a provisioned table, the table's own throughput for the index
 * (DynamoDB requires one there).
 */
export function addIndexRequest(form: AddIndexForm, tableName: string, description?: TableDescription): UpdateTableCommandInput {
  const keys = [
    { name: form.partitionKeyName, type: form.partitionKeyType, keyType: 'HASH' as const },
    ...(form.sortKeyName ? [{ name: form.sortKeyName, type: form.sortKeyType, keyType: 'RANGE' as const }] : []),
  ];
  const throughput = description?.ProvisionedThroughput;
  const provisioned = description?.BillingModeSummary?.BillingMode !== 'PAY_PER_REQUEST' && (throughput?.ReadCapacityUnits ?? 0) > 0;
  return {
    TableName: tableName,
    AttributeDefinitions: keys.map((key) => ({ AttributeName: key.name, AttributeType: key.type as ScalarAttributeType })),
    GlobalSecondaryIndexUpdates: [
      {
        Create: {
          IndexName: form.indexName,
          KeySchema: keys.map((key) => ({ AttributeName: key.name, KeyType: key.keyType })),
          Projection: projectionOf(form.projection, form.includeText),
          ...(provisioned ? { ProvisionedThroughput: { ReadCapacityUnits: throughput?.ReadCapacityUnits ?? 1, WriteCapacityUnits: throughput?.WriteCapacityUnits ?? 1 } } : {}),
        },
      },
    ],
  };
}
