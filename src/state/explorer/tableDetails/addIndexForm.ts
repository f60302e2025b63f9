import type { Projection, ScalarAttributeType, TableDescription, UpdateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { partitionAttributesOf, sortAttributesOf } from '../../../expressions';
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
  /**
   * A multi-attribute key's further partition and sort attributes (the 2nd to
   * the 4th of each, left to right), after the named ones: filled in from a
   * design's index (the Design tab's multi-attribute conversion), not typed in
   * the dialog. Absent or empty: a single-attribute key.
   */
  readonly morePartitionKeys?: readonly IndexKeyAttribute[];
  readonly moreSortKeys?: readonly IndexKeyAttribute[];
}

/** One attribute of an index's key, as the dialog sends it. */
export interface IndexKeyAttribute {
  readonly name: string;
  readonly type: KeyType;
}

/** DynamoDB's limit on a GSI's partition attributes and on its sort attributes (multi-attribute keys). */
const MAX_KEY_ATTRIBUTES = 4;

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
    for (const attribute of [...partitionAttributesOf(keys), ...sortAttributesOf(keys)]) types.set(attribute.name, attribute.type);
  }
  return types;
}

/** The index's key attributes left to right, partition then sort, with their KeyType. */
function keyElements(form: AddIndexForm): { name: string; type: KeyType; keyType: 'HASH' | 'RANGE' }[] {
  return [
    { name: form.partitionKeyName, type: form.partitionKeyType, keyType: 'HASH' as const },
    ...(form.morePartitionKeys ?? []).map((attribute) => ({ ...attribute, keyType: 'HASH' as const })),
    ...(form.sortKeyName
      ? [
          { name: form.sortKeyName, type: form.sortKeyType, keyType: 'RANGE' as const },
          ...(form.moreSortKeys ?? []).map((attribute) => ({ ...attribute, keyType: 'RANGE' as const })),
        ]
      : []),
  ];
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
  if (names.length > MAX_PROJECTED_ATTRIBUTES)
    return `An index projects at most ${MAX_PROJECTED_ATTRIBUTES} attributes besides the keys; this lists ${names.length}.`;
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
    if (utf8Length(keyName) > MAX_KEY_NAME_BYTES)
      errors[field] = `A key attribute name is at most ${MAX_KEY_NAME_BYTES} bytes (UTF-8); this one has ${utf8Length(keyName)}.`;
    else if (types.has(keyName) && types.get(keyName) !== type)
      errors[field] = `${keyName} is already a ${types.get(keyName)} key attribute of ${table.name}: the ${role} must use ${types.get(keyName)} too.`;
  };
  if (form.partitionKeyName === '') errors.partitionKeyName = 'Name the partition key attribute.';
  else checkKey('partitionKeyName', form.partitionKeyName, form.partitionKeyType, 'partition key');
  if (form.sortKeyName !== '') {
    if (form.sortKeyName === form.partitionKeyName) errors.sortKeyName = 'The sort key must be another attribute than the partition key (or leave it empty).';
    else checkKey('sortKeyName', form.sortKeyName, form.sortKeyType, 'sort key');
  } else if ((form.moreSortKeys ?? []).length > 0) errors.sortKeyName = 'Name the first sort key attribute: the further sort attributes follow it.';
  checkMoreKeys(form, types, table.name, errors);

  if (form.projection === 'INCLUDE') {
    const problem = includeProblem(
      includeNames(form.includeText),
      new Set([table.keys.partitionKey.name, table.keys.sortKey?.name, form.partitionKeyName, form.sortKeyName]),
    );
    if (problem) errors.includeText = problem;
  }
  return errors;
}

/** A multi-attribute key's further attributes: at most four of each role, each named once, each typed as the table defines it. */
function checkMoreKeys(form: AddIndexForm, types: ReadonlyMap<string, KeyType>, tableName: string, errors: { -readonly [K in AddIndexField]?: string }): void {
  const all = keyElements(form);
  for (const [field, role, more] of [
    ['partitionKeyName', 'partition', form.morePartitionKeys ?? []],
    ['sortKeyName', 'sort', form.moreSortKeys ?? []],
  ] as const) {
    if (errors[field] || more.length === 0) continue;
    if (more.length + 1 > MAX_KEY_ATTRIBUTES)
      errors[field] = `A GSI's ${role} key has at most ${MAX_KEY_ATTRIBUTES} attributes; this one has ${more.length + 1}.`;
    const twice = more.find((attribute) => all.filter((other) => other.name === attribute.name).length > 1);
    const retyped = more.find((attribute) => types.has(attribute.name) && types.get(attribute.name) !== attribute.type);
    const empty = more.find((attribute) => attribute.name === '');
    if (errors[field]) continue;
    if (empty) errors[field] = `Every ${role} key attribute needs a name.`;
    else if (twice) errors[field] = `${twice.name} is named twice in the index's key: each key attribute appears once.`;
    else if (retyped)
      errors[field] =
        `${retyped.name} is already a ${types.get(retyped.name)} key attribute of ${tableName}: the index must use ${types.get(retyped.name)} too.`;
  }
}

/**
 * The UpdateTable request that creates the index: its key attributes defined
 * (a multi-attribute key: every HASH then every RANGE attribute, left to
 * right), and, on a provisioned table, the table's own throughput for the index
 * (DynamoDB requires one there).
 */
export function addIndexRequest(form: AddIndexForm, tableName: string, description?: TableDescription): UpdateTableCommandInput {
  const keys = keyElements(form);
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
          ...(provisioned
            ? { ProvisionedThroughput: { ReadCapacityUnits: throughput?.ReadCapacityUnits ?? 1, WriteCapacityUnits: throughput?.WriteCapacityUnits ?? 1 } }
            : {}),
        },
      },
    ],
  };
}
