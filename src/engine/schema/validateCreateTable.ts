import type {
  AttributeDefinition,
  CreateTableCommandInput,
  GlobalSecondaryIndex,
  KeySchemaElement,
  LocalSecondaryIndex,
  ProvisionedThroughput,
} from '@aws-sdk/client-dynamodb';
import { keySchemaFrom, validationError, type KeySchemaInfo } from '../../expressions';
import type { KeyType } from '../../keys';
import { ConstraintErrors, missingParameter } from '../requestErrors';
import type { IndexDefinition, IndexProjection, KeyAttribute, TableDefinition, Throughput } from './tableDefinition';
import { STREAM_VIEW_TYPES, streamFromSpecification } from '../streams/streamSetting';
import { checkThroughputBounds } from './throughputBounds';
import { checkSettingsShape } from './tableSettings';

/**
 * CreateTable's validation, with real DynamoDB's messages (dynalite's tests,
 * recorded against DynamoDB, and messages quoted from AWS). DynamoDB Local
 * words many of these differently (`Range Key not specified in Attribute
 * Definitions.  Type unknown.`, `Invalid table/index name. …`); see
 * createTable.test.ts for the list.
 */

export const INVALID = 'One or more parameter values were invalid: ';
const MAX_LOCAL_INDEXES = 5;
const MAX_GLOBAL_INDEXES = 20;
/** A GSI's multi-attribute keys: at most this many HASH and this many RANGE attributes. */
const MAX_INDEX_KEY_ATTRIBUTES = 4;

/**
 * Checks a CreateTable request and returns the table's definition.
 * Throws a ValidationException with DynamoDB's message for the first problem.
 *
 * @example
 * validateCreateTable({
 *   TableName: "Leaderboard",
 *   KeySchema: [{ AttributeName: "leaderboardId", KeyType: "HASH" }, { AttributeName: "rankKey", KeyType: "RANGE" }],
 *   AttributeDefinitions: [{ AttributeName: "leaderboardId", AttributeType: "S" }, { AttributeName: "rankKey", AttributeType: "S" }],
 *   BillingMode: "PAY_PER_REQUEST",
 * }, Date.now())
 */
export function validateCreateTable(input: CreateTableCommandInput, createdAt: number): TableDefinition {
  checkShape(input);
  // The table's throughput comes before the key schema (architect/dynalite's recordings: with a bad KeySchema too, these are reported).
  const billingMode = input.BillingMode ?? 'PROVISIONED';
  const provisionedThroughput = checkTableThroughput(input.ProvisionedThroughput, billingMode);
  checkThroughputBounds(input.ProvisionedThroughput);
  const definitions = input.AttributeDefinitions as AttributeDefinition[];
  const keySchema = input.KeySchema as KeySchemaElement[];
  const definedNames = definitions.map((definition) => definition.AttributeName as string);

  const seen = new Set<string>();
  for (const name of definedNames) {
    if (seen.has(name)) throw validationError(`Attribute Name is duplicated: ${name}`);
    seen.add(name);
  }
  const typeOf = (name: string): KeyType => definitions.find((definition) => definition.AttributeName === name)?.AttributeType as KeyType;

  const keys = checkKeySchema(keySchema, definedNames, true);
  const tableKeys = toKeySchemaInfo(keySchema, typeOf);
  const localIndexes = input.LocalSecondaryIndexes;
  const globalIndexes = input.GlobalSecondaryIndexes;
  if (!localIndexes && !globalIndexes && keys.length !== definedNames.length) {
    throw validationError(INVALID + 'Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions');
  }

  const indexes: IndexDefinition[] = [];
  const indexNames = new Set<string>();
  const usedNames = [...keys];
  if (localIndexes) {
    if (localIndexes.length === 0) throw validationError(INVALID + 'List of LocalSecondaryIndexes is empty');
    if (!tableKeys.sortKey) {
      throw validationError(INVALID + 'Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex');
    }
    for (const index of localIndexes) {
      const name = index.IndexName as string;
      const indexKeys = checkIndexKeySchema(index, definedNames);
      if (indexKeys.length !== 2) throw validationError(`${INVALID}Index KeySchema does not have a range key for index: ${name}`);
      if (indexKeys[0] !== tableKeys.partitionKey.name) {
        throw validationError(
          `${INVALID}Index KeySchema does not have the same leading hash key as table KeySchema for index: ${name}. ` +
            `index hash key: ${indexKeys[0]}, table hash key: ${tableKeys.partitionKey.name}`,
        );
      }
      const projection = checkProjection(index);
      if (indexNames.has(name)) throw validationError(`${INVALID}Duplicate index name: ${name}`);
      indexNames.add(name);
      usedNames.push(...indexKeys);
      indexes.push({ name, kind: 'local', keys: toKeySchemaInfo(index.KeySchema as KeySchemaElement[], typeOf), projection });
    }
    if (localIndexes.length > MAX_LOCAL_INDEXES) {
      throw validationError(`${INVALID}Number of LocalSecondaryIndexes exceeds per-table limit of ${MAX_LOCAL_INDEXES}`);
    }
  }

  if (globalIndexes) {
    if (globalIndexes.length === 0) throw validationError(INVALID + 'List of GlobalSecondaryIndexes is empty');
    for (const index of globalIndexes) {
      const name = index.IndexName as string;
      const indexKeys = checkGlobalIndexKeySchema(index.KeySchema as KeySchemaElement[], definedNames);
      const projection = checkProjection(index);
      if (indexNames.has(name)) throw validationError(`${INVALID}Duplicate index name: ${name}`);
      indexNames.add(name);
      usedNames.push(...indexKeys);
      const throughput = checkIndexThroughput(index, billingMode);
      indexes.push({
        name,
        kind: 'global',
        keys: toIndexKeySchemaInfo(index.KeySchema as KeySchemaElement[], typeOf),
        projection,
        ...(throughput ? { provisionedThroughput: throughput } : {}),
      });
    }
    if (globalIndexes.length > MAX_GLOBAL_INDEXES) {
      throw validationError(`${INVALID}GlobalSecondaryIndex count exceeds the per-table limit of ${MAX_GLOBAL_INDEXES}`);
    }
  }

  const used = new Set(usedNames);
  if (definedNames.some((name) => !used.has(name))) {
    throw validationError(
      `${INVALID}Some AttributeDefinitions are not used. AttributeDefinitions: [${definedNames.join(', ')}], keys used: [${[...used].join(', ')}]`,
    );
  }

  const stream = streamFromSpecification(input.StreamSpecification, createdAt);
  return {
    name: input.TableName as string,
    keys: tableKeys,
    attributeDefinitions: definitions.map((definition): KeyAttribute => ({
      name: definition.AttributeName as string,
      type: definition.AttributeType as KeyType,
    })),
    // DescribeTable lists LSIs and GSIs separately; keeping LSIs first keeps each list in request order.
    indexes: [...indexes.filter((index) => index.kind === 'local'), ...indexes.filter((index) => index.kind === 'global')],
    billingMode,
    ...(provisionedThroughput ? { provisionedThroughput } : {}),
    createdAt,
    ...(stream ? { stream } : {}),
  };
}

/** Member constraints (null, enum, length, name pattern), reported together as DynamoDB does. */
function checkShape(input: CreateTableCommandInput): void {
  // A missing TableName is named on its own (architect/dynalite's and nubo-db/dynamodb-conformance's recordings).
  if (input.TableName === undefined || input.TableName === null) throw missingParameter('TableName');
  const errors = new ConstraintErrors();
  errors.checkName(input.TableName, 'tableName');
  if (errors.requireValue(input.AttributeDefinitions, 'attributeDefinitions')) {
    input.AttributeDefinitions?.forEach((definition, i) => {
      errors.requireValue(definition.AttributeName, `attributeDefinitions.${i + 1}.member.attributeName`);
      if (errors.requireValue(definition.AttributeType, `attributeDefinitions.${i + 1}.member.attributeType`)) {
        errors.checkEnum(definition.AttributeType, `attributeDefinitions.${i + 1}.member.attributeType`, ['B', 'N', 'S']);
      }
    });
  }
  if (errors.requireValue(input.KeySchema, 'keySchema')) checkKeySchemaShape(errors, input.KeySchema as KeySchemaElement[], 'keySchema', 2);
  errors.checkEnum(input.BillingMode, 'billingMode', ['PROVISIONED', 'PAY_PER_REQUEST']);
  errors.checkEnum(input.StreamSpecification?.StreamViewType, 'streamSpecification.streamViewType', STREAM_VIEW_TYPES);
  checkThroughputShape(errors, input.ProvisionedThroughput, 'provisionedThroughput');
  input.LocalSecondaryIndexes?.forEach((index, i) => checkIndexShape(errors, index, `localSecondaryIndexes.${i + 1}.member`, 2));
  input.GlobalSecondaryIndexes?.forEach((index, i) => {
    // No length limit: multi-attribute keys (the API reference now gives only the minimum; checkGlobalIndexKeySchema counts them).
    checkIndexShape(errors, index, `globalSecondaryIndexes.${i + 1}.member`, undefined);
    checkThroughputShape(errors, index.ProvisionedThroughput, `globalSecondaryIndexes.${i + 1}.member.provisionedThroughput`);
  });
  checkSettingsShape(errors, input);
  errors.throwIfAny();
}

function checkKeySchemaShape(errors: ConstraintErrors, keySchema: readonly KeySchemaElement[], path: string, maxLength: number | undefined): void {
  if (keySchema.length < 1) errors.add('[]', path, 'Member must have length greater than or equal to 1');
  if (maxLength !== undefined && keySchema.length > maxLength) {
    // Echoed in Java's toString form (nubo-db/dynamodb-conformance's recording of DynamoDB).
    const shown = keySchema.map((element) => `KeySchemaElement(attributeName=${element.AttributeName ?? null}, keyType=${element.KeyType ?? null})`);
    errors.add(`[${shown.join(', ')}]`, path, `Member must have length less than or equal to ${maxLength}`);
  }
  keySchema.forEach((element, i) => {
    errors.requireValue(element.AttributeName, `${path}.${i + 1}.member.attributeName`);
    if (errors.requireValue(element.KeyType, `${path}.${i + 1}.member.keyType`)) {
      errors.checkEnum(element.KeyType, `${path}.${i + 1}.member.keyType`, ['HASH', 'RANGE']);
    }
  });
}

export function checkIndexShape(
  errors: ConstraintErrors,
  index: LocalSecondaryIndex | GlobalSecondaryIndex,
  path: string,
  maxKeyLength: number | undefined,
): void {
  errors.checkName(index.IndexName, `${path}.indexName`);
  if (errors.requireValue(index.KeySchema, `${path}.keySchema`))
    checkKeySchemaShape(errors, index.KeySchema as KeySchemaElement[], `${path}.keySchema`, maxKeyLength);
  if (errors.requireValue(index.Projection, `${path}.projection`)) {
    errors.checkEnum(index.Projection?.ProjectionType, `${path}.projection.projectionType`, ['ALL', 'KEYS_ONLY', 'INCLUDE']);
  }
}

export function checkThroughputShape(errors: ConstraintErrors, throughput: ProvisionedThroughput | undefined, path: string): void {
  if (!throughput) return;
  if (errors.requireValue(throughput.ReadCapacityUnits, `${path}.readCapacityUnits`))
    errors.checkRange(throughput.ReadCapacityUnits, `${path}.readCapacityUnits`, 1);
  if (errors.requireValue(throughput.WriteCapacityUnits, `${path}.writeCapacityUnits`))
    errors.checkRange(throughput.WriteCapacityUnits, `${path}.writeCapacityUnits`, 1);
}

/** The table's or an index's KeySchema rules shared by tables and indexes; returns the key names. */
function checkKeySchema(keySchema: readonly KeySchemaElement[], definedNames: readonly string[], isTable: boolean): string[] {
  const names = keySchema.map((element) => element.AttributeName as string);
  const undefinedKey = names.some((name) => !definedNames.includes(name));
  if (undefinedKey) {
    if (isTable && names.length === 2) throw validationError('Invalid KeySchema: Some index key attribute have no definition');
    throw validationError(
      `${INVALID}Some index key attributes are not defined in AttributeDefinitions. Keys: [${names.join(', ')}], AttributeDefinitions: [${definedNames.join(', ')}]`,
    );
  }
  if (names.length === 2 && names[0] === names[1]) {
    // The table's own KeySchema: DynamoDB's current answer (nubo-db/dynamodb-conformance's recording); an index's: dynalite's older recording.
    if (isTable) throw validationError('Invalid KeySchema: Some index key attribute have no definition');
    throw validationError('Both the Hash Key and the Range Key element in the KeySchema have the same name');
  }
  if (keySchema[0]?.KeyType !== 'HASH') throw validationError('Invalid KeySchema: The first KeySchemaElement is not a HASH key type');
  if (keySchema[1] && keySchema[1].KeyType !== 'RANGE') throw validationError('Invalid KeySchema: The second KeySchemaElement is not a RANGE key type');
  return names;
}

export function checkIndexKeySchema(index: LocalSecondaryIndex | GlobalSecondaryIndex, definedNames: readonly string[]): string[] {
  return checkKeySchema(index.KeySchema as KeySchemaElement[], definedNames, false);
}

/**
 * A GSI's KeySchema: one HASH and an optional RANGE as before, or
 * multi-attribute keys — up to four HASH then up to four RANGE elements.
 * A one- or two-element schema that is not two HASH keys keeps the rules (and
 * DynamoDB's messages) of checkKeySchema; the multi-attribute rules use DynamoDB
 * Local 3.3.1's messages (DynamoDB documents the limits, not the wording).
 * Exported for UpdateTable's Create action.
 */
export function checkGlobalIndexKeySchema(keySchema: readonly KeySchemaElement[], definedNames: readonly string[]): string[] {
  const hashCount = keySchema.filter((element) => element.KeyType === 'HASH').length;
  if (keySchema.length <= 2 && hashCount < 2) return checkKeySchema(keySchema, definedNames, false);
  if (keySchema.length > 2 * MAX_INDEX_KEY_ATTRIBUTES)
    throw validationError('Key Schema too big.  Key Schema must at most consist of the hash and range key of a table');
  const names = keySchema.map((element) => element.AttributeName as string);
  const undefinedName = names.find((name) => !definedNames.includes(name));
  if (undefinedName !== undefined) {
    throw validationError(
      `${INVALID}Some index key attributes are not defined in AttributeDefinitions. Keys: [${names.join(', ')}], AttributeDefinitions: [${definedNames.join(', ')}]`,
    );
  }
  if (new Set(names).size !== names.length) throw validationError('Two keys can not have the same name');
  if (keySchema[0]?.KeyType !== 'HASH') throw validationError('Invalid KeySchema: The first KeySchemaElement is not a HASH key type');
  const firstRange = keySchema.findIndex((element) => element.KeyType === 'RANGE');
  if (firstRange >= 0 && keySchema.slice(firstRange).some((element) => element.KeyType === 'HASH')) {
    throw validationError('Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second');
  }
  if (hashCount > MAX_INDEX_KEY_ATTRIBUTES) throw validationError(`Too many partition keys. GSI can have at most ${MAX_INDEX_KEY_ATTRIBUTES} partition keys`);
  if (keySchema.length - hashCount > MAX_INDEX_KEY_ATTRIBUTES)
    throw validationError(`Too many sort keys. GSI can have at most ${MAX_INDEX_KEY_ATTRIBUTES} sort keys`);
  return names;
}

export function checkProjection(index: LocalSecondaryIndex | GlobalSecondaryIndex): IndexProjection {
  const type = index.Projection?.ProjectionType;
  const nonKeyAttributes = index.Projection?.NonKeyAttributes;
  if (type === undefined) throw validationError(INVALID + 'Unknown ProjectionType: null');
  if (nonKeyAttributes && type !== 'INCLUDE') throw validationError(`${INVALID}ProjectionType is ${type}, but NonKeyAttributes is specified`);
  if (type !== 'INCLUDE') return { type };
  if (!nonKeyAttributes || nonKeyAttributes.length === 0) throw validationError(INVALID + 'ProjectionType is INCLUDE, but NonKeyAttributes is not specified');
  const seen = new Set<string>();
  for (const name of nonKeyAttributes) {
    if (seen.has(name)) throw validationError(`${INVALID}Duplicate element in NonKeyAttributes: ${name}`);
    seen.add(name);
  }
  return { type, nonKeyAttributes: [...nonKeyAttributes] };
}

function checkTableThroughput(throughput: ProvisionedThroughput | undefined, billingMode: string): Throughput | undefined {
  if (billingMode === 'PAY_PER_REQUEST') {
    // DynamoDB Local accepts this and reports 0/0; DynamoDB refuses it.
    if (throughput) throw validationError(INVALID + 'Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST');
    return undefined;
  }
  if (!throughput) throw validationError(INVALID + 'ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED');
  return { readCapacityUnits: throughput.ReadCapacityUnits as number, writeCapacityUnits: throughput.WriteCapacityUnits as number };
}

function checkIndexThroughput(index: GlobalSecondaryIndex, billingMode: string): Throughput | undefined {
  const throughput = index.ProvisionedThroughput;
  if (billingMode === 'PAY_PER_REQUEST') {
    if (throughput)
      throw validationError(`${INVALID}ProvisionedThroughput should not be specified for index: ${index.IndexName} when BillingMode is PAY_PER_REQUEST`);
    return undefined;
  }
  if (!throughput) throw validationError(`${INVALID}ProvisionedThroughput is not specified for index: ${index.IndexName}`);
  return { readCapacityUnits: throughput.ReadCapacityUnits as number, writeCapacityUnits: throughput.WriteCapacityUnits as number };
}

/** A GSI's key schema: {@link toKeySchemaInfo}'s shape for single-attribute keys, the attribute lists for multi-attribute keys. Exported for UpdateTable. */
export function toIndexKeySchemaInfo(keySchema: readonly KeySchemaElement[], typeOf: (name: string) => KeyType): KeySchemaInfo {
  const attribute = (element: KeySchemaElement) => ({ name: element.AttributeName as string, type: typeOf(element.AttributeName as string) });
  return keySchemaFrom(
    keySchema.filter((element) => element.KeyType === 'HASH').map(attribute),
    keySchema.filter((element) => element.KeyType === 'RANGE').map(attribute),
  );
}

export function toKeySchemaInfo(keySchema: readonly KeySchemaElement[], typeOf: (name: string) => KeyType): KeySchemaInfo {
  const hash = keySchema[0]?.AttributeName as string;
  const range = keySchema[1]?.AttributeName;
  return {
    partitionKey: { name: hash, type: typeOf(hash) },
    ...(range !== undefined ? { sortKey: { name: range, type: typeOf(range) } } : {}),
  };
}
